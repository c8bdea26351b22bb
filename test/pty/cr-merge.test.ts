import { afterEach, beforeEach, expect, it } from 'vitest';
import { describePty, startPty, type Pty } from './harness.js';

/*
 * `docs cr merge` as a person runs it at a terminal, against the sandbox's seed:
 * - space_handbook #2 "Fix typos" is outdated (its update is clean);
 * - space_guides #2 "Add a quick-start guide" misses the space's rule (Ada's approval);
 * - space_guides #1 "Reword the welcome page" is outdated and its update conflicts;
 * - space_legal #1 "Update terms" is in a locked space.
 * Each test has its own sandbox, HOME and tmux server.
 */

const APP = 'https://app.sandbox.docs-api.local';

describePty('docs cr merge at a terminal', () => {
  let pty: Pty;
  beforeEach(async () => {
    pty = await startPty({ columns: 120, rows: 40, env: { DOCS_ORG: 'org_acme' } });
  });
  afterEach(() => pty.close());

  const status = (crId: string) => pty.sandbox.store.changeRequests.get(crId)?.status;

  it('picks the space, then the request by typing its number, then shows the preview', async () => {
    const run = await pty.docs(['cr', 'merge']);
    await run.waitFor('Space');
    // Type-to-jump on the space's title, then the request by its number, not its row.
    await run.send('Guides');
    await run.waitFor(/❯ .*Guides/);
    await run.send('Enter');
    await run.waitFor('Change request');
    await run.send('2');
    await run.waitFor(/❯ #2 Add a quick-start guide/);
    await run.send('Enter');
    const screen = await run.waitFor(/Merge change request #2/);
    expect(screen).toContain('#2 Add a quick-start guide');
    expect(screen).toContain('into Guides (space_guides)');
    expect(screen).not.toContain('Organization');
    await run.send('n', 'Enter');
    expect(await run.exitCode(), await run.screen()).toBe(2);
    expect(status('cr_quickstart')).toBe('open');
  });

  it('shows changes, reviews, rules, comments and state, and warns with No as the default on an unmet rule', async () => {
    const run = await pty.docs(['cr', 'merge', 'space_guides', '2']);
    const screen = await run.waitFor(/Merge change request #2 .*\(y\/N\)/);
    // The changes, page by page.
    expect(screen).toMatch(/^Changes: 2$/m);
    expect(screen).toMatch(/^ {2}~ page {2}welcome \(Welcome\): content$/m);
    expect(screen).toMatch(/^ {2}\+ page {2}quick-start \(Quick start\)$/m);
    // The reviews, by whom, and who is still awaited.
    expect(screen).toMatch(/^Reviews: 1 approval, 1 asking for changes$/m);
    expect(screen).toMatch(/^ {2}Grace Hopper: changes requested$/m);
    expect(screen).toMatch(/^ {2}Linus Torvalds: approved$/m);
    expect(screen).toMatch(/^ {2}awaiting review: Ada Lovelace$/m);
    // The rule and that it is not met; the open comment; the state.
    expect(screen).toMatch(/^Merge rules: the space's, 1 not met$/m);
    expect(screen).toMatch(/^ {2}NOT MET {2}Approval from user_ada: no current approval from user_ada$/m);
    expect(screen).toMatch(/^Open comments: 1$/m);
    expect(screen).toContain('Grace Hopper: Please say which Node.js version the quick start needs.');
    expect(screen).toMatch(/^Outdated: no$/m);
    expect(screen).not.toContain('Space: locked');
    expect(screen).toContain(`URL: ${APP}/s/space_guides/~/changes/2`);
    // The warning names the rule; the question says a rule is not met and defaults to No.
    expect(screen).toMatch(
      /Merge rules not met: Approval from user_ada \(no current approval from user_ada\)\./,
    );
    expect(screen).toMatch(
      /Merge change request #2 "Add a quick-start guide" into space_guides with a merge rule not met\? \(y\/N\)/,
    );
    // Enter takes the default: nothing merged.
    await run.send('Enter');
    expect(await run.exitCode(), await run.screen()).toBe(2);
    const after = await run.screen();
    expect(after).toMatch(/^Cancelled\.$/m);
    expect(after).not.toContain('Error');
    expect(after).not.toContain('Merged');
    expect(status('cr_quickstart')).toBe('open');
  });

  it('shows a locked space in the preview and refuses before asking anything', async () => {
    const run = await pty.docs(['cr', 'merge', 'space_legal', '1']);
    expect(await run.exitCode(), await run.screen()).toBe(1);
    const screen = await run.screen({ joinWrapped: true });
    expect(screen).toMatch(/^Changes: 2$/m);
    expect(screen).toMatch(/^ {2}~ variables {2}effectiveDate$/m);
    expect(screen).toMatch(/^Space: locked/m);
    // The message wraps at words to the pane: read it as one line.
    const words = screen.replace(/\s+/g, ' ');
    expect(words).toContain('Space space_legal is locked');
    expect(words).toContain('docs spaces edit space_legal --edit-mode live');
    expect(screen).not.toMatch(/\? \(/);
    expect(status('cr_terms')).toBe('open');
  });

  it('offers the choices an outdated request has; the default updates, then merges, then prints the revision and the URL', async () => {
    const run = await pty.docs(['cr', 'merge', 'space_handbook', '2']);
    const offer = await run.waitFor('Cancel');
    expect(offer).toMatch(
      /^Outdated: yes; the primary content moved on since the request was last updated$/m,
    );
    expect(offer).toMatch(/^Merge rules: none$/m);
    expect(offer).toContain('Change request #2 is outdated: the primary content moved on. What now?');
    expect(offer).toMatch(/❯ Update it from the primary content, then merge$/m);
    expect(offer).toMatch(/^ {2}Update it only, and merge later$/m);
    expect(offer).toMatch(/^ {2}Cancel$/m);
    // Nothing is sent before the choice is made.
    expect(pty.sandbox.requests.get('changeRequests.updateFromPrimary')).toBeUndefined();
    await run.send('Enter');
    expect(await run.exitCode(), await run.screen()).toBe(0);
    const screen = await run.screen();
    const updated = /Updated #2 from the primary content: revision (\S+)/.exec(screen);
    const merged = /Merged #2 into space_handbook: new revision (\S+)/.exec(screen);
    expect(updated, screen).not.toBeNull();
    expect(merged, screen).not.toBeNull();
    expect(screen).toContain(`View it: ${APP}/s/space_handbook/~/changes/2`);
    // The revision alone on the last line (stdout), the one the space now has as primary.
    expect(screen.split('\n').at(-1)).toBe(merged?.[1]);
    expect(status('cr_typos')).toBe('merged');
    expect(pty.sandbox.store.spaces.get('space_handbook')?.revision).toBe(merged?.[1]);
  });

  it('on a conflicting update gives the app URL and the next step, and merges nothing', async () => {
    const run = await pty.docs(['cr', 'merge', 'space_guides', '1']);
    await run.waitFor('What now?');
    await run.send('Enter');
    expect(await run.exitCode(), await run.screen()).toBe(1);
    // The message is longer than the pane and wraps at words: read it as one line.
    const screen = (await run.screen({ joinWrapped: true })).replace(/\s+/g, ' ');
    expect(screen).toContain('Change request #1 conflicts with the primary content of space_guides');
    expect(screen).toContain(`Open ${APP}/s/space_guides/~/changes/1, resolve the conflicts there`);
    expect(screen).toContain('then run `docs cr merge space_guides 1` again.');
    expect(screen).not.toContain('Merged');
    expect(status('cr_welcome')).toBe('open');
  });

  it('cancels on Cancel: a plain "Cancelled.", exit 2, the request still open', async () => {
    const run = await pty.docs(['cr', 'merge', 'space_handbook', '2']);
    await run.waitFor('What now?');
    await run.send('Down', 'Down');
    await run.waitFor(/❯ Cancel$/m);
    await run.send('Enter');
    expect(await run.exitCode(), await run.screen()).toBe(2);
    const screen = await run.screen();
    expect(screen).toMatch(/^Cancelled\.$/m);
    expect(screen).not.toContain('Error');

    const view = await pty.docs(['cr', 'view', 'space_handbook', '2', '--json']);
    expect(await view.exitCode()).toBe(0);
    const cr = JSON.parse((await view.screen()).replaceAll('\n', '')) as {
      status: string;
      outdated: boolean;
    };
    expect(cr).toMatchObject({ status: 'open', outdated: true });
  });
});

describePty('docs cr merge --json at a terminal', () => {
  let pty: Pty;
  beforeEach(async () => {
    pty = await startPty({ columns: 100, rows: 50, env: { DOCS_ORG: 'org_acme' } });
  });
  afterEach(() => pty.close());

  it('shows the preview before asking, then prints the JSON', async () => {
    const run = await pty.docs(['cr', 'merge', 'space_handbook', '1', '--json']);
    const screen = await run.waitFor(/Merge change request #1 .*\(y\/N\)/);
    expect(screen).toMatch(/^#1 Document the new CLI {2}\(open, by Linus Torvalds/m);
    expect(screen).toMatch(/^Changes: 2$/m);
    expect(screen).toMatch(/^Merge rules: none$/m);
    await run.send('y', 'Enter');
    expect(await run.exitCode(), await run.screen()).toBe(0);
    const after = await run.screen({ joinWrapped: true });
    expect(after).toMatch(/^ {2}"result": "merge",$/m);
    expect(pty.sandbox.store.changeRequests.get('cr_cli')?.status).toBe('merged');
  });

  it('with --yes, updates an outdated request first, as the default answer does', async () => {
    const run = await pty.docs(['cr', 'merge', 'space_handbook', '2', '--yes']);
    expect(await run.exitCode(), await run.screen()).toBe(0);
    const screen = await run.screen({ joinWrapped: true });
    expect(screen).toContain(
      'Change request #2 is outdated: updating it from the primary content first (--yes).',
    );
    expect(screen).toMatch(/Merged #2 into space_handbook/);
  });
});

describePty('docs cr merge --dry-run at 60 columns', () => {
  let pty: Pty;
  beforeEach(async () => {
    pty = await startPty({ columns: 60, rows: 40, env: { DOCS_ORG: 'org_acme' } });
  });
  afterEach(() => pty.close());

  it('fits the preview in 60 columns and changes nothing', async () => {
    const run = await pty.docs(['cr', 'merge', 'space_guides', '2', '--dry-run']);
    expect(await run.exitCode(), await run.screen()).toBe(0);
    const screen = await run.screen({ joinWrapped: true });
    expect(screen).toMatch(/^Merge rules: the space's, 1 not met$/m);
    expect(screen).toContain('URL:');
    // Every line fits but the URL, kept whole on a line of its own to be copied or clicked (issue 31).
    const lines = screen.split('\n');
    expect(lines).toContain(`${APP}/s/space_guides/~/changes/2`);
    for (const line of lines.filter((l) => !l.startsWith(APP)))
      expect([...line].length, line).toBeLessThanOrEqual(60);
    // Wrapped, not cut: the rule's reason and the comment are there in full, under their indent.
    expect(screen).toMatch(
      /^ {2}NOT MET {2}Approval from user_ada: no current approval from\n {4}user_ada$/m,
    );
    expect(screen).toMatch(/^ {2}Grace Hopper: Please say which Node\.js version the quick\n {4}start/m);
    expect(pty.sandbox.store.changeRequests.get('cr_quickstart')?.status).toBe('open');
  });

  it('wraps the unmet rule warning at words too, before the question', async () => {
    const run = await pty.docs(['cr', 'merge', 'space_guides', '2']);
    await run.waitFor('(y/N)');
    const lines = (await run.screen({ joinWrapped: true })).split('\n');
    const warning = lines.findIndex((line) => line.startsWith('Warning: Merge rules not met'));
    expect(warning, lines.join('\n')).toBeGreaterThan(0);
    expect(lines.slice(warning, warning + 2)).toEqual([
      'Warning: Merge rules not met: Approval from user_ada (no',
      '  current approval from user_ada).',
    ]);
    // The preview and the warning fit; the question is the prompt library's own line.
    const question = lines.findIndex((line) => line.startsWith('? '));
    for (const line of lines.slice(0, question).filter((l) => !l.startsWith(APP)))
      expect([...line].length, line).toBeLessThanOrEqual(60);
    await run.send('Enter');
    expect(await run.exitCode(), await run.screen()).toBe(2);
  });
});
