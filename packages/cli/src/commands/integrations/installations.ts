import { Flags } from '../../oclif.js';
import type { ListOrganizationIntegrationsStatusQuery, InstalledIntegration } from '@docs-api/sdk';
import { BaseCommand, listFlags } from '../../base-command.js';
import { UsageError } from '../../lib/failures/exit-codes.js';
import { INSTALLATION_TARGET_OPTIONS } from '../../lib/areas/integrations.js';

export default class IntegrationsInstallations extends BaseCommand<typeof IntegrationsInstallations> {
  static override summary = "List the status of an organization's integration installations";
  static override description =
    "Lists the organization's installations of integrations and their status: organization-wide ones by default, or those on spaces or sites (--target), or on one site (--site) or space (--space).\n\nPrints one row per installation: NAME, TITLE, STATUS, VERSION. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass --org (or set DOCS_ORG), or it exits 2.";
  static override examples = [
    '<%= config.bin %> integrations installations --org org_acme',
    '<%= config.bin %> integrations installations --target site --json',
    '<%= config.bin %> integrations installations --site site_docs',
  ];
  static override flags = {
    ...listFlags,
    target: Flags.string({
      description: 'Which installations: on the organization (the default), on spaces or on sites',
      options: INSTALLATION_TARGET_OPTIONS,
    }),
    site: Flags.string({
      description: 'Only the installations on this site (implies --target site)',
      exclusive: ['space'],
    }),
    space: Flags.string({
      description: 'Only the installations on this space (implies --target space)',
      exclusive: ['site'],
    }),
  };

  async run(): Promise<InstalledIntegration[]> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { site, space } = this.flags;
    // The document: a site (space) filter is only valid with the target `site` (`space`).
    const implied = site !== undefined ? 'site' : space !== undefined ? 'space' : undefined;
    if (implied && this.flags.target !== undefined && this.flags.target !== implied) {
      throw new UsageError(`--${implied} is only valid with --target ${implied}, not ${this.flags.target}.`);
    }
    const target = this.flags.target ?? implied;
    const query: ListOrganizationIntegrationsStatusQuery = {
      ...(target === undefined
        ? {}
        : { target: target as ListOrganizationIntegrationsStatusQuery['target'] }),
      ...(site === undefined ? {} : { site }),
      ...(space === undefined ? {} : { space }),
    };
    const items = await this.collect((limit) =>
      client.integrations.installationsStatus(organizationId, { ...query, limit }),
    );
    if (this.human) {
      this.output.table(items, [
        { header: 'NAME', value: (item) => item.integration?.name },
        { header: 'TITLE', value: (item) => item.integration?.title, cut: true },
        { header: 'STATUS', value: (item) => item.status },
        { header: 'VERSION', value: (item) => item.integration?.version, priority: 1 },
      ]);
    }
    return items;
  }
}
