import { BaseCommand, yesFlag } from '../../base-command.js';
import { integrationArg, pickIntegration } from '../../lib/areas/integrations.js';

export default class IntegrationsUnpublish extends BaseCommand<typeof IntegrationsUnpublish> {
  static override summary = 'Unpublish an integration: remove it from the marketplace and every installation';
  static override description =
    'Deletes the integration, as `gitbook unpublish` does: it leaves the marketplace, and every organization, space and site that installed it loses it. It cannot be undone: publishing the same name again starts a new integration at version 1. Only members of the organization that owns it may (403 otherwise, exit 1); an unknown name is exit 3. Says what it removed; --json prints {unpublished}.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the integration name and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> integrations unpublish analytics-pro --yes'];
  static override args = { name: integrationArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ unpublished: string }> {
    const client = await this.client();
    const name = await this.argOrPick(this.args.name, 'the integration name', () =>
      pickIntegration(this.prompts, client),
    );
    await this.confirm(
      `Unpublish integration ${name}? It leaves the marketplace and every installation, and cannot be undone.`,
    );
    await client.integrations.unpublish(name);
    if (this.human) this.output.success(`Unpublished integration ${name}`);
    return { unpublished: name };
  }
}
