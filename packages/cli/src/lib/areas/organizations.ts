import { Args, type Command } from '../../oclif.js';
import type {
  DocsClient,
  MemberRoleParam,
  Organization,
  OrganizationMember,
  SearchSpaceResult,
} from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { formatDate, type Column, type Output } from '../terminal/output.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';

/*
 * What the `docs orgs ...` and `docs members ...` commands share: role options, the member
 * argument and its picker, table columns and printers.
 */

/**
 * Organization roles, most powerful first: the document's `MemberRole` enum (kept here: the
 * contract module loads zod; a value the type does not list is a compile error).
 */
export const ROLE_OPTIONS: readonly MemberRoleParam[] = [
  'admin',
  'create',
  'review',
  'edit',
  'comment',
  'read',
];
/** The word the CLI uses for a `null` role. */
export const GUEST = 'guest';

export const roleLabel = (role: string | null | undefined): string => (role === null ? GUEST : (role ?? ''));

/** `guest` on the command line is `null` on the wire. */
export const roleValue = (option: string): MemberRoleParam | null =>
  option === GUEST ? null : (option as MemberRoleParam);

export const organizationColumns: Column<Organization>[] = [
  { header: 'ID', value: (o) => o.id },
  { header: 'TITLE', value: (o) => o.title, cut: true },
  { header: 'HOSTNAME', value: (o) => o.hostname, priority: 2 },
  { header: 'EMAIL DOMAINS', value: (o) => o.emailDomains?.join(', '), cut: true, priority: 1 },
  { header: 'PLAN', value: (o) => o.plan, priority: 3 },
];

export function printOrganization(output: Output, organization: Organization): void {
  const rules = organization.mergeRules;
  output.fields([
    ['ID', organization.id],
    ['Title', organization.title],
    ['Hostname', organization.hostname],
    ['Email domains', organization.emailDomains?.join(', ')],
    ['Default role', roleLabel(organization.defaultRole)],
    [
      'Default content',
      organization.defaultContent?.site ? `site ${organization.defaultContent.site}` : undefined,
    ],
    ['SSO enforced', organization.sso],
    ['AI', organization.ai],
    ['Invite links', organization.inviteLinks],
    [
      'Merge rules',
      rules?.type === 'rules'
        ? (rules.rules ?? [])
            .map((rule) =>
              'users' in rule && rule.users.length
                ? `${rule.rule} (${rule.users.join(', ')})`
                : String(rule.rule),
            )
            .join('; ') || 'none'
        : rules?.type,
    ],
    ['Type', organization.type],
    ['Plan', organization.plan],
    ['Logo', organization.urls?.logo],
    ['Created', formatDate(organization.createdAt)],
  ]);
}

export const memberArg = Args.string({
  name: 'user',
  description: 'User id of a member, @me for yourself (picked from the members at a terminal when omitted)',
});

export const orgMemberColumns: Column<OrganizationMember>[] = [
  { header: 'USER', value: (m) => m.id },
  { header: 'NAME', value: (m) => m.user?.displayName, cut: true },
  { header: 'EMAIL', value: (m) => m.user?.email, priority: 3 },
  { header: 'ROLE', value: (m) => roleLabel(m.role) },
  { header: 'SSO', value: (m) => m.sso, priority: 1 },
  { header: 'JOINED', value: (m) => formatDate(m.joinedAt), priority: 2 },
  { header: 'LAST SEEN', value: (m) => formatDate(m.lastSeenAt), priority: 4 },
];

export function printMember(output: Output, member: OrganizationMember): void {
  output.fields([
    ['User', member.id],
    ['Name', member.user?.displayName],
    ['Email', member.user?.email],
    ['Role', roleLabel(member.role)],
    ['SSO', member.sso],
    ['Disabled', member.disabled],
    ['Spaces', member.spaces],
    ['Teams', member.teams],
    ['Joined', formatDate(member.joinedAt)],
    ['Last seen', formatDate(member.lastSeenAt)],
  ]);
}

/** One row per matching page: space, page, where it sits, and its app URL. */
export interface SearchRow {
  space: string;
  page: string;
  title: string;
  path: string;
  url: string;
}

export function searchRows(items: readonly SearchSpaceResult[]): SearchRow[] {
  return items.flatMap((item) =>
    (item.pages ?? []).map((page) => ({
      space: item.id,
      page: page.id,
      title: [...(page.ancestors ?? []).map((a) => a.title ?? ''), page.title ?? page.id].join(' › '),
      path: page.path ?? '',
      url: page.urls?.app ?? '',
    })),
  );
}

export const searchColumns: Column<SearchRow>[] = [
  { header: 'SPACE', value: (r) => r.space },
  { header: 'PAGE', value: (r) => r.page },
  { header: 'TITLE', value: (r) => r.title, cut: true },
  { header: 'PATH', value: (r) => r.path, cut: true, priority: 2 },
  { header: 'URL', value: (r) => r.url, priority: 1 },
];

export async function pickMember(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const members = await client.members.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne(prompts, 'Member', members, `Organization ${organizationId} has no members.`, (m) => ({
    name: `${m.user?.displayName ?? m.id} (${m.id}, ${roleLabel(m.role)})`,
    value: m.id,
    ...(m.user?.email ? { description: m.user.email } : {}),
  }));
}

/** The base of every `docs members ...` command that acts on one member. */
export abstract class MemberCommand<T extends typeof Command> extends BaseCommand<T> {
  /** The client, the organization and the member (the `user` argument, or picked at a terminal). */
  protected async target(): Promise<{ client: DocsClient; organizationId: string; userId: string }> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { user } = this.args as { user?: string };
    const userId = await this.userId(
      await this.argOrPick(user, 'the user id', () => pickMember(this.prompts, client, organizationId)),
    );
    return { client, organizationId, userId };
  }
}
