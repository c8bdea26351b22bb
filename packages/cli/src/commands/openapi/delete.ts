import { BaseCommand, yesFlag } from '../../base-command.js';
import { pickSpec, specSlugArg } from '../../lib/areas/openapi.js';

export default class OpenApiDelete extends BaseCommand<typeof OpenApiDelete> {
  static override summary = 'Delete an OpenAPI spec (succeeds when it does not exist)';
  static override description =
    'Deletes the OpenAPI specification with this slug. Deleting a spec that does not exist succeeds too, so a cleanup job can run twice.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the slug, --org (or DOCS_ORG) and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> openapi delete petstore --org org_acme --yes'];
  static override args = { slug: specSlugArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = await this.argOrPick(this.args.slug, 'the spec slug', () =>
      pickSpec(this.prompts, client, organizationId),
    );
    await this.confirm(`Delete OpenAPI spec ${slug}?`);
    await client.openapi.delete(organizationId, slug);
    if (this.human) this.output.success(`Deleted OpenAPI spec ${slug} (if it existed)`);
    return { deleted: slug };
  }
}
