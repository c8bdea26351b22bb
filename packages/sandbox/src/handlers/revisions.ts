import { getPageInRevisionById } from '@docs-api/sdk/contract';
import { requirePage } from '../content.js';
import { implement } from '../implement.js';
import { pageRead, spaceRevision } from './space-content.js';

/** Reads of a space's revisions by id (beyond the extract: from the published document). */
export const revisionHandlers = [
  implement(getPageInRevisionById, ({ store, params, query }) => {
    // A revision of another space is not found in this one.
    const { revision, where } = spaceRevision(store, params.spaceId, params.revisionId);
    return pageRead(store, revision, requirePage(revision, params.pageId, where), query);
  }),
];
