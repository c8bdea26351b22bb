import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  AgentInstructions,
  DocumentInput,
  EmailDomainOrganizations,
  Organization,
  OrganizationUpdateBody,
  PingResult,
  SearchItem,
  SearchQuery,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const organizationsArea = () => import('../contract/organizations.js');
const deleteOrganizationInvite = lazyOperation(organizationsArea, 'deleteOrganizationInvite');
const getAgentInstructions = lazyOperation(organizationsArea, 'getAgentInstructions');
const getOrganization = lazyOperation(organizationsArea, 'getOrganization');
const joinOrganization = lazyOperation(organizationsArea, 'joinOrganization');
const listOrganizations = lazyOperation(organizationsArea, 'listOrganizations');
const listOrganizationsByEmailDomain = lazyOperation(organizationsArea, 'listOrganizationsByEmailDomain');
const pingOrganization = lazyOperation(organizationsArea, 'pingOrganization');
const searchOrganization = lazyOperation(organizationsArea, 'searchOrganization');
const updateAgentInstructions = lazyOperation(organizationsArea, 'updateAgentInstructions');
const updateOrganization = lazyOperation(organizationsArea, 'updateOrganization');

/** Organizations, their settings, search and agent instructions: `client.organizations`. */
export class Organizations extends Resource {
  /** Lists the caller's organizations. */
  list(query: { limit?: number; page?: string } = {}, options?: RequestOptions): PagePromise<Organization> {
    return this.http.list(listOrganizations, { query }, options);
  }

  /** Reads one organization. */
  get(organizationId: string, options?: RequestOptions): ApiPromise<Organization> {
    return this.http.call(getOrganization, { params: { organizationId } }, options);
  }

  /**
   * Changes the organization's settings: title, email domains, default hostname, default role
   * (`null`: new members are guests), default content (one of its sites), logo URL, SSO, AI,
   * invite links and merge rules.
   */
  update(
    organizationId: string,
    body: OrganizationUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<Organization> {
    return this.http.call(updateOrganization, { params: { organizationId }, body }, options);
  }

  /** Joins the organization; allowed when the caller's verified email domain is one of its `emailDomains`. */
  join(organizationId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(joinOrganization, { params: { organizationId } }, options);
  }

  /**
   * Tells the organization the caller is active. The answer may hold a token to attach to the
   * user: `gitbookVisitorClaims` (the published document's name) or `serviceVisitorClaims` (the
   * extract's).
   */
  ping(organizationId: string, options?: RequestOptions): ApiPromise<PingResult> {
    return this.http.call(pingOrganization, { params: { organizationId } }, options);
  }

  /** Deletes an invite link; deleting one that does not exist succeeds too. */
  deleteInvite(organizationId: string, inviteId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(deleteOrganizationInvite, { params: { organizationId, inviteId } }, options);
  }

  /**
   * Searches the content of the organization's spaces; each item is a space with its matching
   * pages and sections. `for await` walks every result.
   */
  search(organizationId: string, query: SearchQuery, options?: RequestOptions): PagePromise<SearchItem> {
    return this.http.list(searchOrganization, { params: { organizationId }, query }, options);
  }

  /** Reads the organization's agent instructions (an empty document until set). */
  getAgentInstructions(organizationId: string, options?: RequestOptions): ApiPromise<AgentInstructions> {
    return this.http.call(getAgentInstructions, { params: { organizationId } }, options);
  }

  /** Replaces the agent instructions with a rich-text document (see `documentFromText`). */
  updateAgentInstructions(
    organizationId: string,
    instructions: DocumentInput,
    options?: RequestOptions,
  ): ApiPromise<AgentInstructions> {
    return this.http.call(
      updateAgentInstructions,
      { params: { organizationId }, body: { instructions } },
      options,
    );
  }

  /** Lists the organizations that allow users of an email domain (such as `acme.test`) to join. */
  listByEmailDomain(emailDomain: string, options?: RequestOptions): ApiPromise<EmailDomainOrganizations> {
    return this.http.call(listOrganizationsByEmailDomain, { params: { emailDomain } }, options);
  }
}
