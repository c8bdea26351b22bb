import { Args } from '../../../oclif.js';
import { BaseCommand, yesFlag } from '../../../base-command.js';

export default class OrgsInvitesDelete extends BaseCommand<typeof OrgsInvitesDelete> {
  static override summary = 'Delete an invite link of an organization';
  static override description =
    'Nobody can join through the link afterwards. Deleting a link that does not exist succeeds too.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the invite id, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> orgs invites delete invite_1 --org org_acme --yes'];
  static override args = {
    invite: Args.string({ description: 'Invite link id', required: true }),
  };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const organizationId = await this.organizationId();
    const inviteId = this.args.invite;
    await this.confirm(`Delete invite link ${inviteId} of ${organizationId}?`);
    const client = await this.client();
    await client.organizations.deleteInvite(organizationId, inviteId);
    if (this.human) this.output.success(`Deleted invite link ${inviteId}`);
    return { deleted: inviteId };
  }
}
