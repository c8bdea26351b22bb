import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  Team,
  TeamCreateBody,
  TeamListQuery,
  TeamMemberPutBody,
  TeamMembership,
  TeamMembersUpdateBody,
  TeamUpdateBody,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const teamsArea = () => import('../contract/teams.js');
const createTeam = lazyOperation(teamsArea, 'createTeam');
const deleteTeam = lazyOperation(teamsArea, 'deleteTeam');
const getTeam = lazyOperation(teamsArea, 'getTeam');
const listTeamMembers = lazyOperation(teamsArea, 'listTeamMembers');
const listTeams = lazyOperation(teamsArea, 'listTeams');
const removeTeamMember = lazyOperation(teamsArea, 'removeTeamMember');
const setTeamMember = lazyOperation(teamsArea, 'setTeamMember');
const updateTeam = lazyOperation(teamsArea, 'updateTeam');
const updateTeamMembers = lazyOperation(teamsArea, 'updateTeamMembers');

/** The members of a team and their team roles: `client.teams.members`. */
export class TeamMembers extends Resource {
  /** Lists the team's members, each with the organization member and the team role. */
  list(
    organizationId: string,
    teamId: string,
    query: { limit?: number; page?: string } = {},
    options?: RequestOptions,
  ): PagePromise<TeamMembership> {
    return this.http.list(listTeamMembers, { params: { organizationId, teamId }, query }, options);
  }

  /**
   * Adds and removes members (user ids or emails) and sets roles (by user id) in one request.
   * A user listed in both `add` and `remove` is removed.
   */
  update(
    organizationId: string,
    teamId: string,
    body: TeamMembersUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<void> {
    return this.http.call(updateTeamMembers, { params: { organizationId, teamId }, body }, options);
  }

  /** Adds the user to the team, or changes the user's role if already a member. */
  set(
    organizationId: string,
    teamId: string,
    userId: string,
    body: TeamMemberPutBody = {},
    options?: RequestOptions,
  ): ApiPromise<void> {
    return this.http.call(setTeamMember, { params: { organizationId, teamId, userId }, body }, options);
  }

  /** Removes one member from the team; removing someone who is not in it succeeds too. */
  remove(organizationId: string, teamId: string, userId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(removeTeamMember, { params: { organizationId, teamId, userId } }, options);
  }
}

/** Teams of an organization, groups of members for role management: `client.teams`. */
export class Teams extends Resource {
  readonly members = new TeamMembers(this.http);

  /**
   * Lists the organization's teams, optionally only those a member owns or whose title
   * contains some text. `await` gives the first page; `for await` walks every team.
   */
  list(organizationId: string, query: TeamListQuery = {}, options?: RequestOptions): PagePromise<Team> {
    return this.http.list(listTeams, { params: { organizationId }, query }, options);
  }

  /** Creates a team (title of 1 to 64 characters), optionally with members given by user id. */
  create(organizationId: string, body: TeamCreateBody, options?: RequestOptions): ApiPromise<Team> {
    return this.http.call(createTeam, { params: { organizationId }, body }, options);
  }

  /** Reads one team. */
  get(organizationId: string, teamId: string, options?: RequestOptions): ApiPromise<Team> {
    return this.http.call(getTeam, { params: { organizationId, teamId } }, options);
  }

  /** Renames a team (title of 1 to 64 characters). */
  update(
    organizationId: string,
    teamId: string,
    body: TeamUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<Team> {
    return this.http.call(updateTeam, { params: { organizationId, teamId }, body }, options);
  }

  /** Deletes a team; its members stay in the organization. Deleting an absent team succeeds too. */
  delete(organizationId: string, teamId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(deleteTeam, { params: { organizationId, teamId } }, options);
  }
}
