import { Flags } from '../../oclif.js';
import type { Link, PagePromise } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import {
  ChangeRequestCommand,
  contentFlags,
  contentOptions,
  crArg,
  describeReference,
  spaceArg,
} from '../../lib/areas/change-requests.js';
import { CommandError } from '../../lib/failures/exit-codes.js';
import { linkStats, type LinkStats } from '../../lib/areas/spaces.js';

export interface LinkReport {
  stats: LinkStats;
  items: Link[];
}

export default class CrLinks extends ChangeRequestCommand<typeof CrLinks> {
  static override summary = 'List the links in a page of a change request, and count the broken ones';
  static override description =
    'Prints one row per link, and a summary line on stderr: "N links, M broken (K introduced by this change request)". With --fail-on-broken the command exits 1 when any link of the page is broken, for CI.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and --page, or it exits 2.\n\nThe service\'s published API document does not list this endpoint: the service may not answer it.';
  static override examples = [
    '<%= config.bin %> cr links space_handbook 1 --page page_getting_started',
    '<%= config.bin %> cr links space_handbook 1 --page page_getting_started --status broken',
    '<%= config.bin %> cr links space_handbook 1 --page page_getting_started --fail-on-broken --all',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    ...listFlags,
    ...contentFlags,
    page: Flags.string({ description: 'Id of the page whose links to list', required: true }),
    status: Flags.string({
      description: 'Only print links with this status',
      options: ['ok', 'broken', 'in-app'],
    }),
    'fail-on-broken': Flags.boolean({
      description: 'Exit 1 when any link of the page is broken',
      default: false,
    }),
  };

  async run(): Promise<LinkReport> {
    const { client, spaceId, crId } = await this.target();
    const { page, status } = this.flags;
    let listing: PagePromise<Link> | undefined;
    const links = await this.collect((limit) => {
      listing = client.changeRequests.content.listPageLinks(spaceId, crId, page, {
        limit,
        ...contentOptions(this.flags),
      });
      return listing;
    });
    // The first page is already read: awaiting it again sends nothing.
    const stats = linkStats(listing ? await listing : undefined, links);
    const broken = stats.broken.total;
    const report: LinkReport = {
      stats,
      items: status ? links.filter((link) => link.status === status) : links,
    };
    if (this.human) {
      this.output.table(report.items, [
        { header: 'STATUS', value: (link) => link.status },
        { header: 'TARGET', value: (link) => describeReference(link.targetReference, spaceId), cut: true },
        {
          header: 'FOUND IN',
          cut: true,
          priority: 1,
          value: (link) =>
            (link.locationReferences ?? []).map((ref) => describeReference(ref, spaceId)).join(', '),
        },
      ]);
      this.output.info(
        `${report.stats.total} links, ${broken} broken (${report.stats.broken.changeRequest} introduced by this change request)`,
      );
    }
    if (this.flags['fail-on-broken'] && broken > 0) {
      // The report is still wanted in CI logs: print it before failing.
      if (!this.human) this.output.json(report);
      throw new CommandError(`${broken} broken link${broken === 1 ? '' : 's'} in page ${page}.`);
    }
    return report;
  }
}
