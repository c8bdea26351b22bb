import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import CollectionsDelete from '../collections/delete.js';
import CollectionsMove from '../collections/move.js';
import SpacesDelete from './delete.js';
import SpacesTransfer from './transfer.js';

/* The spaces and collections commands at a terminal: the space and collection pickers and the confirmations. */

const cli = useInProcessCli();

describe('docs spaces at a terminal', () => {
  it('picks the space from a list, asks before deleting and keeps it on "no"', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValueOnce('space_guides');
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await cli.run(SpacesDelete, []);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cancelled.');
    expect(select.mock.calls[0]?.[0]).toBe('Space');
    expect(select.mock.calls[0]?.[1]?.map((choice) => choice.value)).toEqual([
      'space_handbook',
      'space_api',
      'space_guides',
      'space_legal',
      'space_handbook_fr',
    ]);
    expect(confirm).toHaveBeenCalledWith('Delete space space_guides? It can be restored for 7 days.');
    expect(cli.sandbox.store.spaces.has('space_guides')).toBe(true);
    expect(cli.sandbox.requests.get('spaces.delete')).toBeUndefined();
  });

  it('deletes on "yes", and the space can be restored', async () => {
    vi.spyOn(prompts, 'confirm').mockResolvedValue(true);
    const result = await cli.run(SpacesDelete, ['space_guides']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('docs spaces restore space_guides');
    expect(cli.sandbox.store.spaces.has('space_guides')).toBe(false);
    expect(cli.sandbox.store.deletedSpaces.get('space_guides')?.deletedAt).toBeDefined();
  });

  it('asks before a transfer and sends nothing on "no"', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await cli.run(SpacesTransfer, ['space_api', '--to-org', 'org_beta']);

    expect(result.code).toBe(2);
    expect(confirm).toHaveBeenCalledWith('Transfer space space_api to organization org_beta?');
    expect(cli.sandbox.store.spaces.get('space_api')?.organization).toBe('org_acme');
  });
});

describe('docs collections at a terminal', () => {
  it('picks from every collection, nested ones indented, and asks before deleting', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValueOnce('col_internal');
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await cli.run(CollectionsDelete, []);

    expect(result.code).toBe(0);
    expect(select.mock.calls[0]?.[0]).toBe('Collection');
    expect(select.mock.calls[0]?.[1]).toEqual([
      { name: 'Product docs (col_product)', value: 'col_product' },
      { name: '  Internal (col_internal)', value: 'col_internal' },
    ]);
    expect(confirm).toHaveBeenCalledWith(
      'Delete collection col_internal, the collections nested in it and their spaces? The spaces can be restored for 7 days.',
    );
    expect(cli.sandbox.store.collections.has('col_internal')).toBe(false);
    expect(cli.sandbox.store.collections.has('col_product')).toBe(true);
    expect(cli.sandbox.store.spaces.has('space_guides')).toBe(false);
  });

  it('refuses a move that names no destination before asking for the collection', async () => {
    const select = vi.spyOn(prompts, 'select');

    const result = await cli.run(CollectionsMove, []);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Nothing to do: pass --parent <collection>, --root');
    expect(select).not.toHaveBeenCalled();
  });
});
