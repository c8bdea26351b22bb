import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import type {
  Translation,
  TranslationCreateBody,
  TranslationListQuery,
  TranslationUpdateBody,
} from '../types.js';
import { Resource } from './resource.js';
import { TRANSLATION_FAILED_STATUSES, TRANSLATION_IN_PROGRESS_STATUSES } from '../contract/states.js';

/** The area's operations, loaded with their schemas on first use. */
const translationsArea = () => import('../contract/translations.js');
const createTranslation = lazyOperation(translationsArea, 'createTranslation');
const deleteTranslation = lazyOperation(translationsArea, 'deleteTranslation');
const getTranslation = lazyOperation(translationsArea, 'getTranslation');
const listTranslations = lazyOperation(translationsArea, 'listTranslations');
const runTranslation = lazyOperation(translationsArea, 'runTranslation');
const updateTranslation = lazyOperation(translationsArea, 'updateTranslation');

/** True while a translation's run is under way (`pending` or `running`). */
export function isTranslationInProgress(translation: Pick<Translation, 'status'>): boolean {
  return translation.status !== undefined && TRANSLATION_IN_PROGRESS_STATUSES.includes(translation.status);
}

/**
 * True when the last run did not succeed (`failed` and the like: see
 * `TRANSLATION_FAILED_STATUSES`). The published document names no failure status, so against
 * the service this is false unless it sends one it does not document.
 */
export function isTranslationFailed(translation: Pick<Translation, 'status'>): boolean {
  return translation.status !== undefined && TRANSLATION_FAILED_STATUSES.includes(translation.status);
}

/** Translations of spaces into other languages: `client.translations`. */
export class Translations extends Resource {
  /**
   * Lists the organization's translations.
   * `await` gives the first page; `for await` walks every translation.
   */
  list(
    organizationId: string,
    query: TranslationListQuery = {},
    options?: RequestOptions,
  ): PagePromise<Translation> {
    return this.http.list(listTranslations, { params: { organizationId }, query }, options);
  }

  /**
   * Creates a translation of the `source` space (`{ space, language }`: the language it is
   * written in) into `language`, with optional `instructions` for the translator. Languages
   * are the service's codes (`TRANSLATION_LANGUAGES`: `fr`, `de`, `pt-br`, ...). It does not
   * run yet. Answers 201 with the translation.
   */
  create(
    organizationId: string,
    body: TranslationCreateBody,
    options?: RequestOptions,
  ): ApiPromise<Translation> {
    return this.http.call(createTranslation, { params: { organizationId }, body }, options);
  }

  /** Reads one translation, with its status, result and statistics. */
  get(organizationId: string, translationId: string, options?: RequestOptions): ApiPromise<Translation> {
    return this.http.call(getTranslation, { params: { organizationId, translationId } }, options);
  }

  /** Replaces the translation's instructions (a rich-text document: see `documentFromText`). */
  update(
    organizationId: string,
    translationId: string,
    body: TranslationUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<Translation> {
    return this.http.call(updateTranslation, { params: { organizationId, translationId }, body }, options);
  }

  /**
   * Deletes the translation (the translated space stays). Deleting a translation that does not
   * exist succeeds too (the service answers 204 "did not exist", 205 when it deleted one).
   */
  delete(organizationId: string, translationId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(deleteTranslation, { params: { organizationId, translationId } }, options);
  }

  /** Starts a run: the answer is empty; follow the run with `waitForRun` or `get`. */
  run(organizationId: string, translationId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(runTranslation, { params: { organizationId, translationId } }, options);
  }

  /**
   * Reads the translation every `interval` ms (default 2 000) until its status leaves
   * `pending`/`running`, and returns it: check `status` for the outcome (`completed`; a
   * failure status the service may send is told by `isTranslationFailed`). Fails with `WaitTimeoutError` (holding the last translation read) after
   * `timeout` ms (default 10 minutes), with `AbortError` when `signal` aborts.
   *
   * @example
   * await client.translations.run(org, id);
   * const done = await client.translations.waitForRun(org, id, { timeout: 60_000 });
   */
  waitForRun(
    organizationId: string,
    translationId: string,
    options: WaitOptions<Translation> = {},
  ): Promise<Translation> {
    return waitUntil(
      (signal) => this.get(organizationId, translationId, signal ? { signal } : undefined),
      (translation) => !isTranslationInProgress(translation),
      {
        ...options,
        what: `the run of translation ${translationId}`,
        describe: (translation) => `status ${translation.status}`,
      },
    );
  }
}
