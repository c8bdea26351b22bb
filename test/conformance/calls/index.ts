import { importCalls } from './imports.js';
import { integrationCalls } from './integrations.js';
import { openApiCalls } from './openapi.js';
import { siteCalls } from './sites.js';
import { spaceCalls } from './spaces.js';
import { collectionCalls } from './collections.js';
import type { AreaCalls } from './types.js';

/** The calls of every area, by operation id. */
export const calls: AreaCalls = {
  ...siteCalls,
  ...spaceCalls,
  ...collectionCalls,
  ...openApiCalls,
  ...integrationCalls,
  ...importCalls,
};
