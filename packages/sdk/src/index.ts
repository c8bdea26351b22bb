export { DocsClient, DEFAULT_BASE_URL, type ClientOptions } from './client.js';
export * from './core/errors.js';
export { checkToken, normalizeBaseUrl } from './core/credentials.js';
export { ApiPromise, type WithResponse } from './core/api-promise.js';
export { MAX_EMPTY_PAGES, PagePromise, type Collected, type Page } from './core/pagination.js';
export type { RawRequest, RequestOptions, ResponseValidation } from './core/http.js';
export type { RateLimitInfo, RetryEvent } from './core/retry.js';
export type { RateLimitEvent } from './core/throttle.js';
/** ky's hook types, for the `hooks` option. */
export type { Hooks, BeforeRequestHook, BeforeRetryHook, AfterResponseHook, BeforeErrorHook } from 'ky';
export type { Logger } from './core/logger.js';
export { path } from './core/path.js';
/** Redaction helpers, shared with the sandbox's recording proxy so both hide the same secrets. */
export { REDACTED, isSecretName, redactText } from './core/redact.js';
export { extraFields, type UnknownKind } from './core/fields.js';
export { VERSION } from './version.js';
export { EventStream } from './core/event-stream.js';
export type { OperationId, OperationName, OperationNames } from './generated/operation-names.js';
export type { CallArgs, CallInput, CallResult } from './operation-call.js';
export type { WaitOptions } from './core/waiter.js';
export { publishedSiteSpaces, type PublishedSiteSpace } from './resources/sites.js';
export { reviewerUser, reviewerTeam } from './resources/reviewers.js';
export type { CommentReactions } from './resources/change-request-comments.js';
export type { MergeOutcome } from './resources/change-requests.js';
export { childPages, pageMarkdown } from './resources/content.js';
export {
  isOpenApiSpecFailed,
  isOpenApiSpecProcessing,
  isTranslationFailed,
  isTranslationInProgress,
} from './resources/states.js';
export {
  checkMergeRules,
  type MergeRuleContext,
  type MergeRuleResult,
  type MergeRuleReview,
  type MergeRulesCheck,
} from './contract/merge-rules-check.js';
export { documentFromText } from './contract/documents.js';
export { TRANSLATION_LANGUAGES } from './contract/languages.js';
export type * from './generated/types.js';
export type * from './generated/resources/index.js';
