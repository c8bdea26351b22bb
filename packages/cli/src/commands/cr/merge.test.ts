import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import CrMerge from './merge.js';

/*
 * The interactive paths of `docs cr merge`, in-process: a person at a terminal (prompts
 * mocked) against a sandbox reached through the injected client.
 */

const cli = useInProcessCli();

/** Runs `docs cr merge` in-process, capturing what it writes and the exit code. */
const merge = (argv: string[]) => cli.run(CrMerge, argv);

/** Answers each select prompt by its message; fails on any other. */
function answerSelects(answers: Record<string, string>) {
  return vi.spyOn(prompts, 'select').mockImplementation((message: string) => {
    const answer = answers[message];
    if (answer === undefined) throw new Error(`unexpected prompt: ${message}`);
    return Promise.resolve(answer as never);
  });
}

const status = (crId: string) => cli.sandbox.store.changeRequests.get(crId)?.status;
const primaryRevision = () => cli.sandbox.store.spaces.get('space_handbook')?.revision;

describe('docs cr merge at a terminal', () => {
  it('picks the organization, space and request from lists, shows the request and changes nothing on "no"', async () => {
    vi.stubEnv('DOCS_ORG', undefined);
    const select = answerSelects({
      Organization: 'org_acme',
      Space: 'space_handbook',
      'Change request': '1',
    });
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);
    const revisionBefore = primaryRevision();

    const result = await merge([]);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cancelled');
    expect(select.mock.calls.map(([message]) => message)).toEqual([
      'Organization',
      'Space',
      'Change request',
    ]);
    const spaceChoices = select.mock.calls[1]?.[1] ?? [];
    expect(spaceChoices.map((c) => c.value)).toContain('space_handbook');
    const crChoices = select.mock.calls[2]?.[1] ?? [];
    expect(crChoices).toContainEqual(
      expect.objectContaining({ value: '1', name: '#1 Document the new CLI' }),
    );
    // Only open requests are offered; the outdated one is marked.
    expect(crChoices).toContainEqual(
      expect.objectContaining({ value: '2', name: '#2 Fix typos (outdated)' }),
    );

    expect(confirm).toHaveBeenCalledOnce();
    // Asked with the prompt's default: No.
    expect(confirm.mock.calls[0]).toEqual([
      'Merge change request #1 "Document the new CLI" into space_handbook?',
    ]);
    // What will be merged is shown before the question, on stderr: changes, reviews, rules, comments.
    expect(result.stderr).toContain('#1 Document the new CLI  (open, by Linus Torvalds');
    expect(result.stderr).toMatch(
      /Changes: 2\n\s+~ page {2}getting-started \(Getting started\): content\n\s+\+ page {2}getting-started\/cli/,
    );
    expect(result.stderr).toContain('Ada Lovelace: approved (outdated: made on an earlier revision)');
    expect(result.stderr).toContain('awaiting review: Grace Hopper');
    expect(result.stderr).toContain('Merge rules: none');
    expect(result.stderr).toMatch(
      /Open comments: 1\n\s+Grace Hopper: Should this page document the `--json` flag\?/,
    );
    expect(result.stderr).toContain('Outdated: no');
    expect(result.stdout).toBe('');

    expect(cli.sandbox.hits.get('changeRequests.merge')).toBeUndefined();
    expect(status('cr_cli')).toBe('open');
    expect(primaryRevision()).toBe(revisionBefore);
  });

  it('merges on "yes" and prints the new revision', async () => {
    answerSelects({ 'Change request': '1' });
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await merge(['space_handbook']);

    expect(result.code).toBe(0);
    expect(confirm).toHaveBeenCalledOnce();
    const revision = primaryRevision();
    expect(revision).toBeDefined();
    expect(result.stdout).toBe(`${revision}\n`);
    expect(result.stderr).toContain(`Merged #1 into space_handbook: new revision ${revision}`);
    expect(result.stderr).toContain(
      'View it: https://app.sandbox.docs-api.local/s/space_handbook/~/changes/1',
    );
    expect(status('cr_cli')).toBe('merged');
    expect(cli.sandbox.hits.get('changeRequests.merge')).toBe(1);
  });

  it('does not ask with --yes', async () => {
    const select = vi.spyOn(prompts, 'select');
    const confirm = vi.spyOn(prompts, 'confirm');

    const result = await merge(['space_handbook', '#1', '--yes', '--json']);

    expect(result.code).toBe(0);
    expect(select).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
    const printed = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({
      revision: primaryRevision(),
      result: 'merge',
      url: 'https://app.sandbox.docs-api.local/s/space_handbook/~/changes/1',
      preview: { outdated: false, mergeRules: { from: 'none', unmet: 0 }, openComments: { count: 1 } },
    });
  });

  it('offers the choices an outdated request has, and updates then merges on the default', async () => {
    const choose = vi
      .spyOn(prompts, 'choose')
      .mockImplementation((_message, _choices, initial) => Promise.resolve(initial as never));
    const confirm = vi.spyOn(prompts, 'confirm');

    const result = await merge(['space_handbook', '2']);

    expect(result.code).toBe(0);
    expect(choose).toHaveBeenCalledOnce();
    const [message, choices, initial] = choose.mock.calls[0] ?? [];
    expect(message).toBe('Change request #2 is outdated: the primary content moved on. What now?');
    expect(choices?.map((choice) => choice.name)).toEqual([
      'Update it from the primary content, then merge',
      'Update it only, and merge later',
      'Cancel',
    ]);
    expect(initial).toBe('update-then-merge');
    // The choice was the confirmation: nothing more is asked.
    expect(confirm).not.toHaveBeenCalled();
    expect(result.stderr).toContain('Outdated: yes; the primary content moved on');
    expect(result.stderr).toMatch(/Updated #2 from the primary content: revision \S+/);
    expect(cli.sandbox.hits.get('changeRequests.updateFromPrimary')).toBe(1);
    expect(status('cr_typos')).toBe('merged');
  });

  it('updates only when asked to, and says how to merge later', async () => {
    vi.spyOn(prompts, 'choose').mockResolvedValue('update-only');

    const result = await merge(['space_handbook', '2']);

    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Not merged. Merge it later with `docs cr merge space_handbook 2`.');
    expect(cli.sandbox.hits.get('changeRequests.updateFromPrimary')).toBe(1);
    expect(cli.sandbox.requests.get('changeRequests.merge')).toBeUndefined();
    expect(status('cr_typos')).toBe('open');
  });

  it('changes nothing on Cancel: the plain "Cancelled." of every cancel', async () => {
    const choose = vi.spyOn(prompts, 'choose').mockResolvedValue('cancel');

    const result = await merge(['space_handbook', '2']);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\nCancelled\.\n$/);
    expect(result.stderr).not.toContain('Error');
    expect(choose).toHaveBeenCalledOnce();
    expect(cli.sandbox.requests.get('changeRequests.updateFromPrimary')).toBeUndefined();
    expect(status('cr_typos')).toBe('open');
  });

  it('offers Cancel as the default when a merge rule is not met', async () => {
    const choose = vi.spyOn(prompts, 'choose').mockResolvedValue('cancel');
    const space = cli.sandbox.store.spaces.get('space_handbook');
    if (space)
      space.mergeRules = {
        type: 'rules',
        rules: [{ rule: 'require_specific_reviewers', users: ['user_ada'] }],
      };

    const result = await merge(['space_handbook', '2']);

    expect(result.code).toBe(2);
    const [, choices, initial] = choose.mock.calls[0] ?? [];
    expect(choices?.[0]?.name).toBe(
      'Update it from the primary content, then merge with a merge rule not met',
    );
    expect(initial).toBe('cancel');
  });

  it('with --yes at a terminal, does what the default does: updates first, then merges', async () => {
    const choose = vi.spyOn(prompts, 'choose');
    const confirm = vi.spyOn(prompts, 'confirm');

    const result = await merge(['space_handbook', '2', '--yes']);

    expect(result.code).toBe(0);
    expect(choose).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
    expect(result.stderr).toContain(
      'Change request #2 is outdated: updating it from the primary content first (--yes).',
    );
    expect(status('cr_typos')).toBe('merged');
  });

  it('with --json at a terminal, shows the preview on stderr before asking; stdout holds the JSON only', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await merge(['space_handbook', '1', '--json']);

    expect(result.code).toBe(0);
    expect(confirm).toHaveBeenCalledOnce();
    expect(result.stderr).toContain('#1 Document the new CLI  (open, by Linus Torvalds');
    expect(result.stderr).toContain('Merge rules: none');
    expect(JSON.parse(result.stdout)).toMatchObject({ result: 'merge', revision: primaryRevision() });
  });

  it('with --update-first, says once that the primary content is pulled in first', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await merge(['space_handbook', '2', '--update-first']);

    expect(result.code).toBe(0);
    expect(confirm).toHaveBeenCalledOnce();
    expect(result.stderr).toContain('Outdated: yes; the primary content will be pulled in before the merge');
    expect(result.stderr).not.toContain('docs cr update');
    expect(status('cr_typos')).toBe('merged');
  });

  it('names a merge rule that is not met and asks with No as the default', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await merge(['space_guides', '2']);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Merge rules: the space's, 1 not met");
    expect(result.stderr).toContain('NOT MET  Approval from user_ada: no current approval from user_ada');
    expect(result.stderr).toContain(
      'Warning: Merge rules not met: Approval from user_ada (no current approval from user_ada).',
    );
    expect(confirm.mock.calls).toEqual([
      ['Merge change request #2 "Add a quick-start guide" into space_guides with a merge rule not met?'],
    ]);
    expect(cli.sandbox.requests.get('changeRequests.merge')).toBeUndefined();
  });

  it('refuses a locked space before asking anything', async () => {
    const confirm = vi.spyOn(prompts, 'confirm');

    const result = await merge(['space_legal', '1']);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Error: Space space_legal is locked: the service refuses merges into it. Unlock it with `docs spaces edit space_legal --edit-mode live`, then merge.',
    );
    expect(confirm).not.toHaveBeenCalled();
    expect(cli.sandbox.requests.get('changeRequests.merge')).toBeUndefined();
  });

  it('on a conflicting update, gives the app URL and the next step, and merges nothing', async () => {
    vi.spyOn(prompts, 'choose').mockResolvedValue('update-then-merge');

    const result = await merge(['space_guides', '1']);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Change request #1 conflicts with the primary content of space_guides: nothing was merged. Open https://app.sandbox.docs-api.local/s/space_guides/~/changes/1, resolve the conflicts there, then run `docs cr merge space_guides 1` again.',
    );
    expect(cli.sandbox.requests.get('changeRequests.merge')).toBeUndefined();
    expect(status('cr_welcome')).toBe('open');
  });

  it('with --update-first and "no", changes nothing', async () => {
    vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await merge(['space_handbook', '2', '--update-first']);

    expect(result.code).toBe(2);
    expect(cli.sandbox.requests.get('changeRequests.updateFromPrimary')).toBeUndefined();
    expect(cli.sandbox.requests.get('changeRequests.merge')).toBeUndefined();
    expect(status('cr_typos')).toBe('open');
  });
});

describe('docs cr merge away from a terminal', () => {
  it('needs both arguments and --yes, and prompts for nothing', async () => {
    cli.canPrompt.mockReturnValue(false);
    const select = vi.spyOn(prompts, 'select');
    const confirm = vi.spyOn(prompts, 'confirm');

    const noArgs = await merge(['--yes']);
    expect(noArgs.code).toBe(2);
    expect(noArgs.stderr).toContain('Missing the space id');
    const noCr = await merge(['space_handbook', '--yes']);
    expect(noCr.code).toBe(2);
    expect(noCr.stderr).toContain('Missing the change request number or id');
    // The missing confirmation is found before anything is sent: not even the request is read.
    const noYes = await merge(['space_handbook', '1']);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('Pass --yes to confirm when not at a terminal. Nothing was sent.');
    expect(noYes.stderr.trim().split('\n')).toHaveLength(1);
    expect(cli.totalRequests()).toBe(0);

    expect(select).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
    expect(status('cr_cli')).toBe('open');
  });

  it('updates an outdated request first with --yes, as a person gets by default; --no-update-first refuses', async () => {
    cli.canPrompt.mockReturnValue(false);

    const refused = await merge(['space_handbook', '2', '--yes', '--no-update-first']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Change request #2 is outdated, and --no-update-first says not to update it: run `docs cr update space_handbook 2` (or leave the flag out), then merge.',
    );
    expect(cli.sandbox.requests.get('changeRequests.updateFromPrimary')).toBeUndefined();

    const result = await merge(['space_handbook', '2', '--yes']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('updating it from the primary content first (--yes)');
    expect(status('cr_typos')).toBe('merged');
  });

  it('refuses a merge whose rules are not met unless --admin is passed', async () => {
    cli.canPrompt.mockReturnValue(false);

    const refused = await merge(['space_guides', '2', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Change request #2 does not meet the merge rules: Approval from user_ada (no current approval from user_ada). Pass --admin to merge anyway',
    );
    expect(cli.sandbox.requests.get('changeRequests.merge')).toBeUndefined();

    // With --admin the request goes out; the sandbox's token user (Ada) may not bypass: 409.
    const admin = await merge(['space_guides', '2', '--yes', '--admin']);
    expect(admin.code).toBe(1);
    expect(admin.stderr).toContain('Merging with merge rules not met (--admin)');
    expect(admin.stderr).toContain('does not meet the merge rules of space space_guides');
    expect(cli.sandbox.hits.get('changeRequests.merge')).toBeUndefined();
    expect(status('cr_quickstart')).toBe('open');
  });

  it('prints the preview as JSON with --dry-run, without --yes, and changes nothing', async () => {
    cli.canPrompt.mockReturnValue(false);

    const result = await merge(['space_guides', '2', '--dry-run', '--json']);

    expect(result.code).toBe(0);
    const preview = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(preview).toMatchObject({
      changeRequest: { id: 'cr_quickstart', number: 2 },
      space: { id: 'space_guides', locked: false },
      outdated: false,
      changes: [
        { type: 'page_edited', page: { id: 'page_guides_welcome' } },
        { type: 'page_created', page: { id: 'page_guides_quickstart' } },
      ],
      mergeRules: {
        from: 'space',
        unmet: 1,
        rules: [{ rule: { rule: 'require_specific_reviewers' }, met: false }],
      },
      openComments: { count: 1 },
    });
    expect((preview.reviews as unknown[]).length).toBe(2);
    expect(cli.sandbox.requests.get('changeRequests.merge')).toBeUndefined();
  });

  it('says when the service answers that a merge conflicts, with the app URL (exit 1)', async () => {
    cli.canPrompt.mockReturnValue(false);
    const row = cli.sandbox.store.changeRequests.get('cr_cli');
    if (row) row.conflicts = true;

    const result = await merge(['space_handbook', '1', '--yes']);

    expect(result.code).toBe(1);
    expect(result.stderr.replace(/\s+/g, ' ')).toMatch(
      /Change request #1 was merged into space_handbook \(revision rev_\S+\), but the service reports conflicts: the primary content needs them resolved by hand\. Open https:\/\/app\.sandbox\.docs-api\.local\/s\/space_handbook\/~\/changes\/1 to see them\./,
    );
    expect(result.stdout).toBe('');
  });

  it('with --json, a conflict is an error result, never the shape of a merge', async () => {
    cli.canPrompt.mockReturnValue(false);
    const row = cli.sandbox.store.changeRequests.get('cr_cli');
    if (row) row.conflicts = true;

    const result = await merge(['space_handbook', '1', '--yes', '--json']);

    expect(result.code).toBe(1);
    const printed = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(printed).not.toHaveProperty('result');
    expect(printed).not.toHaveProperty('revision');
    expect(printed).toMatchObject({
      error: {
        reason: 'conflicts',
        operation: 'merge',
        merged: true,
        revision: primaryRevision(),
        message: expect.stringContaining('but the service reports conflicts') as unknown,
      },
      url: 'https://app.sandbox.docs-api.local/s/space_handbook/~/changes/1',
      preview: { changeRequest: { number: 1 } },
    });
  });

  it('with --json, a refusal of the service is an error result with its reason', async () => {
    cli.canPrompt.mockReturnValue(false);
    // Ada approves, then the request is updated by someone else: the rules are no longer met
    // when the merge is sent, though the preview said they were (the admin bypass is refused too).
    const space = cli.sandbox.store.spaces.get('space_handbook');
    if (space)
      space.mergeRules = {
        type: 'rules',
        rules: [{ rule: 'require_specific_reviewers', users: ['user_ada'] }],
      };

    const result = await merge(['space_handbook', '1', '--yes', '--admin', '--json']);

    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      error: {
        reason: 'merge-rules-not-met',
        status: 409,
        message: expect.stringContaining('HTTP 409') as unknown,
      },
    });
    expect(result.stderr).toContain('pass --admin if your account may bypass them');
  });

  it('shows what it could read when the reviews or changes are not answered, and still merges', async () => {
    cli.canPrompt.mockReturnValue(false);
    // Operations beyond the extract: a server may not answer them.
    cli.sandbox.addFault({ operation: 'changeRequests.reviews.list', status: 404 });
    cli.sandbox.addFault({ operation: 'changeRequests.listChanges', status: 404 });

    const result = await merge(['space_handbook', '1', '--yes']);

    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/Warning: Could not read the changes: .*404/);
    expect(result.stderr).toMatch(/Warning: Could not read the reviews: .*404/);
    expect(status('cr_cli')).toBe('merged');
  });
});
