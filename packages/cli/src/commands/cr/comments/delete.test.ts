import { fileURLToPath } from 'node:url';
import { Config, Errors } from '@oclif/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { createSandbox, type Sandbox } from '@docs-api/sandbox';
import { BaseCommand } from '../../../base-command.js';
import { prompts } from '../../../lib/prompts.js';
import { terminal } from '../../../lib/terminal.js';
import CrCommentsDelete from './delete.js';

/* `docs cr comments delete` at a terminal: the comment picker and the confirmation. */

let config: Config;
let sandbox: Sandbox;
let canPrompt: MockInstance<() => boolean>;

beforeAll(async () => {
  config = await Config.load(fileURLToPath(new URL('../../../..', import.meta.url)));
});

beforeEach(() => {
  sandbox = createSandbox({ checkResponses: true });
  BaseCommand.clientFactory = (options) =>
    new DocsClient({ ...options, baseUrl: 'http://sandbox.test/v1', fetch: sandbox.fetch });
  vi.stubEnv('DOCS_API_TOKEN', sandbox.token);
  vi.stubEnv('DOCS_ORG', 'org_acme');
  vi.stubEnv('DOCS_API_URL', undefined);
  canPrompt = vi.spyOn(terminal, 'canPrompt').mockReturnValue(true);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** Runs the command in-process; gives the exit code and what went to stderr. */
async function deleteComment(argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr += String(chunk);
      return true;
    }),
  ];
  try {
    await CrCommentsDelete.run(argv, config);
    return { code: 0, stderr };
  } catch (error) {
    if (!(error instanceof Errors.ExitError)) throw error;
    return { code: error.oclif.exit ?? 1, stderr };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('docs cr comments delete at a terminal', () => {
  it('picks the comment from a list and keeps it when the answer is "no"', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValue('comment_cli_title');
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await deleteComment(['space_handbook', '1']);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cancelled');
    expect(select).toHaveBeenCalledOnce();
    const [message, choices] = select.mock.calls[0] ?? [];
    expect(message).toBe('Comment');
    expect(choices).toEqual(
      expect.arrayContaining([
        {
          name: 'Typo in the new page title: "Comand-line". (Ada Lovelace, resolved)',
          value: 'comment_cli_title',
        },
        {
          name: 'Should this page document the `--json` flag? (Grace Hopper)',
          value: 'comment_cli_question',
        },
      ]),
    );
    expect(confirm).toHaveBeenCalledWith('Delete comment comment_cli_title of change request #1?');
    expect(sandbox.store.comments.has('comment_cli_title')).toBe(true);
    expect(sandbox.requests.get('changeRequests.comments.delete')).toBeUndefined();
  });

  it('deletes the picked comment on "yes"', async () => {
    vi.spyOn(prompts, 'select').mockResolvedValue('comment_cli_title');
    vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await deleteComment(['space_handbook', '1']);

    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Deleted comment comment_cli_title');
    expect(sandbox.store.comments.has('comment_cli_title')).toBe(false);
    expect(sandbox.store.comments.has('comment_cli_question')).toBe(true);
  });

  it('away from a terminal, names the missing comment and asks nothing', async () => {
    canPrompt.mockReturnValue(false);
    const select = vi.spyOn(prompts, 'select');

    const missing = await deleteComment(['space_handbook', '1']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Missing the comment id: pass it as an argument.');
    const noYes = await deleteComment(['space_handbook', '1', 'comment_cli_title']);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('Pass --yes to confirm');

    expect(select).not.toHaveBeenCalled();
    expect(sandbox.store.comments.has('comment_cli_title')).toBe(true);
  });
});
