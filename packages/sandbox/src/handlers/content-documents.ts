import {
  getDocumentById,
  getPageDocumentInRevisionById,
  getReusableContentById,
  getReusableContentDocumentInRevisionById,
  getReusableContentInChangeRequestById,
  getReusableContentInRevisionById,
  type JSONDocument,
} from '@docs-api/sdk/contract';
import {
  evaluateMarkdown,
  markdownDocument,
  primaryRevision,
  requirePage,
  requireRevision,
  reusableContentView,
  reusableDocumentId,
  type RevisionRow,
} from '../content.js';
import type { ReusableContentRow } from '../content-rows.js';
import { notFound } from '../errors.js';
import { implement } from '../implement.js';
import type { Store } from '../store.js';
import { requireChangeRequest } from '../domain/change-requests.js';
import { pageRead, spaceRevision } from '../domain/content-reads.js';
import { requireSpace } from '../domain/spaces.js';

/*
 * Reads of reusable contents and of documents, from the content model: a reusable content of a
 * revision (the space's current one, a revision of the space, a change request's), its document
 * (its markdown as a rich-text document, expressions evaluated with the revision's variables when
 * asked), a page's document in a revision, and a space's document by id (a reusable content's
 * `document`, in the space's current revision). An id the revision lacks is 404.
 */

function requireReusable(revision: RevisionRow, reusableContentId: string): ReusableContentRow {
  const reusable = revision.reusableContents.find((candidate) => candidate.id === reusableContentId);
  if (!reusable) throw notFound('reusable content', reusableContentId);
  return reusable;
}

function reusableRead(
  revision: RevisionRow,
  reusableContentId: string,
  query: { metadata?: boolean | undefined },
) {
  return reusableContentView(requireReusable(revision, reusableContentId), { gitMetadata: query.metadata });
}

function reusableDocument(
  store: Store,
  revision: RevisionRow,
  reusable: ReusableContentRow,
  evaluate: boolean | 'deterministic-only' | undefined,
): JSONDocument {
  const markdown = evaluateMarkdown(reusable.markdown ?? '', revision.variables, evaluate, () => store.now());
  return markdownDocument(markdown);
}

export const contentDocumentHandlers = [
  implement(getReusableContentById, ({ store, params, query }) =>
    reusableRead(
      primaryRevision(store, requireSpace(store, params.spaceId)),
      params.reusableContentId,
      query,
    ),
  ),

  implement(getReusableContentInRevisionById, ({ store, params, query }) =>
    reusableRead(
      spaceRevision(store, params.spaceId, params.revisionId).revision,
      params.reusableContentId,
      query,
    ),
  ),

  implement(getReusableContentInChangeRequestById, ({ store, params, query }) => {
    const { row } = requireChangeRequest(store, params.spaceId, params.changeRequestId);
    return reusableRead(requireRevision(store, row.revision), params.reusableContentId, query);
  }),

  implement(getReusableContentDocumentInRevisionById, ({ store, params, query }) => {
    const { revision } = spaceRevision(store, params.spaceId, params.revisionId);
    return reusableDocument(
      store,
      revision,
      requireReusable(revision, params.reusableContentId),
      query.evaluated,
    );
  }),

  implement(getPageDocumentInRevisionById, ({ store, params, query }) => {
    const { revision, where } = spaceRevision(store, params.spaceId, params.revisionId);
    const view = pageRead(store, revision, requirePage(revision, params.pageId, where), {
      format: 'document',
      evaluated: query.evaluated,
    }) as { document?: JSONDocument };
    if (!view.document) throw notFound('document of page', params.pageId);
    return view.document;
  }),

  implement(getDocumentById, ({ store, params }) => {
    const revision = primaryRevision(store, requireSpace(store, params.spaceId));
    const reusable = revision.reusableContents.find(
      (candidate) => reusableDocumentId(candidate) === params.documentId,
    );
    if (!reusable) throw notFound('document', params.documentId);
    return reusableDocument(store, revision, reusable, false);
  }),
];
