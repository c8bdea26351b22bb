import { Args } from '../../oclif.js';
import type { Space } from '@docs-api/sdk';
import { BaseCommand } from '../../base-command.js';
import { printSpace } from '../../lib/areas/spaces.js';

export default class SpacesRestore extends BaseCommand<typeof SpacesRestore> {
  static override summary = 'Restore a space deleted within the last 7 days';
  static override description =
    'Brings back a space deleted within the last 7 days (at the top level if its collection was deleted too), and prints it; --json prints the space object. `docs spaces list` does not show deleted spaces: note the id when deleting.\n\nA deleted space is in no list to pick from, so its id is a required argument: never prompts.';
  static override examples = ['<%= config.bin %> spaces restore space_archive'];
  // A deleted space is in no list to pick from: its id is required.
  static override args = { space: Args.string({ description: 'Id of the deleted space', required: true }) };

  async run(): Promise<Space> {
    const client = await this.client();
    const space = await client.spaces.restore(this.args.space);
    if (this.human) {
      this.output.success(`Restored space ${space.id}`);
      printSpace(this.output, space);
    }
    return space;
  }
}
