import { z } from 'zod';
import { defineOperation } from './operation.js';
import { DocumentInput, DocumentSchema, RoleInput, RoleSchema, UserSchema } from './common.js';
import { id, listOf, loose, openEnum, pageQuery, strict } from './schema.js';

/** Merge rules the published document lists (the extract shows only `require_specific_reviewers`). */
export const MERGE_RULES = [
  'require_specific_reviewers',
  'require_one_of_specific_reviewers',
  'allow_bypass',
  'require_at_least_one_review',
  'require_at_least_one_approved_review',
  'require_all_reviews_approved',
  'require_agent_review',
  'require_up_to_date_change_request',
  'require_change_request_subject',
  'require_change_request_description',
  'require_author_to_merge',
  'custom',
] as const;
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
/** The published document's limit on a `custom` rule's expression. */
export const MERGE_RULE_EXPRESSION_MAX = 1024;

/** A merge rule as read: every field but `rule` is optional, any rule name is kept. */
export const MergeRuleSchema = loose({
  rule: openEnum(MERGE_RULES),
  /** The users the rule names (reviewers it requires, users who may bypass the rules). */
  users: z.array(z.string()).optional(),
  /** A `custom` rule's condition. */
  expression: z.string().optional(),
  /** A `custom` rule's message when the condition fails. */
  message: z.string().optional(),
});
export type MergeRule = z.infer<typeof MergeRuleSchema>;

/**
 * Merge rules as read: `rules` with a list of rules, `none` (published document), or `inherit`
 * (spaces: the organization's rules apply; the extract also shows it for organizations). One
 * loose shape reads every form, those not known yet included. Spaces share this schema.
 */
export const MergeRulesSchema = loose({
  type: openEnum(['rules', 'none', 'inherit']),
  /** With `type: 'rules'`. */
  rules: z.array(MergeRuleSchema).optional(),
});
export type MergeRules = z.infer<typeof MergeRulesSchema>;

const PriceSchema = loose({ monthly: z.number().optional(), yearly: z.number().optional() });

/** Organization types, from the published document (the extract shows only `business`). */
export const ORGANIZATION_TYPES = ['business', 'community'] as const;
export const ORGANIZATION_USE_CASES = [
  'internalDocs',
  'docsSite',
  'audienceControlledSite',
  'productDocs',
  'teamKnowledgeBase',
  'designSystem',
  'openSourceDocs',
  'notes',
  'other',
] as const;
export const ORGANIZATION_COMMUNITY_TYPES = ['nonProfit', 'openSource', 'education'] as const;
/** Billing plans, from the published document (the extract shows only `free_2024`). */
export const ORGANIZATION_PLANS = [
  'free_2024',
  'plus_2024',
  'pro_2024',
  'enterprise_2024',
  'community_2024',
  'free',
  'plus',
  'pro',
  'internal',
] as const;
export const TRIAL_STATUSES = ['notapplicable', 'none', 'active', 'ended', 'expired'] as const;
export const BLOCK_SOURCES = ['backoffice', 'external', 'internal'] as const;

/** What the caller may do with the organization (`permissions`); every flag is optional when read. */
export const OrganizationPermissionsSchema = loose({
  /** Can view the organization. */
  view: z.boolean().optional(),
  /** Can view the organization in the application (published document). */
  access: z.boolean().optional(),
  /** Can manage the title, members, etc. */
  admin: z.boolean().optional(),
  /** Is a team owner. */
  ownTeam: z.boolean().optional(),
  /** Can create spaces and collections. */
  createContent: z.boolean().optional(),
  /** Can create OpenAPI specifications. */
  createOpenAPISpec: z.boolean().optional(),
  /** Can ingest conversations (in the extract only: not in the published document). */
  ingestConversations: z.boolean().optional(),
  viewBilling: z.boolean().optional(),
  listMembers: z.boolean().optional(),
  listTeams: z.boolean().optional(),
  listIntegrations: z.boolean().optional(),
  listInstallations: z.boolean().optional(),
  installIntegration: z.boolean().optional(),
});
export type OrganizationPermissions = z.infer<typeof OrganizationPermissionsSchema>;

export const OrganizationSchema = loose({
  object: z.literal('organization'),
  id: z.string(),
  /** 2 to 255 characters. */
  title: z.string().optional(),
  createdAt: z.string().optional(),
  /** Email domains whose users may join by themselves (see `join`). */
  emailDomains: z.array(z.string()).optional(),
  /** Default hostname of the organization's public content (3 to 32 characters). */
  hostname: z.string().optional(),
  /** `business` or `community`. */
  type: openEnum(ORGANIZATION_TYPES).optional(),
  useCase: openEnum(ORGANIZATION_USE_CASES).optional().nullable(),
  communityType: openEnum(ORGANIZATION_COMMUNITY_TYPES).optional().nullable(),
  /** The role new members get; null: they are guests. */
  defaultRole: RoleSchema.optional().nullable(),
  /** What visitors of the organization's public content land on: one of its sites. */
  defaultContent: loose({ type: z.string(), site: z.string().optional() }).optional().nullable(),
  /** Whether SSO is enforced organization-wide. */
  sso: z.boolean().optional(),
  /** Whether the organization uses the AI features. */
  ai: z.boolean().optional(),
  /** Whether invite links are enabled. */
  inviteLinks: z.boolean().optional(),
  /** Whether audit logs can be read (published document). */
  auditLogs: z.boolean().optional(),
  plan: openEnum(ORGANIZATION_PLANS).optional(),
  /** Billing details, for members only. */
  billing: loose({
    interval: openEnum(['monthly', 'yearly']).optional(),
    endDate: z.string().optional().nullable(),
    /** The last payment could not be collected. */
    hasPaymentFailed: z.boolean().optional(),
    /** A checkout session can be created (published document). */
    canCheckout: z.boolean().optional(),
    /** Billing cancels at the end of the current period. */
    isScheduledToCancel: z.boolean().optional(),
    pricing: loose({
      members: loose({ plus_2024: PriceSchema.optional(), pro_2024: PriceSchema.optional() }).optional(),
      sites: loose({ premium: PriceSchema.optional(), ultimate: PriceSchema.optional() }).optional(),
    }).optional(),
    usageAddons: z.record(z.string(), loose({ enabled: z.boolean().optional() })).optional(),
    minUsers: z.number().optional(),
    maxUsers: z.number().optional(),
    minPremiumSites: z.number().optional(),
    maxPremiumSites: z.number().optional(),
    minUltimateSites: z.number().optional(),
    maxUltimateSites: z.number().optional(),
    paidMembers: z.number().optional(),
    paidPremiumSites: z.number().optional(),
    paidUltimateSites: z.number().optional(),
    canChangeInterval: z.boolean().optional(),
    canUseSAML: z.boolean().optional(),
    /** The AI credit bundle topped up monthly (`none`: pay as you go); null when AI is not billed. */
    creditsBundle: z.union([z.string(), z.number()]).optional().nullable(),
    /** Percentage of AI credits left at which an alert is sent; null when disabled. */
    aiCreditAlertThreshold: z.number().optional().nullable(),
  }).optional(),
  mergeRules: MergeRulesSchema.optional().nullable(),
  trial: loose({
    status: openEnum(TRIAL_STATUSES).optional(),
    count: z.number().optional(),
    endDate: z.string().optional().nullable(),
    decision: openEnum(['downgrade']).optional().nullable(),
  }).optional(),
  /** Custom hostname linked to the organization. */
  customHostname: z.string().optional().nullable(),
  /** Set when the organization is blocked. */
  blocked: loose({ source: openEnum(BLOCK_SOURCES).optional(), reason: z.string().optional() })
    .optional()
    .nullable(),
  internal_billingMigration: loose({
    deadline: z.string().optional(),
    discountPercent: z.number().optional(),
    discountEndDate: z.string().optional(),
  })
    .optional()
    .nullable(),
  urls: loose({
    /** The organization in the API. */
    location: z.string().optional(),
    /** The organization in the application. */
    app: z.string().optional(),
    /** The logo image. */
    logo: z.string().optional(),
  }).optional(),
  permissions: OrganizationPermissionsSchema.optional(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** A member of an organization: its user, organization role (null for guests) and counts. */
export const MemberSchema = loose({
  object: z.literal('member'),
  /** The user's id. */
  id: z.string(),
  /** The organization role; null for guests. */
  role: RoleSchema.optional().nullable(),
  user: UserSchema.optional(),
  /** A disabled membership gives no access to content. */
  disabled: z.boolean().optional(),
  joinedAt: z.string().optional(),
  lastSeenAt: z.string().optional().nullable(),
  /** Whether the user can sign in with SSO. */
  sso: z.boolean().optional(),
  /** Count of spaces the member can reach. */
  spaces: z.number().optional(),
  /** Count of teams the member is in. */
  teams: z.number().optional(),
  /** Count of sites the member can reach (published document). */
  sites: z.number().optional(),
});
export type Member = z.infer<typeof MemberSchema>;

/** Whether a search result matched on the page's own fields or on one of its sections. */
export const SEARCH_RESULT_TYPES = ['page', 'section'] as const;

/** A section of a page that matches the search. */
export const SearchSectionSchema = loose({
  id: z.string(),
  title: z.string().optional(),
  path: z.string().optional(),
  /** Relevance (published document). */
  score: z.number().optional(),
  /** `section`: the section's content matched; `page`: the page matched and this is one of its sections. */
  resultType: openEnum(SEARCH_RESULT_TYPES).optional(),
  body: z.string().optional(),
  urls: loose({ app: z.string().optional() }).optional(),
});
export type SearchSection = z.infer<typeof SearchSectionSchema>;

export const SearchPageSchema = loose({
  id: z.string(),
  title: z.string().optional(),
  /** The page's description (published document). */
  description: z.string().optional(),
  path: z.string().optional(),
  /** Relevance (published document). */
  score: z.number().optional(),
  /** One-based position in the whole ranked result set, kept across pages (published document). */
  rank: z.number().optional(),
  resultType: openEnum(SEARCH_RESULT_TYPES).optional(),
  sections: z.array(SearchSectionSchema).optional(),
  /** Titles of the parent pages, outermost first. */
  ancestors: z.array(loose({ title: z.string().optional() })).optional(),
  urls: loose({ app: z.string().optional() }).optional(),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;

/** An item of the organization search: a space and its matching pages. */
export const SearchItemSchema = loose({
  /** `space` (published document). */
  type: openEnum(['space']).optional(),
  /** The space searched. */
  id: z.string(),
  title: z.string().optional(),
  /** Relevance (published document). */
  score: z.number().optional(),
  pages: z.array(SearchPageSchema).optional(),
});
export type SearchItem = z.infer<typeof SearchItemSchema>;

/** The organization's agent instructions: a rich-text document. */
export const AgentInstructionsSchema = loose({
  object: z.literal('agent-instructions'),
  instructions: DocumentSchema.optional(),
  updatedAt: z.string().optional().nullable(),
  /**
   * Who last changed them: a member id in the published document. The extract does not say;
   * a User object is read too.
   */
  updatedBy: z.union([z.string(), UserSchema]).optional().nullable(),
  urls: loose({ location: z.string().optional() }).optional(),
});
export type AgentInstructions = z.infer<typeof AgentInstructionsSchema>;

export const PingResultSchema = loose({
  /** A token (JWT) to attach to the user, when the organization issues one: the published document's name. */
  gitbookVisitorClaims: z.string().optional().nullable(),
  /** The same token under the extract's name (not in the published document). */
  serviceVisitorClaims: z.string().optional().nullable(),
});
export type PingResult = z.infer<typeof PingResultSchema>;

export const EmailDomainOrganizationsSchema = loose({ organizations: z.array(OrganizationSchema) });
export type EmailDomainOrganizations = z.infer<typeof EmailDomainOrganizationsSchema>;

/** An email domain such as `acme.test` (no `@`, no scheme). */
export const EMAIL_DOMAIN_PATTERN =
  /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
const emailDomain = z
  .string()
  .max(253)
  .regex(EMAIL_DOMAIN_PATTERN, 'must be an email domain such as example.com (no @)');

/**
 * The organization's default hostname (`acme` in the demo): the document allows 3 to 32
 * characters; the extract's subdomain pattern (stricter, same lengths) is checked.
 */
export const ORGANIZATION_HOSTNAME_PATTERN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;
/** The published document's limits on an organization's title. */
export const ORGANIZATION_TITLE_MIN = 2;
export const ORGANIZATION_TITLE_MAX = 255;

const userIds = z.array(id());

const isOneOf = (values: readonly string[], value: string) => values.includes(value);

/**
 * A merge rule as sent: only the forms the published document accepts, checked before sending:
 * a rule name it lists; `users` with (and only with) the rules that name users; `expression`
 * (at most 1024 characters) and `message` with (and only with) `custom`. The input type stays
 * an open string so that rule names read from an answer can be sent back.
 */
export const MergeRuleInput = strict({
  rule: openEnum(MERGE_RULES),
  /** User ids the rule names: required by `require_specific_reviewers`, `require_one_of_specific_reviewers`, `allow_bypass`. */
  users: userIds.optional(),
  /** The condition of a `custom` rule (required with it). */
  expression: z.string().max(MERGE_RULE_EXPRESSION_MAX).optional(),
  /** The message of a `custom` rule when its condition fails. */
  message: z.string().optional(),
}).superRefine((value, context) => {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (!isOneOf(MERGE_RULES, value.rule)) {
    issue('rule', `must be one of ${MERGE_RULES.join(', ')}`);
    return;
  }
  const withUsers = isOneOf(MERGE_RULES_WITH_USERS, value.rule);
  if (withUsers && value.users === undefined) issue('users', `is required with the rule ${value.rule}`);
  if (!withUsers && value.users !== undefined) issue('users', `is not taken by the rule ${value.rule}`);
  const custom = value.rule === 'custom';
  if (custom && value.expression === undefined) issue('expression', 'is required with the rule custom');
  if (!custom && value.expression !== undefined) issue('expression', 'is only taken by the rule custom');
  if (!custom && value.message !== undefined) issue('message', 'is only taken by the rule custom');
});
export type MergeRuleInput = z.input<typeof MergeRuleInput>;

const RulesInput = strict({ type: z.literal('rules'), rules: z.array(MergeRuleInput) });

/** An organization's merge rules as sent: `rules`, or `none` (the published document has no `inherit` here). */
export const OrganizationMergeRulesInput = z.discriminatedUnion('type', [
  RulesInput,
  strict({ type: z.literal('none') }),
]);
export type OrganizationMergeRulesInput = z.input<typeof OrganizationMergeRulesInput>;

/** A space's merge rules as sent: `inherit` (the organization's), `rules` or `none`. */
export const MergeRulesInput = z.discriminatedUnion('type', [
  strict({ type: z.literal('inherit') }),
  RulesInput,
  strict({ type: z.literal('none') }),
]);
export type MergeRulesInput = z.input<typeof MergeRulesInput>;

export const OrganizationUpdateBody = strict({
  /** 2 to 255 characters, spaces around it removed. */
  title: z.string().trim().min(ORGANIZATION_TITLE_MIN).max(ORGANIZATION_TITLE_MAX).optional(),
  /** Email domains whose users may join by themselves (see `join`). */
  emailDomains: z.array(emailDomain).optional(),
  hostname: z
    .string()
    .regex(ORGANIZATION_HOSTNAME_PATTERN, 'must be 3 to 32 lowercase letters, digits or hyphens')
    .optional(),
  /** The role new members get; `null` makes them guests. */
  defaultRole: RoleInput.nullable().optional(),
  /**
   * What visitors of the organization's public content land on: one of its sites. `null`
   * removes it (from the published document).
   */
  defaultContent: strict({ type: z.literal('site'), site: id() })
    .nullable()
    .optional(),
  /** URL of the logo image (at most 2048 characters); `null` removes it (from the published document). */
  logo: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(2048)
    .nullable()
    .optional(),
  /** Enforce single sign-on organization-wide. */
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
  /** `{type: 'rules', rules}` or `{type: 'none'}`. */
  mergeRules: OrganizationMergeRulesInput.optional(),
});
export type OrganizationUpdateBody = z.input<typeof OrganizationUpdateBody>;

/** The published document's limit on the search text. */
export const SEARCH_QUERY_MAX = 512;

export const SearchQuery = strict({
  ...pageQuery,
  /** The text to look for in page titles and content (at most 512 characters). */
  query: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
});
export type SearchQuery = z.input<typeof SearchQuery>;

export const AgentInstructionsBody = strict({ instructions: DocumentInput });
export type AgentInstructionsBody = z.input<typeof AgentInstructionsBody>;

const AREA = 'Organizations, members, search';
const ORG = '/v1/orgs/{organizationId}' as const;

export const listOrganizations = defineOperation({
  id: 'organizations.list',
  area: AREA,
  summary: 'List the organizations the caller belongs to',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs',
  query: strict({ ...pageQuery }),
  status: 200,
  response: listOf(OrganizationSchema),
  paginated: true,
});

export const getOrganization = defineOperation({
  id: 'organizations.get',
  area: AREA,
  summary: 'Get an organization',
  method: 'GET',
  idempotent: true,
  path: ORG,
  status: 200,
  response: OrganizationSchema,
});

export const updateOrganization = defineOperation({
  id: 'organizations.update',
  area: AREA,
  summary: "Change an organization's settings",
  method: 'PATCH',
  idempotent: true,
  path: ORG,
  body: OrganizationUpdateBody,
  status: 200,
  response: OrganizationSchema,
});

export const deleteOrganizationInvite = defineOperation({
  id: 'organizations.deleteInvite',
  area: AREA,
  summary: 'Delete an invite link (succeeds when it is absent)',
  method: 'DELETE',
  idempotent: true,
  path: `${ORG}/link-invites/{inviteId}`,
  status: 204,
});

export const joinOrganization = defineOperation({
  id: 'organizations.join',
  area: AREA,
  summary: "Join an organization that allows the caller's email domain",
  method: 'POST',
  idempotent: true,
  path: `${ORG}/join`,
  status: 204,
});

export const searchOrganization = defineOperation({
  id: 'organizations.search',
  area: AREA,
  summary: "Search the content of an organization's spaces",
  method: 'GET',
  idempotent: true,
  path: `${ORG}/search`,
  query: SearchQuery,
  status: 200,
  response: listOf(SearchItemSchema),
  paginated: true,
});

export const getAgentInstructions = defineOperation({
  id: 'organizations.agentInstructions.get',
  area: AREA,
  summary: "Get the organization's agent instructions",
  method: 'GET',
  idempotent: true,
  path: `${ORG}/agent-instructions`,
  status: 200,
  response: AgentInstructionsSchema,
});

export const updateAgentInstructions = defineOperation({
  id: 'organizations.agentInstructions.update',
  area: AREA,
  summary: "Replace the organization's agent instructions",
  method: 'PUT',
  idempotent: true,
  path: `${ORG}/agent-instructions`,
  body: AgentInstructionsBody,
  status: 200,
  response: AgentInstructionsSchema,
});

export const listOrganizationsByEmailDomain = defineOperation({
  id: 'organizations.listByEmailDomain',
  area: AREA,
  summary: 'List the organizations that allow an email domain',
  method: 'GET',
  idempotent: true,
  path: '/v1/email-domains/{emailDomain}/orgs',
  params: { emailDomain },
  status: 200,
  response: EmailDomainOrganizationsSchema,
});

export const pingOrganization = defineOperation({
  id: 'organizations.ping',
  area: AREA,
  summary: 'Tell the organization the caller is active; may answer a token to attach to the user',
  method: 'POST',
  idempotent: true,
  path: `${ORG}/ping`,
  status: 200,
  response: PingResultSchema,
});

export const organizationOperations = [
  listOrganizations,
  getOrganization,
  updateOrganization,
  deleteOrganizationInvite,
  joinOrganization,
  searchOrganization,
  getAgentInstructions,
  updateAgentInstructions,
  listOrganizationsByEmailDomain,
  pingOrganization,
] as const;
