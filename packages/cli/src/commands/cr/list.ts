import { Args, Flags } from '../../oclif.js';
import type {
  ChangeRequest,
  ChangeRequestStatusParam,
  ListChangeRequestsForOrganizationQuery,
  ListChangeRequestsForSpaceQuery,
} from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import {
  ChangeRequestCommand,
  changeRequestColumns,
  organizationChangeRequestColumns,
} from '../../lib/areas/change-requests.js';
import { UsageError } from '../../lib/failures/exit-codes.js';

/** The document's `ChangeRequestStatus` enum. */
const STATUSES: readonly ChangeRequestStatusParam[] = ['draft', 'open', 'archived', 'merged'];
type Order = 'updatedAt' | 'createdAt';

export default class CrList extends ChangeRequestCommand<typeof CrList> {
  static override summary = 'List the change requests of a space, or of every space of an organization';
  static override description =
    'With a space id, lists that space\'s change requests; without one, lists across the organization given by --org (or DOCS_ORG). Shows open requests unless --status says otherwise, most recently updated first. "--status all" is this CLI\'s shorthand for every status: across an organization it asks for the four statuses at once; for a space, whose list takes one status, it lists each status and merges them.\n\nPrints one row per change request: #, SUBJECT, STATUS, AUTHOR, UPDATED, COMMENTS, OUTDATED (and SPACE across an organization). At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass a space id, or --org (or set DOCS_ORG) to list across the organization, or it exits 2.';
  static override examples = [
    '<%= config.bin %> cr list space_handbook',
    '<%= config.bin %> cr list space_handbook --status all --creator user_linus',
    '<%= config.bin %> cr list space_handbook --status draft --status open --order-by createdAt',
    '<%= config.bin %> cr list --org org_acme --reviewer user_grace --json',
    '<%= config.bin %> cr list space_handbook --status all --creator @me',
  ];
  static override args = {
    space: Args.string({ description: 'Space id; omit it to list across the organization given by --org' }),
  };
  static override flags = {
    ...listFlags,
    status: Flags.string({
      description: 'Only requests in this status (repeatable); "all" lists every status',
      options: [...STATUSES, 'all'],
      multiple: true,
      default: ['open'],
    }),
    creator: Flags.string({ description: 'Only requests created by this user id (@me: you)' }),
    contributor: Flags.string({ description: 'Only requests this user id contributed to (@me: you)' }),
    reviewer: Flags.string({ description: 'Only requests this user id was asked to review (@me: you)' }),
    topic: Flags.string({ description: 'Only requests linked to this site topic id' }),
    site: Flags.string({
      description: 'Only requests linked to this site id (across an organization only)',
    }),
    'order-by': Flags.string({
      description: 'Sort by last update (the default) or by creation, newest first',
      options: ['updatedAt', 'createdAt'],
    }),
    cluster: Flags.string({
      description:
        'Only requests linked to this conversations issues cluster id (not in the published API document: the service may ignore it)',
    }),
  };

  async run(): Promise<ChangeRequest[]> {
    const space = this.args.space;
    if (!space && !(await this.defaultOrganization()) && !this.terminal.canPrompt()) {
      throw new UsageError(
        'Missing the space id: pass it as an argument, or pass --org <organization-id> (or set DOCS_ORG) to list across an organization.',
      );
    }
    if (space && this.flags.site) {
      throw new UsageError('--site filters a list across an organization: drop the space id to use it.');
    }
    const organizationId = space ? undefined : await this.organizationId();
    const client = await this.client();
    const { topic, site, cluster } = this.flags;
    const [creator, contributor, reviewer] = await Promise.all(
      [this.flags.creator, this.flags.contributor, this.flags.reviewer].map((user) =>
        this.userIdIfGiven(user),
      ),
    );
    const orderBy = this.flags['order-by'] as Order | undefined;
    const statuses = this.flags.status.includes('all')
      ? [...STATUSES]
      : [...new Set(this.flags.status as ChangeRequestStatusParam[])];
    const filters = {
      ...(creator ? { creator } : {}),
      ...(contributor ? { contributor } : {}),
      ...(reviewer ? { requestedReviewer: reviewer } : {}),
      ...(topic ? { topic } : {}),
      ...(orderBy ? { orderBy } : {}),
      ...(cluster ? { conversationsIssuesCluster: cluster } : {}),
    };

    let requests: ChangeRequest[];
    if (organizationId) {
      const query = (limit: number): ListChangeRequestsForOrganizationQuery => ({
        limit,
        status: statuses,
        ...filters,
        ...(site ? { site } : {}),
      });
      requests = await this.collect((limit) =>
        client.changeRequests.listForOrganization(organizationId, query(limit)),
      );
    } else {
      // The space list takes one status: one listing per status, merged in the list's order.
      const perStatus = await Promise.all(
        statuses.map((status) =>
          this.collect((limit) =>
            client.changeRequests.list(space as string, {
              limit,
              status,
              ...filters,
            } satisfies ListChangeRequestsForSpaceQuery),
          ),
        ),
      );
      requests = merge(perStatus, orderBy ?? 'updatedAt', this.flags.all ? Infinity : this.flags.limit);
    }
    if (this.human)
      this.output.table(requests, organizationId ? organizationChangeRequestColumns : changeRequestColumns);
    return requests;
  }
}

/** Lists sorted newest first by `order`, merged into one, cut to `max`. */
function merge(lists: ChangeRequest[][], order: Order, max: number): ChangeRequest[] {
  if (lists.length === 1) return lists[0] ?? [];
  return lists
    .flat()
    .sort((a, b) => b[order].localeCompare(a[order]) || b.createdAt.localeCompare(a.createdAt))
    .slice(0, max);
}
