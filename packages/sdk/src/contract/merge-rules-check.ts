import type { MergeRule } from '../generated/types.js';

/*
 * Whether a change request meets merge rules: the check the service makes before a merge, as
 * far as its published document describes the rules (`MergeRule`). The sandbox enforces merges
 * with it and `docs cr merge` shows it before asking, so both read the rules the same way.
 * Pure data in, data out: no HTTP, no zod.
 */

/** What the check reads of a review: its reviewer, verdict and whether it is still current. */
export interface MergeRuleReview {
  reviewer: { id: string };
  status: string;
  outdated: boolean;
}

export interface MergeRuleContext {
  /** The rules (`rules` of a `type: "rules"` configuration); none means nothing is required. */
  rules: readonly MergeRule[];
  changeRequest: {
    subject?: string | undefined;
    /** Whether the description has text. */
    hasDescription: boolean;
    outdated: boolean;
    createdBy?: { id: string } | undefined;
  };
  reviews: readonly MergeRuleReview[];
  /** The user who merges (the token's user); when unknown, rules about the merger cannot be checked. */
  actor?: string | undefined;
}

export interface MergeRuleResult {
  rule: MergeRule;
  /** True when met; `undefined` when the rule cannot be checked on the client (`custom`, an unknown rule). */
  met: boolean | undefined;
  /** What the rule asks, for people: "Approval from user_grace". */
  description: string;
  /** When not met: what is missing. */
  reason?: string;
}

export interface MergeRulesCheck {
  results: MergeRuleResult[];
  /** The rules not met (`met: false`). */
  unmet: MergeRuleResult[];
  /** True when `allow_bypass` names the actor: the service lets them merge anyway. */
  bypass: boolean;
}

const list = (users: readonly string[]) => users.join(', ');

function checkRule(rule: MergeRule, context: MergeRuleContext): Omit<MergeRuleResult, 'rule'> {
  const current = context.reviews.filter((review) => !review.outdated);
  const approvedBy = new Set(current.filter((r) => r.status === 'approved').map((r) => r.reviewer.id));
  const users: readonly string[] = 'users' in rule && Array.isArray(rule.users) ? rule.users : [];
  const { changeRequest: cr } = context;
  switch (rule.rule) {
    case 'require_specific_reviewers': {
      const missing = users.filter((user) => !approvedBy.has(user));
      return {
        description: `Approval from ${list(users)}`,
        met: missing.length === 0,
        ...(missing.length ? { reason: `no current approval from ${list(missing)}` } : {}),
      };
    }
    case 'require_one_of_specific_reviewers': {
      const met = users.some((user) => approvedBy.has(user));
      return {
        description: `Approval from one of ${list(users)}`,
        met,
        ...(met ? {} : { reason: `none of ${list(users)} approved` }),
      };
    }
    case 'allow_bypass':
      // Not a requirement: it lets the users it names merge whatever the other rules say.
      return { description: `${list(users)} may merge without the other rules`, met: true };
    case 'require_at_least_one_review':
      return {
        description: 'At least one review',
        met: current.length > 0,
        ...(current.length ? {} : { reason: 'no current review' }),
      };
    case 'require_at_least_one_approved_review':
      return {
        description: 'At least one approval',
        met: approvedBy.size > 0,
        ...(approvedBy.size ? {} : { reason: 'no current approval' }),
      };
    case 'require_all_reviews_approved': {
      const against = current.filter((r) => r.status !== 'approved').map((r) => r.reviewer.id);
      return {
        description: 'Every review approves',
        met: against.length === 0,
        ...(against.length ? { reason: `changes requested by ${list([...new Set(against)])}` } : {}),
      };
    }
    case 'require_agent_review':
      // An agent's review is not told apart from a person's in what the API returns.
      return { description: 'A review by the AI agent', met: undefined };
    case 'require_up_to_date_change_request':
      return {
        description: 'Up to date with the primary content',
        met: !cr.outdated,
        ...(cr.outdated ? { reason: 'the request is outdated' } : {}),
      };
    case 'require_change_request_subject': {
      const met = Boolean(cr.subject?.trim());
      return { description: 'A subject', met, ...(met ? {} : { reason: 'the request has no subject' }) };
    }
    case 'require_change_request_description':
      return {
        description: 'A description',
        met: cr.hasDescription,
        ...(cr.hasDescription ? {} : { reason: 'the request has no description' }),
      };
    case 'require_author_to_merge': {
      const author = cr.createdBy?.id;
      if (context.actor === undefined) return { description: 'Merged by its author', met: undefined };
      const met = author !== undefined && context.actor === author;
      return {
        description: 'Merged by its author',
        met,
        ...(met ? {} : { reason: `only its author${author ? ` (${author})` : ''} may merge it` }),
      };
    }
    case 'custom':
      return { description: rule.message ?? `Custom rule: ${rule.expression ?? ''}`, met: undefined };
    default:
      return { description: `Rule ${String(rule.rule)}`, met: undefined };
  }
}

/**
 * Checks a change request against merge rules. `unmet` lists the rules that refuse the merge;
 * `bypass` is true when an `allow_bypass` rule names the actor (the service then merges anyway).
 * Rules that cannot be checked from what the API returns (`custom` expressions, an agent's
 * review, rules not known yet) come back with `met: undefined` and are not counted as unmet.
 */
export function checkMergeRules(context: MergeRuleContext): MergeRulesCheck {
  const results = context.rules.map((rule) => ({ rule, ...checkRule(rule, context) }));
  const bypass = context.rules.some(
    (rule) =>
      rule.rule === 'allow_bypass' &&
      context.actor !== undefined &&
      (rule.users ?? []).includes(context.actor),
  );
  return { results, unmet: results.filter((result) => result.met === false), bypass };
}
