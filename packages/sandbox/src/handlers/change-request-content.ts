import {
  getFileInChangeRequestById,
  getPageInChangeRequestById,
  getRevisionOfChangeRequestById,
  listChangeRequestFileBacklinks,
  listFilesInChangeRequestById,
  listChangeRequestPageBacklinks,
  listChangeRequestPageLinks,
  listChangeRequestPageMetaLinks,
  listPagesInChangeRequest,
} from '@docs-api/sdk/contract';
import {
  backlinks,
  fileView,
  pageLinks,
  pagesView,
  requireFile,
  requirePage,
  requireRevision,
  revisionView,
  type RevisionRow,
} from '../content.js';
import { pageMetaLinks } from '../content-meta-links.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ChangeRequestRow, Store } from '../store.js';
import { baseRevisionId, requireChangeRequest } from '../domain/change-requests.js';
import { pageRead, readOptions } from '../domain/content-reads.js';

function revisionOf(
  store: Store,
  params: { spaceId: string; changeRequestId: string },
): { row: ChangeRequestRow; revision: RevisionRow; where: string } {
  const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
  return { row, revision: requireRevision(store, row.revision), where: `change request #${row.number}` };
}

export const changeRequestContentHandlers = [
  implement(getRevisionOfChangeRequestById, ({ store, params, query }) =>
    revisionView(revisionOf(store, params).revision, readOptions(query), undefined, store.apiOrigin()),
  ),

  implement(listPagesInChangeRequest, ({ store, params, query }) => ({
    pages: pagesView(revisionOf(store, params).revision, readOptions(query)),
  })),

  implement(listFilesInChangeRequestById, ({ store, params, query }) => {
    const { revision } = revisionOf(store, params);
    return paginate(
      revision.files.map((file) => fileView(revision, file, readOptions(query), store.apiOrigin())),
      query,
    );
  }),

  implement(getFileInChangeRequestById, ({ store, params, query }) => {
    const { revision, where } = revisionOf(store, params);
    return fileView(
      revision,
      requireFile(revision, params.fileId, where),
      readOptions(query),
      store.apiOrigin(),
    );
  }),

  implement(listChangeRequestFileBacklinks, ({ store, params, query }) => {
    const { revision, where } = revisionOf(store, params);
    requireFile(revision, params.fileId, where);
    return paginate(backlinks(revision, { kind: 'file', file: params.fileId }), query);
  }),

  // `markdownRefs` (`format.markdown.refs`) writes links relative or stable (see content-links.ts);
  // `dereferenced` changes nothing: the sandbox's pages reference no reusable content.
  implement(getPageInChangeRequestById, ({ store, params, query }) => {
    const { revision, where } = revisionOf(store, params);
    return pageRead(store, revision, requirePage(revision, params.pageId, where), query);
  }),

  implement(listChangeRequestPageLinks, ({ store, params, query }) => {
    const { row, revision, where } = revisionOf(store, params);
    const entry = requirePage(revision, params.pageId, where);
    const { links, stats } = pageLinks(revision, requireRevision(store, baseRevisionId(row)), entry.page);
    return { ...paginate(links, query), stats };
  }),

  implement(listChangeRequestPageBacklinks, ({ store, params, query }) => {
    const { revision, where } = revisionOf(store, params);
    requirePage(revision, params.pageId, where);
    return paginate(backlinks(revision, { kind: 'page', page: params.pageId }), query);
  }),

  {
    ...implement(listChangeRequestPageMetaLinks, ({ store, params }) => {
      const { revision, where } = revisionOf(store, params);
      return pageMetaLinks(store, revision, requirePage(revision, params.pageId, where));
    }),
    answer: 'computed' as const,
  },
];
