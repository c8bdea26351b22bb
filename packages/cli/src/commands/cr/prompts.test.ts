import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import CrCommentsAdd from './comments/add.js';
import CrCreate from './create.js';

/* Text a command needs: asked at a terminal ($EDITOR for a comment body), a usage error in a pipeline. */

const cli = useInProcessCli();

describe('docs cr comments add without --body', () => {
  it('opens the editor at a terminal and posts what was written', async () => {
    const editor = vi.spyOn(prompts, 'editor').mockResolvedValue('Written in my editor.\n\n');
    const result = await cli.run(CrCommentsAdd, ['space_handbook', '1']);
    expect(result.code, result.stderr).toBe(0);
    expect(editor).toHaveBeenCalledOnce();
    expect(result.stdout).toContain('Written in my editor.');
  });

  it('cancels on an empty text: plain "Cancelled.", exit 2, nothing posted', async () => {
    vi.spyOn(prompts, 'editor').mockResolvedValue('  \n');
    const before = cli.totalRequests();
    const result = await cli.run(CrCommentsAdd, ['space_handbook', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('Cancelled.\n');
    expect(cli.totalRequests()).toBe(before);
  });

  it('is a usage error naming --body in a pipeline, before anything is sent', async () => {
    cli.canPrompt.mockReturnValue(false);
    const editor = vi.spyOn(prompts, 'editor');
    const result = await cli.run(CrCommentsAdd, ['space_handbook', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Missing --body');
    expect(editor).not.toHaveBeenCalled();
    expect(cli.totalRequests()).toBe(0);
  });
});

describe('docs cr create without --subject', () => {
  it('asks for the subject at a terminal', async () => {
    const input = vi.spyOn(prompts, 'input').mockResolvedValue('  Typed subject ');
    const result = await cli.run(CrCreate, ['space_handbook', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(input.mock.calls[0]?.[0]).toBe('Subject');
    const validate = input.mock.calls[0]?.[2];
    expect(validate?.('')).toBe('The subject cannot be empty.');
    expect(validate?.('x'.repeat(101))).toBe('The subject has at most 100 characters.');
    expect(JSON.parse(result.stdout)).toMatchObject({ subject: 'Typed subject' });
  });

  it('is a usage error naming --subject in a pipeline, nothing sent', async () => {
    cli.canPrompt.mockReturnValue(false);
    const result = await cli.run(CrCreate, ['space_handbook']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Missing --subject');
    expect(cli.totalRequests()).toBe(0);
  });
});
