/*
 * The states the SDK's helpers (`isTranslationFailed`, the waiters) read: in a module of their own,
 * without zod, so that the SDK uses them without loading an area's schemas. Exported by the
 * contract's index, not by their areas: an area chunk importing them would make them a chunk of
 * their own that every app loads.
 */

/** States in which the spec is still being fetched and processed: the waiter polls while it sees one. */
export const OPENAPI_IN_PROGRESS_STATES: readonly string[] = ['pending', 'progress'];

/** Statuses in which a run is still under way: the waiter keeps polling while it sees one. */
export const TRANSLATION_IN_PROGRESS_STATUSES: readonly string[] = ['pending', 'running'];

/**
 * Statuses that would mean the last run did not succeed. Neither the extract nor the published
 * document names one (the document lists only `pending`, `running`, `completed`): these are
 * guesses, so a failure status the service may send is still reported as a failure.
 */
export const TRANSLATION_FAILED_STATUSES: readonly string[] = [
  'failed',
  'error',
  'errored',
  'cancelled',
  'canceled',
];
