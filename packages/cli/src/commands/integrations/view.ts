import type { Integration } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { integrationArg, pickIntegration, printIntegration } from '../../lib/areas/integrations.js';

export default class IntegrationsView extends BaseCommand<typeof IntegrationsView> {
  static override summary = 'Show one integration: version, owner, scopes, blocks and content sources';
  static override description =
    "Prints the integration's name, title, version, description, owner, visibility, target, whether it is verified, its scopes, categories, blocks, content sources and URL. --json prints the integration object.\n\nIn a pipeline it never prompts: pass the integration name, or it exits 2. An unknown name is exit 3.";
  static override examples = [
    '<%= config.bin %> integrations view analytics-pro',
    '<%= config.bin %> integrations view analytics-pro --json',
  ];
  static override args = { name: integrationArg };

  async run(): Promise<Integration> {
    const client = await this.client();
    const name = await this.argOrPick(this.args.name, 'the integration name', () =>
      pickIntegration(this.prompts, client),
    );
    const integration = await client.integrations.get(name);
    if (this.human) printIntegration(this.output, integration);
    return integration;
  }
}
