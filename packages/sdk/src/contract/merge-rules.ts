import * as z from 'zod/mini';
import { loose, openEnum } from './schema.js';

/*
 * Merge rules, as organizations and spaces share them: the names, the limits and one rule as
 * read. Their own module, so that the spaces area does not load the organizations one.
 */

/** The rules that name users (`users` is required with them). */
export const MERGE_RULES_WITH_USERS = [
  'require_specific_reviewers',
  'require_one_of_specific_reviewers',
  'allow_bypass',
] as const;
/** The rules that take nothing but their name. */
export const MERGE_RULES_PLAIN = [
  'require_at_least_one_review',
  'require_at_least_one_approved_review',
  'require_all_reviews_approved',
  'require_agent_review',
  'require_up_to_date_change_request',
  'require_change_request_subject',
  'require_change_request_description',
  'require_author_to_merge',
] as const;
/** Every merge rule the published document names (the extract shows only `require_specific_reviewers`); `custom` holds an expression. */
export const MERGE_RULES = [...MERGE_RULES_WITH_USERS, ...MERGE_RULES_PLAIN, 'custom'] as const;
/** The published document's limit on a `custom` rule's expression. */
export const MERGE_RULE_EXPRESSION_MAX = 1024;

/** A merge rule as read: every field but `rule` is optional, any rule name is kept. */
export const MergeRuleSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    rule: openEnum(MERGE_RULES),
    /** The users the rule names (reviewers it requires, users who may bypass the rules). */
    users: z.optional(z.array(z.string())),
    /** A `custom` rule's condition. */
    expression: z.optional(z.string()),
    /** A `custom` rule's message when the condition fails. */
    message: z.optional(z.string()),
  }),
);
export type MergeRule = z.infer<typeof MergeRuleSchema>;
