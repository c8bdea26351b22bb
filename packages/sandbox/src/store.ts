import type { DocumentInput, Integration, Organization, Site, Space, User } from '@docs-api/sdk/contract';
import type { RevisionRow } from './content.js';

/** Rows are the API's own objects plus the relations the API does not show. */
export interface MemberRow {
  organization: string;
  user: string;
  role: Organization['defaultRole'];
  joinedAt: string;
}

export interface SiteSpaceRow {
  id: string;
  space: string;
  section: string;
  path: string;
}

export interface SiteSectionRow {
  id: string;
  title: string;
  description?: string;
  path: string;
  condition?: string;
}

export interface SiteRow {
  site: Site;
  organization: string;
  sections: SiteSectionRow[];
  siteSpaces: SiteSpaceRow[];
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  shareKey: string;
  adaptiveSchema: { jsonSchema: Record<string, unknown>; updatedAt: string };
  /** Names of the integrations enabled on the site. */
  integrations: string[];
}

export interface IntegrationRow {
  integration: Integration;
  /** URL of the script the integration injects into sites, if any. */
  script?: string;
  cookies?: boolean;
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

export interface ChangeRequestRow {
  id: string;
  space: string;
  number: number;
  status: string;
  subject: string;
  description?: DocumentInput;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor?: string;
  revisionMerged?: string;
  conversationsIssuesCluster?: string;
  /** The edit log, one row per user. */
  contributors: ContributorRow[];
  reviewers: ReviewerRow[];
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
  markdown: string;
  reactions: ReactionRow[];
}

export interface CommentRow {
  id: string;
  changeRequest: string;
  space: string;
  /** The request's revision when the comment was posted. */
  revision: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  markdown: string;
  page?: string;
  node?: string;
  tableCell?: { record: string; definition: string };
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
  /** Milliseconds, as every duration in the stats. */
  totalDuration: number;
  latestRunDuration: number;
  latestPages: number;
  latestWords: number;
}

export interface TranslationRow {
  id: string;
  organization: string;
  status: string;
  source?: { space: string; language: string };
  language: string;
  instructions?: DocumentInput;
  result?: { space: string; revision: string };
  createdAt: string;
  updatedAt: string;
  stats: TranslationStatsRow;
  /** The run under way: it ends on the second read after it started (see handlers/translations.ts). */
  run?: { startedAt: string; reads: number };
  /** Every run of this translation fails (the demo seed's `tr_legal_de`, for failure paths). */
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

/** The sandbox's whole state, in memory. */
export class Store {
  readonly organizations = new Map<string, Organization>();
  readonly users = new Map<string, User>();
  readonly members: MemberRow[] = [];
  readonly spaces = new Map<string, Space>();
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
  /** The user every request acts as. */
  actor = '';
  #sequence = 0;
  readonly #clock: () => Date;

  constructor(clock: () => Date = () => new Date()) {
    this.#clock = clock;
  }

  now(): string {
    return this.#clock().toISOString();
  }

  /** Deterministic ids, so seeds and tests read the same every run. */
  newId(prefix: string): string {
    this.#sequence += 1;
    return `${prefix}_${this.#sequence.toString(36).padStart(5, '0')}`;
  }

  actorUser(): User {
    const user = this.users.get(this.actor);
    if (!user) throw new Error('sandbox seed has no actor user');
    return user;
  }
}
