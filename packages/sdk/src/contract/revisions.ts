import { ContentPageQuery, PageSchema, PAGE_QUERY_WIRE_NAMES } from './change-request-content.js';
import { defineOperation } from './operation.js';

/*
 * Reads of a space's revision by id. Beyond the extract: from the service's published OpenAPI
 * document (`getPageInRevisionById`), which `docs cr diff` needs for a page's markdown at a
 * change request's base revision (the extract reads a request's own pages only).
 */

const AREA = 'Revisions';

export const getRevisionPage = /* @__PURE__ */ defineOperation({
  id: 'revisions.page',
  area: AREA,
  summary: 'Get a page of a revision of a space (beyond the extract)',
  method: 'GET',
  idempotent: true,
  path: '/v1/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}',
  query: ContentPageQuery,
  queryWireNames: PAGE_QUERY_WIRE_NAMES,
  beyondExtract: true,
  status: 200,
  response: PageSchema,
});

export const revisionOperations = [getRevisionPage] as const;
