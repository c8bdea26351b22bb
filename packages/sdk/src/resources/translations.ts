import type { HandWritten } from '../core/resource.js';
import type { Translations } from '../generated/resources/translations.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import { isTranslationFailed, isTranslationInProgress } from './states.js';
import type { Translation } from '../generated/types.js';

/** `client.translations`' hand-written methods. */
export interface TranslationsExtensions {
  /**
   * Reads the translation every `interval` ms (default 2 000) until its status leaves
   * `pending`/`running`, and returns it (`completed`). The document names no failure status, so
   * the timeout is the only failure it describes: `WaitTimeoutError` (holding the last
   * translation read) after `timeout` ms (default 10 minutes); a failure status the service may
   * send anyway is a `RunFailedError`. `AbortError` when `signal` aborts; `onProgress` sees every
   * read.
   *
   * @example
   * await client.translations.run(org, id);
   * const done = await client.translations.waitUntilDone(org, id, { timeout: 60_000 });
   */
  waitUntilDone(
    organizationId: string,
    translationId: string,
    options?: WaitOptions<Translation>,
  ): Promise<Translation>;
  /**
   * The former name of `waitUntilDone`, with its former outcome: a failure status is returned,
   * not thrown (check it with `isTranslationFailed`).
   */
  waitForRun(
    organizationId: string,
    translationId: string,
    options?: WaitOptions<Translation>,
  ): Promise<Translation>;
}

/** Waits for a translation's run: `translations.waitUntilDone`, as a function of the resource. */
export function waitForTranslation(
  resource: Pick<Translations, 'get'>,
  organizationId: string,
  translationId: string,
  options: WaitOptions<Translation> = {},
  failures = true,
): Promise<Translation> {
  return waitUntil(
    (signal) => resource.get(organizationId, translationId, signal ? { signal } : undefined),
    (translation) => !isTranslationInProgress(translation),
    {
      ...options,
      what: `the run of translation ${translationId}`,
      describe: (translation) => `status ${translation.status}`,
      ...(failures
        ? {
            failed: (translation: Translation) =>
              isTranslationFailed(translation) ? { state: String(translation.status) } : undefined,
          }
        : {}),
    },
  );
}

export const extensions: HandWritten<TranslationsExtensions, Translations> = {
  waitUntilDone: (resource, _invoker, organizationId, translationId, options) =>
    waitForTranslation(resource, organizationId, translationId, options),
  waitForRun: (resource, _invoker, organizationId, translationId, options) =>
    waitForTranslation(resource, organizationId, translationId, options, false),
};
