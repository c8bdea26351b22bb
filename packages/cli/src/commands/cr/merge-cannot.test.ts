import { describe, expect, it, vi } from 'vitest';
import type { ChangeRequest } from '@docs-api/sdk';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import CrCreate from './create.js';
import CrMerge from './merge.js';

/* Issue 31, item 6: a merge that cannot happen shows no preview; a merge of nothing says so and asks. */

const cli = useInProcessCli();

describe('docs cr merge of a closed (archived) request', () => {
  it('says so before any preview, and sends no merge', async () => {
    const row = cli.sandbox.store.changeRequests.get('cr_typos');
    if (!row) throw new Error('the seed has no cr_typos');
    row.status = 'archived';
    const result = await cli.run(CrMerge, ['space_handbook', '2', '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Change request #2 is closed (archived): the service refuses to merge it. Reopen it with `docs cr reopen space_handbook 2`, then merge.',
    );
    // No preview: neither its changes nor its reviews were printed.
    expect(result.stderr).not.toMatch(/Changes|Reviews|Merge rules/);
    expect(cli.sandbox.hits.get('changeRequests.merge')).toBeUndefined();
  });
});

describe('docs cr merge of a request with no changes', () => {
  it('says so, and the question says it too', async () => {
    const created = await cli.run(CrCreate, ['space_handbook', '--subject', 'Nothing yet', '--json']);
    expect(created.code).toBe(0);
    const { number } = JSON.parse(created.stdout) as ChangeRequest;
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);
    const result = await cli.run(CrMerge, ['space_handbook', String(number)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Change request #${number} has no changes: merging it changes no page.`);
    expect(confirm).toHaveBeenCalledWith(
      `Merge change request #${number} "Nothing yet" into space_handbook, though it has no changes?`,
    );
  });
});
