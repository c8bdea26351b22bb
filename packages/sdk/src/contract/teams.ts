import { z } from 'zod';
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

export const TeamSchema = loose({
  object: z.literal('team'),
  id: z.string(),
  /** 1 to 64 characters. */
  title: z.string().optional(),
  /** Count of members. */
  members: z.number().optional(),
  /** Count of spaces the team has access to. */
  spaces: z.number().optional(),
  createdAt: z.string().optional(),
  /** What the caller may do with the team: `admin` (manage it), `view`. */
  permissions: loose({ admin: z.boolean().optional(), view: z.boolean().optional() }).optional(),
});
export type Team = z.infer<typeof TeamSchema>;

/** One member of a team: the organization member and the role in the team. */
export const TeamMembershipSchema = loose({
  organization: MemberSchema,
  /** The member's team role (`owner` or `member`). */
  team: loose({ role: openEnum(TEAM_ROLES) }).optional(),
  /** What the caller may do with the membership: `view`. */
  permissions: loose({ view: z.boolean().optional() }).optional(),
});
export type TeamMembership = z.infer<typeof TeamMembershipSchema>;

const teamTitle = z.string().min(TEAM_TITLE_MIN).max(TEAM_TITLE_MAX);
/** A role in a request: only the two documented values. */
const teamRole = z.enum(TEAM_ROLES);
const userRef = z.string().min(1);

export const TeamListQuery = strict({
  ...pageQuery,
  /** Only teams this member (user id) owns, i.e. can manage. */
  owner: userRef.optional(),
  /** Only teams whose title contains this text, ignoring case. */
  title: z.string().min(1).optional(),
});
export type TeamListQuery = z.input<typeof TeamListQuery>;

export const TeamCreateBody = strict({
  title: teamTitle,
  /** Member (user) ids to put in the team. */
  members: z.array(userRef).optional(),
});
export type TeamCreateBody = z.input<typeof TeamCreateBody>;

export const TeamUpdateBody = strict({ title: teamTitle });
export type TeamUpdateBody = z.input<typeof TeamUpdateBody>;

export const TeamMembersUpdateBody = strict({
  /** User ids or emails to add; a user also listed in `remove` is removed. */
  add: z.array(userRef).optional(),
  /** User ids or emails to remove. */
  remove: z.array(userRef).optional(),
  /** Roles to set, by user id. */
  memberships: z.record(userRef, strict({ role: teamRole })).optional(),
});
export type TeamMembersUpdateBody = z.input<typeof TeamMembersUpdateBody>;

export const TeamMemberPutBody = strict({ role: teamRole.optional() });
export type TeamMemberPutBody = z.input<typeof TeamMemberPutBody>;

const TEAMS = '/v1/orgs/{organizationId}/teams' as const;
const TEAM = `${TEAMS}/{teamId}` as const;

export const listTeams = defineOperation({
  id: 'teams.list',
  area: AREA,
  summary: 'List the teams of an organization',
  method: 'GET',
  idempotent: true,
  path: TEAMS,
  query: TeamListQuery,
  status: 200,
  response: listOf(TeamSchema),
  paginated: true,
});

export const createTeam = defineOperation({
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

export const getTeam = defineOperation({
  id: 'teams.get',
  area: AREA,
  summary: 'Get a team',
  method: 'GET',
  idempotent: true,
  path: TEAM,
  status: 200,
  response: TeamSchema,
});

export const updateTeam = defineOperation({
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

export const deleteTeam = defineOperation({
  id: 'teams.delete',
  area: AREA,
  summary: 'Delete a team (succeeds when it is absent)',
  method: 'DELETE',
  idempotent: true,
  path: TEAM,
  status: 204,
});

export const listTeamMembers = defineOperation({
  id: 'teams.members.list',
  area: AREA,
  summary: 'List the members of a team',
  method: 'GET',
  idempotent: true,
  path: `${TEAM}/members`,
  query: strict({ ...pageQuery }),
  status: 200,
  response: listOf(TeamMembershipSchema),
  paginated: true,
});

export const updateTeamMembers = defineOperation({
  id: 'teams.members.update',
  area: AREA,
  summary: "Add and remove a team's members and set their roles, in one request",
  method: 'PUT',
  idempotent: true,
  path: `${TEAM}/members`,
  body: TeamMembersUpdateBody,
  status: 204,
});

export const setTeamMember = defineOperation({
  id: 'teams.members.set',
  area: AREA,
  summary: "Add a member to a team or change the member's role",
  method: 'PUT',
  idempotent: true,
  path: `${TEAM}/members/{userId}`,
  body: TeamMemberPutBody,
  status: 204,
});

export const removeTeamMember = defineOperation({
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
