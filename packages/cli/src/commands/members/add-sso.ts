import { Args } from '../../oclif.js';
import type { OrganizationMember } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printMember } from '../../lib/areas/organizations.js';

export default class MembersAddSso extends BaseCommand<typeof MembersAddSso> {
  static override summary = 'Add a user to an organization as an SSO member';
  static override description =
    "A user who is not a member joins with the organization's default role; a member is marked as SSO. Organization admins only. Prints the member; --json prints the member object.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> members add-sso user_hedy --org org_acme',
    '<%= config.bin %> members add-sso user_hedy --json',
  ];
  static override args = {
    user: Args.string({ description: 'User id to add, @me for yourself', required: true }),
  };

  async run(): Promise<OrganizationMember> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const member = await client.members.addSso(organizationId, await this.userId(this.args.user));
    if (this.human) {
      this.output.success(`${member.id} is an SSO member of ${organizationId}`);
      printMember(this.output, member);
    }
    return member;
  }
}
