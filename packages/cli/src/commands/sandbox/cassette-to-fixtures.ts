import { Args, Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { loadSandbox } from '../../lib/sandbox.js';
import { cassetteObjects } from '../../lib/sandbox-proxy.js';

export default class SandboxCassetteToFixtures extends BaseCommand<typeof SandboxCassetteToFixtures> {
  static override summary = "Turn a cassette's recorded reads into data rows for a sandbox";
  static override description =
    'Reads a cassette written by `docs sandbox --proxy <url> --record <file>` and prints, as JSON, every object its successful GET answers hold (a single object, or each item of a list), grouped by kind (site, space, collection, organization, ...) and keyed by id, the latest answer winning. Each row keeps the path parameters of the request that answered it (e.g. the organization of a site). Values the cassette redacted stay "[redacted]".\n\nThe rows are the data to seed a stateful sandbox with; loading them goes through the sandbox\'s fixture format. A cassette that is not valid is exit 2, naming the file and the place.';
  static override examples = [
    '<%= config.bin %> sandbox cassette-to-fixtures session.cassette.json',
    '<%= config.bin %> sandbox cassette-to-fixtures session.cassette.json --out objects.json',
  ];
  static override args = {
    cassette: Args.string({ description: 'The cassette file (JSON)', required: true }),
  };
  static override flags = {
    out: Flags.string({ description: 'Write the rows to this file instead of stdout' }),
  };

  async run(): Promise<void> {
    await cassetteObjects(loadSandbox, this.args.cassette, this.flags.out);
  }
}
