import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { DocumentInput, DocumentSchema, UserSchema } from './common.js';
import { id, listOf, loose, openEnum, pageQuery, RoleInput, RoleSchema, strict } from './schema.js';
import {
  MERGE_RULE_EXPRESSION_MAX,
  MERGE_RULES,
  MERGE_RULES_WITH_USERS,
  MergeRuleSchema,
} from './merge-rules.js';

/**
 * Merge rules as read: `rules` with a list of rules, `none` (published document), or `inherit`
 * (spaces: the organization's rules apply; the extract also shows it for organizations). One
 * loose shape reads every form, those not known yet included. Spaces share this schema.
 */
export const MergeRulesSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    type: openEnum(['rules', 'none', 'inherit']),
    /** With `type: 'rules'`. */
    rules: z.optional(z.array(MergeRuleSchema)),
  }),
);
export type MergeRules = z.infer<typeof MergeRulesSchema>;

const PriceSchema = /* @__PURE__ */ z.lazy(() =>
  loose({ monthly: z.optional(z.number()), yearly: z.optional(z.number()) }),
);

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
export const OrganizationPermissionsSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** Can view the organization. */
    view: z.optional(z.boolean()),
    /** Can view the organization in the application (published document). */
    access: z.optional(z.boolean()),
    /** Can manage the title, members, etc. */
    admin: z.optional(z.boolean()),
    /** Is a team owner. */
    ownTeam: z.optional(z.boolean()),
    /** Can create spaces and collections. */
    createContent: z.optional(z.boolean()),
    /** Can create OpenAPI specifications. */
    createOpenAPISpec: z.optional(z.boolean()),
    /** Can ingest conversations (in the extract only: not in the published document). */
    ingestConversations: z.optional(z.boolean()),
    viewBilling: z.optional(z.boolean()),
    listMembers: z.optional(z.boolean()),
    listTeams: z.optional(z.boolean()),
    listIntegrations: z.optional(z.boolean()),
    listInstallations: z.optional(z.boolean()),
    installIntegration: z.optional(z.boolean()),
  }),
);
export type OrganizationPermissions = z.infer<typeof OrganizationPermissionsSchema>;

export const OrganizationSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('organization'),
    id: z.string(),
    /** 2 to 255 characters. */
    title: z.optional(z.string()),
    createdAt: z.optional(z.string()),
    /** Email domains whose users may join by themselves (see `join`). */
    emailDomains: z.optional(z.array(z.string())),
    /** Default hostname of the organization's public content (3 to 32 characters). */
    hostname: z.optional(z.string()),
    /** `business` or `community`. */
    type: z.optional(openEnum(ORGANIZATION_TYPES)),
    useCase: z.nullable(z.optional(openEnum(ORGANIZATION_USE_CASES))),
    communityType: z.nullable(z.optional(openEnum(ORGANIZATION_COMMUNITY_TYPES))),
    /** The role new members get; null: they are guests. */
    defaultRole: z.nullable(z.optional(RoleSchema)),
    /** What visitors of the organization's public content land on: one of its sites. */
    defaultContent: z.nullable(z.optional(loose({ type: z.string(), site: z.optional(z.string()) }))),
    /** Whether SSO is enforced organization-wide. */
    sso: z.optional(z.boolean()),
    /** Whether the organization uses the AI features. */
    ai: z.optional(z.boolean()),
    /** Whether invite links are enabled. */
    inviteLinks: z.optional(z.boolean()),
    /** Whether audit logs can be read (published document). */
    auditLogs: z.optional(z.boolean()),
    plan: z.optional(openEnum(ORGANIZATION_PLANS)),
    /** Billing details, for members only. */
    billing: z.optional(
      loose({
        interval: z.optional(openEnum(['monthly', 'yearly'])),
        endDate: z.nullable(z.optional(z.string())),
        /** The last payment could not be collected. */
        hasPaymentFailed: z.optional(z.boolean()),
        /** A checkout session can be created (published document). */
        canCheckout: z.optional(z.boolean()),
        /** Billing cancels at the end of the current period. */
        isScheduledToCancel: z.optional(z.boolean()),
        pricing: z.optional(
          loose({
            members: z.optional(
              loose({ plus_2024: z.optional(PriceSchema), pro_2024: z.optional(PriceSchema) }),
            ),
            sites: z.optional(loose({ premium: z.optional(PriceSchema), ultimate: z.optional(PriceSchema) })),
          }),
        ),
        usageAddons: z.optional(z.record(z.string(), loose({ enabled: z.optional(z.boolean()) }))),
        minUsers: z.optional(z.number()),
        maxUsers: z.optional(z.number()),
        minPremiumSites: z.optional(z.number()),
        maxPremiumSites: z.optional(z.number()),
        minUltimateSites: z.optional(z.number()),
        maxUltimateSites: z.optional(z.number()),
        paidMembers: z.optional(z.number()),
        paidPremiumSites: z.optional(z.number()),
        paidUltimateSites: z.optional(z.number()),
        canChangeInterval: z.optional(z.boolean()),
        canUseSAML: z.optional(z.boolean()),
        /** The AI credit bundle topped up monthly (`none`: pay as you go); null when AI is not billed. */
        creditsBundle: z.nullable(z.optional(z.union([z.string(), z.number()]))),
        /** Percentage of AI credits left at which an alert is sent; null when disabled. */
        aiCreditAlertThreshold: z.nullable(z.optional(z.number())),
      }),
    ),
    mergeRules: z.nullable(z.optional(MergeRulesSchema)),
    trial: z.optional(
      loose({
        status: z.optional(openEnum(TRIAL_STATUSES)),
        count: z.optional(z.number()),
        endDate: z.nullable(z.optional(z.string())),
        decision: z.nullable(z.optional(openEnum(['downgrade']))),
      }),
    ),
    /** Custom hostname linked to the organization. */
    customHostname: z.nullable(z.optional(z.string())),
    /** Set when the organization is blocked. */
    blocked: z.nullable(
      z.optional(loose({ source: z.optional(openEnum(BLOCK_SOURCES)), reason: z.optional(z.string()) })),
    ),
    internal_billingMigration: z.nullable(
      z.optional(
        loose({
          deadline: z.optional(z.string()),
          discountPercent: z.optional(z.number()),
          discountEndDate: z.optional(z.string()),
        }),
      ),
    ),
    urls: z.optional(
      loose({
        /** The organization in the API. */
        location: z.optional(z.string()),
        /** The organization in the application. */
        app: z.optional(z.string()),
        /** The logo image. */
        logo: z.optional(z.string()),
      }),
    ),
    permissions: z.optional(OrganizationPermissionsSchema),
  }),
);
export type Organization = z.infer<typeof OrganizationSchema>;

/** A member of an organization: its user, organization role (null for guests) and counts. */
export const MemberSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('member'),
    /** The user's id. */
    id: z.string(),
    /** The organization role; null for guests. */
    role: z.nullable(z.optional(RoleSchema)),
    user: z.optional(UserSchema),
    /** A disabled membership gives no access to content. */
    disabled: z.optional(z.boolean()),
    joinedAt: z.optional(z.string()),
    lastSeenAt: z.nullable(z.optional(z.string())),
    /** Whether the user can sign in with SSO. */
    sso: z.optional(z.boolean()),
    /** Count of spaces the member can reach. */
    spaces: z.optional(z.number()),
    /** Count of teams the member is in. */
    teams: z.optional(z.number()),
    /** Count of sites the member can reach (published document). */
    sites: z.optional(z.number()),
  }),
);
export type Member = z.infer<typeof MemberSchema>;

/** Whether a search result matched on the page's own fields or on one of its sections. */
export const SEARCH_RESULT_TYPES = ['page', 'section'] as const;

/** A section of a page that matches the search. */
export const SearchSectionSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    id: z.string(),
    title: z.optional(z.string()),
    path: z.optional(z.string()),
    /** Relevance (published document). */
    score: z.optional(z.number()),
    /** `section`: the section's content matched; `page`: the page matched and this is one of its sections. */
    resultType: z.optional(openEnum(SEARCH_RESULT_TYPES)),
    body: z.optional(z.string()),
    urls: z.optional(loose({ app: z.optional(z.string()) })),
  }),
);
export type SearchSection = z.infer<typeof SearchSectionSchema>;

export const SearchPageSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    id: z.string(),
    title: z.optional(z.string()),
    /** The page's description (published document). */
    description: z.optional(z.string()),
    path: z.optional(z.string()),
    /** Relevance (published document). */
    score: z.optional(z.number()),
    /** One-based position in the whole ranked result set, kept across pages (published document). */
    rank: z.optional(z.number()),
    resultType: z.optional(openEnum(SEARCH_RESULT_TYPES)),
    sections: z.optional(z.array(SearchSectionSchema)),
    /** Titles of the parent pages, outermost first. */
    ancestors: z.optional(z.array(loose({ title: z.optional(z.string()) }))),
    urls: z.optional(loose({ app: z.optional(z.string()) })),
  }),
);
export type SearchPage = z.infer<typeof SearchPageSchema>;

/** An item of the organization search: a space and its matching pages. */
export const SearchItemSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** `space` (published document). */
    type: z.optional(openEnum(['space'])),
    /** The space searched. */
    id: z.string(),
    title: z.optional(z.string()),
    /** Relevance (published document). */
    score: z.optional(z.number()),
    pages: z.optional(z.array(SearchPageSchema)),
  }),
);
export type SearchItem = z.infer<typeof SearchItemSchema>;

/** The organization's agent instructions: a rich-text document. */
export const AgentInstructionsSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('agent-instructions'),
    instructions: z.optional(DocumentSchema),
    updatedAt: z.nullable(z.optional(z.string())),
    /**
     * Who last changed them: a member id in the published document. The extract does not say;
     * a User object is read too.
     */
    updatedBy: z.nullable(z.optional(z.union([z.string(), UserSchema]))),
    urls: z.optional(loose({ location: z.optional(z.string()) })),
  }),
);
export type AgentInstructions = z.infer<typeof AgentInstructionsSchema>;

export const PingResultSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** A token (JWT) to attach to the user, when the organization issues one: the published document's name. */
    gitbookVisitorClaims: z.nullable(z.optional(z.string())),
    /** The same token under the extract's name (not in the published document). */
    serviceVisitorClaims: z.nullable(z.optional(z.string())),
  }),
);
export type PingResult = z.infer<typeof PingResultSchema>;

export const EmailDomainOrganizationsSchema = /* @__PURE__ */ z.lazy(() =>
  loose({ organizations: z.array(OrganizationSchema) }),
);
export type EmailDomainOrganizations = z.infer<typeof EmailDomainOrganizationsSchema>;

/** An email domain such as `acme.test` (no `@`, no scheme). */
export const EMAIL_DOMAIN_PATTERN =
  /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
const emailDomain = /* @__PURE__ */ z.lazy(() =>
  z
    .string()
    .check(
      z.maxLength(253),
      z.regex(EMAIL_DOMAIN_PATTERN, 'must be an email domain such as example.com (no @)'),
    ),
);

/**
 * The organization's default hostname (`acme` in the demo): the document allows 3 to 32
 * characters; the extract's subdomain pattern (stricter, same lengths) is checked.
 */
export const ORGANIZATION_HOSTNAME_PATTERN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;
/** The published document's limits on an organization's title. */
export const ORGANIZATION_TITLE_MIN = 2;
export const ORGANIZATION_TITLE_MAX = 255;

const userIds = /* @__PURE__ */ z.lazy(() => z.array(id()));

const isOneOf = (values: readonly string[], value: string) => values.includes(value);

/**
 * A merge rule as sent: only the forms the published document accepts, checked before sending:
 * a rule name it lists; `users` with (and only with) the rules that name users; `expression`
 * (at most 1024 characters) and `message` with (and only with) `custom`. The input type stays
 * an open string so that rule names read from an answer can be sent back.
 */
export const MergeRuleInput = /* @__PURE__ */ z.lazy(() =>
  strict({
    rule: openEnum(MERGE_RULES),
    /** User ids the rule names: required by `require_specific_reviewers`, `require_one_of_specific_reviewers`, `allow_bypass`. */
    users: z.optional(userIds),
    /** The condition of a `custom` rule (required with it). */
    expression: z.optional(z.string().check(z.maxLength(MERGE_RULE_EXPRESSION_MAX))),
    /** The message of a `custom` rule when its condition fails. */
    message: z.optional(z.string()),
  }).check(
    z.superRefine((value, context) => {
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
    }),
  ),
);
export type MergeRuleInput = z.input<typeof MergeRuleInput>;

const RulesInput = /* @__PURE__ */ z.lazy(() =>
  strict({ type: z.literal('rules'), rules: z.array(MergeRuleInput) }),
);

/** An organization's merge rules as sent: `rules`, or `none` (the published document has no `inherit` here). */
export const OrganizationMergeRulesInput = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [RulesInput, strict({ type: z.literal('none') })]),
);
export type OrganizationMergeRulesInput = z.input<typeof OrganizationMergeRulesInput>;

/** A space's merge rules as sent: `inherit` (the organization's), `rules` or `none`. */
export const MergeRulesInput = /* @__PURE__ */ z.lazy(() =>
  z.discriminatedUnion('type', [
    strict({ type: z.literal('inherit') }),
    RulesInput,
    strict({ type: z.literal('none') }),
  ]),
);
export type MergeRulesInput = z.input<typeof MergeRulesInput>;

export const OrganizationUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** 2 to 255 characters, spaces around it removed. */
    title: z.optional(
      z.string().check(z.trim(), z.minLength(ORGANIZATION_TITLE_MIN), z.maxLength(ORGANIZATION_TITLE_MAX)),
    ),
    /** Email domains whose users may join by themselves (see `join`). */
    emailDomains: z.optional(z.array(emailDomain)),
    hostname: z.optional(
      z
        .string()
        .check(
          z.regex(ORGANIZATION_HOSTNAME_PATTERN, 'must be 3 to 32 lowercase letters, digits or hyphens'),
        ),
    ),
    /** The role new members get; `null` makes them guests. */
    defaultRole: z.optional(z.nullable(RoleInput)),
    /**
     * What visitors of the organization's public content land on: one of its sites. `null`
     * removes it (from the published document).
     */
    defaultContent: z.optional(z.nullable(strict({ type: z.literal('site'), site: id() }))),
    /** URL of the logo image (at most 2048 characters); `null` removes it (from the published document). */
    logo: z.optional(
      z.nullable(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(z.maxLength(2048))),
    ),
    /** Enforce single sign-on organization-wide. */
    sso: z.optional(z.boolean()),
    ai: z.optional(z.boolean()),
    inviteLinks: z.optional(z.boolean()),
    /** `{type: 'rules', rules}` or `{type: 'none'}`. */
    mergeRules: z.optional(OrganizationMergeRulesInput),
  }),
);
export type OrganizationUpdateBody = z.input<typeof OrganizationUpdateBody>;

/** The published document's limit on the search text. */
export const SEARCH_QUERY_MAX = 512;

export const SearchQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** The text to look for in page titles and content (at most 512 characters). */
    query: z.string().check(z.trim(), z.minLength(1), z.maxLength(SEARCH_QUERY_MAX)),
  }),
);
export type SearchQuery = z.input<typeof SearchQuery>;

export const AgentInstructionsBody = /* @__PURE__ */ z.lazy(() => strict({ instructions: DocumentInput }));
export type AgentInstructionsBody = z.input<typeof AgentInstructionsBody>;

const AREA = 'Organizations, members, search';
const ORG = '/v1/orgs/{organizationId}' as const;

export const listOrganizations = /* @__PURE__ */ defineOperation({
  id: 'organizations.list',
  area: AREA,
  summary: 'List the organizations the caller belongs to',
  method: 'GET',
  idempotent: true,
  path: '/v1/orgs',
  query: () => strict({ ...pageQuery() }),
  status: 200,
  response: () => listOf(OrganizationSchema),
  paginated: true,
});

export const getOrganization = /* @__PURE__ */ defineOperation({
  id: 'organizations.get',
  area: AREA,
  summary: 'Get an organization',
  method: 'GET',
  idempotent: true,
  path: ORG,
  status: 200,
  response: OrganizationSchema,
});

export const updateOrganization = /* @__PURE__ */ defineOperation({
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

export const deleteOrganizationInvite = /* @__PURE__ */ defineOperation({
  id: 'organizations.deleteInvite',
  area: AREA,
  summary: 'Delete an invite link (succeeds when it is absent)',
  method: 'DELETE',
  idempotent: true,
  path: `${ORG}/link-invites/{inviteId}`,
  status: 204,
});

export const joinOrganization = /* @__PURE__ */ defineOperation({
  id: 'organizations.join',
  area: AREA,
  summary: "Join an organization that allows the caller's email domain",
  method: 'POST',
  idempotent: true,
  path: `${ORG}/join`,
  status: 204,
});

export const searchOrganization = /* @__PURE__ */ defineOperation({
  id: 'organizations.search',
  area: AREA,
  summary: "Search the content of an organization's spaces",
  method: 'GET',
  idempotent: true,
  path: `${ORG}/search`,
  query: SearchQuery,
  status: 200,
  response: () => listOf(SearchItemSchema),
  paginated: true,
});

export const getAgentInstructions = /* @__PURE__ */ defineOperation({
  id: 'organizations.agentInstructions.get',
  area: AREA,
  summary: "Get the organization's agent instructions",
  method: 'GET',
  idempotent: true,
  path: `${ORG}/agent-instructions`,
  status: 200,
  response: AgentInstructionsSchema,
});

export const updateAgentInstructions = /* @__PURE__ */ defineOperation({
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

export const listOrganizationsByEmailDomain = /* @__PURE__ */ defineOperation({
  id: 'organizations.listByEmailDomain',
  area: AREA,
  summary: 'List the organizations that allow an email domain',
  method: 'GET',
  idempotent: true,
  path: '/v1/email-domains/{emailDomain}/orgs',
  params: () => ({ emailDomain }),
  status: 200,
  response: EmailDomainOrganizationsSchema,
});

export const pingOrganization = /* @__PURE__ */ defineOperation({
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
