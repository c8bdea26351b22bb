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
});
