import { Flags } from '../../oclif.js';
import type { Integration, ListIntegrationsQuery } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import {
  INTEGRATION_CATEGORY_OPTIONS,
  INTEGRATION_SCOPE_OPTIONS,
  INTEGRATION_TARGET_OPTIONS,
  integrationColumns,
} from '../../lib/areas/integrations.js';

export default class IntegrationsList extends BaseCommand<typeof IntegrationsList> {
  static override summary = 'List integrations, optionally filtered';
  static override description =
    'Lists the integrations you can see (public ones, and private ones of your organizations); every flag narrows the list and they combine. Needs no organization.\n\nPrints one row per integration: NAME, TITLE, VERSION, OWNER, VISIBILITY, CATEGORIES. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nNever prompts.';
  static override examples = [
    '<%= config.bin %> integrations list --search chat',
    '<%= config.bin %> integrations list --category analytics --owner org_acme --json',
    '<%= config.bin %> integrations list --blocks --block-domain status.acme-corp.io',
  ];
  static override flags = {
    ...listFlags,
    search: Flags.string({
      char: 's',
      description: 'Only integrations whose name, title or description holds this text',
    }),
    category: Flags.string({
      description: 'Only integrations in this category',
      options: INTEGRATION_CATEGORY_OPTIONS,
    }),
    'block-domain': Flags.string({
      description: 'Only integrations with a block that unfurls URLs of this domain',
    }),
    blocks: Flags.boolean({
      description: 'Only integrations that provide blocks (--no-blocks: only those that do not)',
      allowNo: true,
    }),
    'content-sources': Flags.boolean({
      description:
        'Only integrations that provide content sources (--no-content-sources: only those that do not)',
      allowNo: true,
    }),
    owner: Flags.string({ description: 'Only integrations owned by this organization id' }),
    scope: Flags.string({
      description: 'Only integrations that ask for this scope, e.g. space:content:read',
      options: INTEGRATION_SCOPE_OPTIONS,
    }),
    target: Flags.string({
      description: 'Only integrations for this target (those for all targets included)',
      options: INTEGRATION_TARGET_OPTIONS,
    }),
  };

  async run(): Promise<Integration[]> {
    const { search, category, blocks, owner, scope, target } = this.flags;
    const blockDomain = this.flags['block-domain'];
    const contentSources = this.flags['content-sources'];
    const filters: ListIntegrationsQuery = {
      ...(search === undefined ? {} : { search }),
      ...(category === undefined ? {} : { category: category as ListIntegrationsQuery['category'] }),
      ...(blockDomain === undefined ? {} : { blockDomain }),
      ...(blocks === undefined ? {} : { blocks }),
      ...(contentSources === undefined ? {} : { contentSources }),
      ...(owner === undefined ? {} : { owner }),
      ...(scope === undefined ? {} : { scope: scope as ListIntegrationsQuery['scope'] }),
      ...(target === undefined ? {} : { target: target as ListIntegrationsQuery['target'] }),
    };
    const client = await this.client();
    const integrations = await this.collect((limit) => client.integrations.list({ ...filters, limit }));
    if (this.human) this.output.table(integrations, integrationColumns);
    return integrations;
  }
}
