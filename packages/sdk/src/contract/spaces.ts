import { z } from 'zod';
import { PermissionsSchema, RoleSchema } from './common.js';
import { defineOperation } from './operation.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

export const SPACE_VISIBILITIES = [
  'public',
  'unlisted',
  'share-link',
  'visitor-auth',
  'in-collection',
  'private',
] as const;

export const SpaceSchema = loose({
  object: z.literal('space'),
  id: z.string(),
  title: z.string().optional(),
  emoji: z.string().optional().nullable(),
  visibility: openEnum(SPACE_VISIBILITIES).optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  deletedAt: z.string().optional().nullable(),
  editMode: openEnum(['live', 'locked']).optional(),
  mergeRules: loose({ type: openEnum(['inherit', 'rules']) }).optional(),
  urls: loose({
    location: z.string().optional(),
    app: z.string().optional(),
    published: z.string().optional(),
    public: z.string().optional(),
    icon: z.string().optional(),
  }).optional(),
  organization: z.string().optional(),
  parent: z.string().optional().nullable(),
  language: z.string().optional().nullable(),
  gitSync: loose({
    repoName: z.string().optional(),
    installationProvider: z.string().optional(),
    integration: z.string().optional(),
    url: z.string().optional(),
    updatedAt: z.string().optional(),
  })
    .optional()
    .nullable(),
  visitorAuth: loose({ backend: openEnum(['custom']).optional() })
    .optional()
    .nullable(),
  revision: z.string().optional(),
  defaultLevel: RoleSchema.optional().nullable(),
  comments: z.number().optional(),
  changeRequests: z.number().optional(),
  changeRequestsOpen: z.number().optional(),
  changeRequestsDraft: z.number().optional(),
  permissions: PermissionsSchema.optional(),
});
export type Space = z.infer<typeof SpaceSchema>;

const AREA = 'Spaces';

export const listOrganizationSpaces = defineOperation({
  id: 'spaces.listForOrganization',
  area: AREA,
  summary: 'List the spaces of an organization',
  method: 'GET',
  path: '/v1/orgs/{organizationId}/spaces',
  query: strict({ ...pageQuery }),
  status: 200,
  response: listOf(SpaceSchema),
  paginated: true,
});

export const getSpace = defineOperation({
  id: 'spaces.get',
  area: AREA,
  summary: 'Get a space',
  method: 'GET',
  path: '/v1/spaces/{spaceId}',
  status: 200,
  response: SpaceSchema,
});

export const spaceOperations = [getSpace, listOrganizationSpaces] as const;
