import { getPageInRevisionById } from '@docs-api/sdk/contract';
import { evaluateMarkdown, pageView, requirePage, requireRevision } from '../content.js';
import { notFound } from '../errors.js';
import { implement } from '../implement.js';
import { requireSpace } from './spaces.js';

/** Reads of a space's revisions by id (beyond the extract: from the published document). */
export const revisionHandlers = [
  implement(getPageInRevisionById, ({ store, params, query }) => {
    requireSpace(store, params.spaceId);
    const revision = requireRevision(store, params.revisionId);
    // A revision of another space is not found in this one.
    if (revision.space !== params.spaceId) throw notFound('revision', params.revisionId);
    const entry = requirePage(revision, params.pageId, `revision ${revision.id}`);
    const variables = { ...revision.variables, ...entry.page.variables };
    return pageView(revision, entry, {
      ...query,
      transform: (markdown) => evaluateMarkdown(markdown, variables, query.evaluate, () => store.now()),
    });
  }),
];
