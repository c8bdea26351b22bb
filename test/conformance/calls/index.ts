import { conversationCalls } from './conversations.js';
import { siteCalls } from './sites.js';
import { translationCalls } from './translations.js';
import type { AreaCalls } from './types.js';

/** The calls of every area, by operation id. */
export const calls: AreaCalls = {
  ...siteCalls,
  ...translationCalls,
  ...conversationCalls,
};
