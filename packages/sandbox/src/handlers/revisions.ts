import { getCurrentRevision, getPageInRevisionById, getRevisionById } from '@docs-api/sdk/contract';
import { primaryRevision, requirePage, revisionView, type RevisionRow } from '../content.js';
import { implement } from '../implement.js';
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
];
