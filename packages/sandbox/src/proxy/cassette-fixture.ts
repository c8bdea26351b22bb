import { listTeamMembersInOrganizationById } from '@docs-api/sdk/contract';
import { applyFixture, FIXTURE_VERSION, FixtureError, parseFixture, type Fixture } from '../fixtures.js';
import { ROW_KIND_NAMES, ROW_KINDS, type RowKindName } from '../fixture-rows.js';
import { Store } from '../store.js';
import type { Cassette } from './cassette.js';
import { matchOperation } from './match-operation.js';
import { REDACTED } from './redact.js';

/*
 * A recorded session as a fixture file (the fixture format, version 1): the objects of the
 * cassette's successful GET answers mapped to the store's rows, so that `docs sandbox --fixtures`
 * serves them statefully. The API shows derived fields (urls, permissions, counts) that rows do
 * not keep, and hides relations that rows need (the organization of a site or team): the path
 * parameters of the request that answered an object give those. What the answers do not hold
 * (page content, site sections) is not invented beyond the empty rows references need, and
 * what cannot be mapped is skipped with its reason.
 */

export interface CassetteFixtureOptions {
  /** What the fixture is loaded on top of (default `empty`). */
  base?: 'empty' | 'demo' | 'none';
}

export interface CassetteFixtureResult {
  fixture: Fixture;
  /** Objects left out, each with why (`kind` is the API's `object` tag). */
  skipped: Array<{ kind: string; id: string; reason: string }>;
  /** Rows kept that hold a `[redacted]` value, as `kind id` (the value stays `[redacted]`). */
  redacted: string[];
  /** Rows the fixture needs that no answer held (empty revisions), as `kind id`. */
  filled: string[];
}

type Obj = Record<string, unknown>;
type Params = Record<string, string>;

const isObject = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The id of an embedded user (`createdBy`, `postedBy` ...), or of a plain id. */
const userId = (value: unknown): string | undefined => (isObject(value) ? str(value.id) : str(value));

/** `value` without the fields the sandbox computes on every read. */
function without(value: Obj, fields: readonly string[]): Obj {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !fields.includes(key)));
}

/** Keeps the defined entries only (a row's optional fields stay absent, not `undefined`). */
const defined = (value: Obj): Obj =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));

interface Builder {
  rows: Map<RowKindName, Map<string, Obj>>;
  skipped: CassetteFixtureResult['skipped'];
  filled: Set<string>;
  /** When the cassette was recorded: the date of what an answer left undated. */
  recordedAt: string;
  /** The members of each team read (`teams.members.list`, every page read), by team id. */
  teamMembers: Map<string, Obj[]>;
}

function put(builder: Builder, kind: RowKindName, row: Obj): void {
  const rows = builder.rows.get(kind) ?? new Map<string, Obj>();
  builder.rows.set(kind, rows);
  rows.set(ROW_KINDS[kind].key(row), row);
}

/** A user met embedded in another object: kept unless an answer gave the user itself. */
function embeddedUser(builder: Builder, value: unknown): void {
  if (!isObject(value) || typeof value.id !== 'string') return;
  if (builder.rows.get('users')?.has(value.id)) return;
  put(builder, 'users', userRow(value));
}

const userRow = (data: Obj): Obj => ({
  ...without(data, ['urls']),
  object: 'user',
  displayName: str(data.displayName) || str(data.id),
});

/** An empty revision of `space` for an id a space or change request names (content is not recorded). */
function revision(builder: Builder, id: unknown, space: unknown): void {
  if (typeof id !== 'string' || typeof space !== 'string') return;
  if (builder.rows.get('revisions')?.has(id)) return;
  put(builder, 'revisions', { id, space });
  builder.filled.add(`revision ${id}`);
}

/** A comment's reactions as rows: users by id (each kept as a user row). */
function reactionRows(builder: Builder, reactions: unknown): Obj[] {
  if (!Array.isArray(reactions)) return [];
  return reactions.filter(isObject).map((reaction) => ({
    emoji: reaction.emoji,
    users: (Array.isArray(reaction.users) ? reaction.users : []).filter(isObject).map((entry) => {
      embeddedUser(builder, entry.user);
      return { user: userId(entry.user), reactedAt: entry.reactedAt };
    }),
  }));
}

/** Maps one answered object to rows; a string is the reason it cannot be. */
function convert(builder: Builder, data: Obj, params: Params): string | undefined {
  const org = params.organizationId;
  switch (data.object) {
    case 'organization':
      put(builder, 'organizations', without(data, ['urls', 'permissions']));
      return;
    case 'user':
      put(builder, 'users', userRow(data));
      return;
    case 'member': {
      if (!org) return 'no organization in the request path';
      const user = userId(data.user) ?? str(data.id);
      if (!user) return 'no user';
      if (isObject(data.user)) put(builder, 'users', userRow(data.user));
      put(
        builder,
        'members',
        defined({
          organization: org,
          user,
          role: data.role ?? null,
          joinedAt: data.joinedAt,
          lastSeenAt: data.lastSeenAt,
          sso: data.sso,
        }),
      );
      return;
    }
    case 'space': {
      if (typeof data.deletedAt === 'string') return 'a deleted space';
      const row = without(data, [
        'urls',
        'permissions',
        'changeRequests',
        'changeRequestsOpen',
        'changeRequestsDraft',
        'comments',
      ]);
      const icon = isObject(data.urls) ? data.urls.icon : undefined;
      put(builder, 'spaces', { ...row, ...(icon ? { urls: { icon } } : {}) });
      revision(builder, data.revision, data.id);
      return;
    }
    case 'collection':
      put(builder, 'collections', without(data, ['object', 'urls', 'permissions']));
      return;
    case 'site': {
      if (!org) return 'no organization in the request path';
      const site = without(data, ['urls', 'permissions', 'siteSpaces', 'appliedType']);
      put(builder, 'sites', {
        site,
        organization: org,
        sections: [],
        siteSpaces: [],
        // The share key is a secret the site's answer does not show: a new one.
        shareKey: `share_${String(data.id)}`,
        adaptiveSchema: {
          jsonSchema: {},
          updatedAt: str(data.updatedAt) ?? str(data.createdAt) ?? builder.recordedAt,
        },
        integrations: [],
      });
      return;
    }
    case 'team':
      if (!org) return 'no organization in the request path';
      put(builder, 'teams', {
        id: data.id,
        organization: org,
        title: data.title,
        createdAt: data.createdAt,
        members: [],
        spaces: [],
      });
      return;
    case 'change-request': {
      const space = str(data.space) ?? params.spaceId;
      const createdBy = userId(data.createdBy);
      if (!space || !createdBy) return 'no space or no creator';
      embeddedUser(builder, data.createdBy);
      embeddedUser(builder, data.mergedBy);
      put(
        builder,
        'changeRequests',
        defined({
          ...without(data, ['object', 'urls', 'comments', 'outdated', 'permissions']),
          space,
          createdBy,
          mergedBy: userId(data.mergedBy),
          contributors: [],
          reviewers: [],
          links: Array.isArray(data.links) ? data.links : [],
        }),
      );
      for (const field of ['revision', 'revisionInitial', 'revisionMergedAncestor', 'revisionMerged'])
        revision(builder, data[field], space);
      return;
    }
    case 'comment': {
      const target = isObject(data.target) ? data.target : {};
      const changeRequest = str(target.changeRequest) ?? params.changeRequestId;
      const space = str(target.space) ?? params.spaceId;
      const postedBy = userId(data.postedBy);
      if (!changeRequest || !space || !postedBy)
        return 'not a comment of a change request (only those are kept)';
      if (typeof data.replies === 'number' && data.replies > 0)
        builder.skipped.push({
          kind: 'reply',
          id: `${String(data.id)} (${data.replies})`,
          reason: 'replies are not recorded with their comment: the comment is kept without them',
        });
      embeddedUser(builder, data.postedBy);
      const body = isObject(data.body) ? data.body : {};
      put(
        builder,
        'comments',
        defined({
          id: data.id,
          changeRequest,
          space,
          revision: str(target.revision),
          postedBy,
          postedAt: data.postedAt,
          editedAt: data.editedAt,
          markdown: str(body.markdown) ?? '',
          document: isObject(body.document) ? body.document : undefined,
          page: isObject(target.page) ? target.page.id : undefined,
          node: isObject(target.node) ? target.node.id : undefined,
          status: data.status,
          resolvedAt: data.resolvedAt,
          resolvedBy: userId(data.resolvedBy),
          reactions: reactionRows(builder, data.reactions),
          replies: [],
        }),
      );
      return;
    }
    case 'translation':
      if (!org) return 'no organization in the request path';
      put(
        builder,
        'translations',
        defined({ ...without(data, ['object', 'urls', 'permissions']), organization: org }),
      );
      return;
    case 'glossary-entry':
      if (!org) return 'no organization in the request path';
      put(builder, 'glossary', { ...without(data, ['object', 'urls', 'permissions']), organization: org });
      return;
    case 'openapi-spec':
      if (!org) return 'no organization in the request path';
      if (data.processingState === 'pending')
        return 'still processing when recorded (the sandbox would fetch its source again)';
      put(
        builder,
        'openapiSpecs',
        defined({
          ...without(data, ['object', 'urls', 'permissions', 'lastProcessedErrorCount']),
          organization: org,
        }),
      );
      return;
    default:
      return `no row kind of the fixture format holds a "${String(data.object)}" answered this way`;
  }
}

/**
 * A page of a team's members (`{ organization: member, team: { role } }` items, no `object`
 * tag): the team row's members, the organization members and their users too.
 */
function teamMembers(builder: Builder, body: unknown, params: Params): void {
  const items = isObject(body) && Array.isArray(body.items) ? body.items.filter(isObject) : [];
  if (!params.teamId) return;
  const members = builder.teamMembers.get(params.teamId) ?? [];
  builder.teamMembers.set(params.teamId, members);
  for (const item of items) {
    const member = isObject(item.organization) ? item.organization : undefined;
    const user = userId(member?.user) ?? str(member?.id);
    if (!member || !user) continue;
    convert(builder, member, params);
    const role = isObject(item.team) && item.team.role === 'owner' ? 'owner' : 'member';
    if (!members.some((entry) => entry.user === user)) members.push({ user, role });
  }
}

/** The objects of a successful GET answer: the object itself, or each item of a list. */
function answered(body: unknown): Obj[] {
  const isRow = (value: unknown): value is Obj =>
    isObject(value) && typeof value.object === 'string' && typeof value.id === 'string';
  if (isRow(body)) return [body];
  const items = isObject(body) ? body.items : undefined;
  return Array.isArray(items) ? items.filter(isRow) : [];
}

/** Tries the fixture on a fresh store; the first failing row index of each kind named goes. */
function prune(fixture: Fixture, skipped: CassetteFixtureResult['skipped']): Fixture {
  // Bounded: each round removes at least one row or ends.
  for (let round = 0; round < 1000; round++) {
    try {
      applyFixture(new Store(), parseFixture(structuredClone(fixture)), 'empty');
      return fixture;
    } catch (error) {
      if (!(error instanceof FixtureError)) throw error;
      const drop = new Map<RowKindName, Map<number, string>>();
      for (const issue of error.issues) {
        if (issue.path === 'actor') {
          delete fixture.actor;
          continue;
        }
        const match = /^(\w+)\[(\d+)\]/.exec(issue.path);
        const kind = match?.[1] as RowKindName | undefined;
        if (!match || !kind || !ROW_KIND_NAMES.includes(kind)) throw error;
        const rows = drop.get(kind) ?? new Map<number, string>();
        drop.set(kind, rows);
        if (!rows.has(Number(match[2]))) rows.set(Number(match[2]), `${issue.path}: ${issue.message}`);
      }
      for (const [kind, indices] of drop) {
        const rows = fixture[kind] ?? [];
        for (const [index, reason] of indices) {
          skipped.push({ kind, id: ROW_KINDS[kind].key(rows[index] ?? {}), reason });
        }
        fixture[kind] = rows.filter((_, index) => !indices.has(index));
      }
    }
  }
  throw new Error('cassette to fixture: the rows could not be made to load');
}

/**
 * The fixture (format version 1) a cassette's successful GET answers make: organizations,
 * users, members, spaces, collections, sites, teams, change requests, comments, translations,
 * glossary entries and OpenAPI specs, the latest answer for an object winning. Rows that would
 * not load (a reference to an object the cassette and the base lack, a value the row schema
 * refuses) are left out and listed in `skipped`.
 */
export function cassetteToFixture(
  cassette: Cassette,
  options: CassetteFixtureOptions = {},
): CassetteFixtureResult {
  const builder: Builder = {
    rows: new Map(),
    skipped: [],
    filled: new Set(),
    recordedAt: cassette.recordedAt,
    teamMembers: new Map(),
  };
  for (const { request, response } of cassette.entries) {
    if (request.method !== 'GET' || response.status < 200 || response.status >= 300) continue;
    const matched = matchOperation(request.method, request.path);
    if (!matched) continue;
    if (matched.operation.id === listTeamMembersInOrganizationById.id) {
      teamMembers(builder, response.body, matched.params);
      continue;
    }
    for (const data of answered(response.body)) {
      const reason = convert(builder, data, matched.params);
      if (reason) builder.skipped.push({ kind: String(data.object), id: String(data.id), reason });
    }
  }
  for (const [team, members] of builder.teamMembers) {
    const row = builder.rows.get('teams')?.get(team);
    if (row) row.members = members;
    else builder.skipped.push({ kind: 'team members', id: team, reason: 'the team itself was not read' });
  }
  const fixture: Fixture = { version: FIXTURE_VERSION, base: options.base ?? 'empty' };
  for (const name of ROW_KIND_NAMES) {
    const rows = builder.rows.get(name);
    if (rows?.size) fixture[name] = [...rows.values()];
  }
  // The first user of the first organization acts, unless the base has its own actor.
  if ((options.base ?? 'empty') !== 'demo' && fixture.members?.length)
    fixture.actor = String(fixture.members[0]!.user);
  const skipped = builder.skipped;
  // Skipped objects may be seen more than once (read in a list and alone): one line each.
  const pruned = prune(fixture, skipped);
  if (pruned.actor && !pruned.users?.some((row) => row.id === pruned.actor)) delete pruned.actor;
  // The empty revisions made for a space or change request left out go with it.
  const named = new Set(
    [...(pruned.spaces ?? []), ...(pruned.changeRequests ?? [])].flatMap((row) =>
      ['revision', 'revisionInitial', 'revisionMergedAncestor', 'revisionMerged'].map((field) => row[field]),
    ),
  );
  if (pruned.revisions) {
    pruned.revisions = pruned.revisions.filter((row) => named.has(row.id));
    if (!pruned.revisions.length) delete pruned.revisions;
  }
  const seen = new Set<string>();
  const redacted: string[] = [];
  for (const name of ROW_KIND_NAMES)
    for (const row of pruned[name] ?? [])
      if (JSON.stringify(row).includes(JSON.stringify(REDACTED)))
        redacted.push(`${name} ${ROW_KINDS[name].key(row)}`);
  return {
    fixture: pruned,
    skipped: skipped.filter((entry) => {
      const key = `${entry.kind} ${entry.id} ${entry.reason}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
    redacted,
    filled: [...builder.filled].filter((entry) =>
      pruned.revisions?.some((row) => `revision ${String(row.id)}` === entry),
    ),
  };
}
