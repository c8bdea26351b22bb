import * as z from 'zod/mini';
import { IntegrationSchema, IntegrationScriptSchema } from './integrations.js';
import { defineOperation } from './operation.js';
import { listOf, pageQuery, strict } from './schema.js';
import { SITES_AREA, SITE_PATH } from './sites.js';

/** The integrations enabled on a site: with the Integrations area's schemas, loaded with them. */

export const listSiteIntegrationScripts = /* @__PURE__ */ defineOperation({
  id: 'sites.integrationScripts',
  area: SITES_AREA,
  summary: 'List the integration scripts enabled on a site',
  method: 'GET',
  idempotent: true,
  path: `${SITE_PATH}/integration-scripts`,
  status: 200,
  response: () => z.array(IntegrationScriptSchema),
});

export const listSiteIntegrations = /* @__PURE__ */ defineOperation({
  id: 'sites.integrations',
  area: SITES_AREA,
  summary: 'List the integrations enabled on a site',
  method: 'GET',
  idempotent: true,
  path: `${SITE_PATH}/integrations`,
  query: () => strict({ ...pageQuery(), search: z.optional(z.string().check(z.minLength(1))) }),
  // The published document lists only `search` here; paging follows the extract's convention.
  extractOnly: { query: ['page', 'limit'] },
  status: 200,
  response: () => listOf(IntegrationSchema),
  paginated: true,
});
