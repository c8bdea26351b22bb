import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { getOrganization, listOrganizations, type Organization } from '../contract/organizations.js';
import { Resource } from './resource.js';

/** Organizations the caller belongs to: `client.organizations`. */
export class Organizations extends Resource {
  /** Lists the caller's organizations. */
  list(query: { limit?: number; page?: string } = {}, options?: RequestOptions): PagePromise<Organization> {
    return this.http.list(listOrganizations, { query }, options);
  }

  /** Reads one organization. */
  get(organizationId: string, options?: RequestOptions): ApiPromise<Organization> {
    return this.http.call(getOrganization, { params: { organizationId } }, options);
  }
}
