import { organizationCalls } from './organizations.js';
import { samlCalls } from './saml.js';
import { siteCalls } from './sites.js';
import { teamCalls } from './teams.js';
import type { AreaCalls } from './types.js';

/** The calls of every area, by operation id. */
export const calls: AreaCalls = {
  ...siteCalls,
  ...organizationCalls,
  ...teamCalls,
  ...samlCalls,
};
