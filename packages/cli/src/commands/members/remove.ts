import { yesFlag } from '../../base-command.js';
import { MemberCommand, memberArg } from '../../lib/areas/organizations.js';

export default class MembersRemove extends MemberCommand<typeof MembersRemove> {
  static override summary = 'Remove a member from an organization';
  static override description =
    'The member leaves the organization and its teams. Removing someone who is not a member succeeds too. Organization admins only; the last admin cannot be removed.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the user id, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> members remove user_linus --org org_acme --yes'];
  static override args = { user: memberArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ removed: string }> {
    const { client, organizationId, userId } = await this.target();
    await this.confirm(`Remove ${userId} from organization ${organizationId}?`);
    await client.members.delete(organizationId, userId);
    if (this.human) this.output.success(`Removed ${userId} from ${organizationId}`);
    return { removed: userId };
  }
}
