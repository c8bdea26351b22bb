import type { PingResult } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { output } from '../../lib/output.js';

export default class OrgsPing extends BaseCommand<typeof OrgsPing> {
  static override summary = 'Tell an organization you are active, and print its service visitor claims';
  static override description =
    'Prints the token (a JWT) the organization answers to attach to the user, if any, on stdout.';
  static override examples = [
    '<%= config.bin %> orgs ping --org org_acme',
    'TOKEN=$(<%= config.bin %> orgs ping --org org_acme)',
  ];

  async run(): Promise<PingResult> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const result = await client.organizations.ping(organizationId);
    if (this.human) {
      if (result.serviceVisitorClaims) output.data(result.serviceVisitorClaims);
      else output.info(`Pinged ${organizationId}: no service visitor claims.`);
    }
    return result;
  }
}
