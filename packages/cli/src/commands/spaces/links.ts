import { Flags } from '../../oclif.js';
import type { Link, PagePromise } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import { CommandError } from '../../lib/failures/exit-codes.js';
import { linkColumns, linkStats, SpaceCommand, spaceArg, type LinkStats } from '../../lib/areas/spaces.js';

export interface SpaceLinkReport {
  stats: LinkStats;
  items: Link[];
}

export default class SpacesLinks extends SpaceCommand<typeof SpacesLinks> {
  static override summary =
    'List the links in the pages of a space, and count the broken ones (not in the published API document)';
  static override description =
    'Prints one row per link of the primary content, and a summary line on stderr: "N links, M broken". With --fail-on-broken the command exits 1 when any link of the space is broken, for CI.\n\nIn a pipeline it never prompts: pass the space id, or it exits 2.\n\nThe service\'s published API document does not list this endpoint: the service may not answer it.';
  static override examples = [
    '<%= config.bin %> spaces links space_handbook',
    '<%= config.bin %> spaces links space_handbook --status broken',
    '<%= config.bin %> spaces links space_handbook --status broken --fail-on-broken --all',
  ];
  static override args = { space: spaceArg };
  static override flags = {
    ...listFlags,
    status: Flags.string({
      description: 'Only links with this status (not in the published API document)',
      options: ['ok', 'broken', 'in-app'],
    }),
    'fail-on-broken': Flags.boolean({
      description: 'Exit 1 when any link of the space is broken',
      default: false,
    }),
  };

  async run(): Promise<SpaceLinkReport> {
    const { client, spaceId } = await this.target();
    const { status } = this.flags;
    let listing: PagePromise<Link> | undefined;
    const items = await this.collect((limit) => {
      listing = client.spaces.listLinks(spaceId, {
        limit,
        ...(status ? { status: status as 'ok' } : {}),
      });
      return listing;
    });
    // The first page is already read: awaiting it again sends nothing. Its stats cover every link.
    const report: SpaceLinkReport = { stats: linkStats(listing ? await listing : undefined, items), items };
    const broken = report.stats.broken.total;
    if (this.human) {
      this.output.table(items, linkColumns(spaceId));
      this.output.info(`${report.stats.total} links, ${broken} broken`);
    }
    if (this.flags['fail-on-broken'] && broken > 0) {
      // The report is still wanted in CI logs: print it before failing.
      if (!this.human) this.output.json(report);
      throw new CommandError(`${broken} broken link${broken === 1 ? '' : 's'} in space ${spaceId}.`);
    }
    return report;
  }
}
