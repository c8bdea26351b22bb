import type { Integration, Organization, Site, Space, User } from '@docs-api/sdk/contract';

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

/** The sandbox's whole state, in memory. */
export class Store {
  readonly organizations = new Map<string, Organization>();
  readonly users = new Map<string, User>();
  readonly members: MemberRow[] = [];
  readonly spaces = new Map<string, Space>();
  readonly sites = new Map<string, SiteRow>();
  readonly integrations = new Map<string, IntegrationRow>();
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
