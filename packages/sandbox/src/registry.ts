import { operations as contractOperations } from '@docs-api/sdk/contract';
import { changeRequestCommentHandlers } from './handlers/change-request-comments.js';
import { changeRequestContentHandlers } from './handlers/change-request-content.js';
import { changeRequestHandlers } from './handlers/change-requests.js';
import { changeRequestReviewHandlers } from './handlers/change-request-reviews.js';
import { revisionHandlers } from './handlers/revisions.js';
import { organizationHandlers } from './handlers/organizations.js';
import { memberHandlers } from './handlers/members.js';
import { siteHandlers } from './handlers/sites.js';
import { spaceHandlers } from './handlers/spaces.js';
import { collectionHandlers } from './handlers/collections.js';
import { translationHandlers } from './handlers/translations.js';
import { teamHandlers } from './handlers/teams.js';
import { samlHandlers } from './handlers/saml.js';
import { conversationHandlers } from './handlers/conversations.js';
import { openApiHandlers } from './handlers/openapi.js';
import { integrationHandlers } from './handlers/integrations.js';
import { importHandlers } from './handlers/imports.js';
import { spaceContentHandlers } from './handlers/space-content.js';
import { spaceCreateHandlers } from './handlers/space-create.js';
import { commentReplyHandlers } from './handlers/comment-replies.js';
import { gitSyncHandlers } from './handlers/git-sync.js';
import { sitePublishingHandlers } from './handlers/site-publishing.js';
import { siteStructureHandlers } from './handlers/site-structure.js';
import { siteShareLinkHandlers } from './handlers/site-share-links.js';
import { siteRedirectHandlers } from './handlers/site-redirects.js';
import { openApiVersionHandlers } from './handlers/openapi-versions.js';
import { integrationInstallationHandlers } from './handlers/integration-installations.js';
import { userHandlers } from './handlers/users.js';
import { askHandlers } from './handlers/ask.js';
import { siteSectionHandlers } from './handlers/site-sections.js';
import { permissionHandlers } from './handlers/permissions.js';
import { organizationInviteHandlers } from './handlers/organization-invites.js';
import { organizationCreateHandlers } from './handlers/organization-create.js';
import { offlineHandlers } from './handlers/offline.js';
import { siteSettingsHandlers } from './handlers/site-settings.js';
import { siteInsightsHandlers } from './handlers/site-insights.js';
import { siteStructureMoveHandlers } from './handlers/site-structure-moves.js';
import { contentDocumentHandlers } from './handlers/content-documents.js';
import { commenterHandlers } from './handlers/commenters.js';
import { publishedUrlHandlers } from './handlers/published-urls.js';
import { computedContentHandlers } from './handlers/computed-content.js';
import { siteSearchHandlers } from './handlers/site-search.js';
import { recommendedQuestionHandlers } from './handlers/recommended-questions.js';
import { siteQuestionHandlers } from './handlers/site-questions.js';
import { customHostnameHandlers } from './handlers/custom-hostnames.js';
import { siteAdsHandlers } from './handlers/site-ads.js';
import { sitePreviewHandlers } from './handlers/site-preview.js';
import { styleguideHandlers } from './handlers/styleguides.js';
import { siteContextHandlers } from './handlers/site-context.js';
import { integrationDevelopmentHandlers } from './handlers/integration-development.js';
import { organizationActivityHandlers } from './handlers/organization-activity.js';
import { systemHandlers } from './handlers/system.js';
import type { Implementation } from './implement.js';
import { ResourceEngine } from './resources/engine.js';
import { familiesOf, operationsOf } from './resources/families.js';

/*
 * The registry of what the sandbox implements: every handler's operations, and the resource
 * engine's for the families no handler keeps. The one module outside handlers/ that imports them.
 */

/** Every operation the sandbox serves. */
export const implementations: readonly Implementation[] = [
  ...siteHandlers,
  ...organizationHandlers,
  ...memberHandlers,
  ...collectionHandlers,
  ...spaceHandlers,
  ...changeRequestHandlers,
  ...changeRequestCommentHandlers,
  ...changeRequestContentHandlers,
  ...changeRequestReviewHandlers,
  ...revisionHandlers,
  ...translationHandlers,
  ...teamHandlers,
  ...samlHandlers,
  ...conversationHandlers,
  ...openApiHandlers,
  ...integrationHandlers,
  ...importHandlers,
  ...spaceCreateHandlers,
  ...spaceContentHandlers,
  ...commentReplyHandlers,
  ...gitSyncHandlers,
  ...sitePublishingHandlers,
  ...siteStructureHandlers,
  ...siteShareLinkHandlers,
  ...siteRedirectHandlers,
  ...openApiVersionHandlers,
  ...integrationInstallationHandlers,
  ...userHandlers,
  ...askHandlers,
  ...siteSectionHandlers,
  ...permissionHandlers,
  ...organizationInviteHandlers,
  ...organizationCreateHandlers,
  ...offlineHandlers,
  ...siteSettingsHandlers,
  ...siteInsightsHandlers,
  ...siteStructureMoveHandlers,
  ...contentDocumentHandlers,
  ...commenterHandlers,
  ...publishedUrlHandlers,
  ...computedContentHandlers,
  ...siteSearchHandlers,
  ...recommendedQuestionHandlers,
  ...siteQuestionHandlers,
  ...customHostnameHandlers,
  ...siteAdsHandlers,
  ...sitePreviewHandlers,
  ...styleguideHandlers,
  ...siteContextHandlers,
  ...integrationDevelopmentHandlers,
  ...organizationActivityHandlers,
  ...systemHandlers,
];

/**
 * The paths of the content model (revisions, a space's or change request's content): kept by the
 * content handlers, never by the engine, whose empty collections would contradict them.
 */
const CONTENT_PATHS = /\/(?:revisions|content)\//;

/**
 * The resource engine serves every collection-and-item family of the contract of which no
 * operation is hand-written (a family split between a handler and the engine would keep two
 * states), outside the content model.
 */
export const resourceEngine = new ResourceEngine(
  (() => {
    const handled = new Set(implementations.map((implementation) => implementation.operation.id));
    const engineOnly = familiesOf(contractOperations).filter(
      (family) =>
        !CONTENT_PATHS.test(family.item) &&
        operationsOf(family).every((operation) => !handled.has(operation.id)),
    );
    return engineOnly.flatMap(operationsOf);
  })(),
);

/** Every operation the sandbox answers from its state: the handlers', then the engine's. */
export const statefulImplementations: readonly Implementation[] = [
  ...implementations,
  ...resourceEngine.implementations(),
];
