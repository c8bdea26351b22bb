import { Args } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';

export default class OrgsJoin extends BaseCommand<typeof OrgsJoin> {
  static override summary = 'Join an organization that allows your email domain';
  static override description =
    "Works when your verified email domain is one of the organization's email domains; `docs orgs list --email-domain <domain>` shows which do. Joining an organization you are in changes nothing.\n\nNever prompts: the organization id is a required argument.";
  static override examples = [
    '<%= config.bin %> orgs join org_gamma',
    '<%= config.bin %> orgs list --email-domain acme.test --json',
  ];
  static override args = {
    organization: Args.string({ description: 'Id of the organization to join', required: true }),
  };

  async run(): Promise<{ joined: string }> {
    const client = await this.client();
    const organizationId = this.args.organization;
    await client.organizations.join(organizationId);
    if (this.human) this.output.success(`Joined organization ${organizationId}`);
    return { joined: organizationId };
  }
}
