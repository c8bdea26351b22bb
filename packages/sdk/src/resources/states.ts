import {
  OPENAPI_IN_PROGRESS_STATES,
  TRANSLATION_FAILED_STATUSES,
  TRANSLATION_IN_PROGRESS_STATUSES,
} from '../contract/states.js';
import type { OpenAPISpec, Translation } from '../generated/types.js';

/*
 * Helpers that read the state of long work: in a module of their own, apart from the waiters
 * that use them (resources/translations.ts, openapi.ts), which an app loads only when it waits.
 */

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

/** True while the service fetches and processes the spec (`processingState` `pending` or `progress`). */
export function isOpenApiSpecProcessing(spec: Pick<OpenAPISpec, 'processingState'>): boolean {
  return spec.processingState !== undefined && OPENAPI_IN_PROGRESS_STATES.includes(spec.processingState);
}

/**
 * True when the last processing is over and did not succeed: the service marks it `complete`
 * with a `lastProcessErrorCode` (`FETCH_TIMEOUT`, `FETCH_ERROR`, `PARSE_ERROR`); see
 * `lastProcessedErrors` for why.
 */
export function isOpenApiSpecFailed(
  spec: Pick<OpenAPISpec, 'processingState' | 'lastProcessErrorCode'>,
): boolean {
  return !isOpenApiSpecProcessing(spec) && typeof spec.lastProcessErrorCode === 'string';
}
