import type { Space } from '@docs-api/sdk';
import { yesFlag } from '../../base-command.js';
import { SpaceCommand, spaceArg, toOrgFlag } from '../../lib/areas/spaces.js';

export default class SpacesTransfer extends SpaceCommand<typeof SpacesTransfer> {
  static override summary = 'Transfer a space to another organization (not in the published API document)';
  static override description =
    "The space leaves its collection and the sites of its organization, and lands at the top level of the organization given by --to-org. A locked space cannot be transferred.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the space id and --yes, or it exits 2 before sending anything.\n\nThe service's published API document does not list this endpoint: the service may not answer it.";
  static override examples = ['<%= config.bin %> spaces transfer space_api --to-org org_beta --yes'];
  static override args = { space: spaceArg };
  static override flags = { 'to-org': toOrgFlag, yes: yesFlag };

  async run(): Promise<Space> {
    const { client, spaceId } = await this.target();
    const organization = this.flags['to-org'];
    await this.confirm(`Transfer space ${spaceId} to organization ${organization}?`);
    const space = await client.spaces.transfer(spaceId, { organization });
    if (this.human)
      this.output.success(
        `Transferred space ${space.id} to organization ${space.organization ?? organization}`,
      );
    return space;
  }
}
