import { Args, Flags } from '@oclif/core';
import type { ChangeRequest, ChangeRequestListQuery } from '@docs-api/sdk';
import { listFlags } from '../../base-command.js';
import {
  ChangeRequestCommand,
  changeRequestColumns,
  organizationChangeRequestColumns,
} from '../../lib/change-requests.js';
import { UsageError } from '../../lib/exit-codes.js';
import { output } from '../../lib/output.js';
import { terminal } from '../../lib/terminal.js';

export default class CrList extends ChangeRequestCommand<typeof CrList> {
  static override summary = 'List the change requests of a space, or of every space of an organization';
  static override description =
    "With a space id, lists that space's change requests; without one, lists across the organization given by --org (or DOCS_ORG). Shows open requests unless --status says otherwise.";
  static override examples = [
    '<%= config.bin %> cr list space_handbook',
    '<%= config.bin %> cr list space_handbook --status all --creator user_linus',
    '<%= config.bin %> cr list --org org_acme --reviewer user_grace --json',
  ];
  static override args = {
    space: Args.string({ description: 'Space id; omit it to list across the organization given by --org' }),
  };
  static override flags = {
    ...listFlags,
    status: Flags.string({
      description:
        'Only requests in this status (e.g. draft, open, merged, archived); "all" shows every status',
      default: 'open',
    }),
    creator: Flags.string({ description: 'Only requests created by this user id' }),
    contributor: Flags.string({ description: 'Only requests this user id contributed to' }),
    reviewer: Flags.string({ description: 'Only requests this user id was asked to review' }),
    cluster: Flags.string({ description: 'Only requests linked to this conversations issues cluster id' }),
  };

  async run(): Promise<ChangeRequest[]> {
    const space = this.args.space;
    if (!space && !this.flags.org && !terminal.canPrompt()) {
      throw new UsageError(
        'Missing the space id: pass it as an argument, or pass --org <organization-id> (or set DOCS_ORG) to list across an organization.',
      );
    }
    const organizationId = space ? undefined : await this.organizationId();
    const client = await this.client();
    const { status, creator, contributor, reviewer, cluster } = this.flags;
    const query = (limit: number): ChangeRequestListQuery => ({
      limit,
      status,
      ...(creator ? { creator } : {}),
      ...(contributor ? { contributor } : {}),
      ...(reviewer ? { requestedReviewer: reviewer } : {}),
      ...(cluster ? { conversationsIssuesCluster: cluster } : {}),
    });
    const requests = await this.collect((limit) =>
      organizationId
        ? client.changeRequests.listForOrganization(organizationId, query(limit))
        : client.changeRequests.list(space as string, query(limit)),
    );
    if (this.human)
      output.table(requests, organizationId ? organizationChangeRequestColumns : changeRequestColumns);
    return requests;
  }
}
