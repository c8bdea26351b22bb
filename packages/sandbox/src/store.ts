import type {
  DefaultLevel,
  JSONDocumentParam,
  Integration,
  Organization,
  Site,
  SiteAdaptiveJSONSchemaParam,
  Space,
  TableCellTargetParam,
  User,
} from '@docs-api/sdk';
import type { RevisionRow } from './content-rows.js';
import type { ProcessingResult } from './openapi-processing.js';

/*
 * Its declarations are public (`sandbox.store`), so they name only the SDK's object types (which
 * `@docs-api/sdk` exports beside `DocsClient`) and the sandbox's own rows: nothing that reaches
 * the contract's operations, zod or hono.
 */

/** Rows are the API's own objects plus the relations the API does not show. */
export interface MemberRow {
  organization: string;
  user: string;
  role: Organization['defaultRole'];
  joinedAt: string;
  /** When the member was last active (a ping); absent for someone never seen. */
  lastSeenAt?: string;
  /** Added through single sign-on. */
  sso?: boolean;
}

/** An invite link of an organization (the contract only shows deleting them). */
export interface InviteRow {
  id: string;
  organization: string;
  /** The role on the organization (an invite to it). */
  role: Organization['defaultRole'];
  /** An invite to one space or collection of the organization: which, and the level it gives. */
  space?: string;
  collection?: string;
  level?: Organization['defaultRole'];
  createdAt: string;
}

export interface AgentInstructionsRow {
  instructions: JSONDocumentParam;
  updatedAt: string;
  /** User id. */
  updatedBy: string;
}

/** A collection: a nestable group of spaces of an organization. */
export interface CollectionRow {
  id: string;
  organization: string;
  title: string;
  description?: string;
  /** The parent collection's id; none at the top level of the organization. */
  parent?: string;
  /** A role, `inherit`, or null for guests. */
  defaultLevel: DefaultLevel;
}

export interface SiteSpaceRow {
  id: string;
  space: string;
  section: string;
  path: string;
  /** The site's own title for it; the space's title when absent. */
  title?: string;
  /** Draft: listed for editors, left out of the published view. */
  draft?: boolean;
  /** Hidden from the site's navigation (still published). */
  hidden?: boolean;
  condition?: string;
  /** A page of the space shown at the site space's root instead of its first page. */
  pageId?: string;
}

export interface SiteSectionRow {
  id: string;
  title: string;
  description?: string;
  path: string;
  condition?: string;
  draft?: boolean;
  icon?: string;
}

/** A share link of a site: its key opens the site's published content (see handlers/site-share-links.ts). */
export interface ShareLinkRow {
  id: string;
  site: string;
  name: string;
  /** The secret in the link's URL; shown only in the create and list answers. */
  key: string;
  active: boolean;
  createdAt: string;
}

/** Where a site redirect points (the published document's `SiteRedirectDestination`). */
export type SiteRedirectDestinationRow =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string }
  | { kind: 'external'; url: string };

/** A redirect of a site; one live and one draft redirect at most per source. */
export interface SiteRedirectRow {
  id: string;
  site: string;
  source: string;
  destination: SiteRedirectDestinationRow;
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
  createdAt: string;
  /** Absent until the redirect is changed after its creation. */
  updatedAt?: string;
}

/** A processed version of an OpenAPI spec: recorded each time processing ends without errors. */
export interface OpenApiVersionRow {
  id: string;
  /** The spec row's id. */
  spec: string;
  createdAt: string;
  /** The source it was processed from: a URL, and the text when the sandbox read one. */
  sourceURL?: string;
  text?: string;
}

/** One entry of an integration's execution log (see handlers/integration-installations.ts). */
export interface IntegrationEventRow {
  id: string;
  /** The integration's name. */
  integration: string;
  /** The organization installation the event was delivered to (it may be uninstalled since). */
  installation?: string;
  createdAt: string;
  status: 'success' | 'failed';
  /** The event as delivered: the published document's `Event` (`type`, `eventId`, ...). */
  payload: { type: string; eventId: string } & Record<string, unknown>;
  logs: Array<{ level: 'debug' | 'info' | 'warn' | 'error'; message: string; timestamp: string }>;
}

export interface SiteRow {
  site: Site;
  organization: string;
  sections: SiteSectionRow[];
  siteSpaces: SiteSpaceRow[];
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  shareKey: string;
  adaptiveSchema: { jsonSchema: SiteAdaptiveJSONSchemaParam; updatedAt: string };
  /** Names of the integrations enabled on the site. */
  integrations: string[];
  /** The customization set (domain/site-settings.ts lays it over the defaults). */
  customization?: Record<string, unknown>;
  /** Overrides of the customization, by site space id. */
  spaceCustomizations?: Record<string, Record<string, unknown>>;
  agentSettings?: Record<string, unknown> & { updatedAt: string; updatedBy: string };
  /** Made on first read: the backend, the URLs set and the signing key. */
  publishingAuth?: Record<string, unknown> & { privateKey: string };
  /** Events sent by `trackEventsInSiteById`, oldest first, with the time each was received. */
  events?: Array<Record<string, unknown> & { receivedAt: string }>;
}

export interface IntegrationRow {
  /**
   * The integration as last published (or seeded), complete as the API shows it: other areas
   * answer it as is (a site's integrations). The integrations handlers answer
   * `integrationView`, which refreshes what depends on the caller and the origin reached.
   */
  integration: Integration;
  /** Id of the organization that owns it. */
  owner: string;
  /** URL of the script the integration injects into sites, if any. */
  script?: string;
  cookies?: boolean;
  /** The script content of the last published version. */
  scriptSource?: string;
  /** The runtime of the last published version, when one was given (`v1` is the default). */
  runtime?: string;
  /** The secrets of the last published version (never shown by the API). */
  secrets?: Record<string, string>;
  /**
   * A test's knob: every event delivered to the integration is logged `failed`, with an error in
   * its trace (see handlers/integration-installations.ts). The demo seed sets it on none.
   */
  failEvents?: boolean;
  /**
   * Development mode (`setIntegrationDevelopmentMode`): events go to the developer's tunnel, from
   * the owner organization only unless `all`. The sandbox reaches no tunnel: its execution log
   * says where each event was dispatched.
   */
  devMode?: { tunnelUrl: string; all: boolean; since: string };
}

/** One user's edits to a change request, as its contributors list shows them. */
export interface ContributorRow {
  user: string;
  count: number;
  updatedAt: string;
}

export interface ReviewerRow {
  user: string;
  requestedBy: string;
  createdAt: string;
  /** The request's revision when the review was asked for. */
  revision: string;
}

/**
 * A formal review of a change request (published document `ChangeRequestReview`, beyond the
 * extract). Whether it is outdated is derived on read: a newer review by the same reviewer, or
 * a revision of the request after `revision`, supersedes it.
 */
export interface ReviewRow {
  id: string;
  reviewer: string;
  /** Who asked for the review, when it was asked for. */
  requestedBy?: string;
  status: 'approved' | 'changes-requested';
  /** The request's revision the review was made against. */
  revision: string;
  /** The id of the comment posted with the review (a row of `store.comments`). */
  comment?: string;
  createdAt: string;
  updatedAt: string;
}

/** An external link of a change request (the published document's `ChangeRequestLink`). */
export interface ChangeRequestLinkRow {
  id: string;
  ref: { kind: 'url'; url: string };
  title?: string;
}

export interface ChangeRequestRow {
  id: string;
  space: string;
  number: number;
  status: 'draft' | 'open' | 'archived' | 'merged';
  subject: string;
  description?: JSONDocumentParam;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor?: string;
  revisionMerged?: string;
  /** User id and date of the merge, once merged. */
  mergedBy?: string;
  mergedAt?: string;
  conversationsIssuesCluster?: string;
  /** The site topic (and finding) the request was opened from. */
  siteTopic?: { site: string; topic: string; finding?: string };
  /** The style guide check run that opened the request. */
  styleguide?: { site: string; run: string };
  links: ChangeRequestLinkRow[];
  /** The edit log, one row per user. */
  contributors: ContributorRow[];
  reviewers: ReviewerRow[];
  /** Formal reviews, oldest first (beyond the extract); absent: none. */
  reviews?: ReviewRow[];
  /**
   * A state the service reaches when the request's edits and the primary content's collide:
   * while set, updating from the primary content answers `result: "conflicts"` (nothing
   * changes) and a merge is applied but answers `conflicts`, as the published document says.
   * A fixture sets it; nothing in the API clears it.
   */
  conflicts?: boolean;
}

export interface ReactionRow {
  emoji: string;
  users: Array<{ user: string; reactedAt: string }>;
}

export interface ReplyRow {
  id: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  /** The body as text; posted as a rich-text document, its plain text. */
  markdown: string;
  /** The body, when it was posted as a rich-text document. */
  document?: JSONDocumentParam;
  reactions: ReactionRow[];
}

export interface CommentRow {
  id: string;
  /** The change request the comment is in; absent for a comment on the space's live content. */
  changeRequest?: string;
  space: string;
  /** The request's revision when the comment was posted. */
  revision: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  /** The body as text; posted as a rich-text document, its plain text. */
  markdown: string;
  /** The body, when it was posted as a rich-text document. */
  document?: JSONDocumentParam;
  page?: string;
  node?: string;
  tableCell?: TableCellTargetParam;
  /** The review the comment was posted with (beyond the extract). */
  review?: string;
  reactions: ReactionRow[];
  status: 'open' | 'resolved';
  resolvedAt?: string;
  resolvedBy?: string;
  replies: ReplyRow[];
}

export interface TeamMemberRow {
  user: string;
  role: 'owner' | 'member';
}

export interface TeamRow {
  id: string;
  organization: string;
  title: string;
  createdAt: string;
  /** In the order they joined. */
  members: TeamMemberRow[];
  /** Ids of the spaces the team has access to (the contract gives no endpoint to change them). */
  spaces: string[];
}

export interface TranslationStatsRow {
  runs: number;
  totalWords: number;
  totalPages: number;
  /** Whole seconds, as every duration in the stats (the published document's unit). */
  totalDuration: number;
  latestRunDuration: number;
  latestPages: number;
  latestWords: number;
}

export interface TranslationRow {
  id: string;
  organization: string;
  /** `pending`, `running` or `completed`; `failed` only for a row a test marks with `failRuns`. */
  status: string;
  source: { space: string; language: string };
  language: string;
  instructions?: JSONDocumentParam;
  result?: { space: string; revision: string };
  createdAt: string;
  updatedAt: string;
  stats: TranslationStatsRow;
  /** The run under way: it ends on the second read after it started (see handlers/translations.ts). */
  run?: { startedAt: string; reads: number };
  /**
   * A test's knob: every run of this translation ends `failed`, a status the published document
   * does not list (it names none for a failure), to exercise the SDK's and the CLI's failure
   * paths. The demo seed sets it on no translation.
   */
  failRuns?: boolean;
}

export interface GlossaryEntryRow {
  id: string;
  organization: string;
  /** Term by language code. */
  translations: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

/** A SAML provider; its status follows from its fields (`pending` until the three IdP fields are set). */
export interface SamlProviderRow {
  id: string;
  organization: string;
  label: string;
  entityID?: string;
  /** PEM text, as given. */
  certificate?: string;
  ssoURL?: string;
  /** Team id; a team deleted since is shown as no default team. */
  defaultTeam?: string;
  defaultRole: Organization['defaultRole'];
  createdAt: string;
}

export interface ConversationRow {
  /** The id the caller gave at ingestion: unique within its organization only. */
  id: string;
  organization: string;
  subject?: string;
  source: string;
  createdAt: string;
  processedAt: string;
  parts: Array<{ type: 'message'; role: string; body: string }>;
  metadata: { url?: string; attributes: Record<string, string>; createdAt: string };
}

export interface IssuesClusterRow {
  id: string;
  organization: string;
  label: string;
  icon: string;
  summary: string;
  createdAt: string;
  /** Words that put an ingested conversation's issue in this cluster (see handlers/conversations.ts). */
  keywords: string[];
}

export interface ConversationIssueRow {
  id: string;
  organization: string;
  /** Id of the conversation (within the organization). */
  conversation: string;
  cluster: string;
  title: string;
  summary: string;
  createdAt: string;
  ingestedAt: string;
}

export interface OpenApiSpecRow {
  id: string;
  organization: string;
  slug: string;
  /** The source, as last given: a URL, or the spec as text. */
  sourceURL?: string;
  sourceText?: string;
  processingState: string;
  visibility: 'private' | 'public';
  createdAt: string;
  updatedAt: string;
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: string;
  lastProcessedErrors?: Array<{ code: string; message: string }>;
  /**
   * Processing under way: the validation's outcome and when it started on the sandbox's clock;
   * the first read once `PROCESSING_MS` have passed ends it (see handlers/openapi.ts).
   */
  processing?: { result: Promise<ProcessingResult>; startedAt: string };
}

/**
 * An integration installed in an organization: the organization's installation (`target:
 * organization`), or its enablement on one site or space, which hangs off the organization's
 * installation of the same integration (`installation`).
 */
export interface InstallationRow {
  id: string;
  organization: string;
  integration: string;
  /** Where it is installed: `organization`, `site` or `space`. */
  target: 'organization' | 'site' | 'space';
  /** The site or space it is installed on, for those targets. */
  site?: string;
  space?: string;
  /**
   * For a site or space installation: the id of the organization's installation it hangs off;
   * absent, the organization's installation of the same integration.
   */
  installation?: string;
  status: string;
  createdAt: string;
  updatedAt?: string;
  configuration?: Record<string, unknown>;
  externalIds?: string[];
  /** Of an organization's installation: `all` spaces (sites) of the organization, or those `selected` (the default). */
  spaceSelection?: 'all' | 'selected';
  siteSelection?: 'all' | 'selected';
}

export interface ImportRunRow {
  id: string;
  organization: string;
  source: { type: 'website'; url: string } | { type: 'file'; files: string[] };
  target: { space: string; changeRequest?: string; page?: string };
  /** The site the run is listed under: the one given, or the only site publishing the space. */
  site?: string;
  enhance: boolean;
  status: string;
  /** User id of whoever started it. */
  createdBy: string;
  createdAt: string;
  startedAt: string;
  updatedAt: string;
  /** Set once completed. */
  completedAt?: string;
  /** When a run under way completes on the sandbox's clock; none: it stays under way. */
  completesAt?: string;
  pages: Array<{ id: string; sourceURL?: string; type: 'page' | 'folder'; status: 'pending' | 'complete' }>;
}

/**
 * A space's Git Sync state (published document `GitSyncState`): made by its first import or
 * export, with the last operation. The repository URL is kept without its credentials.
 */
export interface GitSyncRow {
  space: string;
  installationId: string;
  /** `gitlab` for a host that names GitLab, else `github` (the document allows no other value). */
  provider: 'github' | 'gitlab';
  /** The repository URL as given, without `user:password@` and secret query values. */
  url: string;
  /** The repository's name: the URL's last path segment without `.git`. */
  repoName: string;
  updatedAt: string;
  operation?: GitSyncOperationRow;
}

export interface GitSyncOperationRow {
  direction: 'import' | 'export';
  /** `running` until it ends (see handlers/git-sync.ts), then `outcome`. */
  state: 'running' | 'success' | 'failure';
  /** How it ends: decided when it starts (the work is done then), shown once it is over. */
  outcome: 'success' | 'failure';
  /** The Git ref given (`refs/heads/main`). */
  ref: string;
  startedAt: string;
  endedAt?: string;
  /** Why it failed (shown once it has ended `failure`). */
  error?: string;
  /** Reads of the Git info since it started: the second one ends it. */
  reads: number;
  /** An import: the revision it made, the space's primary content once it succeeds (unless standalone). */
  revision?: string;
  standalone?: boolean;
}

/** A role given to a user or a team on a space, a collection or a site (handlers/permissions.ts). */
export interface PermissionRow {
  target: 'space' | 'collection' | 'site';
  /** The space's, collection's or site's id. */
  targetId: string;
  principal: 'user' | 'team';
  /** The user's or team's id. */
  principalId: string;
  /** null: no access beyond what the organization gives. */
  role: Organization['defaultRole'];
  createdAt: string;
}

/**
 * An object of a family the resource engine keeps (resources/engine.ts): the family is its
 * collection's path template, the scope the values of the parents' path parameters.
 */
export interface ResourceRow {
  family: string;
  /** The parents' path parameter values, joined by `/` (`org_acme/site_docs`). */
  scope: string;
  id: string;
  /** The object as the API shows it. */
  value: Record<string, unknown>;
}

/** The sandbox's whole state, in memory. */
export class Store {
  readonly organizations = new Map<string, Organization>();
  readonly users = new Map<string, User>();
  readonly members: MemberRow[] = [];
  readonly spaces = new Map<string, Space>();
  /** Deleted spaces (with `deletedAt`): hidden from every read, restorable for 7 days. */
  readonly deletedSpaces = new Map<string, Space>();
  /** Collections of every organization, in creation order. */
  readonly collections = new Map<string, CollectionRow>();
  /**
   * The place of spaces and collections among their siblings (lower first), by id; those
   * without one come after, in creation order. Set by moves (see tree.ts).
   */
  readonly ranks = new Map<string, number>();
  readonly sites = new Map<string, SiteRow>();
  readonly integrations = new Map<string, IntegrationRow>();
  /** Revisions of every space, primary ones and those of change requests. */
  readonly revisions = new Map<string, RevisionRow>();
  readonly changeRequests = new Map<string, ChangeRequestRow>();
  /** Comments of change requests, in posting order. */
  readonly comments = new Map<string, CommentRow>();
  /** Teams of every organization, in creation order. */
  readonly teams = new Map<string, TeamRow>();
  /** Translations of every organization, in creation order. */
  readonly translations = new Map<string, TranslationRow>();
  /** Glossary entries of every organization, in insertion order. */
  readonly glossary = new Map<string, GlossaryEntryRow>();
  /** SAML providers of every organization, in creation order. */
  readonly samlProviders = new Map<string, SamlProviderRow>();
  /** Ingested conversations, keyed by `<organization>/<id>` (ids are the callers'), in ingestion order. */
  readonly conversations = new Map<string, ConversationRow>();
  /** Clusters of conversation issues of every organization. */
  readonly issuesClusters = new Map<string, IssuesClusterRow>();
  /** Issues extracted from conversations, in extraction order. */
  readonly conversationIssues = new Map<string, ConversationIssueRow>();
  /** Invite links of every organization. */
  readonly invites = new Map<string, InviteRow>();
  /** Agent instructions, by organization id; an organization without a row has an empty document. */
  readonly agentInstructions = new Map<string, AgentInstructionsRow>();
  /** OpenAPI specs of every organization, in creation order. */
  readonly openapiSpecs = new Map<string, OpenApiSpecRow>();
  /** Integration installations of every organization. */
  readonly installations = new Map<string, InstallationRow>();
  /** Import runs of every organization, in start order. */
  readonly importRuns = new Map<string, ImportRunRow>();
  /**
   * Bytes of the files pages refer to (uploaded with `insert_files`, or imported from Git), as
   * base64, by the SHA-256 of the bytes (hex): revisions share them (`FileRow.blob`).
   */
  readonly blobs = new Map<string, string>();
  /** Git Sync state of spaces, by space id. */
  readonly gitSync = new Map<string, GitSyncRow>();
  /** Share links of every site, in creation order. */
  readonly siteShareLinks = new Map<string, ShareLinkRow>();
  /** Redirects of every site, in creation order. */
  readonly siteRedirects = new Map<string, SiteRedirectRow>();
  /** Processed versions of every OpenAPI spec, oldest first. */
  readonly openapiVersions = new Map<string, OpenApiVersionRow>();
  /** The execution log of every integration, oldest first. */
  readonly integrationEvents = new Map<string, IntegrationEventRow>();
  /** Roles given on spaces, collections and sites, by `target/targetId/principal/principalId`. */
  readonly permissions = new Map<string, PermissionRow>();
  /** Objects of the families the resource engine keeps, by `family|scope|id`, in creation order. */
  readonly resources = new Map<string, ResourceRow>();
  /** The user every request acts as. */
  actor = '';
  /**
   * The API root answers point at (`urls.location`): the origin the current request reached,
   * set by the sandbox per request, so that locations work whichever port or host serves it.
   */
  apiRoot = 'https://api.sandbox.docs-api.local/v1';
  #sequence = 0;
  readonly #clock: () => Date;

  constructor(clock: () => Date = () => new Date()) {
    this.#clock = clock;
  }

  now(): string {
    return this.#clock().toISOString();
  }

  /** The counter behind `newId()`: saved with the state, so that ids made after a reload never clash. */
  get sequence(): number {
    return this.#sequence;
  }

  set sequence(value: number) {
    this.#sequence = value;
  }

  /** Empties every table (before loading a snapshot or a fixture into the same store). */
  clear(): void {
    for (const value of Object.values(this)) {
      if (value instanceof Map) value.clear();
    }
    this.members.length = 0;
    this.actor = '';
    this.#sequence = 0;
  }

  /** Deterministic ids, so seeds and tests read the same every run. */
  newId(prefix: string): string {
    this.#sequence += 1;
    return `${prefix}_${this.#sequence.toString(36).padStart(5, '0')}`;
  }

  /** The origin the current request reached (`apiRoot` without `/v1`): where the sandbox serves file downloads. */
  apiOrigin(): string {
    return new URL(this.apiRoot).origin;
  }

  /** The absolute API URL of a path under `/v1`, e.g. `apiUrl('/orgs/org_acme')`. */
  apiUrl(path: string): string {
    return `${this.apiRoot}${path}`;
  }

  actorUser(): User {
    const user = this.users.get(this.actor);
    if (!user) throw new Error('sandbox seed has no actor user');
    return user;
  }
}
