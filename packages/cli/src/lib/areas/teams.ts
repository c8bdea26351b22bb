import { Args, type Command } from '../../oclif.js';
import type {
  DocsClient,
  OrganizationTeam,
  OrganizationTeamMember,
  TeamMemberRoleParam,
} from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { formatDate, type Column, type Output } from '../terminal/output.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';

/*
 * What the `docs teams ...` commands share: the team argument and its picker, table columns
 * and the printer of one team.
 */

/** The document's `TeamMemberRole` enum. */
export const TEAM_ROLE_OPTIONS: TeamMemberRoleParam[] = ['owner', 'member'];

export const teamArg = Args.string({
  name: 'team',
  description: 'Team id (picked from a list at a terminal when omitted)',
});

export const teamColumns: Column<OrganizationTeam>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'TITLE', value: (t) => t.title, cut: true },
  { header: 'MEMBERS', value: (t) => t.members, priority: 3 },
  { header: 'SPACES', value: (t) => t.spaces, priority: 2 },
  { header: 'CREATED', value: (t) => formatDate(t.createdAt), priority: 1 },
];

/** An organization role of `null` is a guest's. */
export const memberColumns: Column<OrganizationTeamMember>[] = [
  { header: 'USER', value: (m) => m.organization.id },
  { header: 'NAME', value: (m) => m.organization.user?.displayName, cut: true },
  { header: 'EMAIL', value: (m) => m.organization.user?.email, priority: 1 },
  { header: 'TEAM ROLE', value: (m) => m.team?.role },
  {
    header: 'ORG ROLE',
    value: (m) => (m.organization.role === null ? 'guest' : m.organization.role),
    priority: 2,
  },
];

export function printTeam(output: Output, team: OrganizationTeam): void {
  output.fields([
    ['ID', team.id],
    ['Title', team.title],
    ['Members', team.members],
    ['Spaces', team.spaces],
    ['Created', formatDate(team.createdAt)],
    ['You can manage it', team.permissions?.admin],
  ]);
}

export async function pickTeam(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const teams = await client.teams.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne(prompts, 'Team', teams, `Organization ${organizationId} has no teams.`, (team) => ({
    name: `${team.title ?? team.id} (${team.id})`,
    value: team.id,
    description: team.members === 1 ? '1 member' : `${team.members ?? 0} members`,
  }));
}

export async function pickTeamMember(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
  teamId: string,
): Promise<string> {
  const members = await client.teams.members
    .list(organizationId, teamId, { limit: 100 })
    .toArray({ max: 100 });
  return pickOne(prompts, 'Member', members, `Team ${teamId} has no members.`, (m) => ({
    name: `${m.organization.user?.displayName ?? m.organization.id} (${[m.organization.id, m.team?.role].filter(Boolean).join(', ')})`,
    value: m.organization.id,
  }));
}

/** The base of every `docs teams ...` command that acts on one team. */
export abstract class TeamCommand<T extends typeof Command> extends BaseCommand<T> {
  /** The client, the organization and the team (the `team` argument, or picked at a terminal). */
  protected async target(): Promise<{ client: DocsClient; organizationId: string; teamId: string }> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { team } = this.args as { team?: string };
    const teamId = await this.argOrPick(team, 'the team id', () =>
      pickTeam(this.prompts, client, organizationId),
    );
    return { client, organizationId, teamId };
  }
}
