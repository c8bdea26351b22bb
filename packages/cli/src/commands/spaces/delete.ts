import { yesFlag } from '../../base-command.js';
import { SpaceCommand, spaceArg } from '../../lib/areas/spaces.js';

export default class SpacesDelete extends SpaceCommand<typeof SpacesDelete> {
  static override summary = 'Delete a space (it can be restored for 7 days)';
  static override description =
    'The space leaves every list and read at once; `docs spaces restore` brings it back within 7 days, after which it is removed for good. Deleting a space that does not exist succeeds.\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the space id and --yes, or it exits 2 before sending anything.';
  static override examples = ['<%= config.bin %> spaces delete space_guides --yes'];
  static override args = { space: spaceArg };
  static override flags = { yes: yesFlag };

  async run(): Promise<{ deleted: string }> {
    const { client, spaceId } = await this.target();
    await this.confirm(`Delete space ${spaceId}? It can be restored for 7 days.`);
    await client.spaces.delete(spaceId);
    if (this.human)
      this.output.success(`Deleted space ${spaceId} (restore it with \`docs spaces restore ${spaceId}\`)`);
    return { deleted: spaceId };
  }
}
