import { Args, Flags } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import { loadSandbox } from '../../lib/sandbox/sandbox.js';
import { cassetteFixture } from '../../lib/sandbox/sandbox-proxy.js';

export default class SandboxCassetteToFixtures extends BaseCommand<typeof SandboxCassetteToFixtures> {
  static override summary =
    "Turn a cassette's recorded reads into a fixture file for `docs sandbox --fixtures`";
  static override description =
    'Reads a cassette written by `docs sandbox --proxy <url> --record <file>` and writes a fixture file (the fixture format, version 1) holding the objects its successful GET answers gave: organizations, users, members, spaces, collections, sites, teams, change requests, comments, translations, glossary entries, OpenAPI specs and team members, the latest answer for an object winning. `docs sandbox --fixtures <file>` then serves them statefully: a read gives the recorded object back (fields the sandbox computes, such as urls, permissions and counts, aside) and writes work on top.\n\nWhat the answers do not hold is not invented: page content (spaces and change requests get empty revisions), site sections and site spaces, team spaces, comment replies. An object no row kind holds, or whose row would not load (e.g. a space of an organization the cassette never read), is skipped and named on stderr with the reason. Values the cassette redacted stay "[redacted]" and the rows holding them are named on stderr. A cassette that is not valid is exit 2, naming the file and the place.';
  static override examples = [
    '<%= config.bin %> sandbox cassette-to-fixtures session.cassette.json --out fixtures.json',
    '<%= config.bin %> sandbox cassette-to-fixtures session.cassette.json --base demo --out fixtures.json',
  ];
  static override args = {
    cassette: Args.string({ description: 'The cassette file (JSON)', required: true }),
  };
  static override flags = {
    out: Flags.string({ description: 'Write the fixture to this file instead of stdout' }),
    base: Flags.string({
      description: 'What the fixture loads on top of: nothing but its rows (empty) or the demo seed',
      options: ['empty', 'demo'],
      default: 'empty',
    }),
  };

  async run(): Promise<void> {
    await cassetteFixture(this.output, loadSandbox, this.args.cassette, {
      out: this.flags.out,
      base: this.flags.base as 'empty' | 'demo',
    });
  }
}
