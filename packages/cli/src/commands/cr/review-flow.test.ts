import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { browser } from '../../lib/terminal/browser.js';
import { prompts } from '../../lib/terminal/prompts.js';
import { terminal } from '../../lib/terminal/terminal.js';
import CrClose from './close.js';
import CrCommentsResolve from './comments/resolve.js';
import CrCommentsReopen from './comments/reopen.js';
import CrCommentsView from './comments/view.js';
import CrReopen from './reopen.js';
import CrView, { type ChangeRequestView } from './view.js';

/*
 * The review flow around `docs cr view` (reviewers and their reviews, merge rules, threads,
 * --web), `cr close`/`cr reopen`, and the comment commands that say when nothing changed.
 */

const cli = useInProcessCli();

describe('docs cr view', () => {
  it('names each reviewer with their latest review, the merge rules and whether each is met', async () => {
    cli.canPrompt.mockReturnValue(false);
    const result = await cli.run(CrView, ['space_guides', '2']);
    expect(result.code, result.stderr).toBe(0);
    // Grace asked for changes and Linus approved; Ada was asked and has not reviewed.
    expect(result.stdout).toMatch(/^Reviewers: +Ada Lovelace: +review requested, none yet$/m);
    expect(result.stdout).toMatch(/^ +Grace Hopper: +changes requested$/m);
    expect(result.stdout).toMatch(/^ +Linus Torvalds: +approved$/m);
    expect(result.stdout).toMatch(/^Merge rules: +the space's, 1 not met$/m);
    expect(result.stdout).toMatch(
      /^ +NOT MET {2}Approval from user_ada: no current approval from user_ada$/m,
    );
    expect(result.stdout).toMatch(/^Open comments: +1$/m);

    const json = await cli.run(CrView, ['space_guides', '2', '--json']);
    const view = JSON.parse(json.stdout) as ChangeRequestView;
    expect(view.reviewers.map((r) => [r.id, r.state])).toEqual([
      ['user_ada', 'requested'],
      ['user_grace', 'changes-requested'],
      ['user_linus', 'approved'],
    ]);
    expect(view.mergeRules).toMatchObject({ from: 'space', unmet: 1 });
  });

  it('marks a review made on an earlier revision as outdated', async () => {
    cli.canPrompt.mockReturnValue(false);
    const result = await cli.run(CrView, ['space_handbook', '1']);
    expect(result.stdout).toMatch(/Ada Lovelace: +approved \(outdated: on an earlier revision\)/);
    expect(result.stdout).toMatch(/^Merge rules: +none$/m);
  });

  it('--comments shows every comment as a thread with its replies', async () => {
    cli.canPrompt.mockReturnValue(false);
    const result = await cli.run(CrView, ['space_handbook', '1', '--comments']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Comments: 2 (1 open)');
    expect(result.stdout).toMatch(
      /Grace Hopper · \S+ · open · page page_cli · comment_cli_question\n {4}Should this page document the `--json` flag\?\n\n {2}↳ Linus Torvalds · \S+ · reply_cli_answer\n {6}Yes: I will add a section on output formats\./,
    );
    expect(result.stdout).toMatch(/Ada Lovelace · \S+ · resolved · page page_cli · comment_cli_title/);
    const json = JSON.parse(
      (await cli.run(CrView, ['space_handbook', '1', '--comments', '--json'])).stdout,
    ) as ChangeRequestView;
    expect(json.threads?.map((c) => [c.id, c.thread.map((r) => r.id)])).toEqual([
      ['comment_cli_question', ['reply_cli_answer']],
      ['comment_cli_title', []],
    ]);
  });

  it('--web opens the app URL at a terminal, and prints it where no browser can open', async () => {
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(true);
    const open = vi.spyOn(browser, 'open').mockResolvedValue(true);
    const url = 'https://app.sandbox.docs-api.local/s/space_handbook/~/changes/1';
    const opened = await cli.run(CrView, ['space_handbook', '1', '--web']);
    expect(opened.code).toBe(0);
    const withBrowser: unknown = expect.objectContaining({ browser: expect.any(Function) as unknown });
    expect(open).toHaveBeenCalledWith(url, withBrowser);
    expect(opened.stderr).toBe(`Opening ${url} in your browser.\n`);
    expect(opened.stdout).toBe('');

    open.mockResolvedValue(false);
    const printed = await cli.run(CrView, ['space_handbook', '1', '--web']);
    expect(printed.stdout).toBe(`${url}\n`);
    expect(printed.stderr).toContain('No browser could be opened here');

    // Piped: the URL, nothing opened.
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(false);
    open.mockClear();
    const piped = await cli.run(CrView, ['space_handbook', '1', '--web']);
    expect(piped.stdout).toBe(`${url}\n`);
    expect(open).not.toHaveBeenCalled();
  });

  it('names the space and the number of a change request that is not found (exit 3)', async () => {
    cli.canPrompt.mockReturnValue(false);
    const result = await cli.run(CrView, ['space_handbook', '99']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /^Error: Change request #99 was not found in space space_handbook \(HTTP 404, request id \S+\)\. List its change requests with `docs cr list space_handbook --status all`\.\n$/,
    );
    // A missing space keeps the server's words: it names the space.
    const space = await cli.run(CrView, ['space_nope', '1']);
    expect(space.stderr).toContain('space "space_nope" was not found');
  });
});

describe('docs cr close and reopen', () => {
  it('closes (archives) an open request, says when it already was, and reopens it', async () => {
    const row = () => cli.sandbox.store.changeRequests.get('cr_typos');
    const closed = await cli.run(CrClose, ['space_handbook', '2']);
    expect(closed.code, closed.stderr).toBe(0);
    expect(closed.stderr).toContain('Closed change request #2 "Fix typos" in space_handbook (archived)');
    expect(row()?.status).toBe('archived');

    const again = await cli.run(CrClose, ['space_handbook', '2']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('Change request #2 was already closed (archived): nothing changed.\n');

    const reopened = await cli.run(CrReopen, ['space_handbook', '2', '--json']);
    expect(reopened.code).toBe(0);
    expect(JSON.parse(reopened.stdout)).toMatchObject({ number: 2, status: 'open' });
    const open = await cli.run(CrReopen, ['space_handbook', '2']);
    expect(open.stderr).toBe('Change request #2 is not closed (it is open): nothing changed.\n');
  });

  it('at a terminal, reopen offers the closed requests', async () => {
    await cli.run(CrClose, ['space_handbook', '2']);
    const select = vi.spyOn(prompts, 'select').mockResolvedValue('2');
    const result = await cli.run(CrReopen, ['space_handbook']);
    expect(result.code, result.stderr).toBe(0);
    expect(select.mock.calls[0]?.[1].map((choice) => choice.value)).toEqual(['2']);
    expect(cli.sandbox.store.changeRequests.get('cr_typos')?.status).toBe('open');
  });

  it('refuses a merged request', async () => {
    const result = await cli.run(CrClose, ['space_api', '1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Change request #1 is merged: it cannot be closed.');
  });
});

describe('docs cr comments', () => {
  it('view shows the replies under the comment', async () => {
    const result = await cli.run(CrCommentsView, ['space_handbook', '1', 'comment_cli_question']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /\n↳ Linus Torvalds · \S+ · reply_cli_answer\n {2}Yes: I will add a section/,
    );
    const json = JSON.parse(
      (await cli.run(CrCommentsView, ['space_handbook', '1', 'comment_cli_question', '--json'])).stdout,
    ) as { thread: Array<{ id: string }> };
    expect(json.thread.map((reply) => reply.id)).toEqual(['reply_cli_answer']);
  });

  it('resolving a resolved comment says it already was; reopening an open one too', async () => {
    const resolved = await cli.run(CrCommentsResolve, ['space_handbook', '1', 'comment_cli_title']);
    expect(resolved.code).toBe(0);
    expect(resolved.stderr).toMatch(
      /^Comment comment_cli_title was already resolved by \S.*: nothing changed\.\n$/,
    );
    expect(cli.sandbox.hits.get('changeRequests.comments.update')).toBeUndefined();
    const open = await cli.run(CrCommentsReopen, ['space_handbook', '1', 'comment_cli_question']);
    expect(open.stderr).toBe('Comment comment_cli_question is already open: nothing changed.\n');
  });
});
