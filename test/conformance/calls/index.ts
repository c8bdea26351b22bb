import { changeRequestCalls } from './change-requests.js';
import { siteCalls } from './sites.js';
import type { AreaCalls } from './types.js';

/** The calls of every area, by operation id. */
export const calls: AreaCalls = {
  ...siteCalls,
  ...changeRequestCalls,
};
