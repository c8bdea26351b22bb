import { extraFields } from '../core/fields.js';
import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  ContentFile,
  ContentListQuery,
  ContentOptions,
  ContentPage,
  ContentPageQuery,
  ContentReference,
  Link,
  LinkListing,
  Revision,
  RevisionPages,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const changeRequestContentArea = () => import('../contract/change-request-content.js');
const getChangeRequestFile = lazyOperation(changeRequestContentArea, 'getChangeRequestFile');
const getChangeRequestPage = lazyOperation(changeRequestContentArea, 'getChangeRequestPage');
const getChangeRequestRevision = lazyOperation(changeRequestContentArea, 'getChangeRequestRevision');
const listChangeRequestFileBacklinks = lazyOperation(
  changeRequestContentArea,
  'listChangeRequestFileBacklinks',
);
const listChangeRequestFiles = lazyOperation(changeRequestContentArea, 'listChangeRequestFiles');
const listChangeRequestPageBacklinks = lazyOperation(
  changeRequestContentArea,
  'listChangeRequestPageBacklinks',
);
const listChangeRequestPageLinks = lazyOperation(changeRequestContentArea, 'listChangeRequestPageLinks');
const listChangeRequestPages = lazyOperation(changeRequestContentArea, 'listChangeRequestPages');

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

  /**
   * Lists the references of the places that link to a file. Not in the published API document:
   * kept from the extract, the service may not answer it.
   */
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

  /**
   * Reads one page: its content as `markdown` or, with `format: "document"`, as a rich-text
   * `document`; `evaluate` evaluates its expressions, `dereferenced` expands what it references,
   * `markdownRefs` chooses how references are written in markdown.
   */
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

  /**
   * Lists the links in a page; each page of results also carries `stats` (total and broken
   * links). Not in the published API document: kept from the extract, the service may not
   * answer it.
   */
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

  /**
   * Lists the references of the places that link to a page. Not in the published API document:
   * kept from the extract, the service may not answer it.
   */
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

/** The child pages of a page: document and group pages have some; other pages none. */
export function childPages(page: ContentPage): ContentPage[] {
  // Any page may carry children, of a type this version does not know too.
  const { pages } = extraFields(page);
  return Array.isArray(pages) ? (pages as ContentPage[]) : [];
}

/** A page's markdown, when it came with it (document pages read with the markdown format). */
export function pageMarkdown(page: ContentPage): string | undefined {
  const { markdown } = extraFields(page);
  return typeof markdown === 'string' ? markdown : undefined;
}
