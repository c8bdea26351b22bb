import type { OrganizationMember } from '@docs-api/sdk';
import { MemberCommand, memberArg, printMember } from '../../lib/areas/organizations.js';

export default class MembersView extends MemberCommand<typeof MembersView> {
  static override summary = 'Show one member of an organization';
  static override description =
    "Prints the member's user id, name, email, organization role, whether they sign in with SSO or are disabled, their spaces and teams, and when they joined and were last seen. At a terminal and piped it prints labelled fields, one per line; with --json, the full object.\n\nIn a pipeline it never prompts: pass the user id and --org (or DOCS_ORG), or it exits 2. Someone who is not a member is exit 3.";
  static override examples = [
    '<%= config.bin %> members view user_grace --org org_acme',
    '<%= config.bin %> members view user_grace --json',
    '<%= config.bin %> members view @me',
  ];
  static override args = { user: memberArg };

  async run(): Promise<OrganizationMember> {
    const { client, organizationId, userId } = await this.target();
    const member = await client.members.get(organizationId, userId);
    if (this.human) printMember(this.output, member);
    return member;
  }
}
