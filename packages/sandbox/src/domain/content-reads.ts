import {
  anyPageView,
  evaluateMarkdown,
  requireRevision,
  type BodyFormat,
  type FlatPage,
  type PageViewOptions,
  type RevisionRow,
} from '../content.js';
import { linkIndex } from '../content-links.js';
import { notFound } from '../errors.js';
import type { Store } from '../store.js';
import { requireSpace } from './spaces.js';

/*
 * Reads of a revision's pages, shared by the space, change-request, revision and document
 * handlers: the query every page read takes, a page as a read answers it, and a revision looked up
 * within its space. A domain module: handlers import it, it imports no handler.
 */

/** The query of every page read (the document's names, and the extract's older ones). */
export interface PageReadQuery {
  format?: BodyFormat | undefined;
  'format.markdown.refs'?: 'relative' | 'stable' | undefined;
  markdownRefs?: 'relative' | 'stable' | undefined;
  evaluated?: boolean | 'deterministic-only' | undefined;
  evaluate?: boolean | 'deterministic-only' | undefined;
  metadata?: boolean | undefined;
  gitMetadata?: boolean | undefined;
  computed?: boolean | undefined;
}

/** View options from a page read's query; `dereferenced` changes nothing (no reusable content in pages). */
export function readOptions(query: PageReadQuery): PageViewOptions {
  return {
    format: query.format,
    refs: query['format.markdown.refs'] ?? query.markdownRefs,
    gitMetadata: query.metadata ?? query.gitMetadata,
    computed: query.computed,
  };
}

/** A page of a revision as a read answers it: its markdown's expressions evaluated when asked. */
export function pageRead(store: Store, revision: RevisionRow, entry: FlatPage, query: PageReadQuery) {
  const variables = { ...revision.variables, ...entry.page.variables };
  const evaluate = query.evaluated ?? query.evaluate;
  return anyPageView(revision, entry, {
    ...readOptions(query),
    index: linkIndex(revision),
    transform: (markdown) => evaluateMarkdown(markdown, variables, evaluate, () => store.now()),
  });
}

/** A revision of the space; a revision of another space is not found in this one. */
export function spaceRevision(
  store: Store,
  spaceId: string,
  revisionId: string,
): { revision: RevisionRow; where: string } {
  requireSpace(store, spaceId);
  const revision = requireRevision(store, revisionId);
  if (revision.space !== spaceId) throw notFound('revision', revisionId);
  return { revision, where: `revision ${revision.id}` };
}
