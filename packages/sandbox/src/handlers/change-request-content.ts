import {
  getChangeRequestFile,
  getChangeRequestPage,
  getChangeRequestRevision,
  listChangeRequestFileBacklinks,
  listChangeRequestFiles,
  listChangeRequestPageBacklinks,
  listChangeRequestPageLinks,
  listChangeRequestPages,
} from '@docs-api/sdk/contract';
import {
  backlinks,
  evaluateMarkdown,
  fileView,
  pageLinks,
  pagesView,
  pageView,
  requireFile,
  requirePage,
  requireRevision,
  revisionView,
  type RevisionRow,
} from '../content.js';
import { badRequest } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ChangeRequestRow, Store } from '../store.js';
import { baseRevisionId, requireChangeRequest } from './change-requests.js';

/** Output formats of a page the sandbox can give; the contract shows none by name. */
const PAGE_FORMATS = ['markdown'];

function revisionOf(
  store: Store,
  params: { spaceId: string; changeRequestId: string },
): { row: ChangeRequestRow; revision: RevisionRow; where: string } {
  const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
  return { row, revision: requireRevision(store, row.revision), where: `change request #${row.number}` };
}

export const changeRequestContentHandlers = [
  implement(getChangeRequestRevision, ({ store, params, query }) =>
    revisionView(revisionOf(store, params).revision, query),
  ),

  implement(listChangeRequestPages, ({ store, params, query }) => ({
    pages: pagesView(revisionOf(store, params).revision, query),
  })),

  implement(listChangeRequestFiles, ({ store, params, query }) => {
    const { revision } = revisionOf(store, params);
    return paginate(
      revision.files.map((file) => fileView(revision, file, query)),
      query,
    );
  }),

  implement(getChangeRequestFile, ({ store, params, query }) => {
    const { revision, where } = revisionOf(store, params);
    return fileView(revision, requireFile(revision, params.fileId, where), query);
  }),

  implement(listChangeRequestFileBacklinks, ({ store, params, query }) => {
    const { revision, where } = revisionOf(store, params);
    requireFile(revision, params.fileId, where);
    return paginate(backlinks(revision, { kind: 'file', file: params.fileId }), query);
  }),

  implement(getChangeRequestPage, ({ store, params, query }) => {
    const { revision, where } = revisionOf(store, params);
    if (query.format !== undefined && !PAGE_FORMATS.includes(query.format)) {
      throw badRequest(
        `query.format: "${query.format}" is not a supported format (supported: ${PAGE_FORMATS.join(', ')})`,
      );
    }
    const entry = requirePage(revision, params.pageId, where);
    const page = pageView(revision, entry, query);
    if (page.markdown !== undefined) {
      const variables = { ...revision.variables, ...entry.page.variables };
      page.markdown = evaluateMarkdown(page.markdown, variables, query.evaluate, () => store.now());
    }
    return page;
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
];
