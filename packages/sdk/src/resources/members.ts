import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  Member,
  MemberListQuery,
  MemberSpace,
  MemberSpaceListQuery,
  MemberTeam,
  MemberTeamListQuery,
  MemberUpdateBody,
} from '../types.js';
import { Resource } from './resource.js';

/** The area's operations, loaded with their schemas on first use. */
const membersArea = () => import('../contract/members.js');
const addSsoMember = lazyOperation(membersArea, 'addSsoMember');
const deleteMember = lazyOperation(membersArea, 'deleteMember');
const getMember = lazyOperation(membersArea, 'getMember');
const listMembers = lazyOperation(membersArea, 'listMembers');
const listMemberSpaces = lazyOperation(membersArea, 'listMemberSpaces');
const listMemberTeams = lazyOperation(membersArea, 'listMemberTeams');
const updateMember = lazyOperation(membersArea, 'updateMember');

/** Members of an organization and their roles: `client.members`. */
export class Members extends Resource {
  /**
   * Lists the organization's members, newest first unless `order: 'asc'`; filter by `role`
   * (`guest`: members without one) or by text in the name or email (`search`);
   * `sort: 'lastSeenAt'` lists only active members, `sort: 'name'` orders by display name.
   */
  list(organizationId: string, query: MemberListQuery = {}, options?: RequestOptions): PagePromise<Member> {
    return this.http.list(listMembers, { params: { organizationId }, query }, options);
  }

  /** Reads one member by user id. */
  get(organizationId: string, userId: string, options?: RequestOptions): ApiPromise<Member> {
    return this.http.call(getMember, { params: { organizationId, userId } }, options);
  }

  /** Changes the member's organization role; `{ role: null }` makes them a guest. */
  update(
    organizationId: string,
    userId: string,
    body: MemberUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<Member> {
    return this.http.call(updateMember, { params: { organizationId, userId }, body }, options);
  }

  /** Removes the member from the organization; removing someone who is not a member succeeds too. */
  delete(organizationId: string, userId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(deleteMember, { params: { organizationId, userId } }, options);
  }

  /** Adds the user to the organization as an SSO member (or marks an existing member as one). */
  addSso(organizationId: string, userId: string, options?: RequestOptions): ApiPromise<Member> {
    return this.http.call(addSsoMember, { params: { organizationId, userId } }, options);
  }

  /** Lists the spaces the member can reach, each with the member's `permission` in it. */
  listSpaces(
    organizationId: string,
    userId: string,
    query: MemberSpaceListQuery = {},
    options?: RequestOptions,
  ): PagePromise<MemberSpace> {
    return this.http.list(listMemberSpaces, { params: { organizationId, userId }, query }, options);
  }

  /** Lists the teams the member is in, each with the member's team role; `title` filters by title. */
  listTeams(
    organizationId: string,
    userId: string,
    query: MemberTeamListQuery = {},
    options?: RequestOptions,
  ): PagePromise<MemberTeam> {
    return this.http.list(listMemberTeams, { params: { organizationId, userId }, query }, options);
  }
}
