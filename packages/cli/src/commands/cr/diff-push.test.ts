import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useDocsSync } from '../../../test-support/docs-sync-cli.js';
import { useInProcessCli } from '../../../test-support/run-command.js';
import Pull from '../pull.js';
import Push, { type PushOutput } from '../push.js';
import CrDiff, { type CrDiffOutput } from './diff.js';

/*
 * What a push reports is true: `docs cr diff` of the change request a push opened against a
 * seeded space shows exactly what the folder changed (the seed's pages are stored in the same
 * form as pushed ones, and the diff shows pages as their files have them).
 */

const cli = useInProcessCli();
const sync = useDocsSync(cli);

async function pulled(): Promise<string> {
  cli.canPrompt.mockReturnValue(false);
  const dir = await sync.folder();
  const result = await cli.run(Pull, ['space_handbook', dir, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return dir;
}

async function pushAndDiff(dir: string): Promise<CrDiffOutput> {
  const pushed = await cli.run(Push, ['space_handbook', dir, '--subject', 'Edit', '--yes', '--json']);
  expect(pushed.code, pushed.stderr).toBe(0);
  const number = (JSON.parse(pushed.stdout) as PushOutput).changeRequest?.number;
  const diffed = await cli.run(CrDiff, ['space_handbook', String(number), '--json']);
  expect(diffed.code, diffed.stderr).toBe(0);
  return JSON.parse(diffed.stdout) as CrDiffOutput;
}

/** A patch's changed lines, without its headers. */
const changedLines = (patch: string) =>
  patch.split('\n').filter((line) => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line));

describe('docs cr diff of a pushed change', () => {
  it('shows exactly the one line edited in a pulled seeded space', async () => {
    const dir = await pulled();
    const file = join(dir, 'README.md');
    const before = await readFile(file, 'utf8');
    await writeFile(
      file,
      before.replace('version {{ variables.version }}.', 'version {{ variables.version }}!'),
    );

    const diff = await pushAndDiff(dir);

    expect(diff.pages.map((page) => page.path)).toEqual(['getting-started']);
    expect(changedLines(diff.pages[0]!.patch)).toEqual([
      '-Welcome to the {{ variables.product }} handbook, version {{ variables.version }}. Status checked {{ now }}.',
      '+Welcome to the {{ variables.product }} handbook, version {{ variables.version }}! Status checked {{ now }}.',
    ]);
  });

  it('shows a new page with its title, and its link to another page as a link', async () => {
    const dir = await pulled();
    const summary = join(dir, 'SUMMARY.md');
    await writeFile(
      summary,
      (await readFile(summary, 'utf8')).replace(
        /(\n *)(\* \[Configuration\]\(getting-started\/configuration\.md\))\n/,
        '$1$2$1* [Upgrading](getting-started/upgrading.md)\n',
      ),
    );
    const page =
      '# Upgrading\n\nRead [Configuration](configuration.md) first, then:\n\n* stop the service\n* run `npm install acme`\n';
    await writeFile(join(dir, 'getting-started/upgrading.md'), page);

    const diff = await pushAndDiff(dir);

    expect(diff.pages.map((each) => [each.path, each.changes])).toEqual([
      ['getting-started/upgrading', ['page_created']],
    ]);
    expect(diff.pages[0]?.after).toBe(page);
  });
});
