import { z } from 'zod';
import { defineOperation } from './operation.js';
import { PermissionsSchema, RoleSchema, UserSchema } from './common.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

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

const AREA = 'Organizations, members, search';

export const listOrganizations = defineOperation({
  id: 'organizations.list',
  area: AREA,
  summary: 'List the organizations the caller belongs to',
  method: 'GET',
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
  path: '/v1/orgs/{organizationId}',
  status: 200,
  response: OrganizationSchema,
});

export const organizationOperations = [listOrganizations, getOrganization] as const;
