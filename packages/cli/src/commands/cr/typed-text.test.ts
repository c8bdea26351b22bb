import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import CrReview from './review.js';
import CrCommentsAdd from './comments/add.js';

/* Text a person typed in the editor is never lost (issue 31, item 1). */

const cli = useInProcessCli();
const reviews = () => cli.sandbox.store.changeRequests.get('cr_quickstart')?.reviews ?? [];

/** The draft file the error names, and the command it gives to send it again. */
function keptDraft(stderr: string): { file: string; resend: string } {
  const file = /is kept in (\S+\.md)/.exec(stderr)?.[1];
  const resend = /Send it again with: (.+)/.exec(stderr)?.[1];
  if (!file || !resend) throw new Error(`no kept draft named in: ${stderr}`);
  return { file, resend };
}

describe('a review written in the editor whose post fails', () => {
  it('is kept in a file named in the error, and --body-file sends it again', async () => {
    vi.spyOn(prompts, 'editor').mockResolvedValue('Say which Node.js version is needed.\n');
    cli.sandbox.addFault({ operation: 'changeRequests.reviews.submit', status: 500 });
    const before = reviews().length;
    const failed = await cli.run(CrReview, ['space_guides', '2', '--request-changes']);
    expect(failed.code).toBe(1);
    expect(reviews()).toHaveLength(before);
    const { file, resend } = keptDraft(failed.stderr);
    expect(await readFile(file, 'utf8')).toBe('Say which Node.js version is needed.\n');
    expect(resend).toBe(`docs cr review space_guides 2 --request-changes --body-file ${file}`);

    const again = await cli.run(CrReview, [
      'space_guides',
      '2',
      '--request-changes',
      '--body-file',
      file,
      '--json',
    ]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      status: 'changes-requested',
      comment: { body: { markdown: 'Say which Node.js version is needed.' } },
    });
  });

  it('a verdict chosen at the prompt is named as its flag in the command that sends it again', async () => {
    vi.spyOn(prompts, 'choose').mockResolvedValue('comment');
    vi.spyOn(prompts, 'editor').mockResolvedValue('Should the guide mention Windows?');
    cli.sandbox.addFault({ operation: 'changeRequests.comments.create', status: 500 });
    const failed = await cli.run(CrReview, ['space_guides', '2']);
    expect(failed.code).toBe(1);
    expect(keptDraft(failed.stderr).resend).toMatch(/^docs cr review space_guides 2 --comment --body-file /);
  });

  it('text given with --body is not copied anywhere: the person still has it', async () => {
    cli.sandbox.addFault({ operation: 'changeRequests.reviews.submit', status: 500 });
    const failed = await cli.run(CrReview, ['space_guides', '2', '--request-changes', '--body', 'x y']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).not.toContain('is kept in');
  });
});

describe('a comment written in the editor whose post fails', () => {
  it('is kept, and `cr comments add --body-file` posts it', async () => {
    vi.spyOn(prompts, 'editor').mockResolvedValue('Typo in the second paragraph.\n\n');
    cli.sandbox.addFault({ operation: 'changeRequests.comments.create', status: 500 });
    const failed = await cli.run(CrCommentsAdd, ['space_handbook', '1']);
    expect(failed.code).toBe(1);
    const { file, resend } = keptDraft(failed.stderr);
    expect(resend).toBe(`docs cr comments add space_handbook 1 --body-file ${file}`);
    const again = await cli.run(CrCommentsAdd, ['space_handbook', '1', '--body-file', file, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ body: { markdown: 'Typo in the second paragraph.' } });
  });

  it('--body and --body-file together are a usage error', async () => {
    const both = await cli.run(CrCommentsAdd, ['space_handbook', '1', '--body', 'a', '--body-file', 'b.md']);
    expect(both.code).toBe(2);
    expect(cli.totalRequests()).toBe(0);
  });

  it('a --body-file that cannot be read names the flag and the file, nothing sent', async () => {
    const missing = await cli.run(CrCommentsAdd, ['space_handbook', '1', '--body-file', '/nonexistent/x.md']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--body-file: cannot read /nonexistent/x.md');
  });
});

describe('an editor that exits with an error (vim :cq)', () => {
  it('cancels with exit 2 and sends nothing', async () => {
    // The real editor prompt, with an "editor" that writes a text and then fails.
    vi.stubEnv('DOCS_EDITOR', 'sh -c \'printf "half typed" > "$0"; exit 1\'');
    const before = reviews().length;
    const result = await cli.run(CrReview, ['space_guides', '2', '--request-changes']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The editor exited with status 1: cancelled, nothing was sent.');
    expect(reviews()).toHaveLength(before);
  });

  it('an editor that exits 0 is read', async () => {
    vi.stubEnv('DOCS_EDITOR', 'sh -c \'printf "Name the version." > "$0"\'');
    const result = await cli.run(CrReview, ['space_guides', '2', '--request-changes']);
    expect(result.code).toBe(0);
    expect(reviews().at(-1)).toMatchObject({ status: 'changes-requested' });
  });
});
