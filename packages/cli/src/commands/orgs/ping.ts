import type { UpdateOrganizationMemberLastSeenAtResponse } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';

export default class OrgsPing extends BaseCommand<typeof OrgsPing> {
  static override summary = 'Tell an organization you are active, and print its visitor claims token';
  static override description =
    'Prints the token (a JWT) the organization answers to attach to the user, if any, on stdout (`gitbookVisitorClaims`, or `serviceVisitorClaims`, whichever the service sends; --json prints both as received).\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.';
  static override examples = [
    '<%= config.bin %> orgs ping --org org_acme',
    'TOKEN=$(<%= config.bin %> orgs ping --org org_acme)',
  ];

  async run(): Promise<UpdateOrganizationMemberLastSeenAtResponse> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const result = await client.organizations.ping(organizationId);
    if (this.human) {
      const token = result.gitbookVisitorClaims ?? result.serviceVisitorClaims;
      if (token) this.output.data(token);
      else this.output.info(`Pinged ${organizationId}: no visitor claims.`);
    }
    return result;
  }
}
