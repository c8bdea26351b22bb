import { Args, type Command } from '../../oclif.js';
import type { Collection, DocsClient } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { type Column, type Output } from '../terminal/output.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';

/*
 * What the `docs collections ...` commands share: the collection argument and its picker,
 * table columns and the printer of one collection.
 */

export const collectionArg = Args.string({
  name: 'collection',
  description: 'Collection id (picked from a list at a terminal when omitted)',
});

export const collectionColumns: Column<Collection>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'TITLE', value: (c) => c.title, cut: true },
  { header: 'PARENT', value: (c) => c.parent, priority: 3 },
  { header: 'DEFAULT LEVEL', value: (c) => c.defaultLevel, priority: 2 },
  { header: 'DESCRIPTION', value: (c) => c.description, cut: true, priority: 1 },
];

export function printCollection(output: Output, collection: Collection): void {
  output.fields([
    ['ID', collection.id],
    ['Title', collection.title],
    ['Description', collection.description],
    ['Organization', collection.organization],
    ['Parent', collection.parent],
    ['Default level', collection.defaultLevel],
    ['You can administer it', collection.permissions?.admin],
    ['URL', collection.urls?.app ?? collection.urls?.location],
  ]);
}

/** Picks one of the organization's collections, nested ones included (indented under their parent). */
export async function pickCollection(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const collections = await client.collections
    .list(organizationId, { nested: true, limit: 100 })
    .toArray({ max: 100 });
  const depth = new Map<string, number>();
  for (const c of collections) depth.set(c.id, c.parent ? (depth.get(c.parent) ?? 0) + 1 : 0);
  return pickOne(
    prompts,
    'Collection',
    collections,
    `Organization ${organizationId} has no collections.`,
    (c) => ({
      name: `${'  '.repeat(depth.get(c.id) ?? 0)}${c.title ?? c.id} (${c.id})`,
      value: c.id,
    }),
  );
}

/** The base of every `docs collections ...` command that acts on one collection. */
export abstract class CollectionCommand<T extends typeof Command> extends BaseCommand<T> {
  /** The client and the collection (the `collection` argument, or picked at a terminal). */
  protected async target(): Promise<{ client: DocsClient; collectionId: string }> {
    const client = await this.client();
    const { collection } = this.args as { collection?: string };
    const collectionId = await this.argOrPick(collection, 'the collection id', async () =>
      pickCollection(this.prompts, client, await this.organizationId()),
    );
    return { client, collectionId };
  }
}
