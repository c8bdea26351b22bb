import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describePty, startPty, type Pty } from './harness.js';

/*
 * The review flow as a person runs it at a terminal, against the sandbox's seed: a review asked
 * for at a prompt with its text written in the editor, `cr view` with each reviewer's state, the
 * merge rules and the threads, `cr close` and `cr reopen`, and a picker left with Ctrl-C.
 * The editor is a script that writes a known text into the file it is given, as a person would.
 */

describePty('the review flow at 60 columns', () => {
  let pty: Pty;
  let editor: string;
  beforeEach(async () => {
    pty = await startPty({ columns: 60, rows: 40, env: { DOCS_ORG: 'org_acme' } });
    editor = join(pty.home, 'editor.sh');
    await writeFile(editor, '#!/bin/sh\nprintf "Say which Node.js version the guide needs.\\n" > "$1"\n');
    await chmod(editor, 0o755);
  });
  afterEach(() => pty.close());

  it('cr review asks what to do, opens the editor for the changes asked, and submits', async () => {
    const run = await pty.docs(['cr', 'review', 'space_guides', '2'], { env: { EDITOR: editor } });
    const question = await run.waitFor('Comment');
    expect(question).toContain('Review change request #2 in space_guides');
    expect(question).toMatch(/❯ Approve$/m);
    expect(question).toMatch(/^ {2}Request changes$/m);
    await run.send('Down');
    await run.waitFor(/❯ Request changes$/m);
    await run.send('Enter');
    expect(await run.exitCode(), await run.screen()).toBe(0);
    const screen = await run.screen({ joinWrapped: true });
    expect(screen.replace(/\s+/g, ' ')).toContain('Asked for changes on change request #2 in space_guides');
    const review = pty.sandbox.store.changeRequests.get('cr_quickstart')?.reviews?.at(-1);
    expect(review).toMatchObject({ reviewer: 'user_ada', status: 'changes-requested' });
    const comment = [...pty.sandbox.store.comments.values()].find((c) => c.review === review?.id);
    expect(JSON.stringify(comment)).toContain('Say which Node.js version the guide needs.');
  });

  it('cr view shows each reviewer with their latest review, the rules, and --comments the threads, within 60 columns', async () => {
    const run = await pty.docs(['cr', 'view', 'space_handbook', '1', '--comments']);
    expect(await run.exitCode(), await run.screen()).toBe(0);
    const screen = await run.screen({ joinWrapped: true });
    expect(screen).toMatch(/^Reviewers: +Ada Lovelace: approved \(outdated: on an$/m);
    expect(screen).toMatch(/^ +Grace Hopper: review requested, none yet$/m);
    expect(screen).toMatch(/^Merge rules: +none$/m);
    expect(screen).toMatch(/^Open comments: +1$/m);
    expect(screen).toContain('Comments: 2 (1 open)');
    expect(screen).toMatch(/^ {2}↳ Linus Torvalds · /m);
    expect(screen).toContain('Yes: I will add a section on output formats.');
    // Wrapped at words, never mid-word: every line fits but the URL, kept whole.
    for (const line of screen.split('\n').filter((l) => !l.includes('https://')))
      expect([...line].length, line).toBeLessThanOrEqual(60);
  });

  it('cr view names the rule a request does not meet', async () => {
    const run = await pty.docs(['cr', 'view', 'space_guides', '2']);
    expect(await run.exitCode()).toBe(0);
    const screen = await run.screen({ joinWrapped: true });
    expect(screen).toMatch(/^Reviewers: +Ada Lovelace: +review requested, none yet$/m);
    expect(screen).toMatch(/^ +Grace Hopper: +changes requested$/m);
    expect(screen).toMatch(/^ +Linus Torvalds: +approved$/m);
    expect(screen).toMatch(/^Merge rules: +the space's, 1 not met$/m);
    // The rule under its summary, its reason wrapped at words under the rule.
    expect(screen).toMatch(
      /^ {18}NOT MET {2}Approval from user_ada: no\n {20}current approval from user_ada$/m,
    );
  });

  it('cr diff goes through the pager at a terminal', async () => {
    const run = await pty.docs(['cr', 'diff', 'space_guides', '2'], {
      env: { DOCS_PAGER: 'sed s/^/paged:/' },
    });
    expect(await run.exitCode()).toBe(0);
    const screen = await run.screen();
    expect(screen).toMatch(/^paged:diff --git a\/welcome\.md b\/welcome\.md$/m);
    // The summary heads the paged text (issue 31): a long one no longer scrolls by before the pager.
    expect(screen).toMatch(/^paged:Change request #2: 2 changes against rev_guides_2$/m);
    expect(screen).not.toMatch(/^Change request #2/m);
  });

  it('cr close, then cr reopen', async () => {
    const close = await pty.docs(['cr', 'close', 'space_handbook', '2']);
    expect(await close.exitCode()).toBe(0);
    expect((await close.screen()).replace(/\s+/g, ' ')).toContain(
      'Closed change request #2 "Fix typos" in space_handbook (archived)',
    );
    expect(pty.sandbox.store.changeRequests.get('cr_typos')?.status).toBe('archived');
    const reopen = await pty.docs(['cr', 'reopen', 'space_handbook', '2']);
    expect(await reopen.exitCode()).toBe(0);
    expect(pty.sandbox.store.changeRequests.get('cr_typos')?.status).toBe('open');
  });
});

describePty('pickers at 40 columns', () => {
  let pty: Pty;
  beforeEach(async () => {
    pty = await startPty({ columns: 40, rows: 30, env: { DOCS_ORG: 'org_acme' } });
  });
  afterEach(() => pty.close());

  it('fit the width, and leave the screen after Ctrl-C with one "Cancelled."', async () => {
    const run = await pty.docs(['cr', 'view']);
    await run.waitFor(/❯ .*\(space_/);
    const picker = await run.screen({ joinWrapped: true });
    // Each row on one line, within the pane, the id at its end whole.
    const rows = picker.split('\n').filter((line) => /\(space_\w+\)$/.test(line));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) expect([...row].length, row).toBeLessThanOrEqual(40);
    await run.send('C-c');
    expect(await run.exitCode()).toBe(2);
    const after = await run.screen();
    expect(after).not.toMatch(/\(space_\w+\)/);
    expect(after.trim()).toBe('Cancelled.');
  });

  it('say what was picked once the list is gone', async () => {
    const run = await pty.docs(['cr', 'view']);
    await run.waitFor(/❯ .*\(space_/);
    await run.send('guides');
    await run.waitFor(/❯ .*Guides/);
    await run.send('Enter');
    await run.waitFor('Change request');
    await run.send('C-c');
    expect(await run.exitCode()).toBe(2);
    const after = await run.screen();
    expect(after).toMatch(/^✔ Space: .*Guides \(space_guides\)$/m);
    expect(after).not.toContain('space_handbook');
  });
});
