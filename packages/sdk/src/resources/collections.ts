import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  Collection,
  CollectionCreateBody,
  CollectionListQuery,
  CollectionUpdateBody,
  MoveBody,
  Space,
  TransferBody,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const collectionsArea = () => import('../contract/collections.js');
const createCollection = lazyOperation(collectionsArea, 'createCollection');
const deleteCollection = lazyOperation(collectionsArea, 'deleteCollection');
const getCollection = lazyOperation(collectionsArea, 'getCollection');
const listCollections = lazyOperation(collectionsArea, 'listCollections');
const listCollectionSpaces = lazyOperation(collectionsArea, 'listCollectionSpaces');
const moveCollection = lazyOperation(collectionsArea, 'moveCollection');
const transferCollection = lazyOperation(collectionsArea, 'transferCollection');
const updateCollection = lazyOperation(collectionsArea, 'updateCollection');

/** Collections, the nestable groups of spaces of an organization: `client.collections`. */
export class Collections extends Resource {
  /**
   * Lists the organization's collections: every one, nested ones included, unless `nested` is
   * `false` (the service's default is `true`; without `nested`, nothing is sent).
   */
  list(
    organizationId: string,
    query: CollectionListQuery = {},
    options?: RequestOptions,
  ): PagePromise<Collection> {
    return this.http.list(listCollections, { params: { organizationId }, query }, options);
  }

  /** Creates a collection (title at most 50 characters), nested in `parent` when given. */
  create(
    organizationId: string,
    body: CollectionCreateBody,
    options?: RequestOptions,
  ): ApiPromise<Collection> {
    return this.http.call(createCollection, { params: { organizationId }, body }, options);
  }

  /** Reads one collection. */
  get(collectionId: string, options?: RequestOptions): ApiPromise<Collection> {
    return this.http.call(getCollection, { params: { collectionId } }, options);
  }

  /** Changes a collection's title, description or default level. */
  update(collectionId: string, body: CollectionUpdateBody, options?: RequestOptions): ApiPromise<Collection> {
    return this.http.call(updateCollection, { params: { collectionId }, body }, options);
  }

  /** Deletes a collection; deleting a collection that does not exist succeeds too. */
  delete(collectionId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(deleteCollection, { params: { collectionId } }, options);
  }

  /** Lists the spaces directly in a collection. */
  listSpaces(
    collectionId: string,
    query: { limit?: number; page?: string } = {},
    options?: RequestOptions,
  ): PagePromise<Space> {
    return this.http.list(listCollectionSpaces, { params: { collectionId }, query }, options);
  }

  /**
   * Moves a collection into another (`parent`; `null` for the top level of its organization)
   * and/or before or after a sibling space or collection (`position`; by default, last).
   */
  move(collectionId: string, body: MoveBody, options?: RequestOptions): ApiPromise<Collection> {
    return this.http.call(moveCollection, { params: { collectionId }, body }, options);
  }

  /** Transfers a collection, with its nested collections and spaces, to another organization. */
  transfer(collectionId: string, body: TransferBody, options?: RequestOptions): ApiPromise<Collection> {
    return this.http.call(transferCollection, { params: { collectionId }, body }, options);
  }
}
