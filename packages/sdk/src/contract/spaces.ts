import * as z from 'zod/mini';
import { ImportRunSchema } from './imports.js';
import { LINK_STATUSES, LinkListingSchema } from './links.js';
import { defineOperation } from './operation.js';
import {
  CONTENT_LANGUAGES,
  id,
  listOf,
  loose,
  openEnum,
  pageQuery,
  ROLES,
  strict,
  withFallback,
} from './schema.js';
import {
  MERGE_RULES,
  MERGE_RULES_PLAIN,
  MERGE_RULES_WITH_USERS,
  MergeRuleSchema,
  type MergeRule,
} from './merge-rules.js';

/** Who may open a space; the extract and the published document list the same six. */
export const SPACE_VISIBILITIES = [
  'public',
  'unlisted',
  'share-link',
  'visitor-auth',
  'in-collection',
  'private',
] as const;

/** `live`: direct edits; `locked`: all edits locked. The contract lists both. */
export const SPACE_EDIT_MODES = ['live', 'locked'] as const;
export type SpaceEditMode = (typeof SPACE_EDIT_MODES)[number];

/**
 * Languages of a space's content, from the published document (`TranslationLanguage`; the
 * extract says only "string"). Requests take only these; answers may carry others.
 */
export const SPACE_LANGUAGES = CONTENT_LANGUAGES;
export type SpaceLanguage = (typeof SPACE_LANGUAGES)[number];

/**
 * Default levels of a space or collection: a role, or `inherit` (from the parent collection or
 * the organization), from the published document (`DefaultLevel`); `null` means guests.
 */
export const DEFAULT_LEVELS = [...ROLES, 'inherit'] as const;
export type DefaultLevel = (typeof DEFAULT_LEVELS)[number] | null;
/** A default level as read: the known values are typed, `null` is "guests", other strings pass. */
export const DefaultLevelSchema = /* @__PURE__ */ z.lazy(() => z.nullable(openEnum(DEFAULT_LEVELS)));
/** A default level as sent: only the document's values. */
export const DefaultLevelInput = /* @__PURE__ */ z.lazy(() => z.nullable(z.enum(DEFAULT_LEVELS)));

/** A space's merge rules use the organization's vocabulary (merge-rules.ts), under these names too. */
export const SPACE_MERGE_RULES_WITH_USERS = MERGE_RULES_WITH_USERS;
export const SPACE_MERGE_RULES_PLAIN = MERGE_RULES_PLAIN;
export const SPACE_MERGE_RULE_NAMES = MERGE_RULES;
export const SpaceMergeRuleSchema = MergeRuleSchema;
export type SpaceMergeRule = MergeRule;

/**
 * A space's merge rules: `inherit` (the organization's), `rules` (all must pass) or `none`
 * (merging needs no review; published document only). Other forms are kept as they come.
 */
export const SpaceMergeRulesSchema = /* @__PURE__ */ z.lazy(() =>
  withFallback(
    [
      loose({ type: z.literal('inherit') }),
      loose({ type: z.literal('rules'), rules: z.optional(z.array(withFallback([SpaceMergeRuleSchema]))) }),
      loose({ type: z.literal('none') }),
    ],
    loose({ type: z.string() }),
    'type',
  ),
);
export type SpaceMergeRules = z.infer<typeof SpaceMergeRulesSchema>;

/** What the caller may do with a space (the document lists these ten). */
export const SpacePermissionsSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** Read the content. */
    view: z.optional(z.boolean()),
    /** Open the space in the application. */
    access: z.optional(z.boolean()),
    /** Change the title, install integrations and manage the space. */
    admin: z.optional(z.boolean()),
    viewInviteLinks: z.optional(z.boolean()),
    /** Edit the content through a change request. */
    edit: z.optional(z.boolean()),
    triggerGitSync: z.optional(z.boolean()),
    comment: z.optional(z.boolean()),
    merge: z.optional(z.boolean()),
    review: z.optional(z.boolean()),
    installIntegration: z.optional(z.boolean()),
  }),
);
export type SpacePermissions = z.infer<typeof SpacePermissionsSchema>;

/** A space's Git Sync state (published document: `GitSyncState`). */
export const GitSyncStateSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    repoName: z.optional(z.string()),
    /** `github`, `gitlab`, `github-legacy`, ... */
    installationProvider: z.optional(openEnum(['github', 'gitlab', 'github-legacy'])),
    /** `unauthenticated`, `active`, `pending`, ... */
    installationStatus: z.optional(openEnum(['unauthenticated', 'active', 'pending'])),
    /** Deprecated by the service: the integration providing the Git Sync. */
    integration: z.optional(z.string()),
    installationId: z.optional(z.string()),
    parentInstallationId: z.optional(z.string()),
    /** The repository tree, as linked from published content. */
    url: z.optional(z.string()),
    /** The latest operation: `state` (`running`, `failure`, `success`, `timeout`), `direction` (`export`, `import`). */
    operation: z.optional(
      loose({
        state: z.optional(openEnum(['running', 'failure', 'success', 'timeout'])),
        direction: z.optional(openEnum(['export', 'import'])),
        startedAt: z.optional(z.string()),
        endedAt: z.optional(z.string()),
        error: z.optional(z.string()),
        errorAction: z.optional(loose({ label: z.optional(z.string()), url: z.optional(z.string()) })),
      }),
    ),
    /** Milliseconds an operation may run before it is stopped. */
    operationTimeout: z.optional(z.number()),
    updatedAt: z.optional(z.string()),
  }),
);
export type GitSyncState = z.infer<typeof GitSyncStateSchema>;

export const SpaceSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('space'),
    id: z.string(),
    /** At most 50 characters (the service's limit). */
    title: z.optional(z.string()),
    /** Unicode character or code point of the emoji; empty or absent when the space has none. */
    emoji: z.nullable(z.optional(z.string())),
    /** `public`, `unlisted`, `share-link`, `visitor-auth`, `in-collection` or `private`. */
    visibility: z.optional(openEnum(SPACE_VISIBILITIES)),
    createdAt: z.optional(z.string()),
    updatedAt: z.optional(z.string()),
    /** Set on a deleted space (restorable for 7 days). */
    deletedAt: z.nullable(z.optional(z.string())),
    /** `live` (direct edits) or `locked` (all edits locked). */
    editMode: z.optional(openEnum(SPACE_EDIT_MODES)),
    /** `styleguide` for a space holding a writing style guide; absent for regular spaces (published document only). */
    type: z.optional(openEnum(['styleguide'])),
    mergeRules: z.nullable(z.optional(SpaceMergeRulesSchema)),
    urls: z.optional(
      loose({
        /** The space in the API. */
        location: z.optional(z.string()),
        /** The space in the application. */
        app: z.optional(z.string()),
        /** The published content; only when the visibility is not `private`. */
        published: z.optional(z.string()),
        /** The public content; only when the visibility is `public`. */
        public: z.optional(z.string()),
        /** The space's icon image, when it has one instead of an emoji. */
        icon: z.optional(z.string()),
      }),
    ),
    /** Id of the organization owning the space. */
    organization: z.optional(z.string()),
    /** Id of the collection the space is in; absent at the top level of the organization. */
    parent: z.nullable(z.optional(z.string())),
    /** Language of the content: `en`, `fr`, `pt-br`, ... */
    language: z.nullable(z.optional(openEnum(SPACE_LANGUAGES))),
    gitSync: z.nullable(z.optional(GitSyncStateSchema)),
    /** Import runs into the space, running or recent (only when one space is read; published document only). */
    imports: z.optional(z.array(ImportRunSchema)),
    /** The backend of authenticated access: `custom`, or `integration` with the integration's name. */
    visitorAuth: z.nullable(
      z.optional(
        loose({
          backend: z.optional(openEnum(['custom', 'integration'])),
          integration: z.optional(z.string()),
        }),
      ),
    ),
    /** Id of the active (primary) revision. */
    revision: z.optional(z.string()),
    /** A role, `inherit`, or null for guests. */
    defaultLevel: z.optional(DefaultLevelSchema),
    /** Count of opened comments. */
    comments: z.optional(z.number()),
    /** Count of change requests, all statuses. */
    changeRequests: z.optional(z.number()),
    changeRequestsOpen: z.optional(z.number()),
    changeRequestsDraft: z.optional(z.number()),
    internal_poweredByV2: z.optional(z.boolean()),
    internal_singleWebsocket: z.optional(z.boolean()),
    permissions: z.optional(SpacePermissionsSchema),
  }),
);
export type Space = z.infer<typeof SpaceSchema>;

/** The document's `Emoji`: a character or code point, at most 50 characters. */
const emojiInput = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1), z.maxLength(50)));

const SpaceMergeRuleInput = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('rule', [
    strict({
      rule: z.enum(SPACE_MERGE_RULES_WITH_USERS),
      /** The user ids the rule names. */
      users: z.array(id()),
    }),
    strict({ rule: z.enum(SPACE_MERGE_RULES_PLAIN) }),
    strict({
      rule: z.literal('custom'),
      /** An expression in the service's syntax, at most 1024 characters. */
      expression: z.string().check(z.maxLength(1024)),
      /** Shown when the expression is false. */
      message: z.optional(z.string()),
    }),
  ]),
);
export type SpaceMergeRuleInput = z.input<typeof SpaceMergeRuleInput>;

/** Merge rules of a space, as sent: `inherit`, `rules` with the rules, or `none` (published document only). */
export const SpaceMergeRulesInput = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    strict({ type: z.literal('inherit') }),
    strict({ type: z.literal('rules'), rules: z.array(SpaceMergeRuleInput) }),
    strict({ type: z.literal('none') }),
  ]),
);
export type SpaceMergeRulesInput = z.input<typeof SpaceMergeRulesInput>;

export const SpaceUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** `locked` blocks all edits of the content; setting it back to `live` is always allowed. */
    editMode: z.optional(z.enum(SPACE_EDIT_MODES)),
    /** Non-empty, at most 50 characters (the service's limit). */
    title: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
    /** A role, `inherit`, or `null` for guests (`inherit` and `null`: from the published API document). */
    defaultLevel: z.optional(DefaultLevelInput),
    /** One of the service's content languages (`SPACE_LANGUAGES`). */
    language: z.optional(z.enum(SPACE_LANGUAGES)),
    mergeRules: z.optional(SpaceMergeRulesInput),
    /** An emoji (character or code point, at most 50 characters); `null` removes it. Replaces an icon. */
    emoji: z.optional(z.nullable(emojiInput)),
    /**
     * From the published API document: URL of an icon image (at most 2048 characters); `null`
     * removes it. Replaces the emoji: give `emoji` or `icon`, not both.
     */
    icon: z.optional(
      z.nullable(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(z.maxLength(2048))),
    ),
  }).check(
    z.refine((body) => !(typeof body.emoji === 'string' && typeof body.icon === 'string'), {
      path: ['icon'],
      message: 'give an emoji or an icon, not both',
    }),
  ),
);
export type SpaceUpdateBody = z.input<typeof SpaceUpdateBody>;

/** The space or collection a moved space or collection lands before or after. */
export const PositionAnchorInput = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    strict({ type: z.literal('space'), space: id() }),
    /** From the published API document: a sibling collection as the anchor. */
    strict({ type: z.literal('collection'), collection: id() }),
  ]),
);
export type PositionAnchorInput = z.input<typeof PositionAnchorInput>;

/** Where among its new siblings a moved space or collection lands (`ContentPosition`): before or after a sibling. */
export const PositionInput = /* @__PURE__ */ z.lazy(() =>
  strict({
    before: z.optional(PositionAnchorInput),
    after: z.optional(PositionAnchorInput),
  }).check(
    z.refine((position) => position.before !== undefined || position.after !== undefined, {
      message: 'give `before` or `after`',
    }),
  ),
);
export type PositionInput = z.input<typeof PositionInput>;

/** The body of a move, for spaces and collections alike. */
export const MoveBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** The new parent collection; `null` moves to the top level of the organization. */
    parent: z.optional(z.nullable(id())),
    /** Where among the new siblings; by default, last. */
    position: z.optional(PositionInput),
  }).check(
    z.refine((body) => body.parent !== undefined || body.position !== undefined, {
      message: 'give `parent`, `position` or both: a move with neither would change nothing',
    }),
  ),
);
export type MoveBody = z.input<typeof MoveBody>;

/** The body of a transfer to another organization, for spaces and collections alike. */
export const TransferBody = /* @__PURE__ */ z.lazy(() => strict({ organization: id() }));
export type TransferBody = z.input<typeof TransferBody>;

/**
 * Wire names of query parameters. `shareKey` is the published document's name; the link
 * status filter is in the extract only, which does not name it (our choice). Listed in
 * docs/contract-notes.md; correcting one is a change here only.
 */
export const SPACE_QUERY_WIRE_NAMES = {
  /** The share key of a share-link site (the published document's `shareKey`). */
  shareKey: 'shareKey',
  /** The link status filter of `GET /v1/spaces/{spaceId}/links` (not in the published API document). */
  status: 'status',
} as const;

export const SpaceGetQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** The secret key of a share-link site that publishes the space: resolves its published URLs. */
    shareKey: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type SpaceGetQuery = z.input<typeof SpaceGetQuery>;

/** The links listing is not in the published API document: its options follow the extract. */
export const SpaceLinksQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Only links with this status (`ok`, `broken`, `in-app`). */
    status: z.optional(z.enum(LINK_STATUSES)),
  }),
);
export type SpaceLinksQuery = z.input<typeof SpaceLinksQuery>;

const AREA = 'Spaces';
const SPACE = '/v1/spaces/{spaceId}' as const;

export const listOrganizationSpaces = /* @__PURE__ */ defineOperation({
  id: 'spaces.listForOrganization',
  area: AREA,
  summary: 'List the spaces of an organization',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs/{organizationId}/spaces',
  query: () => strict({ ...pageQuery() }),
  status: 200,
  response: () => listOf(SpaceSchema),
  paginated: true,
});

export const getSpace = /* @__PURE__ */ defineOperation({
  id: 'spaces.get',
  area: AREA,
  summary: 'Get a space',
  method: 'GET',
  idempotent: true,
  path: SPACE,
  query: SpaceGetQuery,
  queryWireNames: { shareKey: SPACE_QUERY_WIRE_NAMES.shareKey },
  status: 200,
  response: SpaceSchema,
});

export const deleteSpace = /* @__PURE__ */ defineOperation({
  id: 'spaces.delete',
  area: AREA,
  summary: 'Delete a space (restorable for 7 days); deleting an absent space succeeds',
  method: 'DELETE',
  idempotent: true,
  path: SPACE,
  // The service answers 205 when it deleted the space and 204 when there was none; both read the same.
  status: 204,
});

export const updateSpace = /* @__PURE__ */ defineOperation({
  id: 'spaces.update',
  area: AREA,
  summary: "Change a space's edit mode, title, default level, language, merge rules, emoji or icon",
  method: 'PATCH',
  idempotent: true,
  path: SPACE,
  body: SpaceUpdateBody,
  status: 200,
  response: SpaceSchema,
});

export const duplicateSpace = /* @__PURE__ */ defineOperation({
  id: 'spaces.duplicate',
  area: AREA,
  summary: 'Duplicate a space',
  method: 'POST',
  idempotent: false,
  path: `${SPACE}/duplicate`,
  status: 201,
  response: SpaceSchema,
});

export const restoreSpace = /* @__PURE__ */ defineOperation({
  id: 'spaces.restore',
  area: AREA,
  summary: 'Restore a space deleted within the last 7 days',
  method: 'POST',
  idempotent: false,
  path: `${SPACE}/restore`,
  status: 200,
  response: SpaceSchema,
});

export const moveSpace = /* @__PURE__ */ defineOperation({
  id: 'spaces.move',
  area: AREA,
  summary: 'Move a space to another collection or place among its siblings',
  method: 'POST',
  idempotent: false,
  path: `${SPACE}/move`,
  body: MoveBody,
  status: 200,
  response: SpaceSchema,
});

/** Not in the published API document (0.202.0): kept from the extract. */
export const transferSpace = /* @__PURE__ */ defineOperation({
  id: 'spaces.transfer',
  area: AREA,
  summary: 'Transfer a space to another organization (not in the published API document)',
  method: 'POST',
  idempotent: false,
  path: `${SPACE}/transfer`,
  body: TransferBody,
  status: 200,
  response: SpaceSchema,
});

/** Not in the published API document (0.202.0): kept from the extract. */
export const listSpaceLinks = /* @__PURE__ */ defineOperation({
  id: 'spaces.links',
  area: AREA,
  summary:
    'List the links in the pages of a space, with counts of broken ones (not in the published API document)',
  method: 'GET',
  idempotent: true,
  path: `${SPACE}/links`,
  query: SpaceLinksQuery,
  queryWireNames: { status: SPACE_QUERY_WIRE_NAMES.status },
  status: 200,
  response: LinkListingSchema,
  paginated: true,
});

export const spaceOperations = [
  getSpace,
  deleteSpace,
  updateSpace,
  duplicateSpace,
  restoreSpace,
  moveSpace,
  transferSpace,
  listSpaceLinks,
  listOrganizationSpaces,
] as const;
