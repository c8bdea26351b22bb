import { createHash } from 'node:crypto';
import * as z from 'zod';
import type { RowKindName } from './fixture-kinds.js';
import type { Store } from './store.js';

export { ROW_KIND_NAMES, type RowKindName } from './fixture-kinds.js';

/*
 * The rows of the fixture format, one schema per kind of object the store holds. Objects are
 * loose: a field not listed here is kept as given (so a row kind that gains a field needs, at
 * most, one line here to check it); the fields listed are the ones the handlers rely on, checked
 * with the values they allow. Schemas fill what a hand-written row may leave out (the `object`
 * tag, empty lists), so that `{ "id": "space_a", "title": "A", "organization": "org_acme" }` is
 * a space.
 */

const T0 = '2026-01-05T09:00:00.000Z';
const id = z.string().min(1, 'must be a non-empty id');
const date = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date such as 2026-01-05T09:00:00.000Z',
});
const role = z.enum(['admin', 'create', 'edit', 'review', 'comment', 'read']).nullable();
const list = <T extends z.ZodType>(item: T) => z.array(item).default([]);
const loose = z.looseObject({});
const document = z.looseObject({ object: z.literal('document').default('document') });

const organization = z.looseObject({
  object: z.literal('organization').default('organization'),
  id,
  title: z.string().min(1),
  type: z.string().default('business'),
  plan: z.string().default('free_2024'),
  sso: z.boolean().default(false),
  inviteLinks: z.boolean().default(true),
  mergeRules: z.looseObject({ type: z.string() }).default({ type: 'none' }),
  trial: z
    .looseObject({ status: z.string(), count: z.number() })
    .default({ status: 'notapplicable', count: 0 }),
  defaultRole: role.default('read'),
  createdAt: date.default(T0),
});

const user = z.looseObject({
  object: z.literal('user').default('user'),
  id,
  displayName: z.string().min(1),
  email: z.string().optional(),
});

const member = z.looseObject({
  organization: id,
  user: id,
  role: role,
  joinedAt: date.default(T0),
  lastSeenAt: date.optional(),
  sso: z.boolean().optional(),
});

const space = z.looseObject({
  object: z.literal('space').default('space'),
  id,
  title: z.string(),
  organization: id,
  visibility: z.string().default('private'),
  editMode: z.enum(['live', 'locked']).or(z.string()).default('live'),
  defaultLevel: z.string().nullable().default('inherit'),
  mergeRules: z.looseObject({ type: z.string() }).optional(),
  createdAt: date.default(T0),
  updatedAt: date.default(T0),
  parent: id.optional(),
  revision: id.optional(),
});

const deletedSpace = space.extend({ deletedAt: date });

const collection = z.looseObject({
  id,
  organization: id,
  title: z.string(),
  parent: id.optional(),
  defaultLevel: z.string().nullable().default('inherit'),
});

const rank = z.looseObject({ id, rank: z.number().int() });

const site = z.looseObject({
  site: z.looseObject({ object: z.literal('site').default('site'), id, title: z.string(), type: z.string() }),
  organization: id,
  sections: list(z.looseObject({ id, title: z.string(), path: z.string(), draft: z.boolean().optional() })),
  siteSpaces: list(
    z.looseObject({
      id,
      space: id,
      section: z.string(),
      path: z.string(),
      title: z.string().optional(),
      draft: z.boolean().optional(),
      hidden: z.boolean().optional(),
      pageId: z.string().optional(),
    }),
  ),
  shareKey: z.string(),
  adaptiveSchema: z.looseObject({ jsonSchema: z.record(z.string(), z.unknown()), updatedAt: date }),
  integrations: list(z.string()),
});

const integration = z.looseObject({
  integration: z.looseObject({ name: z.string().min(1) }),
  owner: id,
  secrets: z.record(z.string(), z.string()).optional(),
  failEvents: z.boolean().optional(),
});

const shareLink = z.looseObject({
  id,
  site: id,
  name: z.string().max(50).default(''),
  key: z.string().min(8, 'must be a secret of 8 characters or more'),
  active: z.boolean().default(true),
  createdAt: date.default(T0),
});

/** The published document's `SiteRedirectSourcePath`. */
const REDIRECT_SOURCE =
  /^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/;
const siteRedirect = z.looseObject({
  id,
  site: id,
  source: z.string().max(512).regex(REDIRECT_SOURCE, 'must be a path such as /old-page or /guides/*'),
  destination: z.discriminatedUnion('kind', [
    z.looseObject({ kind: z.literal('site-section'), siteSectionId: id }),
    z.looseObject({ kind: z.literal('site-space'), siteSpaceId: id }),
    z.looseObject({ kind: z.literal('site-page'), siteSpaceId: id, pageId: id }),
    z.looseObject({ kind: z.literal('external'), url: z.url() }),
  ]),
  draft: z.boolean().default(false),
  captureWildcard: z.boolean().default(false),
  permanent: z.boolean().default(false),
  createdAt: date.default(T0),
  updatedAt: date.optional(),
});

interface PageInput {
  id: string;
  type?: 'document' | 'group' | 'link' | undefined;
  target?: unknown;
  markdown?: string | undefined;
  pages?: PageInput[];
  [key: string]: unknown;
}
const linkTarget = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.literal('page'), page: id }),
  z.looseObject({ kind: z.literal('file'), file: id }),
  z.looseObject({ kind: z.literal('url'), url: z.string() }),
]);
const page: z.ZodType<PageInput> = z.lazy(() =>
  z.looseObject({
    id,
    /** Absent: a document. */
    type: z.enum(['document', 'group', 'link']).optional(),
    title: z.string(),
    slug: z.string(),
    markdown: z.string().optional(),
    /** A link page's target. */
    target: linkTarget.optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
    createdAt: date.default(T0),
    updatedAt: date.default(T0),
    links: list(z.looseObject({ target: linkTarget, relation: z.string() })),
    pages: list(page),
  }),
);

/** The shape rules of a page tree: groups at the root only, link pages with a target and no pages. */
function checkTree(
  pages: readonly PageInput[],
  context: z.core.$RefinementCtx,
  path: PropertyKey[],
  root: boolean,
) {
  pages.forEach((row, index) => {
    const at = [...path, index];
    if (row.type === 'group' && !root)
      context.addIssue({
        code: 'custom',
        path: [...at, 'type'],
        message: 'a group page is at the root only',
      });
    if (row.type === 'link') {
      if (row.target === undefined)
        context.addIssue({
          code: 'custom',
          path: [...at, 'target'],
          message: 'a link page needs its target',
        });
      if (row.pages?.length)
        context.addIssue({ code: 'custom', path: [...at, 'pages'], message: 'a link page holds no pages' });
    }
    if (row.type !== undefined && row.type !== 'document' && row.markdown !== undefined)
      context.addIssue({
        code: 'custom',
        path: [...at, 'markdown'],
        message: `a ${row.type} page has no body`,
      });
    checkTree(row.pages ?? [], context, [...at, 'pages'], false);
  });
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be the SHA-256 of the bytes, in hex');

const revision = z
  .looseObject({
    id,
    space: id,
    parents: list(id),
    createdAt: date.default(T0),
    type: z.enum(['edits', 'merge', 'update']).optional(),
    message: z.string().default(''),
    pages: list(page),
    files: list(
      z.looseObject({
        id,
        name: z.string(),
        contentType: z.string(),
        size: z.number(),
        /** Its bytes: a row of `blobs`. */
        blob: sha256.optional(),
      }),
    ),
    reusableContents: list(z.looseObject({ id, title: z.string() })),
    variables: z.record(z.string(), z.string()).default({}),
  })
  .superRefine((row, context) => checkTree(row.pages, context, ['pages'], true));

/** A file's bytes, as base64, keyed by their SHA-256 (checked on load). */
const blob = z
  .looseObject({ id: sha256, base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64 text') })
  .superRefine((row, context) => {
    const hash = createHash('sha256').update(Buffer.from(row.base64, 'base64')).digest('hex');
    if (hash !== row.id)
      context.addIssue({
        code: 'custom',
        path: ['id'],
        message: `is not the SHA-256 of the bytes (${hash})`,
      });
  });

/** A repository URL kept by the sandbox: never with credentials. */
const repositoryUrl = z.string().refine((url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url), {
  message: 'must not hold credentials (user:password@): the sandbox keeps repository URLs without them',
});

const gitSync = z.looseObject({
  space: id,
  installationId: id,
  provider: z.enum(['github', 'gitlab']),
  url: repositoryUrl,
  repoName: z.string(),
  updatedAt: date,
  operation: z
    .looseObject({
      direction: z.enum(['import', 'export']),
      state: z.enum(['running', 'success', 'failure']),
      outcome: z.enum(['success', 'failure']),
      ref: z.string(),
      startedAt: date,
      endedAt: date.optional(),
      error: z.string().optional(),
      reads: z.number().int().nonnegative().default(0),
      revision: id.optional(),
      standalone: z.boolean().optional(),
    })
    .optional(),
});

const changeRequest = z.looseObject({
  id,
  space: id,
  number: z.number().int().positive(),
  status: z.enum(['draft', 'open', 'archived', 'merged']),
  subject: z.string().max(100),
  description: document.optional(),
  createdBy: id,
  createdAt: date.default(T0),
  updatedAt: date.default(T0),
  revision: id,
  revisionInitial: id,
  links: list(loose),
  contributors: list(z.looseObject({ user: id, count: z.number().int(), updatedAt: date })),
  reviewers: list(z.looseObject({ user: id, requestedBy: id, createdAt: date, revision: id })),
});

const reaction = z.looseObject({
  emoji: z.string(),
  users: list(z.looseObject({ user: id, reactedAt: date })),
});
const comment = z.looseObject({
  id,
  /** Absent: a comment on the space's live content. */
  changeRequest: id.optional(),
  space: id,
  revision: id,
  postedBy: id,
  postedAt: date,
  markdown: z.string(),
  status: z.enum(['open', 'resolved']).default('open'),
  reactions: list(reaction),
  replies: list(
    z.looseObject({ id, postedBy: id, postedAt: date, markdown: z.string(), reactions: list(reaction) }),
  ),
});

const team = z.looseObject({
  id,
  organization: id,
  title: z.string().min(1).max(64),
  createdAt: date.default(T0),
  members: list(z.looseObject({ user: id, role: z.enum(['owner', 'member']) })),
  spaces: list(id),
});

const stats = z.looseObject({
  runs: z.number().int().default(0),
  totalWords: z.number().default(0),
  totalPages: z.number().default(0),
  totalDuration: z.number().default(0),
  latestRunDuration: z.number().default(0),
  latestPages: z.number().default(0),
  latestWords: z.number().default(0),
});
const translation = z.looseObject({
  id,
  organization: id,
  status: z.string().default('pending'),
  source: z.looseObject({ space: id, language: z.string() }),
  language: z.string(),
  createdAt: date.default(T0),
  updatedAt: date.default(T0),
  stats: stats.default(stats.parse({})),
  run: z.looseObject({ startedAt: date, reads: z.number().int() }).optional(),
  failRuns: z.boolean().optional(),
});

const glossaryEntry = z.looseObject({
  id,
  organization: id,
  translations: z.record(z.string(), z.string()),
  createdAt: date.default(T0),
  updatedAt: date.default(T0),
});

const samlProvider = z.looseObject({
  id,
  organization: id,
  label: z.string(),
  defaultRole: role.default('read'),
  createdAt: date.default(T0),
});

const conversation = z.looseObject({
  id,
  organization: id,
  source: z.string(),
  createdAt: date,
  processedAt: date,
  parts: list(z.looseObject({ type: z.string(), role: z.string(), body: z.string() })),
  metadata: z.looseObject({ attributes: z.record(z.string(), z.string()).default({}), createdAt: date }),
});

const issuesCluster = z.looseObject({
  id,
  organization: id,
  label: z.string(),
  icon: z.string(),
  summary: z.string(),
  createdAt: date,
  keywords: list(z.string()),
});

const conversationIssue = z.looseObject({
  id,
  organization: id,
  conversation: id,
  cluster: id,
  title: z.string(),
  summary: z.string(),
  createdAt: date,
  ingestedAt: date,
});

const invite = z.looseObject({ id, organization: id, role, createdAt: date.default(T0) });

const agentInstructions = z.looseObject({
  organization: id,
  instructions: document,
  updatedAt: date,
  updatedBy: id,
});

const openapiSpec = z.looseObject({
  id,
  organization: id,
  slug: z.string().min(1),
  sourceURL: z.string().optional(),
  sourceText: z.string().optional(),
  processingState: z.string().default('pending'),
  visibility: z.enum(['private', 'public']).default('private'),
  createdAt: date.default(T0),
  updatedAt: date.default(T0),
});

const installation = z
  .looseObject({
    id,
    organization: id,
    integration: z.string(),
    target: z.enum(['organization', 'site', 'space']),
    site: id.optional(),
    space: id.optional(),
    installation: id.optional(),
    status: z.string(),
    createdAt: date.default(T0),
    spaceSelection: z.enum(['all', 'selected']).optional(),
    siteSelection: z.enum(['all', 'selected']).optional(),
  })
  .check((ctx) => {
    const row = ctx.value;
    if ((row.target === 'site' || row.target === 'space') && !row[row.target])
      ctx.issues.push({
        code: 'custom',
        input: row,
        path: [row.target],
        message: `a ${row.target} installation names its ${row.target}`,
      });
  });

const integrationEvent = z.looseObject({
  id,
  integration: z.string().min(1),
  installation: id.optional(),
  createdAt: date.default(T0),
  status: z.enum(['success', 'failed']).default('success'),
  payload: z.looseObject({ type: z.string().min(1), eventId: z.string() }),
  logs: list(
    z.looseObject({
      level: z.enum(['debug', 'info', 'warn', 'error']),
      message: z.string(),
      timestamp: date,
    }),
  ),
});

const openapiSpecVersion = z.looseObject({
  id,
  spec: id,
  createdAt: date.default(T0),
  sourceURL: z.string().optional(),
  text: z.string().optional(),
});

const importRun = z.looseObject({
  id,
  organization: id,
  source: z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('website'), url: z.string() }),
    z.looseObject({ type: z.literal('file'), files: z.array(z.string()) }),
  ]),
  target: z.looseObject({ space: id }),
  enhance: z.boolean().default(true),
  status: z.string(),
  createdBy: id,
  createdAt: date,
  startedAt: date,
  updatedAt: date,
  pages: list(
    z.looseObject({ id, type: z.enum(['page', 'folder']), status: z.enum(['pending', 'complete']) }),
  ),
});

const permission = z.looseObject({
  target: z.enum(['space', 'collection', 'site']),
  targetId: id,
  principal: z.enum(['user', 'team']),
  principalId: id,
  role,
  createdAt: date.default(T0),
});

const resource = z.looseObject({
  family: z
    .string()
    .startsWith('/v1/', 'must be a collection path of the contract, such as /v1/orgs/{organizationId}/fonts'),
  scope: z.string(),
  id,
  value: z.looseObject({}),
});

/** How the rows of one kind live in the store: read in order, keyed, written back. */
interface RowKind {
  schema: z.ZodType;
  describe: string;
  rows(store: Store): Array<[key: string, row: unknown]>;
  set(store: Store, key: string, row: unknown): void;
  delete(store: Store, key: string): void;
  key(row: Record<string, unknown>): string;
}

type MapName = {
  [K in keyof Store]: Store[K] extends Map<string, unknown> ? K : never;
}[keyof Store];

/** A kind kept in one of the store's maps, keyed by `key(row)`. */
function mapKind(
  name: MapName,
  schema: z.ZodType,
  describe: string,
  key = (row: Record<string, unknown>) => String(row.id),
): RowKind {
  const map = (store: Store) => store[name] as Map<string, unknown>;
  return {
    schema,
    describe,
    key,
    rows: (store) => [...map(store)],
    set: (store, k, row) => void map(store).set(k, row),
    delete: (store, k) => void map(store).delete(k),
  };
}

/**
 * Every kind of row, by its name in the fixture format (loaded in the order of `ROW_KIND_NAMES`).
 * Adding a kind to the store means adding one entry here and its name there.
 */
export const ROW_KINDS = {
  users: mapKind('users', user, 'users (id, displayName, email)'),
  organizations: mapKind('organizations', organization, 'organizations (id, title, ...)'),
  members: {
    schema: member,
    describe: 'memberships (organization, user, role)',
    key: (row) => `${String(row.organization)}/${String(row.user)}`,
    rows: (store) => store.members.map((row) => [`${row.organization}/${row.user}`, row]),
    set: (store, key, row) => {
      const index = store.members.findIndex((m) => `${m.organization}/${m.user}` === key);
      if (index === -1) store.members.push(row as Store['members'][number]);
      else store.members[index] = row as Store['members'][number];
    },
    delete: (store, key) => {
      const index = store.members.findIndex((m) => `${m.organization}/${m.user}` === key);
      if (index !== -1) store.members.splice(index, 1);
    },
  } satisfies RowKind,
  invites: mapKind('invites', invite, 'invite links'),
  agentInstructions: {
    schema: agentInstructions,
    describe: 'agent instructions, one per organization',
    key: (row) => String(row.organization),
    rows: (store) => [...store.agentInstructions].map(([key, row]) => [key, { organization: key, ...row }]),
    set: (store, key, row) => {
      const { organization: _organization, ...rest } = row as { organization: string };
      store.agentInstructions.set(key, rest as never);
    },
    delete: (store, key) => void store.agentInstructions.delete(key),
  } satisfies RowKind,
  collections: mapKind('collections', collection, 'collections'),
  spaces: mapKind('spaces', space, 'spaces'),
  deletedSpaces: mapKind(
    'deletedSpaces',
    deletedSpace,
    'deleted spaces, restorable for 7 days after deletedAt',
  ),
  ranks: {
    schema: rank,
    describe: 'places of spaces and collections among their siblings',
    key: (row) => String(row.id),
    rows: (store) => [...store.ranks].map(([key, value]) => [key, { id: key, rank: value }]),
    set: (store, key, row) => void store.ranks.set(key, (row as { rank: number }).rank),
    delete: (store, key) => void store.ranks.delete(key),
  } satisfies RowKind,
  blobs: {
    schema: blob,
    describe: 'bytes of files (base64), by their SHA-256',
    key: (row) => String(row.id),
    rows: (store) => [...store.blobs].map(([key, base64]) => [key, { id: key, base64 }]),
    set: (store, key, row) => void store.blobs.set(key, (row as { base64: string }).base64),
    delete: (store, key) => void store.blobs.delete(key),
  } satisfies RowKind,
  revisions: mapKind('revisions', revision, 'revisions of spaces and change requests'),
  sites: mapKind('sites', site, 'sites', (row) => String((row.site as { id: string }).id)),
  siteShareLinks: mapKind('siteShareLinks', shareLink, 'share links of sites (their keys are secrets)'),
  siteRedirects: mapKind('siteRedirects', siteRedirect, 'redirects of sites'),
  integrations: mapKind('integrations', integration, 'integrations', (row) =>
    String((row.integration as { name: string }).name),
  ),
  installations: mapKind('installations', installation, 'integration installations'),
  integrationEvents: mapKind('integrationEvents', integrationEvent, "integrations' execution logs"),
  changeRequests: mapKind('changeRequests', changeRequest, 'change requests'),
  comments: mapKind('comments', comment, 'comments of change requests'),
  teams: mapKind('teams', team, 'teams'),
  translations: mapKind('translations', translation, 'translations'),
  glossary: mapKind('glossary', glossaryEntry, 'glossary entries'),
  samlProviders: mapKind('samlProviders', samlProvider, 'SAML providers'),
  issuesClusters: mapKind('issuesClusters', issuesCluster, 'clusters of conversation issues'),
  conversations: mapKind(
    'conversations',
    conversation,
    'ingested conversations',
    (row) => `${String(row.organization)}/${String(row.id)}`,
  ),
  conversationIssues: mapKind('conversationIssues', conversationIssue, 'issues found in conversations'),
  openapiSpecs: mapKind('openapiSpecs', openapiSpec, 'OpenAPI specs'),
  openapiSpecVersions: mapKind('openapiVersions', openapiSpecVersion, 'processed versions of OpenAPI specs'),
  importRuns: mapKind('importRuns', importRun, 'import runs'),
  gitSync: mapKind('gitSync', gitSync, 'Git Sync state of spaces, by space', (row) => String(row.space)),
  permissions: mapKind(
    'permissions',
    permission,
    'roles given to users and teams on spaces, collections and sites',
    (row) =>
      `${String(row.target)}/${String(row.targetId)}/${String(row.principal)}/${String(row.principalId)}`,
  ),
  resources: mapKind(
    'resources',
    resource,
    'objects of the families the resource engine keeps (family: the collection path, scope: the parent ids)',
    (row) => `${String(row.family)}|${String(row.scope)}|${String(row.id)}`,
  ),
} satisfies Record<RowKindName, RowKind>;
