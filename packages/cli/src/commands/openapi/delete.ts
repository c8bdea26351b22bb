import { BaseCommand, yesFlag } from '../../base-command.js';
import { pickSpec, specSlugArg } from '../../lib/openapi.js';
import { output } from '../../lib/output.js';

export default class OpenApiDelete extends BaseCommand<typeof OpenApiDelete> {
  static override summary = 'Delete an OpenAPI spec (succeeds when it does not exist)';
  static override examples = ['<%= config.bin %> openapi delete petstore --org org_acme --yes'];
  static override args = { slug: specSlugArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const slug = await this.argOrPick(this.args.slug, 'the spec slug', () =>
      pickSpec(client, organizationId),
    );
    await this.confirm(`Delete OpenAPI spec ${slug}?`);
    await client.openapi.delete(organizationId, slug);
    if (this.human) output.success(`Deleted OpenAPI spec ${slug} (if it existed)`);
    return { deleted: slug };
  }
}
