import { describe, expect, it } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import CrUpdate from './update.js';

const cli = useInProcessCli();

describe('docs cr update', () => {
  it('says when the request was already up to date, rather than "Updated"', async () => {
    // #1 of the seed is not outdated.
    const result = await cli.run(CrUpdate, ['space_handbook', '1']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      '#1 was already up to date with the primary content of space_handbook: nothing changed.',
    );
    expect(result.stderr).not.toContain('Updated');
  });

  it('says "Updated" for an outdated request', async () => {
    // #2 of the seed is outdated.
    const result = await cli.run(CrUpdate, ['space_handbook', '2']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Updated change request #2');
  });

  it('a conflicting update is exit 1, and under --json an error result, never an update', async () => {
    // space_guides #1 of the seed conflicts with the primary content.
    const human = await cli.run(CrUpdate, ['space_guides', '1']);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain(
      'Change request #1 conflicts with the primary content of space_guides: nothing was pulled in.',
    );
    const json = await cli.run(CrUpdate, ['space_guides', '1', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      error: {
        reason: 'conflicts',
        operation: 'update',
        merged: false,
        revision: 'rev_cr_welcome',
        message: expect.stringContaining('nothing was pulled in') as unknown,
        requestId: expect.any(String) as unknown,
      },
      url: 'https://app.sandbox.docs-api.local/s/space_guides/~/changes/1',
    });
  });

  it('a merged request: the service refuses, with its reason under --json', async () => {
    const json = await cli.run(CrUpdate, ['space_api', '1', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { reason: 'already-merged', status: 409 } });
  });
});
