import { type Space, TRANSLATION_LANGUAGES, type Organization } from '@docs-api/sdk/contract';
import { createRevision, primaryRevision, APP_HOST } from '../content.js';
import type { Store } from '../store.js';
import { placeAfter, placeLast, isPermanentlyRemoved } from '../tree.js';
import { notFound, SandboxError } from '../errors.js';
import { spaceGitSync } from '../git-sync.js';
import { reachesOrganization } from './organizations.js';

/** The document's limit on a space's title. */
export const SPACE_TITLE_MAX = 50;

/** What a new space may be given; the rest is the service's default for a new space. */
export interface NewSpace {
  organization: string;
  title: string;
  emoji?: string;
  editMode?: Space['editMode'];
  parent?: string;
  language?: Space['language'];
}

/**
 * Creates a space of the organization, last among its siblings (at the top level or in the
 * collection `parent`), with an empty primary revision: private, live, inheriting its level and
 * merge rules. Stored without what spaceView computes from the store (counts, revision, urls,
 * permissions).
 */
export function createSpaceRow(store: Store, fields: NewSpace): Space {
  const now = store.now();
  const space = {
    object: 'space',
    id: store.newId('space'),
    title: fields.title,
    ...(fields.emoji !== undefined ? { emoji: fields.emoji } : {}),
    visibility: 'private',
    editMode: fields.editMode ?? 'live',
    organization: fields.organization,
    ...(fields.parent !== undefined ? { parent: fields.parent } : {}),
    ...(fields.language !== undefined ? { language: fields.language } : {}),
    defaultLevel: 'inherit',
    mergeRules: { type: 'inherit' },
    createdAt: now,
    updatedAt: now,
  } as Space;
  store.spaces.set(space.id, space);
  placeLast(store, fields.organization, fields.parent ?? null, { kind: 'space', id: space.id });
  primaryRevision(store, space);
  return space;
}

/**
 * A copy of a space (its settings and current content, not its Git Sync), titled "Copy of …",
 * placed right after it among its siblings: `duplicateSpace` and `duplicateSiteSpace` make it.
 */
export function copySpace(store: Store, source: Space): Space {
  const content = primaryRevision(store, source);
  const id = store.newId('space');
  const now = store.now();
  const { revision: _revision, gitSync: _gitSync, deletedAt: _deletedAt, ...settings } = source;
  const revision = createRevision(store, id, content, [], `Duplicate of ${source.id} (${content.id})`);
  const copy: Space = {
    ...structuredClone(settings),
    id,
    title: `Copy of ${source.title ?? source.id}`.slice(0, SPACE_TITLE_MAX),
    createdAt: now,
    updatedAt: now,
    revision: revision.id,
  };
  store.spaces.set(id, copy);
  placeAfter(store, source.organization ?? '', source.parent ?? null, { kind: 'space', id }, source.id);
  return copy;
}

/** A live space the actor can reach (a member of its organization); 404 otherwise. */
export function requireSpace(store: Store, spaceId: string): Space {
  const space = store.spaces.get(spaceId);
  if (!space?.organization) {
    const deleted = store.deletedSpaces.get(spaceId);
    if (deleted && !isPermanentlyRemoved(store, deleted)) {
      throw new SandboxError(404, `space "${spaceId}" was deleted (it can be restored for 7 days)`);
    }
    throw notFound('space', spaceId);
  }
  // A space of an organization the actor is not in is not found, as the service answers it; any
  // other failure is the sandbox's own and is thrown as it is.
  if (!reachesOrganization(store, space.organization)) throw notFound('space', spaceId);
  return space;
}

/** A space's permissions, as its answer shows them. */
type SpacePermissions = NonNullable<Space['permissions']>;

/** What each organization role may do with a space, from least to most powerful. */
const ROLE_PERMISSIONS: Record<string, Array<keyof SpacePermissions>> = {
  read: ['view', 'access'],
  comment: ['view', 'access', 'comment'],
  edit: ['view', 'access', 'comment', 'edit'],
  review: ['view', 'access', 'comment', 'edit', 'review'],
  create: ['view', 'access', 'comment', 'edit', 'review', 'merge', 'triggerGitSync'],
  admin: [
    'view',
    'access',
    'comment',
    'edit',
    'review',
    'merge',
    'triggerGitSync',
    'admin',
    'viewInviteLinks',
    'installIntegration',
  ],
};

/**
 * The actor's permissions on a space: those of their role in its organization (guests: the
 * space's default level); someone outside it reads it only through a share key (`view`).
 */
function spacePermissions(store: Store, space: Space): Required<SpacePermissions> {
  const member = store.members.find((m) => m.organization === space.organization && m.user === store.actor);
  const role: Organization['defaultRole'] | undefined = member
    ? (member.role ?? (space.defaultLevel === 'inherit' ? null : space.defaultLevel))
    : undefined;
  const granted = new Set<keyof SpacePermissions>(
    member ? (ROLE_PERMISSIONS[role ?? ''] ?? ['view']) : ['view'],
  );
  const all = ROLE_PERMISSIONS.admin ?? [];
  return Object.fromEntries(all.map((name) => [name, granted.has(name)])) as Required<SpacePermissions>;
}

/** A language the published document lists (answers carry only those), or none. */
function documentLanguage(language: string | null | undefined): string | undefined {
  const lowered = language?.toLowerCase();
  return lowered !== undefined && (TRANSLATION_LANGUAGES as readonly string[]).includes(lowered)
    ? lowered
    : undefined;
}

/**
 * The API view of a space, with every field the published document requires: its counts
 * (change requests, open comments) and permissions derived from the store, its default level
 * (`inherit`) and merge rules (`inherit`) when none are set, an empty emoji when it has none
 * (an icon, or nothing), and absolute URLs.
 */
export function spaceView(store: Store, space: Space): Space {
  const requests = [...store.changeRequests.values()].filter((row) => row.space === space.id);
  const openComments = [...store.comments.values()].filter(
    (comment) => comment.space === space.id && comment.status !== 'resolved',
  ).length;
  const {
    parent,
    language,
    deletedAt,
    emoji,
    urls,
    gitSync: _gitSync,
    visitorAuth,
    mergeRules,
    defaultLevel,
    ...rest
  } = space;
  const known = documentLanguage(language);
  // Its Git Sync state, once an import or export set one (else a seeded `gitSync`, as given).
  const git = spaceGitSync(store, space);
  return {
    ...rest,
    object: 'space',
    title: (space.title ?? '').slice(0, SPACE_TITLE_MAX),
    emoji: emoji ?? '',
    visibility: space.visibility ?? 'private',
    editMode: space.editMode ?? 'live',
    organization: space.organization ?? '',
    ...(parent ? { parent } : {}),
    ...(known ? { language: known } : {}),
    ...(deletedAt ? { deletedAt } : {}),
    ...(git ? { gitSync: git } : {}),
    ...(visitorAuth ? { visitorAuth } : {}),
    revision: space.revision ?? primaryRevision(store, space).id,
    createdAt: space.createdAt ?? store.now(),
    updatedAt: space.updatedAt ?? space.createdAt ?? store.now(),
    mergeRules: mergeRules ?? { type: 'inherit' },
    defaultLevel: defaultLevel === undefined ? 'inherit' : defaultLevel,
    urls: {
      location: store.apiUrl(`/spaces/${space.id}`),
      app: `https://${APP_HOST}/s/${space.id}`,
      ...(urls?.icon ? { icon: urls.icon } : {}),
    },
    changeRequests: requests.length,
    changeRequestsOpen: requests.filter((row) => row.status === 'open').length,
    changeRequestsDraft: requests.filter((row) => row.status === 'draft').length,
    comments: openComments,
    permissions: spacePermissions(store, space),
  };
}

/** A transferred space leaves the sites of its former organization. */
export function unpublishSpaces(store: Store, organization: string, spaceIds: ReadonlySet<string>): void {
  for (const row of store.sites.values()) {
    if (row.organization === organization) {
      row.siteSpaces = row.siteSpaces.filter((siteSpace) => !spaceIds.has(siteSpace.space));
    }
  }
}
