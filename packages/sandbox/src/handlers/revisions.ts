import {
  getCurrentRevision,
  getFileInRevisionById,
  getPageInRevisionById,
  getRevisionById,
  getRevisionSemanticChanges,
  listFilesInRevisionById,
  listRevisionPageMetaLinks,
} from '@docs-api/sdk/contract';
import {
  fileView,
  primaryRevision,
  requireFile,
  requirePage,
  requireRevision,
  revisionView,
  type RevisionContent,
  type RevisionRow,
} from '../content.js';
import { pageMetaLinks } from '../content-meta-links.js';
import { limitedChanges, semanticChanges } from '../domain/semantic-changes.js';
import { implement } from '../implement.js';
import { paginate } from '../pagination.js';
import type { Store } from '../store.js';
import { changeRequestView } from '../domain/change-requests.js';
import { requireSpace } from '../domain/spaces.js';
import { pageRead, spaceRevision } from '../domain/content-reads.js';

/** A revision as the API shows it; a merge revision with the change request it merged. */
function shownRevision(
  store: Store,
  revision: RevisionRow,
  query: { metadata?: boolean | undefined; computed?: boolean | undefined },
) {
  const options = { gitMetadata: query.metadata, computed: query.computed };
  const merged =
    revision.mergedFrom === undefined ? undefined : store.changeRequests.get(revision.mergedFrom);
  return revisionView(
    revision,
    options,
    merged ? changeRequestView(store, merged) : undefined,
    store.apiOrigin(),
  );
}

/** What a revision without a parent (a space's first) is measured against: nothing. */
const EMPTY_CONTENT: RevisionContent = { pages: [], files: [], reusableContents: [], variables: {} };

/** Reads of a space's revisions by id (beyond the extract: from the published document). */
export const revisionHandlers = [
  implement(getPageInRevisionById, ({ store, params, query }) => {
    // A revision of another space is not found in this one.
    const { revision, where } = spaceRevision(store, params.spaceId, params.revisionId);
    return pageRead(store, revision, requirePage(revision, params.pageId, where), query);
  }),

  // A revision that is not the space's (or does not exist) is a 404, as the service answers.
  implement(getRevisionById, ({ store, params, query }) =>
    shownRevision(store, spaceRevision(store, params.spaceId, params.revisionId).revision, query),
  ),

  implement(getCurrentRevision, ({ store, params, query }) =>
    shownRevision(store, primaryRevision(store, requireSpace(store, params.spaceId)), query),
  ),

  // The files the revision holds (not the space's current ones).
  implement(listFilesInRevisionById, ({ store, params, query }) => {
    const { revision } = spaceRevision(store, params.spaceId, params.revisionId);
    const options = { gitMetadata: query.metadata, computed: query.computed };
    return paginate(
      revision.files.map((file) => fileView(revision, file, options, store.apiOrigin())),
      query,
    );
  }),

  implement(getFileInRevisionById, ({ store, params, query }) => {
    const { revision, where } = spaceRevision(store, params.spaceId, params.revisionId);
    return fileView(
      revision,
      requireFile(revision, params.fileId, where),
      { gitMetadata: query.metadata, computed: query.computed },
      store.apiOrigin(),
    );
  }),

  // What the revision changed against its first parent (a merge's: the content it merged into);
  // a space's first revision created everything it holds.
  {
    ...implement(getRevisionSemanticChanges, ({ store, params, query }) => {
      const { revision } = spaceRevision(store, params.spaceId, params.revisionId);
      const parentId = revision.parents[0];
      const parent = parentId === undefined ? EMPTY_CONTENT : requireRevision(store, parentId);
      const merged =
        revision.mergedFrom === undefined ? undefined : store.changeRequests.get(revision.mergedFrom);
      return {
        ...limitedChanges(semanticChanges(parent, revision, store.apiOrigin()), query.limit),
        ...(merged ? { mergedFrom: changeRequestView(store, merged) } : {}),
      };
    }),
    answer: 'computed' as const,
  },

  {
    ...implement(listRevisionPageMetaLinks, ({ store, params }) => {
      const { revision, where } = spaceRevision(store, params.spaceId, params.revisionId);
      return pageMetaLinks(store, revision, requirePage(revision, params.pageId, where));
    }),
    answer: 'computed' as const,
  },
];
