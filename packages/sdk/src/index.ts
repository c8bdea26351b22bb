export { DocsClient, DEFAULT_BASE_URL, MissingTokenError, type ClientOptions } from './client.js';
export * from './core/errors.js';
export {
  InvalidBaseUrlError,
  InvalidOptionError,
  InvalidTokenError,
  checkToken,
  normalizeBaseUrl,
} from './core/credentials.js';
export { ApiPromise, type WithResponse } from './core/api-promise.js';
export { MAX_EMPTY_PAGES, PagePromise, type Page } from './core/pagination.js';
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
export {
  Sites,
  SiteAdaptiveSchemas,
  publishedSiteSpaces,
  type PublishedSiteSpace,
} from './resources/sites.js';
export { Organizations } from './resources/organizations.js';
export { Members } from './resources/members.js';
export { Spaces } from './resources/spaces.js';
export { Collections } from './resources/collections.js';
export {
  ChangeRequests,
  ChangeRequestReviewers,
  reviewerUser,
  reviewerTeam,
  type MergeOutcome,
} from './resources/change-requests.js';
export { ChangeRequestComments, type CommentReactions } from './resources/change-request-comments.js';
export { ChangeRequestContent, childPages, pageMarkdown } from './resources/change-request-content.js';
export { Translations, isTranslationFailed, isTranslationInProgress } from './resources/translations.js';
export { Glossary } from './resources/glossary.js';
export { WaitTimeoutError, type WaitOptions } from './core/waiter.js';
export { Teams, TeamMembers } from './resources/teams.js';
export { Saml } from './resources/saml.js';
export { Conversations, ConversationClusters, ConversationIssues } from './resources/conversations.js';
export { OpenApi, isOpenApiSpecFailed, isOpenApiSpecProcessing } from './resources/openapi.js';
export { Integrations } from './resources/integrations.js';
export { Imports } from './resources/imports.js';
export { Revisions } from './resources/revisions.js';
export {
  checkMergeRules,
  type MergeRuleContext,
  type MergeRuleResult,
  type MergeRuleReview,
  type MergeRulesCheck,
} from './contract/merge-rules-check.js';
export { ChangeRequestReviews } from './resources/change-request-reviews.js';
export type * from './types.js';
