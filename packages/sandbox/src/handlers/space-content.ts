import {
  getFileById,
  getPageById,
  getPageByPath,
  getPageInChangeRequestByPath,
  getPageInRevisionByPath,
  listFiles,
  listPages,
  listSpacePageMetaLinks,
  listPagesInRevisionById,
  searchSpaceContent,
  updateChangeRequestContent,
  type ChangeRequestContentUpdate,
  type RevisionPageDocument,
  type RevisionPageGroup,
} from '@docs-api/sdk/contract';
import {
  createRevision,
  evaluateMarkdown,
  fileView,
  flattenPages,
  groupView,
  pagesView,
  pageView,
  primaryRevision,
  requireFile,
  requirePage,
  requireRevision,
  type FlatPage,
  type RevisionRow,
} from '../content.js';
import { linkIndex } from '../content-links.js';
import { pageMetaLinks } from '../content-meta-links.js';
import { applyBatch, ContentChangeError, type BatchResult } from '../content-edit.js';
import { conflict, SandboxError } from '../errors.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { ChangeRequestRow, Store } from '../store.js';
import { baseRevisionId, changeRequestView, requireChangeRequest } from '../domain/change-requests.js';
import { searchSpace } from '../domain/search.js';
import { requireSpace } from '../domain/spaces.js';
import { pageRead, readOptions, spaceRevision, type PageReadQuery } from '../domain/content-reads.js';

/*
 * The pages of a space: of its live content (its primary revision), of a change request, and of
 * any revision, one model (content.ts) for the three. And the batch of content changes a change
 * request takes (content-edit.ts), which makes a new revision of the request; merging the
 * request makes that content the live content, as any merge does.
 */

/** The page at a slug path (`guides/setup`); 404 when none. */
export function requirePageAtPath(revision: RevisionRow, pagePath: string, where: string): FlatPage {
  const path = pagePath.replace(/^\/+|\/+$/g, '');
  const entry = flattenPages(revision.pages).find((candidate) => candidate.path === path);
  if (!entry) throw new SandboxError(404, `no page is at path "${path}" in ${where}`);
  return entry;
}

/**
 * A page read by path: a document or a group, as the published document answers it (a link page
 * has no path of its own to read: 404).
 */
function pageByPath(
  store: Store,
  revision: RevisionRow,
  pagePath: string,
  where: string,
  query: PageReadQuery,
): RevisionPageDocument | RevisionPageGroup {
  const entry = requirePageAtPath(revision, pagePath, where);
  if (entry.page.type === 'link')
    throw new SandboxError(404, `the page at path "${entry.path}" in ${where} is a link page: read it by id`);
  if (entry.page.type === 'group')
    return groupView(revision, entry, { ...readOptions(query), index: linkIndex(revision) });
  const variables = { ...revision.variables, ...entry.page.variables };
  const evaluate = query.evaluated ?? query.evaluate;
  return pageView(revision, entry, {
    ...readOptions(query),
    index: linkIndex(revision),
    transform: (markdown) => evaluateMarkdown(markdown, variables, evaluate, () => store.now()),
  });
}

/** The live content of a space the actor can reach. */
function liveContent(store: Store, spaceId: string): { revision: RevisionRow; where: string } {
  const space = requireSpace(store, spaceId);
  return { revision: primaryRevision(store, space), where: `space "${space.id}"` };
}

function requestContent(store: Store, params: { spaceId: string; changeRequestId: string }) {
  const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
  return { row, revision: requireRevision(store, row.revision), where: `change request #${row.number}` };
}

/** One edit more by the actor in the request's contributors. */
function contribute(store: Store, row: ChangeRequestRow): void {
  const now = store.now();
  const mine = row.contributors.find((contributor) => contributor.user === store.actor);
  if (mine) {
    mine.count += 1;
    mine.updatedAt = now;
  } else row.contributors.push({ user: store.actor, count: 1, updatedAt: now });
}

export const spaceContentHandlers = [
  implement(listPages, ({ store, params, query }) => {
    const { revision } = liveContent(store, params.spaceId);
    return { pages: pagesView(revision, readOptions(query)) };
  }),

  // The files of the live content; a file's downloadURL is served by the sandbox when it has its
  // bytes (see fileDownloadUrl).
  implement(listFiles, ({ store, params, query }) => {
    const { revision } = liveContent(store, params.spaceId);
    return paginate(
      revision.files.map((file) => fileView(revision, file, readOptions(query), store.apiOrigin())),
      query,
    );
  }),

  implement(getFileById, ({ store, params, query }) => {
    const { revision, where } = liveContent(store, params.spaceId);
    return fileView(
      revision,
      requireFile(revision, params.fileId, where),
      readOptions(query),
      store.apiOrigin(),
    );
  }),

  implement(getPageById, ({ store, params, query }) => {
    const { revision, where } = liveContent(store, params.spaceId);
    return pageRead(store, revision, requirePage(revision, params.pageId, where), query);
  }),

  {
    ...implement(listSpacePageMetaLinks, ({ store, params }) => {
      const { revision, where } = liveContent(store, params.spaceId);
      return pageMetaLinks(store, revision, requirePage(revision, params.pageId, where));
    }),
    answer: 'computed' as const,
  },

  implement(getPageByPath, ({ store, params, query }) => {
    const { revision, where } = liveContent(store, params.spaceId);
    return pageByPath(store, revision, params.pagePath, where, query);
  }),

  implement(getPageInChangeRequestByPath, ({ store, params, query }) => {
    const { revision, where } = requestContent(store, params);
    return pageByPath(store, revision, params.pagePath, where, query);
  }),

  implement(listPagesInRevisionById, ({ store, params, query }) => {
    const { revision } = spaceRevision(store, params.spaceId, params.revisionId);
    return { pages: pagesView(revision, readOptions(query)) };
  }),

  implement(getPageInRevisionByPath, ({ store, params, query }) => {
    const { revision, where } = spaceRevision(store, params.spaceId, params.revisionId);
    return pageByPath(store, revision, params.pagePath, where, query);
  }),

  // Pages of the live content whose title, description or text holds the query (any case),
  // ranked as the organization's search ranks them; an empty query finds nothing.
  implement(searchSpaceContent, ({ store, params, query }) => {
    const space = requireSpace(store, params.spaceId);
    const needle = query.query.trim().toLowerCase();
    const found = needle ? searchSpace(store, space, needle) : [];
    const ranked = found
      .map((page, index) => ({ page, index }))
      .sort((a, b) => (b.page.score ?? 0) - (a.page.score ?? 0) || a.index - b.index)
      .map(({ page }, index) => ({ ...page, rank: index + 1 }));
    return paginate(ranked, query);
  }),

  implement(updateChangeRequestContent, ({ store, params, query, body }) => {
    const { space, row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    if (row.status === 'merged' || row.status === 'archived')
      throw conflict(`Change request #${row.number} is ${row.status}: its content can no longer change`);
    const current = requireRevision(store, row.revision);
    const sequence = store.sequence;
    let result: BatchResult;
    try {
      result = applyBatch({
        content: current,
        changes: body.changes,
        newId: (prefix) => store.newId(prefix),
        now: store.now(),
        revisionContent: (revisionId, index) => {
          if (revisionId === undefined) return requireRevision(store, baseRevisionId(row));
          const revision = store.revisions.get(revisionId);
          if (revision?.space !== space.id)
            throw new ContentChangeError(
              index,
              'revision',
              `"${revisionId}" is not a revision of space "${space.id}"`,
            );
          return revision;
        },
      });
    } catch (error) {
      // Nothing changed: not even the id counter moved.
      store.sequence = sequence;
      if (!(error instanceof ContentChangeError)) throw error;
      const path = `body.changes[${error.index}]${error.field ? `.${error.field}` : ''}`;
      throw new SandboxError(
        400,
        `Invalid request: change ${error.index} of the batch cannot be applied, so none was: ${path}: ${error.detail}`,
        [{ path, message: error.detail }],
      );
    }
    for (const [key, base64] of result.blobs) store.blobs.set(key, base64);
    const count = body.changes.length;
    const revision = createRevision(
      store,
      space.id,
      result.content,
      [row.revision],
      `Content changes (${count} change${count === 1 ? '' : 's'}) to change request #${row.number}`,
      { type: 'edits' },
      // The batch worked on a copy of the request's content: the revision takes it as it is.
      true,
    );
    row.revision = revision.id;
    row.updatedAt = store.now();
    contribute(store, row);
    const changeRequest = changeRequestView(store, row);
    // The published document: `compat=true` (its default, for now) answers the change request.
    if (query.compat !== false) return changeRequest;
    const pageRef = (id: string) => ({
      object: 'page' as const,
      id,
      urls: { location: store.apiUrl(`/spaces/${space.id}/change-requests/${row.id}/content/page/${id}`) },
    });
    const answer: ChangeRequestContentUpdate = {
      changeRequest,
      changes: result.outcomes.map((outcome) =>
        outcome.object === 'deleted_page'
          ? { object: 'deleted_page', page: outcome.page }
          : outcome.object === 'created_page'
            ? {
                object: 'created_page',
                ...(outcome.ref !== undefined ? { ref: outcome.ref } : {}),
                page: pageRef(outcome.page),
              }
            : { object: 'updated_page', page: pageRef(outcome.page) },
      ),
      insertedFiles: result.insertedFiles.map((file) => fileView(revision, file, {}, store.apiOrigin())),
    };
    return answer;
  }),
];
