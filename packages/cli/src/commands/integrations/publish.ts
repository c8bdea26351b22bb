import { Args, Flags } from '@oclif/core';
import type { Integration, IntegrationPublishBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { UsageError } from '../../lib/exit-codes.js';
import { readText } from '../../lib/files.js';
import { printIntegration, readManifest } from '../../lib/integrations.js';
import { output } from '../../lib/output.js';

export default class IntegrationsPublish extends BaseCommand<typeof IntegrationsPublish> {
  static override summary = 'Publish a new version of an integration from a manifest and a script';
  static override description =
    "The manifest (--file) is a JSON object of the publish fields: title, description, scopes (required, possibly empty), summary, categories, blocks, ... Its `organization` defaults to --org; its `name`, if any, must match the argument. The script's content is read from --script. Every limit is checked before sending (exit 2, nothing sent). Never prompts when --org or the manifest names the organization, so it fits a pipeline.";
  static override examples = [
    '<%= config.bin %> integrations publish status-badge --file manifest.json --script dist/script.js --org org_acme',
    '<%= config.bin %> integrations publish --file manifest.json --script dist/script.js --json',
    'cat dist/script.js | <%= config.bin %> integrations publish status-badge --file manifest.json --script -',
  ];
  static override args = {
    name: Args.string({ description: "Integration name (default: the manifest's `name`)" }),
  };
  static override flags = {
    file: Flags.string({
      char: 'f',
      description: 'JSON manifest holding the publish fields (- reads standard input)',
      required: true,
    }),
    script: Flags.string({
      description: "File holding the integration's script (- reads standard input)",
      required: true,
    }),
  };

  async run(): Promise<Integration> {
    const { file, script } = this.flags;
    if (file === '-' && script === '-') {
      throw new UsageError('--file and --script cannot both read standard input.');
    }
    const { name: manifestName, ...fields } = await readManifest(file);
    if (manifestName !== undefined && typeof manifestName !== 'string') {
      throw new UsageError(`--file: "name" must be a string.`);
    }
    const name = this.args.name ?? manifestName;
    if (!name)
      throw new UsageError(
        'Missing the integration name: pass it as an argument or set "name" in the manifest.',
      );
    if (manifestName !== undefined && manifestName !== name) {
      throw new UsageError(`The manifest names "${manifestName}", not "${name}".`);
    }
    const scriptText = await readText('--script', script);
    const organization =
      typeof fields.organization === 'string' ? fields.organization : await this.organizationId();
    const body = { ...fields, script: scriptText, organization } as IntegrationPublishBody;
    const client = await this.client();
    const integration = await client.integrations.publish(name, body);
    if (this.human) {
      output.success(`Published integration ${integration.name} version ${integration.version ?? '?'}`);
      printIntegration(integration);
    }
    return integration;
  }
}
