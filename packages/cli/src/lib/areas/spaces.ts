import { Args, Flags, type Command } from '../../oclif.js';
import type { ContentPosition, DocsClient, Link, LinkListing, MoveSpaceBody, Space } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { describeReference, pickSpace } from './change-requests.js';
import { UsageError } from '../failures/exit-codes.js';
import { formatDate, type Column, type Output } from '../terminal/output.js';

/*
 * What the `docs spaces ...` commands share (and `docs collections move|transfer`): the space
 * argument and its picker, table columns, the printer of one space, and the move flags.
 */

/** The roles a default level can take: the document's `MemberRole` enum. */
export const ROLE_OPTIONS = ['admin', 'create', 'review', 'edit', 'comment', 'read'];
/** A default level: a role, or `inherit` (published API document). */
export const DEFAULT_LEVEL_OPTIONS = [...ROLE_OPTIONS, 'inherit'];

export const spaceArg = Args.string({
  name: 'space',
  description: 'Space id (picked from a list at a terminal when omitted)',
});

export const spaceColumns: Column<Space>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'TITLE', value: (s) => s.title, cut: true },
  { header: 'COLLECTION', value: (s) => s.parent, priority: 1 },
  { header: 'VISIBILITY', value: (s) => s.visibility, priority: 5 },
  { header: 'EDIT MODE', value: (s) => s.editMode, priority: 4 },
  { header: 'OPEN CRS', value: (s) => s.changeRequestsOpen, priority: 2 },
  { header: 'UPDATED', value: (s) => formatDate(s.updatedAt), priority: 3 },
];

export const linkColumns = (spaceId: string): Column<Link>[] => [
  { header: 'STATUS', value: (link) => link.status },
  { header: 'TARGET', value: (link) => describeReference(link.targetReference, spaceId), cut: true },
  {
    header: 'FOUND IN',
    cut: true,
    priority: 1,
    value: (link) => (link.locationReferences ?? []).map((ref) => describeReference(ref, spaceId)).join(', '),
  },
];

/** How many links a listing holds and how many are broken (in the change request: introduced by it). */
export interface LinkStats {
  total: number;
  broken: { total: number; changeRequest: number };
}

/**
 * The counts of a listing of links, from its first page's `stats` (the extract's `LinkListing`:
 * they cover every link, not the page's), else counted from `links`. The SDK types a list's page
 * by its items: the envelope's other fields are read as data, as `extraFields()` reads them.
 */
export function linkStats(firstPage: object | undefined, links: readonly Link[]): LinkStats {
  const { stats } = (firstPage ?? {}) as Partial<LinkListing>;
  return {
    total: typeof stats?.total === 'number' ? stats.total : links.length,
    broken: {
      total:
        typeof stats?.broken?.total === 'number'
          ? stats.broken.total
          : links.filter((link) => link.status === 'broken').length,
      changeRequest: typeof stats?.broken?.changeRequest === 'number' ? stats.broken.changeRequest : 0,
    },
  };
}

/** "require_specific_reviewers (user_a, user_b)" and the like, for a space's merge rules. */
function mergeRulesText(space: Space): string | undefined {
  const rules = space.mergeRules;
  if (!rules) return undefined;
  // Another form (`inherit`, `none`, one this version does not know) is shown by its name.
  if (rules.type !== 'rules') return String(rules.type);
  return (rules.rules ?? [])
    .map((rule) => {
      // A rule of a form this version does not know (it has no `rule`).
      if (!('rule' in rule)) return '?';
      const detail =
        'users' in rule && rule.users.length
          ? rule.users.join(', ')
          : 'expression' in rule
            ? String(rule.expression)
            : undefined;
      return `${String(rule.rule)}${detail ? ` (${detail})` : ''}`;
    })
    .join('; ');
}

export function printSpace(output: Output, space: Space): void {
  output.fields([
    ['ID', space.id],
    ['Title', `${space.emoji ? `${space.emoji} ` : ''}${space.title ?? ''}`],
    ['Icon', space.urls?.icon],
    ['Organization', space.organization],
    ['Collection', space.parent],
    ['Visibility', space.visibility],
    ['Edit mode', space.editMode],
    ['Default level', space.defaultLevel],
    ['Language', space.language],
    ['Merge rules', mergeRulesText(space)],
    ['Revision', space.revision],
    [
      'Change requests',
      space.changeRequests === undefined
        ? undefined
        : `${space.changeRequests} (${space.changeRequestsOpen ?? 0} open, ${space.changeRequestsDraft ?? 0} draft)`,
    ],
    ['Open comments', space.comments],
    ['Created', formatDate(space.createdAt)],
    ['Updated', formatDate(space.updatedAt)],
    ['Deleted', formatDate(space.deletedAt)],
    ['URL', space.urls?.app ?? space.urls?.location],
  ]);
}

/**
 * Where a space or collection moves: `--parent`/`--root`, then before or after a sibling space
 * (`--before`/`--after`) or a sibling collection (`--before-collection`/`--after-collection`).
 */
export const moveFlags = {
  parent: Flags.string({ description: 'Id of the collection to move into' }),
  root: Flags.boolean({
    description: 'Move to the top level of the organization, out of any collection',
    exclusive: ['parent'],
  }),
  before: Flags.string({ description: 'Place it just before this sibling space (space id)' }),
  after: Flags.string({ description: 'Place it just after this sibling space (space id)' }),
  'before-collection': Flags.string({
    description: 'Place it just before this sibling collection (collection id)',
    exclusive: ['before'],
  }),
  'after-collection': Flags.string({
    description: 'Place it just after this sibling collection (collection id)',
    exclusive: ['after'],
  }),
};

/** The SDK's move body from the move flags; a usage error when they ask for nothing. */
export function moveBody(flags: {
  parent?: string | undefined;
  root?: boolean | undefined;
  before?: string | undefined;
  after?: string | undefined;
  'before-collection'?: string | undefined;
  'after-collection'?: string | undefined;
}): MoveSpaceBody {
  const anchor = (space: string | undefined, collection: string | undefined): ContentPosition['before'] =>
    space !== undefined
      ? { type: 'space', space }
      : collection !== undefined
        ? { type: 'collection', collection }
        : undefined;
  const before = anchor(flags.before, flags['before-collection']);
  const after = anchor(flags.after, flags['after-collection']);
  const position = {
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
  const body: MoveSpaceBody = {
    ...(flags.parent === undefined ? {} : { parent: flags.parent }),
    ...(flags.root ? { parent: null } : {}),
    ...(Object.keys(position).length ? { position } : {}),
  };
  if (Object.keys(body).length === 0) {
    throw new UsageError(
      'Nothing to do: pass --parent <collection>, --root, --before <space> or --after <space> (or --before-collection/--after-collection).',
    );
  }
  return body;
}

/** The flag naming the organization a transfer goes to. */
export const toOrgFlag = Flags.string({
  description: 'Id of the organization to transfer to (you must be a member)',
  required: true,
});

/** The base of every `docs spaces ...` command that acts on one space. */
export abstract class SpaceCommand<T extends typeof Command> extends BaseCommand<T> {
  /** The client and the space (the `space` argument, or picked from the organization's at a terminal). */
  protected async target(): Promise<{ client: DocsClient; spaceId: string }> {
    const client = await this.client();
    const { space } = this.args as { space?: string };
    const spaceId = await this.argOrPick(space, 'the space id', async () =>
      pickSpace(this.prompts, client, await this.organizationId()),
    );
    return { client, spaceId };
  }
}
