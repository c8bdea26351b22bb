import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/prompts.js';
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
    expect(confirm.mock.calls[0]?.[0]).toBe(
      'Merge change request #1 "Document the new CLI" into space_handbook?',
    );
    // What will be merged is shown before the question, on stderr.
    expect(result.stderr).toMatch(/Change request:\s+#1 Document the new CLI/);
    expect(result.stderr).toMatch(/Author:\s+Linus Torvalds \(user_linus\)/);
    expect(result.stderr).toMatch(/Reviewers:\s+Grace Hopper/);
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
    expect(JSON.parse(result.stdout)).toEqual({ revision: primaryRevision(), result: 'merge' });
  });

  it('refuses an outdated request without --update-first, before asking anything', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await merge(['space_handbook', '2']);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Change request #2 is outdated: run `docs cr update space_handbook 2` first, or pass --update-first.',
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(confirm).not.toHaveBeenCalled();
    expect(cli.sandbox.requests.get('changeRequests.merge')).toBeUndefined();
    expect(status('cr_typos')).toBe('open');
  });

  it('with --update-first, asks, then updates the request and merges it', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await merge(['space_handbook', '2', '--update-first']);

    expect(result.code).toBe(0);
    expect(confirm).toHaveBeenCalledOnce();
    expect(result.stderr).toContain('the primary content will be pulled in first');
    expect(result.stderr).toMatch(/Updated #2 from the primary content: revision \S+/);
    expect(cli.sandbox.hits.get('changeRequests.updateFromPrimary')).toBe(1);
    expect(status('cr_typos')).toBe('merged');
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
});
