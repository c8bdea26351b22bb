import type { Member } from '@docs-api/sdk';
import { MemberCommand, memberArg, printMember } from '../../lib/organizations.js';

export default class MembersView extends MemberCommand<typeof MembersView> {
  static override summary = 'Show one member of an organization';
  static override examples = [
    '<%= config.bin %> members view user_grace --org org_acme',
    '<%= config.bin %> members view user_grace --json',
  ];
  static override args = { user: memberArg };

  async run(): Promise<Member> {
    const { client, organizationId, userId } = await this.target();
    const member = await client.members.get(organizationId, userId);
    if (this.human) printMember(member);
    return member;
  }
}
