import { Flags } from '../../oclif.js';
import type { MergeResult } from '@docs-api/sdk';
import { yesFlag } from '../../base-command.js';
import { ChangeRequestCommand, crArg, printChangeRequest, spaceArg } from '../../lib/change-requests.js';
import { CommandError } from '../../lib/exit-codes.js';
import { output } from '../../lib/output.js';
import { terminal } from '../../lib/terminal.js';

export default class CrMerge extends ChangeRequestCommand<typeof CrMerge> {
  static override summary = 'Merge a change request into the primary content of its space';
  static override description =
    'Shows what will be merged and asks for confirmation (pass --yes when not at a terminal). An outdated request is refused: run `docs cr update` first, or pass --update-first to pull the primary content in before merging. Prints the new revision id. When the service answers that the content conflicts, exits 1 (with --json, after printing the answer).\n\nAsks for confirmation at a terminal. In a pipeline it never prompts: pass the space id, the change request (number or id) and --yes, or it exits 2 before sending anything.';
  static override examples = [
    '<%= config.bin %> cr merge',
    '<%= config.bin %> cr merge space_handbook 1 --yes',
    '<%= config.bin %> cr merge space_handbook 1 --yes --update-first --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    yes: yesFlag,
    'update-first': Flags.boolean({
      description: 'When the request is outdated, update it from the primary content before merging',
      default: false,
    }),
  };

  async run(): Promise<MergeResult> {
    const { client, spaceId, crId } = await this.target();
    const cr = await client.changeRequests.get(spaceId, crId);
    if (cr.status === 'merged') {
      const as = cr.revisionMerged ? ` as revision ${cr.revisionMerged}` : '';
      throw new CommandError(`Change request #${cr.number} is already merged${as}.`);
    }
    const updateFirst = cr.outdated && this.flags['update-first'];
    if (cr.outdated && !updateFirst) {
      throw new CommandError(
        `Change request #${cr.number} is outdated: run \`docs cr update ${spaceId} ${cr.number}\` first, or pass --update-first.`,
      );
    }
    if (this.human || (!this.flags.yes && terminal.canPrompt())) {
      const reviewers = await client.changeRequests.reviewers
        .list(spaceId, crId, { limit: 100 })
        .toArray({ max: 100 });
      output.info(`This merges into ${spaceId}:`);
      printChangeRequest(cr, { reviewers }, 'stderr');
      if (updateFirst) output.info('It is outdated: the primary content will be pulled in first.');
    }
    await this.confirm(`Merge change request #${cr.number} "${cr.subject}" into ${spaceId}?`);
    if (updateFirst) {
      const updated = await client.changeRequests.updateFromPrimary(spaceId, crId);
      if (updated.result === 'conflicts') {
        if (!this.human) output.json(updated);
        throw new CommandError(
          `Change request #${cr.number} conflicts with the primary content: resolve the conflicts, then merge.`,
        );
      }
      // A change the person did not ask for by name: said on stderr even with --json.
      output.info(`Updated #${cr.number} from the primary content: revision ${updated.revision ?? '?'}`);
    }
    const result = await client.changeRequests.merge(spaceId, crId);
    if (result.result === 'conflicts') {
      if (!this.human) output.json(result);
      throw new CommandError(
        `Change request #${cr.number} was not merged: it conflicts with the primary content of ${spaceId}.`,
      );
    }
    if (this.human) {
      output.success(`Merged #${cr.number} into ${spaceId}: new revision ${result.revision ?? '?'}`);
      if (result.revision) output.data(result.revision);
    }
    return result;
  }
}
