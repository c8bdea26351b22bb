import type { Space } from '@docs-api/sdk';
import { printSpace, SpaceCommand, spaceArg } from '../../lib/areas/spaces.js';

export default class SpacesDuplicate extends SpaceCommand<typeof SpacesDuplicate> {
  static override summary = 'Copy a space, with its content, into a new space beside it';
  static override description =
    'Copies the space and its content into a new space beside it, and prints the new space (its id first); --json prints the space object.\n\nIn a pipeline it never prompts: pass the space id, or it exits 2.';
  static override examples = [
    '<%= config.bin %> spaces duplicate space_handbook',
    '<%= config.bin %> spaces duplicate space_handbook --json',
  ];
  static override args = { space: spaceArg };

  async run(): Promise<Space> {
    const { client, spaceId } = await this.target();
    const space = await client.spaces.duplicate(spaceId);
    if (this.human) {
      this.output.success(`Duplicated space ${spaceId} as ${space.id}`);
      printSpace(this.output, space);
    }
    return space;
  }
}
