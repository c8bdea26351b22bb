import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePty, startPty, type Pty } from './harness.js';

/*
 * Every list command of the seeded sandbox at a real terminal of 40, 60 and 120 columns. The
 * cells that are never cut (ids, states, numbers) are read from the command's piped output (tab-
 * separated, nothing cut) and must each be on the screen whole. A table's lines fit the pane, one
 * line per row under a header and a rule; where even the always-shown columns do not fit, each
 * row is a block of `Key: value` lines.
 */

const DOCS_BIN = fileURLToPath(new URL('../../packages/cli/bin/run.js', import.meta.url));
const exec = promisify(execFile);

interface ListCase {
  args: string[];
  /** The piped columns (0-based) whose cells must be whole on the screen: ids, states, numbers. */
  whole: number[];
}

const lists: ListCase[] = [
  { args: ['cr', 'list', 'space_handbook', '--status', 'all'], whole: [0, 2] },
  { args: ['cr', 'list', '--status', 'all'], whole: [0, 1, 3] },
  { args: ['cr', 'comments', 'list', 'space_handbook', '1'], whole: [0, 3] },
  { args: ['cr', 'comments', 'replies', 'space_handbook', '1', 'comment_cli_question'], whole: [0] },
  { args: ['cr', 'reviews', 'space_guides', '2'], whole: [1, 2] }, // the reviewer's name may be cut (declared `cut`); status and OUTDATED never
  { args: ['cr', 'reviewers', 'list', 'space_handbook', '1'], whole: [0] },
  { args: ['cr', 'contributors', 'space_handbook', '1'], whole: [0] },
  { args: ['cr', 'links', 'space_handbook', '1', '--page', 'page_getting_started'], whole: [0] },
  { args: ['cr', 'content', 'files', 'space_handbook', '1'], whole: [0] },
  { args: ['cr', 'content', 'backlinks', 'space_handbook', '1', '--page', 'page_installation'], whole: [] },
  { args: ['spaces', 'list'], whole: [0] },
  { args: ['spaces', 'links', 'space_handbook'], whole: [0] },
  { args: ['collections', 'list'], whole: [0] },
  { args: ['collections', 'spaces', 'col_product'], whole: [0] },
  { args: ['sites', 'list'], whole: [0] },
  { args: ['sites', 'published', 'site_docs'], whole: [3] },
  { args: ['sites', 'integrations', 'site_docs'], whole: [0] },
  { args: ['sites', 'scripts', 'site_docs'], whole: [0] },
  { args: ['sites', 'adaptive-schema', 'conditions', 'site_docs'], whole: [] },
  { args: ['teams', 'list'], whole: [0] },
  { args: ['teams', 'members', 'list', 'team_docs'], whole: [0, 3] },
  { args: ['members', 'list'], whole: [0, 3] },
  { args: ['members', 'spaces', 'user_grace'], whole: [0, 2] },
  { args: ['members', 'teams', 'user_grace'], whole: [0, 2] },
  { args: ['translations', 'list'], whole: [0, 1, 3, 4] },
  { args: ['translations', 'glossary', 'list'], whole: [0] },
  { args: ['orgs', 'list'], whole: [0] },
  { args: ['orgs', 'search', 'install'], whole: [0, 1] },
  { args: ['openapi', 'list'], whole: [0, 1] },
  { args: ['integrations', 'list'], whole: [0] },
  { args: ['integrations', 'installations'], whole: [0, 2] },
  { args: ['saml', 'list'], whole: [0, 2] },
  { args: ['saml', 'sso-entries'], whole: [0] },
  { args: ['conversations', 'list'], whole: [0] },
  { args: ['conversations', 'clusters'], whole: [0] },
  { args: ['conversations', 'issues', 'list'], whole: [0] },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each case's piped rows (tab-separated cells), read once for the three widths. */
const piped = new Map<string, string[][]>();

for (const columns of [40, 60, 120]) {
  describePty(`every list at ${columns} columns: ids and states never cut`, () => {
    let pty: Pty;

    beforeAll(async () => {
      pty = await startPty({ columns, rows: 60, env: { DOCS_ORG: 'org_acme' } });
      if (piped.size > 0) return;
      for (const { args } of lists) {
        const { stdout } = await exec(process.execPath, [DOCS_BIN, ...args], { env: pty.env });
        const lines = stdout.split('\n').filter(Boolean);
        // Rows of several columns have tabs; a list of one column (backlinks) has none.
        const tabbed = lines.filter((line) => line.includes('\t'));
        const rows = (tabbed.length > 0 ? tabbed : lines).map((line) => line.split('\t'));
        piped.set(args.join(' '), rows);
      }
    }, 120_000);
    afterAll(() => pty.close());

    it.each(lists)('docs $args', async ({ args, whole }) => {
      const rows = piped.get(args.join(' ')) ?? [];
      expect(rows.length, 'the seed has rows for this list').toBeGreaterThan(0);
      const run = await pty.docs(args);
      expect(await run.exitCode()).toBe(0);
      const screen = await run.screen({ joinWrapped: true });
      for (const row of rows)
        for (const i of whole) {
          const cell = row[i] ?? '';
          if (cell)
            expect(screen, `"${cell}" whole`).toMatch(new RegExp(`(^|\\s)${escape(cell)}(\\s|$)`, 'm'));
        }
      // No header is cut.
      expect(screen).not.toMatch(/^[A-Z][A-Z ]*…/m);
      const lines = screen.split('\n');
      const rule = lines.findIndex((line) => /^─+$/.test(line));
      if (rule > 0) {
        // A table: every line fits the pane; one line per row.
        for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
        // The rows end where a summary on stderr starts (`8 links, 2 broken ...`, maybe wrapped).
        const after = lines.slice(rule + 1);
        const summary = after.findIndex((line) => /^\d+ links?,/.test(line));
        const tableRows = (summary >= 0 ? after.slice(0, summary) : after).filter((line) => line.trim());
        expect(tableRows).toHaveLength(rows.length);
      } else {
        // Blocks: one `Key: value` block per row, a blank line apart; never at 120 columns.
        expect(columns).toBeLessThan(120);
        const blocks = screen.split(/\n\n+/).filter((block) => /^[#\w][\w ()#]*: +\S/m.test(block));
        expect(blocks.length).toBeGreaterThanOrEqual(rows.length);
      }
    });
  });
}
