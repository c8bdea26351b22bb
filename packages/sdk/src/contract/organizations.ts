import { z } from 'zod';
import { defineOperation } from './operation.js';
import {
  DocumentInput,
  DocumentSchema,
  PermissionsSchema,
  RoleInput,
  RoleSchema,
  UserSchema,
} from './common.js';
import { id, listOf, loose, openEnum, pageQuery, strict } from './schema.js';

/** A merge rule as read: `require_specific_reviewers` is the only rule the contract shows. */
const MergeRuleSchema = loose({
  rule: openEnum(['require_specific_reviewers']),
  users: z.array(z.string()).optional(),
});

/** `inherit`, or `rules` with a list of rules. Spaces take the same merge rules. */
export const MergeRulesSchema = loose({
  type: openEnum(['inherit', 'rules']),
  rules: z.array(MergeRuleSchema).optional(),
});

const PriceSchema = loose({ monthly: z.number().optional(), yearly: z.number().optional() });

export const OrganizationSchema = loose({
  object: z.literal('organization'),
  id: z.string(),
  title: z.string().optional(),
  createdAt: z.string().optional(),
  emailDomains: z.array(z.string()).optional(),
  hostname: z.string().optional(),
  type: openEnum(['business']).optional(),
  useCase: openEnum(['internalDocs']).optional().nullable(),
  communityType: openEnum(['nonProfit']).optional().nullable(),
  defaultRole: RoleSchema.optional().nullable(),
  defaultContent: loose({ type: z.string(), site: z.string().optional() }).optional().nullable(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
  plan: openEnum(['free_2024']).optional(),
  billing: loose({
    interval: openEnum(['monthly']).optional(),
    endDate: z.string().optional().nullable(),
    hasPaymentFailed: z.boolean().optional(),
    isScheduledToCancel: z.boolean().optional(),
    pricing: loose({
      members: loose({ plus_2024: PriceSchema.optional(), pro_2024: PriceSchema.optional() }).optional(),
      sites: loose({ premium: PriceSchema.optional(), ultimate: PriceSchema.optional() }).optional(),
    }).optional(),
    usageAddons: z.record(z.string(), loose({ enabled: z.boolean().optional() })).optional(),
  }).optional(),
  mergeRules: MergeRulesSchema.optional().nullable(),
  trial: loose({
    status: openEnum(['notapplicable']).optional(),
    count: z.number().optional(),
    endDate: z.string().optional().nullable(),
    decision: openEnum(['downgrade']).optional().nullable(),
  }).optional(),
  customHostname: z.string().optional().nullable(),
  blocked: loose({ source: openEnum(['backoffice']).optional(), reason: z.string().optional() })
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
    location: z.string().optional(),
    app: z.string().optional(),
    logo: z.string().optional(),
  }).optional(),
  permissions: PermissionsSchema.optional(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** A member of an organization: its user, organization role (null for guests) and counts. */
export const MemberSchema = loose({
  object: z.literal('member'),
  id: z.string(),
  role: RoleSchema.optional().nullable(),
  user: UserSchema.optional(),
  disabled: z.boolean().optional(),
  joinedAt: z.string().optional(),
  lastSeenAt: z.string().optional().nullable(),
  sso: z.boolean().optional(),
  spaces: z.number().optional(),
  teams: z.number().optional(),
});
export type Member = z.infer<typeof MemberSchema>;

/** An item of the organization search: a space and its matching pages. */
export const SearchSectionSchema = loose({
  id: z.string(),
  title: z.string().optional(),
  path: z.string().optional(),
  body: z.string().optional(),
  urls: loose({ app: z.string().optional() }).optional(),
});
export type SearchSection = z.infer<typeof SearchSectionSchema>;

export const SearchPageSchema = loose({
  id: z.string(),
  title: z.string().optional(),
  path: z.string().optional(),
  sections: z.array(SearchSectionSchema).optional(),
  /** Titles of the parent pages, outermost first. */
  ancestors: z.array(loose({ title: z.string() })).optional(),
  urls: loose({ app: z.string().optional() }).optional(),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;

export const SearchItemSchema = loose({
  /** The space searched. */
  id: z.string(),
  title: z.string().optional(),
  pages: z.array(SearchPageSchema),
});
export type SearchItem = z.infer<typeof SearchItemSchema>;

/** The organization's agent instructions: a rich-text document. */
export const AgentInstructionsSchema = loose({
  object: z.literal('agent-instructions'),
  instructions: DocumentSchema,
  updatedAt: z.string().optional().nullable(),
  /** The contract does not say whether this is a user or a user id: both are read. */
  updatedBy: z.union([UserSchema, z.string()]).optional().nullable(),
  urls: loose({ location: z.string().optional() }).optional(),
});
export type AgentInstructions = z.infer<typeof AgentInstructionsSchema>;

export const PingResultSchema = loose({
  /** A token (JWT) to attach to the user, when the organization issues one. */
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
 * The organization's default hostname (`acme` in the demo). The contract shows no rule for it;
 * the subdomain pattern it gives elsewhere is used.
 */
export const ORGANIZATION_HOSTNAME_PATTERN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

const MergeRuleInput = strict({
  /** Rule names are not all documented (`require_specific_reviewers` is seen): any name is sent. */
  rule: z.string().min(1),
  /** User ids the rule names, e.g. the reviewers it requires. */
  users: z.array(id()).optional(),
});

export const MergeRulesInput = z.discriminatedUnion('type', [
  strict({ type: z.literal('inherit') }),
  strict({ type: z.literal('rules'), rules: z.array(MergeRuleInput) }),
]);
export type MergeRulesInput = z.input<typeof MergeRulesInput>;

export const OrganizationUpdateBody = strict({
  title: z.string().trim().min(1).optional(),
  /** Email domains whose users may join by themselves (see `join`). */
  emailDomains: z.array(emailDomain).optional(),
  hostname: z
    .string()
    .regex(ORGANIZATION_HOSTNAME_PATTERN, 'must be 3 to 32 lowercase letters, digits or hyphens')
    .optional(),
  /** The role new members get; `null` makes them guests. */
  defaultRole: RoleInput.nullable().optional(),
  /** What visitors of the organization's public content land on: one of its sites. */
  defaultContent: strict({ type: z.literal('site'), site: id() }).optional(),
  /** URL of the logo image. */
  logo: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** Enforce single sign-on organization-wide. */
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
  mergeRules: MergeRulesInput.optional(),
});
export type OrganizationUpdateBody = z.input<typeof OrganizationUpdateBody>;

export const SearchQuery = strict({
  ...pageQuery,
  /** The text to look for in page titles and content. */
  query: z.string().trim().min(1),
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
