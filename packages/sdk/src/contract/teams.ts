import * as z from 'zod/mini';
import { defineOperation } from './operation.js';
import { MemberSchema } from './organizations.js';
import { listOf, loose, openEnum, pageQuery, strict } from './schema.js';

const AREA = 'Teams and team members';

/** Team roles: `owner` manages the team's members, `member` belongs to it. */
export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The contract's limits on a team's title. */
export const TEAM_TITLE_MIN = 1;
export const TEAM_TITLE_MAX = 64;

export const TeamSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    object: z.literal('team'),
    id: z.string(),
    /** 1 to 64 characters. */
    title: z.optional(z.string()),
    /** Count of members. */
    members: z.optional(z.number()),
    /** Count of spaces the team has access to. */
    spaces: z.optional(z.number()),
    createdAt: z.optional(z.string()),
    /** What the caller may do with the team: `admin` (manage it), `view`. */
    permissions: z.optional(loose({ admin: z.optional(z.boolean()), view: z.optional(z.boolean()) })),
  }),
);
export type Team = z.infer<typeof TeamSchema>;

/** One member of a team: the organization member and the role in the team. */
export const TeamMembershipSchema = /* @__PURE__ */ z.lazy(() =>
  loose({
    organization: MemberSchema,
    /** The member's team role (`owner` or `member`). */
    team: z.optional(loose({ role: openEnum(TEAM_ROLES) })),
    /** What the caller may do with the membership: `view`. */
    permissions: z.optional(loose({ view: z.optional(z.boolean()) })),
  }),
);
export type TeamMembership = z.infer<typeof TeamMembershipSchema>;

const teamTitle = /* @__PURE__ */ z.lazy(() =>
  z.string().check(z.minLength(TEAM_TITLE_MIN), z.maxLength(TEAM_TITLE_MAX)),
);
/** A role in a request: only the two documented values. */
const teamRole = /* @__PURE__ */ z.lazy(() => z.enum(TEAM_ROLES));
const userRef = /* @__PURE__ */ z.lazy(() => z.string().check(z.minLength(1)));

export const TeamListQuery = /* @__PURE__ */ z.lazy(() =>
  strict({
    ...pageQuery(),
    /** Only teams this member (user id) owns, i.e. can manage. */
    owner: z.optional(userRef),
    /** Only teams whose title contains this text, ignoring case. */
    title: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type TeamListQuery = z.input<typeof TeamListQuery>;

export const TeamCreateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    title: teamTitle,
    /** Member (user) ids to put in the team. */
    members: z.optional(z.array(userRef)),
  }),
);
export type TeamCreateBody = z.input<typeof TeamCreateBody>;

export const TeamUpdateBody = /* @__PURE__ */ z.lazy(() => strict({ title: teamTitle }));
export type TeamUpdateBody = z.input<typeof TeamUpdateBody>;

export const TeamMembersUpdateBody = /* @__PURE__ */ z.lazy(() =>
  strict({
    /** User ids or emails to add; a user also listed in `remove` is removed. */
    add: z.optional(z.array(userRef)),
    /** User ids or emails to remove. */
    remove: z.optional(z.array(userRef)),
    /** Roles to set, by user id. */
    memberships: z.optional(z.record(userRef, strict({ role: teamRole }))),
  }),
);
export type TeamMembersUpdateBody = z.input<typeof TeamMembersUpdateBody>;

export const TeamMemberPutBody = /* @__PURE__ */ z.lazy(() => strict({ role: z.optional(teamRole) }));
export type TeamMemberPutBody = z.input<typeof TeamMemberPutBody>;

const TEAMS = '/v1/orgs/{organizationId}/teams' as const;
const TEAM = `${TEAMS}/{teamId}` as const;

export const listTeams = /* @__PURE__ */ defineOperation({
  id: 'teams.list',
  area: AREA,
  summary: 'List the teams of an organization',
  method: 'GET',
  idempotent: true,
  path: TEAMS,
  query: TeamListQuery,
  status: 200,
  response: () => listOf(TeamSchema),
  paginated: true,
});

export const createTeam = /* @__PURE__ */ defineOperation({
  id: 'teams.create',
  area: AREA,
  summary: 'Create a team',
  method: 'PUT',
  idempotent: false,
  path: TEAMS,
  body: TeamCreateBody,
  status: 201,
  response: TeamSchema,
});

export const getTeam = /* @__PURE__ */ defineOperation({
  id: 'teams.get',
  area: AREA,
  summary: 'Get a team',
  method: 'GET',
  idempotent: true,
  path: TEAM,
  status: 200,
  response: TeamSchema,
});

export const updateTeam = /* @__PURE__ */ defineOperation({
  id: 'teams.update',
  area: AREA,
  summary: "Change a team's title",
  method: 'PATCH',
  idempotent: true,
  path: TEAM,
  body: TeamUpdateBody,
  status: 200,
  response: TeamSchema,
});

export const deleteTeam = /* @__PURE__ */ defineOperation({
  id: 'teams.delete',
  area: AREA,
  summary: 'Delete a team (succeeds when it is absent)',
  method: 'DELETE',
  idempotent: true,
  path: TEAM,
  status: 204,
});

export const listTeamMembers = /* @__PURE__ */ defineOperation({
  id: 'teams.members.list',
  area: AREA,
  summary: 'List the members of a team',
  method: 'GET',
  idempotent: true,
  path: `${TEAM}/members`,
  query: () => strict({ ...pageQuery() }),
  status: 200,
  response: () => listOf(TeamMembershipSchema),
  paginated: true,
});

export const updateTeamMembers = /* @__PURE__ */ defineOperation({
  id: 'teams.members.update',
  area: AREA,
  summary: "Add and remove a team's members and set their roles, in one request",
  method: 'PUT',
  idempotent: true,
  path: `${TEAM}/members`,
  body: TeamMembersUpdateBody,
  status: 204,
});

export const setTeamMember = /* @__PURE__ */ defineOperation({
  id: 'teams.members.set',
  area: AREA,
  summary: "Add a member to a team or change the member's role",
  method: 'PUT',
  idempotent: true,
  path: `${TEAM}/members/{userId}`,
  body: TeamMemberPutBody,
  status: 204,
});

export const removeTeamMember = /* @__PURE__ */ defineOperation({
  id: 'teams.members.remove',
  area: AREA,
  summary: 'Remove a member from a team (succeeds when they are not in it)',
  method: 'DELETE',
  idempotent: true,
  path: `${TEAM}/members/{userId}`,
  status: 204,
});

export const teamOperations = [
  listTeams,
  createTeam,
  getTeam,
  updateTeam,
  deleteTeam,
  listTeamMembers,
  updateTeamMembers,
  setTeamMember,
  removeTeamMember,
] as const;
