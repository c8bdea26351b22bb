import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { MemberSchema } from './organizations.js';
import { listOf, loose, openEnum, pageQuery, RoleInput, ROLES, RoleSchema, strict } from './schema.js';
import { SpaceSchema } from './spaces.js';
import { TEAM_ROLES, TeamSchema } from './teams.js';

/*
 * Members of an organization. Their operations belong to the "Organizations, members, search"
 * area; they live apart from organizations.ts because a member's teams need the team schema,
 * and the team module needs the member schema.
 */

const AREA = 'Organizations, members, search';

/**
 * Sort properties of the member list (published document): `joinedAt` (default), `lastSeenAt`
 * (lists only members who have been active) and `name`.
 */
export const MEMBER_SORTS = ['joinedAt', 'lastSeenAt', 'name'] as const;
export const MEMBER_LIST_ORDERS = ['asc', 'desc'] as const;
/** The member list's role filter: an organization role, or `guest` for members without one. */
export const MEMBER_ROLE_FILTERS = [...ROLES, 'guest'] as const;

/**
 * Wire names of the member list's role filter, text filter and sort property: the extract hides
 * them, the published document names them `role`, `search` and `sort` (docs/contract-notes.md).
 */
export const MEMBER_QUERY_WIRE_NAMES = { role: 'role', search: 'search', sort: 'sort' } as const;

/** A space a member can reach, with the member's permission in it. */
export const MemberSpaceSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    /** The member's role in the space. */
    permission: z.optional(RoleSchema),
    space: SpaceSchema,
  }),
);
export type MemberSpace = z.infer<typeof MemberSpaceSchema>;

/** A team a member is in, with the member's role in that team. */
export const MemberTeamSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    team: TeamSchema,
    /** The member's team role (`owner` or `member`). */
    member: z.optional(loose({ role: openEnum(TEAM_ROLES) })),
  }),
);
export type MemberTeam = z.infer<typeof MemberTeamSchema>;

export const MemberListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Default `desc`. */
    order: z.optional(z.enum(MEMBER_LIST_ORDERS)),
    /** Only members with this organization role; `guest`: only guests (from the published document). */
    role: z.optional(z.enum(MEMBER_ROLE_FILTERS)),
    /** Only members whose display name or email contains this text. */
    search: z.optional(z.string().check(z.minLength(1))),
    /**
     * Default `joinedAt`; `lastSeenAt` lists only active members; `name` sorts by display name
     * (from the published document).
     */
    sort: z.optional(z.enum(MEMBER_SORTS)),
  }),
);
export type MemberListQuery = z.input<typeof MemberListQuery>;

export const MemberUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** The organization role; `null` makes the member a guest. */
    role: z.nullable(RoleInput),
  }),
);
export type MemberUpdateBody = z.input<typeof MemberUpdateBody>;

export const MemberSpaceListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({ ...pageQuery(), order: z.optional(z.enum(MEMBER_LIST_ORDERS)) }),
);
export type MemberSpaceListQuery = z.input<typeof MemberSpaceListQuery>;

export const MemberTeamListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Only teams whose title contains this text, ignoring case. */
    title: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type MemberTeamListQuery = z.input<typeof MemberTeamListQuery>;

const MEMBERS = '/v1/orgs/{organizationId}/members' as const;
const MEMBER = `${MEMBERS}/{userId}` as const;

export const listMembers = /* @__PURE__ */ defineOperation({
  id: 'members.list',
  area: AREA,
  summary: 'List the members of an organization',
  method: 'GET',
  idempotent: true,
  path: MEMBERS,
  query: MemberListQuery,
  queryWireNames: MEMBER_QUERY_WIRE_NAMES,
  status: 200,
  response: () => listOf(MemberSchema),
  paginated: true,
});

export const getMember = /* @__PURE__ */ defineOperation({
  id: 'members.get',
  area: AREA,
  summary: 'Get a member of an organization',
  method: 'GET',
  idempotent: true,
  path: MEMBER,
  status: 200,
  response: MemberSchema,
});

export const updateMember = /* @__PURE__ */ defineOperation({
  id: 'members.update',
  area: AREA,
  summary: "Change a member's organization role",
  method: 'PATCH',
  idempotent: true,
  path: MEMBER,
  body: MemberUpdateBody,
  status: 200,
  response: MemberSchema,
});

export const deleteMember = /* @__PURE__ */ defineOperation({
  id: 'members.delete',
  area: AREA,
  summary: 'Remove a member from an organization (succeeds when absent)',
  method: 'DELETE',
  idempotent: true,
  path: MEMBER,
  status: 204,
});

export const addSsoMember = /* @__PURE__ */ defineOperation({
  id: 'members.addSso',
  area: AREA,
  summary: 'Add a user to the organization as an SSO member',
  method: 'POST',
  idempotent: true,
  path: `${MEMBER}/sso`,
  status: 200,
  response: MemberSchema,
});

export const listMemberSpaces = /* @__PURE__ */ defineOperation({
  id: 'members.listSpaces',
  area: AREA,
  summary: 'List the spaces a member can reach, with their permission',
  method: 'GET',
  idempotent: true,
  path: `${MEMBER}/spaces`,
  query: MemberSpaceListQuery,
  status: 200,
  response: () => listOf(MemberSpaceSchema),
  paginated: true,
});

export const listMemberTeams = /* @__PURE__ */ defineOperation({
  id: 'members.listTeams',
  area: AREA,
  summary: 'List the teams a member is in, with their team role',
  method: 'GET',
  idempotent: true,
  path: `${MEMBER}/teams`,
  query: MemberTeamListQuery,
  status: 200,
  response: () => listOf(MemberTeamSchema),
  paginated: true,
});

export const memberOperations = [
  listMembers,
  getMember,
  updateMember,
  deleteMember,
  addSsoMember,
  listMemberSpaces,
  listMemberTeams,
] as const;
