import type { ChangeRequestReview } from '@docs-api/sdk';
import { Flags } from '../../oclif.js';
import { listFlags } from '../../base-command.js';
import { ChangeRequestCommand, crArg, spaceArg, userName } from '../../lib/areas/change-requests.js';
import { formatDate, type Column } from '../../lib/terminal/output.js';

const reviewColumns: Column<ChangeRequestReview>[] = [
  // A name may be cut; whether a review is outdated never goes: two reviews by one person differ by it.
  { header: 'REVIEWER', value: (r) => userName(r.reviewer), cut: true },
  { header: 'STATUS', value: (r) => r.status },
  { header: 'OUTDATED', value: (r) => r.outdated },
  { header: 'DATE', value: (r) => formatDate(r.createdAt), priority: 2 },
  // Whole or not at all: the review's id says least of the columns, and goes first.
  { header: 'ID', value: (r) => r.id, priority: 1 },
];

export default class CrReviews extends ChangeRequestCommand<typeof CrReviews> {
  static override summary = 'List the reviews of a change request';
  static override description =
    "Lists the formal reviews of the change request, newest first: who reviewed, the verdict (approved or changes-requested), whether the review is outdated (made on an earlier revision of the request, or superseded by the same reviewer's newer review) and when.\n\nPrints one row per review: REVIEWER, STATUS, OUTDATED, DATE, ID. At a terminal it prints a table; piped, tab-separated rows with no header; with --json, the full objects (with the comment posted with each review). --current leaves out outdated reviews. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr reviews space_guides 2',
    '<%= config.bin %> cr reviews space_guides 2 --current',
    '<%= config.bin %> cr reviews space_handbook 1 --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    ...listFlags,
    current: Flags.boolean({ description: 'Only reviews that are not outdated', default: false }),
  };

  async run(): Promise<ChangeRequestReview[]> {
    const { client, spaceId, crId } = await this.target();
    const reviews = await this.collect((limit) =>
      client.changeRequests.reviews.list(spaceId, crId, {
        limit,
        format: 'markdown',
        ...(this.flags.current ? { outdated: false } : {}),
      }),
    );
    if (this.human) this.output.table(reviews, reviewColumns);
    return reviews;
  }
}
