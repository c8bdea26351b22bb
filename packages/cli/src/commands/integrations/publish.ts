import { Args, Flags } from '../../oclif.js';
import type { Integration, PublishIntegrationBody } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { UsageError } from '../../lib/failures/exit-codes.js';
import { readText } from '../../lib/input/files.js';
import {
  bundleScript,
  describeBody,
  findManifest,
  ICON_MAX_BYTES,
  INTEGRATION_RUNTIME,
  loadManifest,
  PREVIEW_MAX_BYTES,
  readImage,
} from '../../lib/integrations/integration-manifest.js';
import { printIntegration, readManifest } from '../../lib/areas/integrations.js';
import { addSecret } from '../../lib/transport/redact.js';

interface Prepared {
  name: string;
  body: PublishIntegrationBody;
  /** Where the body came from, for the dry run. */
  manifest?: string;
}

/** Where the organization was taken from, said in one line on stderr. */
type OrganizationSource = '--org' | 'DOCS_ORG' | 'manifest' | 'picked';

export default class IntegrationsPublish extends BaseCommand<typeof IntegrationsPublish> {
  static override summary =
    'Publish an integration from its directory: YAML manifest, bundled script, images';
  static override description = [
    "Reads the integration's manifest as the service's own CLI lays it out: `gitbook-manifest.yaml` (or .yml, .json) in the directory given (default: the current one), or the manifest file given. Fields: name, title, description, summary, icon and previewImages (PNG, JPEG, GIF or WebP files told by their content, at most 250 KiB and 1 MiB; a name that disagrees with the content is a warning), script (the entry source file, TypeScript or JavaScript), scopes, categories, blocks, contentSources, configurations, externalLinks, visibility, target, organization, secrets, and per-environment overrides under envs.",
    'The organization is --org (alias --organization, -o), else DOCS_ORG, else the manifest\'s organization, said on stderr. `${{ env.NAME }}` in a secret is read from the environment and `${{ "op://vault/item/field" }}` with the 1Password CLI (`op read`): a variable that is not set, or a 1Password reference without `op` on PATH, is exit 2 naming the secret, and a secret value is never printed. --env NAME applies the overrides of envs.NAME.',
    'The script is bundled with esbuild into one minified ES module for the Workers runtime and published as runtime v2 (a value of the service\'s published document; v1 is the default), as the service CLI does: MODE and process.env.NODE_ENV are "production", `*.raw.js` and `*.raw.css` imports are their text, `node:*` and `cloudflare:*` imports are left to the runtime. Every limit of the API (title 2-30 characters, description at most 100, summary at most 2048, at most 3 preview images, ...) is checked before sending: exit 2, nothing sent.',
    '--dry-run prints what would be published (the resolved manifest with secrets masked, the bundle size) and sends nothing. The older form, a JSON manifest of publish fields with an already built script (`--file manifest.json --script dist/script.js`, the argument then naming the integration), keeps working. Never prompts.',
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> integrations publish',
    '<%= config.bin %> integrations publish integrations/status-badge --env staging',
    '<%= config.bin %> integrations publish ./status-badge --dry-run --json',
    '<%= config.bin %> integrations publish status-badge --file manifest.json --script dist/script.js --org org_acme',
  ];
  static override args = {
    target: Args.string({
      name: 'target',
      description:
        "The integration's directory or manifest file (default: the current directory); with --file, the integration's name",
    }),
  };
  static override flags = {
    // The global --org, with the service CLI's spelling as an alias; DOCS_ORG is read in
    // organization() so that the line on stderr can say which one was used.
    org: Flags.string({
      char: 'o',
      aliases: ['organization'],
      description:
        "Organization id or subdomain to publish to (alias --organization); wins over DOCS_ORG and the manifest's organization",
      helpGroup: 'GLOBAL',
    }),
    env: Flags.string({ description: 'Apply the overrides of this environment (envs.NAME in the manifest)' }),
    'dry-run': Flags.boolean({
      description: 'Print what would be published (secrets masked, bundle size) and send nothing',
    }),
    file: Flags.string({
      char: 'f',
      description: 'Older form: a JSON file of the publish fields (- reads standard input); needs --script',
      dependsOn: ['script'],
      exclusive: ['env'],
    }),
    script: Flags.string({
      description: "Older form: the integration's built script (- reads standard input); needs --file",
      dependsOn: ['file'],
    }),
  };

  async run(): Promise<Integration | Record<string, unknown>> {
    const prepared = this.flags.file ? await this.fromJsonManifest() : await this.fromDirectory();
    const body = await this.checked(prepared);
    if (this.flags['dry-run']) {
      const shown = { name: prepared.name, ...describeBody(body) };
      if (this.human) {
        this.output.fields(Object.entries(shown).map(([key, value]) => [key, value] as const));
        this.output.info(
          `Dry run: nothing was sent${prepared.manifest ? ` (manifest ${prepared.manifest})` : ''}.`,
        );
      }
      return { dryRun: true, ...shown };
    }
    const client = await this.client();
    const integration = await client.integrations.publish(prepared.name, body);
    if (this.human) {
      this.output.success(`Published integration ${integration.name} version ${integration.version ?? '?'}`);
      printIntegration(this.output, integration);
    }
    return integration;
  }

  /**
   * The organization to publish to, in the service CLI's order: the flag, then its variable,
   * then the manifest; said in one line on stderr (with what it overrides), since a pipeline
   * that sets DOCS_ORG for other commands may not expect it to win over the manifest.
   */
  async organization(fromManifest: unknown): Promise<string> {
    const manifest = typeof fromManifest === 'string' && fromManifest !== '' ? fromManifest : undefined;
    const variable = process.env.DOCS_ORG || undefined;
    let id: string;
    let source: OrganizationSource;
    if (this.flags.org) [id, source] = [this.flags.org, '--org'];
    else if (variable) [id, source] = [variable, 'DOCS_ORG'];
    else if (manifest) [id, source] = [manifest, 'manifest'];
    else [id, source] = [await this.organizationId(), 'picked'];
    const overridden = source === '--org' || source === 'DOCS_ORG' ? manifest : undefined;
    this.output.info(
      `Organization: ${id} (${source === 'manifest' ? "the manifest's organization" : source === 'picked' ? 'picked' : `from ${source}`}${overridden && overridden !== id ? `; the manifest's ${overridden} is not used` : ''}).`,
    );
    return id;
  }

  /** The directory form: manifest, envs, secrets, images, bundle. */
  async fromDirectory(): Promise<Prepared> {
    const manifestFile = await findManifest(this.args.target ?? '.');
    const manifest = await loadManifest(manifestFile, { env: this.flags.env });
    for (const value of Object.values(manifest.secrets ?? {})) addSecret(value);
    const organization = await this.organization(manifest.fields.organization);
    const [icon, previewImages] = await Promise.all([
      manifest.iconFile ? readImage(manifest.iconFile, 'icon', ICON_MAX_BYTES) : undefined,
      Promise.all(
        manifest.previewImageFiles.map((file, index) =>
          readImage(file, `previewImages.${index}`, PREVIEW_MAX_BYTES),
        ),
      ),
    ]);
    for (const image of [icon, ...previewImages]) if (image?.warning) this.output.warn(image.warning);
    const script = await bundleScript(manifest.scriptEntry);
    return {
      name: manifest.name,
      manifest: manifest.file,
      body: {
        runtime: INTEGRATION_RUNTIME,
        // The service CLI's defaults: an empty description, and an empty list of previews so
        // that a version without images does not keep the previous version's.
        description: '',
        ...manifest.fields,
        organization,
        script,
        ...(icon ? { icon: icon.base64 } : {}),
        previewImages: previewImages.map((image) => image.base64),
        ...(manifest.secrets ? { secrets: manifest.secrets } : {}),
      } as PublishIntegrationBody,
    };
  }

  /** The older form: a JSON file of publish fields and a built script. */
  async fromJsonManifest(): Promise<Prepared> {
    const { file = '-', script = '-' } = this.flags;
    if (file === '-' && script === '-') {
      throw new UsageError('--file and --script cannot both read standard input.');
    }
    const { name: manifestName, ...fields } = await readManifest(file);
    if (manifestName !== undefined && typeof manifestName !== 'string') {
      throw new UsageError(`--file: "name" must be a string.`);
    }
    const name = this.args.target ?? manifestName;
    if (!name) {
      throw new UsageError(
        'Missing the integration name: pass it as an argument or set "name" in the manifest.',
      );
    }
    if (manifestName !== undefined && manifestName !== name) {
      throw new UsageError(`The manifest names "${manifestName}", not "${name}".`);
    }
    const scriptText = await readText('--script', script);
    const organization = await this.organization(fields.organization);
    return {
      name,
      body: {
        runtime: INTEGRATION_RUNTIME,
        ...fields,
        script: scriptText,
        organization,
      } as PublishIntegrationBody,
    };
  }

  /**
   * The body checked against every limit of the operation before anything is sent (or printed
   * by --dry-run): the same check the SDK makes when sending, so a dry run promises nothing the
   * publish would refuse.
   */
  async checked(prepared: Prepared): Promise<PublishIntegrationBody> {
    const { publishIntegration: operation, checkRequestPart } = await import('../../sdk-contract.js');
    const { RequestValidationError } = await import('../../sdk.js');
    if (!operation.body) throw new Error('the contract has no publishIntegration body');
    const params = checkRequestPart(operation.paramsSchema, { integrationName: prepared.name }, 'path');
    const body = checkRequestPart(operation.body, prepared.body, 'body');
    const issues = [...(params.ok ? [] : params.issues), ...(body.ok ? [] : body.issues)];
    if (issues.length) throw new RequestValidationError(operation.id, issues);
    return prepared.body;
  }
}
