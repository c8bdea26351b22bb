import type { HandWritten } from '../core/resource.js';
import type { Translations } from '../generated/resources/translations.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import { isTranslationInProgress } from './states.js';
import type { Translation } from '../generated/types.js';

/** `client.translations`' hand-written methods. */
export interface TranslationsExtensions {
  /**
   * Reads the translation every `interval` ms (default 2 000) until its status leaves
   * `pending`/`running`, and returns it: check `status` for the outcome (`completed`; a failure
   * status the service may send is told by `isTranslationFailed`). Fails with `WaitTimeoutError`
   * (holding the last translation read) after `timeout` ms (default 10 minutes), with
   * `AbortError` when `signal` aborts.
   *
   * @example
   * await client.translations.run(org, id);
   * const done = await client.translations.waitForRun(org, id, { timeout: 60_000 });
   */
  waitForRun(
    organizationId: string,
    translationId: string,
    options?: WaitOptions<Translation>,
  ): Promise<Translation>;
}

export const extensions: HandWritten<TranslationsExtensions, Translations> = {
  waitForRun(resource, _invoker, organizationId, translationId, options = {}) {
    return waitUntil(
      (signal) => resource.get(organizationId, translationId, signal ? { signal } : undefined),
      (translation) => !isTranslationInProgress(translation),
      {
        ...options,
        what: `the run of translation ${translationId}`,
        describe: (translation) => `status ${translation.status}`,
      },
    );
  },
};
