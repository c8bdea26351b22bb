import { Flags } from '../../oclif.js';
import type { Space } from '@docs-api/sdk';
import { printSpace, SpaceCommand, spaceArg } from '../../lib/areas/spaces.js';

export default class SpacesView extends SpaceCommand<typeof SpacesView> {
  static override summary = 'Show one space';
  static override description =
    "Prints the space's id, title, icon, organization, collection, visibility, edit mode, default level, language, merge rules, revision, open comments, dates and URL. --share-key reads a space published on a share-link site. At a terminal and piped it prints labelled fields, one per line; with --json, the full object.\n\nIn a pipeline it never prompts: pass the space id, or it exits 2. An unknown id is exit 3.";
  static override examples = [
    '<%= config.bin %> spaces view space_handbook',
    '<%= config.bin %> spaces view space_handbook --share-key share_docs --json',
  ];
  static override args = { space: spaceArg };
  static override flags = {
    'share-key': Flags.string({ description: 'Secret key of a share-link site that publishes the space' }),
  };

  async run(): Promise<Space> {
    const { client, spaceId } = await this.target();
    const shareKey = this.flags['share-key'];
    const space = await client.spaces.get(spaceId, shareKey === undefined ? {} : { shareKey });
    if (this.human) printSpace(this.output, space);
    return space;
  }
}
