import { Flags } from '../../oclif.js';
import type { OrganizationMember } from '@docs-api/sdk';
import {
  GUEST,
  MemberCommand,
  memberArg,
  printMember,
  ROLE_OPTIONS,
  roleLabel,
  roleValue,
} from '../../lib/areas/organizations.js';

export default class MembersSetRole extends MemberCommand<typeof MembersSetRole> {
  static override summary = "Change a member's organization role";
  static override description =
    'guest removes the role: the member reaches only what is shared with them. Organization admins only; the last admin cannot be demoted. Prints the member with the new role; --json prints the member object.\n\nIn a pipeline it never prompts: pass the user id and --org (or DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> members set-role user_linus --role review --org org_acme',
    '<%= config.bin %> members set-role user_linus --role guest --json',
  ];
  static override args = { user: memberArg };
  static override flags = {
    role: Flags.string({
      char: 'r',
      description: 'Organization role',
      options: [...ROLE_OPTIONS, GUEST],
      required: true,
    }),
  };

  async run(): Promise<OrganizationMember> {
    const { client, organizationId, userId } = await this.target();
    const member = await client.members.update(organizationId, userId, { role: roleValue(this.flags.role) });
    if (this.human) {
      this.output.success(`${userId} is now ${roleLabel(member.role)} in ${organizationId}`);
      printMember(this.output, member);
    }
    return member;
  }
}
