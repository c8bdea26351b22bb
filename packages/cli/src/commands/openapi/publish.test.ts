import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import { runProgress } from '../../lib/terminal/progress.js';
import OpenApiDelete from './delete.js';
import OpenApiPublish from './publish.js';
import OpenApiView from './view.js';

/* The openapi commands at a terminal: the processing progress line, the picker and the delete confirmation. */

const cli = useInProcessCli();

/** What the progress line writes to go back to the start of the line and clear it. */
const CLEAR_LINE = '\r\u001b[K';

describe('docs openapi publish --wait at a terminal', () => {
  it('shows the processing progress on one rewritten stderr line, then the outcome', async () => {
    vi.spyOn(runProgress, 'enabled').mockReturnValue(true);

    const result = await cli.run(OpenApiPublish, [
      'billing',
      '--url',
      'https://api.acme.test/billing.yaml',
      '--wait',
      '--interval',
      '1',
    ]);

    expect(result.code).toBe(0);
    // A live line from the start, rewritten at each read and each second, cleared at the end.
    const parts = result.stderr.split(CLEAR_LINE);
    expect(parts[0]).toBe('');
    expect(parts[1]).toBe('Processing billing (0 s)');
    expect(parts).toContainEqual(expect.stringMatching(/^Processing billing: pending \(0 s\)$/));
    // The sandbox's processing takes two seconds on its clock (the host's here).
    expect(parts).toContainEqual(expect.stringMatching(/^Processing billing: pending \(1 s\)$/));
    expect(parts).toContainEqual(expect.stringMatching(/^Processing billing: complete \([23] s\)$/));
    expect(parts.at(-1)).toMatch(/^✓ Published OpenAPI spec billing: complete, version specv_\w+\n$/);
    expect(result.stdout).toMatch(/^State:\s+complete$/m);
    expect(result.stdout).not.toContain('Processing');
  });

  it('never prompts, even at a terminal: the slug is a required argument', async () => {
    const select = vi.spyOn(prompts, 'select');

    const result = await cli.run(OpenApiPublish, ['--url', 'https://api.acme.test/billing.yaml']);

    expect(result.code).toBe(2);
    expect(select).not.toHaveBeenCalled();
    expect(cli.sandbox.requests.get('openapi.replace')).toBeUndefined();
  });
});

describe('docs openapi view and delete at a terminal', () => {
  it('picks the spec from a list', async () => {
    await cli.run(OpenApiPublish, ['billing', '--url', 'https://api.acme.test/billing.yaml']);
    const select = vi.spyOn(prompts, 'select').mockResolvedValue('billing');

    const result = await cli.run(OpenApiView, []);

    expect(result.code).toBe(0);
    expect(select.mock.calls[0]?.[0]).toBe('OpenAPI spec');
    expect(select.mock.calls[0]?.[1]).toEqual([
      {
        name: 'petstore (complete, public)',
        value: 'petstore',
        description: 'https://api.acme.test/openapi/petstore.yaml',
      },
      // The picker's list is the first read since publishing: still pending.
      {
        name: 'billing (pending, private)',
        value: 'billing',
        description: 'https://api.acme.test/billing.yaml',
      },
    ]);
    expect(result.stdout).toMatch(/^Slug:\s+billing$/m);
  });

  it('asks before deleting and keeps the spec on "no"', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await cli.run(OpenApiDelete, ['petstore']);

    expect(result.code).toBe(2);
    expect(confirm).toHaveBeenCalledWith('Delete OpenAPI spec petstore?');
    expect(cli.sandbox.store.openapiSpecs.has('spec_petstore')).toBe(true);
    expect(cli.sandbox.requests.get('openapi.delete')).toBeUndefined();
  });

  it('deletes on "yes"', async () => {
    vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await cli.run(OpenApiDelete, ['petstore']);

    expect(result.code).toBe(0);
    expect(cli.sandbox.store.openapiSpecs.has('spec_petstore')).toBe(false);
  });
});
