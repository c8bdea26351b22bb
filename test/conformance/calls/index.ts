import { changeRequestCalls } from './change-requests.js';
import { changeRequestReviewCalls } from './change-request-reviews.js';
import { collectionCalls } from './collections.js';
import { conversationCalls } from './conversations.js';
import { importCalls } from './imports.js';
import { integrationCalls } from './integrations.js';
import { openApiCalls } from './openapi.js';
import { organizationCalls } from './organizations.js';
import { samlCalls } from './saml.js';
import { siteCalls } from './sites.js';
import { spaceCalls } from './spaces.js';
import { teamCalls } from './teams.js';
import { translationCalls } from './translations.js';
import type { AreaCalls } from './types.js';

/** The calls of every area, by operation id. */
export const calls: AreaCalls = {
  ...siteCalls,
  ...organizationCalls,
  ...spaceCalls,
  ...collectionCalls,
  ...changeRequestCalls,
  ...changeRequestReviewCalls,
  ...translationCalls,
  ...teamCalls,
  ...samlCalls,
  ...conversationCalls,
  ...openApiCalls,
  ...integrationCalls,
  ...importCalls,
};
