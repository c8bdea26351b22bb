import type { ChangeRequest } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import { ChangeRequestCommand, organizationChangeRequestColumns } from '../../lib/areas/change-requests.js';

/** What `docs cr status` prints and returns under --json. */
export interface ChangeRequestStatusReport {
  /** Open and draft requests that ask you for a review. */
  reviewRequested: ChangeRequest[];
  /** Open and draft requests you created. */
  created: ChangeRequest[];
}

export default class CrStatus extends ChangeRequestCommand<typeof CrStatus> {
  static override summary = 'Show the change requests waiting for your review, and yours, with their state';
  static override description =
    "gh's `pr status`, across the organization given by --org (or DOCS_ORG, or the stored default; picked at a terminal): the open and draft change requests that ask you for a review, then the ones you created, each with its space, number, subject, status, author, comments and whether it is outdated. --json prints {reviewRequested, created}, lists of change request objects. --limit (default 30) caps each list, --all reads every page.";
  static override examples = [
    '<%= config.bin %> cr status',
    '<%= config.bin %> cr status --org org_acme --json',
  ];
  static override flags = { ...listFlags };

  async run(): Promise<ChangeRequestStatusReport> {
    const organizationId = await this.organizationId();
    const [client, me] = await Promise.all([this.client(), this.me()]);
    const status = ['open', 'draft'] as const;
    const [reviewRequested, created] = await Promise.all([
      this.collect((limit) =>
        client.changeRequests.listForOrganization(organizationId, {
          limit,
          status: [...status],
          requestedReviewer: me.id,
        }),
      ),
      this.collect((limit) =>
        client.changeRequests.listForOrganization(organizationId, {
          limit,
          status: [...status],
          creator: me.id,
        }),
      ),
    ]);
    if (this.human) {
      this.output.info('Waiting for your review');
      if (reviewRequested.length === 0) this.output.info('  Nothing asks for your review.');
      else this.output.table(reviewRequested, organizationChangeRequestColumns);
      this.output.info('\nCreated by you');
      if (created.length === 0) this.output.info('  You have no open change request.');
      else this.output.table(created, organizationChangeRequestColumns);
    }
    return { reviewRequested, created };
  }
}
