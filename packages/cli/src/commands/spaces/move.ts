import type { Space } from '@docs-api/sdk';
import { moveBody, moveFlags, SpaceCommand, spaceArg } from '../../lib/areas/spaces.js';

export default class SpacesMove extends SpaceCommand<typeof SpacesMove> {
  static override summary =
    'Move a space into a collection, out of one, or next to a sibling space or collection';
  static override description =
    'Moves a space into the collection given by --parent, to the top level with --root, and/or next to a sibling: a space with --before/--after, a collection with --before-collection/--after-collection. Says where it landed on stderr; --json prints the moved space. Without any of these flags it is exit 2, nothing sent.\n\nIn a pipeline it never prompts: pass the space id, or it exits 2.';
  static override examples = [
    '<%= config.bin %> spaces move space_guides --parent col_product',
    '<%= config.bin %> spaces move space_guides --parent col_product --after space_handbook',
    '<%= config.bin %> spaces move space_api --before space_handbook',
    '<%= config.bin %> spaces move space_guides --root',
    '<%= config.bin %> spaces move space_guides --root --after-collection col_product',
  ];
  static override args = { space: spaceArg };
  static override flags = { ...moveFlags };

  async run(): Promise<Space> {
    const body = moveBody(this.flags);
    const { client, spaceId } = await this.target();
    const space = await client.spaces.move(spaceId, body);
    if (this.human) {
      this.output.success(
        `Moved space ${space.id} ${space.parent ? `into collection ${space.parent}` : 'to the top level'}`,
      );
    }
    return space;
  }
}
