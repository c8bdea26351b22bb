import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { displayWidth } from '../../packages/cli/src/lib/terminal/table.js';
import { describePty, startPty, type Pty } from './harness.js';

/*
 * Issue 31 at a terminal, at 40, 60 and 120 columns: typed text never lost (a failed post keeps
 * it, --body-file sends it, an editor's :cq cancels), an emoji title keeps the columns after it,
 * `--json field,field`, `cr status`, `docs api <op> --help` wrapped at words and alone, and the
 * missing argument named.
 */

for (const columns of [40, 60, 120]) {
  describePty(`issue 31 at ${columns} columns`, () => {
    let pty: Pty;
    let editor: string;
    let failing: string;
    beforeEach(async () => {
      pty = await startPty({
        columns,
        rows: 50,
        env: { DOCS_ORG: 'org_acme' },
        faults: [{ operation: 'changeRequests.reviews.submit', status: 500 }],
      });
      editor = join(pty.home, 'editor.sh');
      await writeFile(editor, '#!/bin/sh\nprintf "Say which Node.js version the guide needs.\\n" > "$1"\n');
      failing = join(pty.home, 'cq.sh');
      // vim's :cq: the text was typed, the editor exits with an error.
      await writeFile(failing, '#!/bin/sh\nprintf "half typed" > "$1"\nexit 1\n');
      await Promise.all([chmod(editor, 0o755), chmod(failing, 0o755)]);
    });
    afterEach(() => pty.close());

    const reviews = () => pty.sandbox.store.changeRequests.get('cr_quickstart')?.reviews ?? [];

    it('a failed post keeps the text in a file the error names; --body-file sends it', async () => {
      const before = reviews().length;
      const run = await pty.docs(['cr', 'review', 'space_guides', '2', '--request-changes'], {
        env: { EDITOR: editor },
      });
      expect(await run.exitCode(20_000), await run.screen()).toBe(1);
      const screen = await run.screen({ joinWrapped: true });
      const file = /(\/\S+\/drafts\/review-\S+\.md)/.exec(screen)?.[1];
      expect(file, screen).toBeDefined();
      expect(await readFile(file ?? '', 'utf8')).toBe('Say which Node.js version the guide needs.\n');
      expect(reviews()).toHaveLength(before);
      // The path is never cut: whole on a line of its own where it does not fit after the words.
      const line = screen.split('\n').find((l) => l.includes(file ?? ''));
      expect(line === file || (line !== undefined && displayWidth(line) <= columns), line).toBe(true);

      const again = await pty.docs([
        'cr',
        'review',
        'space_guides',
        '2',
        '--request-changes',
        '--body-file',
        file ?? '',
      ]);
      expect(await again.exitCode(20_000), await again.screen()).toBe(0);
      expect(reviews().at(-1)).toMatchObject({ status: 'changes-requested' });
    });

    it('an editor that exits with an error (:cq) cancels, exit 2, nothing sent', async () => {
      const before = reviews().length;
      const run = await pty.docs(['cr', 'review', 'space_guides', '2', '--request-changes'], {
        env: { EDITOR: failing },
      });
      expect(await run.exitCode(20_000)).toBe(2);
      expect((await run.screen({ joinWrapped: true })).replace(/\s+/g, ' ')).toContain(
        'The editor exited with status 1: cancelled, nothing was sent.',
      );
      expect(reviews()).toHaveLength(before);
    });

    it('a joined emoji in a subject keeps the columns after it', async () => {
      const row = pty.sandbox.store.changeRequests.get('cr_typos');
      if (!row) throw new Error('the seed has no cr_typos');
      row.subject = '🧑‍💻 Fix typos';
      const run = await pty.docs(['cr', 'list', 'space_handbook']);
      expect(await run.exitCode(20_000)).toBe(0);
      const lines = (await run.screen()).split('\n').filter((line) => /^\d+ /.test(line));
      expect(lines).toHaveLength(2);
      // Where STATUS starts, in cells, is the same on both rows.
      const statusAt = lines.map((line) => displayWidth(line.slice(0, line.search(/ open\b/))));
      expect(statusAt[0]).toBe(statusAt[1]);
      for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
    });

    it('--json number,subject prints those two fields', async () => {
      const run = await pty.docs(['cr', 'list', 'space_guides', '--json', 'number,subject']);
      expect(await run.exitCode(20_000)).toBe(0);
      const rows = JSON.parse(await run.screen({ joinWrapped: true })) as Array<Record<string, unknown>>;
      for (const row of rows) expect(Object.keys(row)).toEqual(['number', 'subject']);
    });

    it('cr status lists what waits for my review and mine', async () => {
      const run = await pty.docs(['cr', 'status']);
      expect(await run.exitCode(20_000)).toBe(0);
      const screen = await run.screen();
      expect(screen).toContain('Waiting for your review');
      expect(screen).toContain('Created by you');
      expect(screen).toMatch(/space_guides +2 /);
      expect(screen).toMatch(/space_legal +1 /);
    });

    it('docs api <op> --help is wrapped at words and alone; a typo gets a did-you-mean', async () => {
      const run = await pty.docs(['api', 'getSiteById', '--help']);
      expect(await run.exitCode(20_000)).toBe(0);
      const screen = await run.screen();
      expect(screen).not.toContain('GLOBAL FLAGS');
      expect(screen).toContain('docs api --help');
      expect(screen.replace(/\s+/g, ' ')).toContain('Retrieves full details for a single documentation site');
      const joined = await run.screen({ joinWrapped: true });
      // No line the terminal had to break, except a pattern wider than the screen.
      for (const line of joined.split('\n').filter((l) => !/\S{30,}/.test(l)))
        expect(displayWidth(line), line).toBeLessThanOrEqual(columns);
      const typo = await pty.docs(['api', 'getSiteByIdd', 'org_acme', 'site_docs']);
      expect(await typo.exitCode(20_000)).toBe(2);
      expect((await typo.screen({ joinWrapped: true })).replace(/\s+/g, ' ')).toContain(
        'did you mean getSiteById',
      );
    });

    it('a missing argument is named', async () => {
      const run = await pty.docs(['orgs', 'ask']);
      expect(await run.exitCode(20_000)).toBe(2);
      expect((await run.screen()).replace(/\s+/g, ' ')).toContain(
        'Missing QUESTION: The question, in plain words.',
      );
    });
  });
}
