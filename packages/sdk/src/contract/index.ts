/**
 * The API contract as data: zod schemas and one operation object per endpoint.
 * Exported as `@docs-api/sdk/contract` so the sandbox implements exactly what the SDK calls.
 */
import { changeRequestCommentOperations } from './change-request-comments.js';
import { changeRequestContentOperations } from './change-request-content.js';
import { changeRequestOperations } from './change-requests.js';
import { changeRequestReviewOperations } from './change-request-reviews.js';
import { revisionOperations } from './revisions.js';
import { organizationOperations } from './organizations.js';
import { memberOperations } from './members.js';
import { createSite, deleteSite, getSite, listSites, updateSite } from './sites.js';
import {
  getSiteAdaptiveSchema,
  listSiteTemplateConditions,
  updateSiteAdaptiveSchema,
} from './site-adaptive-schemas.js';
import { getPublishedSite } from './published-sites.js';
import { listSiteIntegrationScripts, listSiteIntegrations } from './site-integrations.js';
import { spaceOperations } from './spaces.js';
import { collectionOperations } from './collections.js';
import { translationOperations } from './translations.js';
import { teamOperations } from './teams.js';
import { samlOperations } from './saml.js';
import { conversationOperations } from './conversations.js';
import { openApiOperations } from './openapi.js';
import { integrationOperations } from './integrations.js';
import { importOperations } from './imports.js';
import type { Operation } from './operation.js';

export * from './schema.js';
export * from './common.js';
export * from './operation.js';
export * from './query.js';
export * from './validation.js';
export * from './messages.js';
export * from './states.js';
export * from './spaces.js';
export * from './collections.js';
export * from './integrations.js';
export * from './openapi.js';
export * from './imports.js';
export * from './merge-rules.js';
export * from './merge-rules-check.js';
export * from './organizations.js';
export * from './members.js';
export * from './sites.js';
export * from './site-adaptive-schemas.js';
export * from './published-sites.js';
export * from './site-integrations.js';
export * from './change-requests.js';
export * from './change-request-comments.js';
export * from './change-request-content.js';
export * from './change-request-reviews.js';
export * from './revisions.js';
export * from './links.js';
export * from './translations.js';
export * from './teams.js';
export * from './saml.js';
export * from './conversations.js';

/** The Sites area's operations, from its modules (sites.ts says why it has several). */
export const siteOperations = [
  listSites,
  createSite,
  getSite,
  deleteSite,
  updateSite,
  getSiteAdaptiveSchema,
  updateSiteAdaptiveSchema,
  listSiteTemplateConditions,
  getPublishedSite,
  listSiteIntegrationScripts,
  listSiteIntegrations,
] as const;

/**
 * Every operation the SDK knows, in contract order: the extract's 114, and beside their areas
 * those taken from the published document (marked `beyondExtract`).
 */
export const operations: readonly Operation[] = [
  ...siteOperations,
  ...organizationOperations,
  ...memberOperations,
  ...collectionOperations,
  ...spaceOperations,
  ...changeRequestOperations,
  ...changeRequestCommentOperations,
  ...changeRequestContentOperations,
  ...changeRequestReviewOperations,
  ...revisionOperations,
  ...translationOperations,
  ...teamOperations,
  ...samlOperations,
  ...conversationOperations,
  ...openApiOperations,
  ...integrationOperations,
  ...importOperations,
];
