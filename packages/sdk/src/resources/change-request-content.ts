import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type { ContentReference } from '../contract/common.js';
import {
  getChangeRequestFile,
  getChangeRequestPage,
  getChangeRequestRevision,
  listChangeRequestFileBacklinks,
  listChangeRequestFiles,
  listChangeRequestPageBacklinks,
  listChangeRequestPageLinks,
  listChangeRequestPages,
  type ContentFile,
  type ContentListQuery,
  type ContentOptions,
  type ContentPage,
  type ContentPageQuery,
  type Link,
  type LinkListing,
  type Revision,
  type RevisionPages,
} from '../contract/change-request-content.js';
import { Resource } from './resource.js';

/**
 * The content of a change request (its revision, pages, files and links):
 * `client.changeRequests.content`. Every method takes `gitMetadata: false` to omit mutable
 * git metadata and `computed: false` to skip computing content (both default to true).
 */
export class ChangeRequestContent extends Resource {
  /** Reads the change request's revision: its pages, files, reusable contents and variables. */
  getRevision(
    spaceId: string,
    changeRequestId: string | number,
    query: ContentOptions = {},
    options?: RequestOptions,
  ): ApiPromise<Revision> {
    return this.http.call(
      getChangeRequestRevision,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, query },
      options,
    );
  }

  /** Reads the change request's page tree. */
  listPages(
    spaceId: string,
    changeRequestId: string | number,
    query: ContentOptions = {},
    options?: RequestOptions,
  ): ApiPromise<RevisionPages> {
    return this.http.call(
      listChangeRequestPages,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, query },
      options,
    );
  }

  /** Lists the change request's files. `await` gives the first page; `for await` walks every file. */
  listFiles(
    spaceId: string,
    changeRequestId: string | number,
    query: ContentListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ContentFile> {
    return this.http.list(
      listChangeRequestFiles,
      { params: { spaceId, changeRequestId: String(changeRequestId) }, query },
      options,
    );
  }

  /** Reads one file of the change request. */
  getFile(
    spaceId: string,
    changeRequestId: string | number,
    fileId: string,
    query: ContentOptions = {},
    options?: RequestOptions,
  ): ApiPromise<ContentFile> {
    return this.http.call(
      getChangeRequestFile,
      { params: { spaceId, changeRequestId: String(changeRequestId), fileId }, query },
      options,
    );
  }

  /** Lists the references of the places that link to a file. */
  listFileBacklinks(
    spaceId: string,
    changeRequestId: string | number,
    fileId: string,
    query: ContentListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ContentReference> {
    return this.http.list(
      listChangeRequestFileBacklinks,
      { params: { spaceId, changeRequestId: String(changeRequestId), fileId }, query },
      options,
    );
  }

  /** Reads one page, optionally in another `format` and with its expressions evaluated. */
  getPage(
    spaceId: string,
    changeRequestId: string | number,
    pageId: string,
    query: ContentPageQuery = {},
    options?: RequestOptions,
  ): ApiPromise<ContentPage> {
    return this.http.call(
      getChangeRequestPage,
      { params: { spaceId, changeRequestId: String(changeRequestId), pageId }, query },
      options,
    );
  }

  /** Lists the links in a page; each page of results also carries `stats` (total and broken links). */
  listPageLinks(
    spaceId: string,
    changeRequestId: string | number,
    pageId: string,
    query: ContentListQuery = {},
    options?: RequestOptions,
  ): PagePromise<Link, LinkListing> {
    return this.http.list<Link, LinkListing>(
      listChangeRequestPageLinks,
      { params: { spaceId, changeRequestId: String(changeRequestId), pageId }, query },
      options,
    );
  }

  /** Lists the references of the places that link to a page. */
  listPageBacklinks(
    spaceId: string,
    changeRequestId: string | number,
    pageId: string,
    query: ContentListQuery = {},
    options?: RequestOptions,
  ): PagePromise<ContentReference> {
    return this.http.list(
      listChangeRequestPageBacklinks,
      { params: { spaceId, changeRequestId: String(changeRequestId), pageId }, query },
      options,
    );
  }
}
