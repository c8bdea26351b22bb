import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../../test-support/run-command.js';
import { prompts } from '../../../lib/terminal/prompts.js';
import CrCommentsDelete from './delete.js';

/* `docs cr comments delete` at a terminal: the comment picker and the confirmation. */

const cli = useInProcessCli();

/** Runs `docs cr comments delete` in-process, capturing what it writes and the exit code. */
const deleteComment = (argv: string[]) => cli.run(CrCommentsDelete, argv);

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
    expect(cli.sandbox.store.comments.has('comment_cli_title')).toBe(true);
    expect(cli.sandbox.requests.get('changeRequests.comments.delete')).toBeUndefined();
  });

  it('deletes the picked comment on "yes"', async () => {
    vi.spyOn(prompts, 'select').mockResolvedValue('comment_cli_title');
    vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await deleteComment(['space_handbook', '1']);

    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Deleted comment comment_cli_title');
    expect(cli.sandbox.store.comments.has('comment_cli_title')).toBe(false);
    expect(cli.sandbox.store.comments.has('comment_cli_question')).toBe(true);
  });

  it('away from a terminal, names the missing comment and asks nothing', async () => {
    cli.canPrompt.mockReturnValue(false);
    const select = vi.spyOn(prompts, 'select');

    const missing = await deleteComment(['space_handbook', '1', '--yes']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Missing the comment id: pass it as an argument.');
    const sent = cli.totalRequests();
    const noYes = await deleteComment(['space_handbook', '1', 'comment_cli_title']);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('Pass --yes to confirm');
    expect(cli.totalRequests()).toBe(sent);

    expect(select).not.toHaveBeenCalled();
    expect(cli.sandbox.store.comments.has('comment_cli_title')).toBe(true);
  });
});
