import en from 'zod/v4/locales/en.js';

/**
 * zod's English messages ("Too small: expected string to have >=2 characters"), passed to each
 * parse: `zod/mini` sets no locale of its own, and the SDK does not change zod's global config.
 */
export const zodMessages = /* @__PURE__ */ en().localeError;
