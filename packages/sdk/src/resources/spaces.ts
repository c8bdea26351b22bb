import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  Link,
  LinkListing,
  MoveBody,
  Space,
  SpaceGetQuery,
  SpaceLinksQuery,
  SpaceUpdateBody,
  TransferBody,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const spacesArea = () => import('../contract/spaces.js');
const deleteSpace = lazyOperation(spacesArea, 'deleteSpace');
const duplicateSpace = lazyOperation(spacesArea, 'duplicateSpace');
const getSpace = lazyOperation(spacesArea, 'getSpace');
const listOrganizationSpaces = lazyOperation(spacesArea, 'listOrganizationSpaces');
const listSpaceLinks = lazyOperation(spacesArea, 'listSpaceLinks');
const moveSpace = lazyOperation(spacesArea, 'moveSpace');
const restoreSpace = lazyOperation(spacesArea, 'restoreSpace');
const transferSpace = lazyOperation(spacesArea, 'transferSpace');
const updateSpace = lazyOperation(spacesArea, 'updateSpace');

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

  /** Reads one space; `shareKey` is the secret key of a share-link site that publishes it. */
  get(spaceId: string, query: SpaceGetQuery = {}, options?: RequestOptions): ApiPromise<Space> {
    return this.http.call(getSpace, { params: { spaceId }, query }, options);
  }

  /**
   * Changes a space's edit mode (`live`/`locked`), title, default level, language, merge rules,
   * emoji or icon (one of the two; `null` removes it).
   */
  update(spaceId: string, body: SpaceUpdateBody, options?: RequestOptions): ApiPromise<Space> {
    return this.http.call(updateSpace, { params: { spaceId }, body }, options);
  }

  /**
   * Deletes a space. It can be restored with `restore()` for 7 days, then it is removed for good.
   * Deleting a space that does not exist succeeds too.
   */
  delete(spaceId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(deleteSpace, { params: { spaceId } }, options);
  }

  /** Copies a space (its content, not its change requests) into a new space beside it. */
  duplicate(spaceId: string, options?: RequestOptions): ApiPromise<Space> {
    return this.http.call(duplicateSpace, { params: { spaceId } }, options);
  }

  /** Brings back a space deleted within the last 7 days. */
  restore(spaceId: string, options?: RequestOptions): ApiPromise<Space> {
    return this.http.call(restoreSpace, { params: { spaceId } }, options);
  }

  /**
   * Moves a space into a collection (`parent`; `null` for the top level of its organization)
   * and/or before or after a sibling space or collection (`position`; by default, last).
   */
  move(spaceId: string, body: MoveBody, options?: RequestOptions): ApiPromise<Space> {
    return this.http.call(moveSpace, { params: { spaceId }, body }, options);
  }

  /**
   * Transfers a space to another organization the caller belongs to. Not in the published API
   * document (0.202.0): the extract has it, the service may not answer it.
   */
  transfer(spaceId: string, body: TransferBody, options?: RequestOptions): ApiPromise<Space> {
    return this.http.call(transferSpace, { params: { spaceId }, body }, options);
  }

  /**
   * Lists the links in the pages of the space's primary content, optionally only those with a
   * given `status`; each page of results also carries `stats` (total and broken links). Not in
   * the published API document (0.202.0): the extract has it, the service may not answer it.
   */
  listLinks(
    spaceId: string,
    query: SpaceLinksQuery = {},
    options?: RequestOptions,
  ): PagePromise<Link, LinkListing> {
    return this.http.list<Link, LinkListing>(listSpaceLinks, { params: { spaceId }, query }, options);
  }
}
