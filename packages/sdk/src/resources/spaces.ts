import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { getSpace, listOrganizationSpaces, type Space } from '../contract/spaces.js';
import { Resource } from './resource.js';

/** Spaces, the containers of documentation content: `client.spaces`. */
export class Spaces extends Resource {
  /** Lists the spaces of an organization. */
  list(
    organizationId: string,
    query: { limit?: number; page?: string } = {},
    options?: RequestOptions,
  ): PagePromise<Space> {
    return this.http.list(listOrganizationSpaces, { params: { organizationId }, query }, options);
  }

  /** Reads one space. */
  get(spaceId: string, options?: RequestOptions): ApiPromise<Space> {
    return this.http.call(getSpace, { params: { spaceId } }, options);
  }
}
