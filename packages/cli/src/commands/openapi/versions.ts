import type { OpenAPISpecContent, OpenAPISpecRawContent, OpenAPISpecVersion } from '@docs-api/sdk';
import { Args, Flags } from '../../oclif.js';
import { BaseCommand, listFlags } from '../../base-command.js';
import { UsageError } from '../../lib/failures/exit-codes.js';
import { formatDate } from '../../lib/terminal/output.js';
import { pickSpec, specSlugArg } from '../../lib/areas/openapi.js';

/** The latest version, where a version id is expected. */
const LATEST = 'latest';

export default class OpenApiVersions extends BaseCommand<typeof OpenApiVersions> {
  static override summary = "List an OpenAPI spec's processed versions, or print one version's content";
  static override description = [
    "Each time the service processes a spec's source it keeps a version. With the slug alone, lists them, newest first: ID, CREATED, URL (where the service fetched the source). With a version id as well (or `latest`), prints that version as the service processed it, as JSON: its filesystem (the document and the files it refers to) and its URLs; --raw with `latest` prints the latest version's text as the service stored it (YAML or JSON, as written), for a diff or a backup. The service keeps the raw text of the latest version only: --raw with another version is exit 2.",
    'At a terminal the list is a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.',
    'In a pipeline it never prompts: pass the slug and --org (or DOCS_ORG), or it exits 2. An unknown slug or version is exit 3.',
  ].join('\n\n');
  static override examples = [
    '<%= config.bin %> openapi versions petstore --org org_acme',
    "<%= config.bin %> openapi versions petstore latest --jq '.urls'",
    '<%= config.bin %> openapi versions petstore latest --raw > petstore.yaml',
  ];
  static override args = {
    slug: specSlugArg,
    version: Args.string({ description: 'A version id, or `latest`: print that version instead of listing' }),
  };
  static override flags = {
    ...listFlags,
    raw: Flags.boolean({ description: "With `latest`: print the version's text as stored (YAML or JSON)" }),
  };

  async run(): Promise<OpenAPISpecVersion[] | OpenAPISpecContent | OpenAPISpecRawContent> {
    const { version, raw } = { version: this.args.version, raw: this.flags.raw };
    if (raw && version !== LATEST)
      throw new UsageError(
        version === undefined
          ? '--raw prints a version: pass `latest` after the slug.'
          : `--raw reads the latest version only (the service keeps no raw text of older ones): pass \`latest\`, or drop --raw to print ${version} as processed.`,
      );
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = await this.argOrPick(this.args.slug, 'the spec slug', () =>
      pickSpec(this.prompts, client, organizationId),
    );

    if (version === undefined) {
      const versions = await this.collect((limit) =>
        client.openapi.versions.list(organizationId, slug, { limit }),
      );
      if (this.human)
        this.output.table(versions, [
          { header: 'ID', value: (v) => v.id },
          { header: 'CREATED', value: (v) => formatDate(v.createdAt) },
          { header: 'URL', value: (v) => v.url, priority: 1 },
        ]);
      return versions;
    }
    if (raw) {
      const content = await client.openapi.versions.getLatestContentRaw(organizationId, slug);
      if (this.human) this.output.write(content.text.endsWith('\n') ? content.text : `${content.text}\n`);
      return content;
    }
    const content =
      version === LATEST
        ? await client.openapi.versions.getLatestContent(organizationId, slug)
        : await client.openapi.versions.getContent(organizationId, slug, version);
    // A document for people too: the same JSON, indented.
    if (this.human) this.output.json(content);
    return content;
  }
}
