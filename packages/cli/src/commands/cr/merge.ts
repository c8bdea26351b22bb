import { Flags } from '../../oclif.js';
import type { ChangeRequest, MergeChangeRequestResponse } from '@docs-api/sdk';
import { yesFlag } from '../../base-command.js';
import { ChangeRequestCommand, crArg, spaceArg } from '../../lib/change-requests.js';
import { CancelledError, CommandError } from '../../lib/exit-codes.js';
import {
  loadMergePreview,
  printMergePreview,
  unmetRules,
  warnWrapped,
  type MergePreview,
} from '../../lib/merge-preview.js';
import { output } from '../../lib/output.js';
import { prompts } from '../../lib/prompts.js';
import { terminal } from '../../lib/terminal.js';

/** What `--json` prints: the service's answer, the request's app URL, and the preview it was merged from. */
export interface MergeOutput extends MergeChangeRequestResponse {
  url?: string | undefined;
  preview: MergePreview;
}

export default class CrMerge extends ChangeRequestCommand<typeof CrMerge> {
  static override summary = 'Merge a change request into the primary content of its space';
  static override description =
    "Shows what the merge brings before asking: the changes page by page, the reviews (approved, changes requested, outdated), the space's or organization's merge rules and whether each is met, the open comments, whether the space is locked and whether the request is outdated. The changes and the reviews come from the service's published API document, beyond the extract.\n\n" +
    "A locked space is refused before anything is asked. An outdated request: at a terminal you are offered to update it from the primary content first; elsewhere pass --update-first (or run `docs cr update`). A merge rule not met: at a terminal the rules are named and the question defaults to No; elsewhere the merge is refused (exit 1) unless you pass --admin, and the service may still refuse it. When the update or the merge conflicts, prints the request's app URL and what to do next (exit 1). After the merge, prints the new revision id on stdout and the request's app URL.\n\n" +
    '--dry-run prints the preview only (with --json: the preview object) and changes nothing. In a pipeline it never prompts: pass the space id, the change request (number or id) and --yes (or --dry-run), or it exits 2 before sending anything.';
  static override examples = [
    '<%= config.bin %> cr merge',
    '<%= config.bin %> cr merge space_handbook 1 --dry-run',
    '<%= config.bin %> cr merge space_guides 2 --dry-run --json',
    '<%= config.bin %> cr merge space_handbook 1 --yes',
    '<%= config.bin %> cr merge space_handbook 2 --yes --update-first --json',
    '<%= config.bin %> cr merge space_handbook 1 --yes --admin',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    yes: yesFlag,
    'update-first': Flags.boolean({
      description: 'When the request is outdated, update it from the primary content before merging',
      default: false,
    }),
    admin: Flags.boolean({
      description:
        'Merge even when merge rules are not met (without it a pipeline refuses such a merge); the service still refuses unless your account may bypass the rules',
      default: false,
    }),
    'dry-run': Flags.boolean({
      description: 'Show the preview (with --json: print it) and merge nothing',
      default: false,
    }),
  };

  /** `--dry-run` changes nothing: it needs no confirmation where no one can be asked. */
  static override needsConfirmation(flags: Record<string, unknown>): boolean {
    return flags['dry-run'] !== true;
  }

  async run(): Promise<MergeOutput | MergePreview> {
    const { client, spaceId, crId } = await this.target();
    let preview = await loadMergePreview(client, spaceId, crId);
    const cr = preview.changeRequest;
    if (cr.status === 'merged') {
      const as = cr.revisionMerged ? ` as revision ${cr.revisionMerged}` : '';
      throw new CommandError(`Change request #${cr.number} is already merged${as}.`);
    }
    const { yes, admin } = this.flags;
    const ask = !yes && terminal.canPrompt();
    let updateFirst = cr.outdated && this.flags['update-first'];
    if (this.human) printMergePreview(preview, { updateFirst });
    if (this.flags['dry-run']) return preview;

    // Found before any question: nothing can be merged into a locked space.
    if (preview.space.locked) {
      throw new CommandError(
        `Space ${spaceId} is locked: the service refuses merges into it. Unlock it with \`docs spaces edit ${spaceId} --edit-mode live\`, then merge.`,
      );
    }
    if (cr.outdated && !updateFirst) {
      if (!ask) {
        throw new CommandError(
          `Change request #${cr.number} is outdated: pass --update-first to update it from the primary content before merging, or run \`docs cr update ${spaceId} ${cr.number}\` first.`,
        );
      }
      // A "no" is a cancel like any other: the one plain "Cancelled." and exit 2.
      if (!(await prompts.confirm('Update from the primary content, then merge?', true)))
        throw new CancelledError();
      updateFirst = true;
    }

    const unmet = unmetRules(preview);
    if (unmet.length && !admin) {
      if (!ask) {
        throw new CommandError(
          `Change request #${cr.number} does not meet the merge rules: ${unmet.join('; ')}. Pass --admin to merge anyway (the service refuses unless your account may bypass the rules).`,
        );
      }
      warnWrapped(`Merge rules not met: ${unmet.join('; ')}.`);
    } else if (unmet.length) {
      warnWrapped(`Merging with merge rules not met (--admin): ${unmet.join('; ')}.`);
    }
    const question = unmet.length
      ? `Merge change request #${cr.number} "${cr.subject}" into ${spaceId} with ${unmet.length === 1 ? 'a merge rule' : `${unmet.length} merge rules`} not met?`
      : `Merge change request #${cr.number} "${cr.subject}" into ${spaceId}?`;
    // Default No: a merge cannot be undone from here. With --yes nothing is asked.
    await this.confirm(question);

    if (updateFirst) {
      const updated = await client.changeRequests.updateFromPrimary(spaceId, crId);
      if (updated.result === 'conflicts') {
        if (!this.human) output.json(updated);
        throw new CommandError(conflictMessage(cr, spaceId, 'update'));
      }
      // A change the person did not ask for by name: said on stderr even with --json.
      output.info(`Updated #${cr.number} from the primary content: revision ${updated.revision ?? '?'}`);
      // The update is a new revision: reviews made before it are outdated now.
      preview = await loadMergePreview(client, spaceId, crId);
      const after = unmetRules(preview);
      if (after.length > unmet.length && !admin) {
        throw new CommandError(
          `Updated #${cr.number}, but it no longer meets the merge rules: ${after.join('; ')}. The update made earlier reviews outdated: ask for a new review (\`docs cr reviewers request ${spaceId} ${cr.number}\`), then merge.`,
        );
      }
    }

    const result = await client.changeRequests.merge(spaceId, crId);
    const url = cr.urls?.app;
    if (result.result === 'conflicts') {
      if (!this.human) output.json({ ...result, url, preview });
      throw new CommandError(conflictMessage(cr, spaceId, 'merge', result.revision));
    }
    if (this.human) {
      output.success(`Merged #${cr.number} into ${spaceId}: new revision ${result.revision ?? '?'}`);
      if (url) output.info(`View it: ${url}`);
      if (result.revision) output.data(result.revision);
    }
    return { ...result, url, preview };
  }
}

/** What happened, where to look (the app, not the API), and the next step. */
function conflictMessage(
  cr: ChangeRequest,
  spaceId: string,
  step: 'update' | 'merge',
  revision?: string,
): string {
  const where = cr.urls?.app ? `Open ${cr.urls.app}` : `Open change request #${cr.number} in the app`;
  if (step === 'update') {
    return `Change request #${cr.number} conflicts with the primary content of ${spaceId}: nothing was merged. ${where}, resolve the conflicts there, then run \`docs cr merge ${spaceId} ${cr.number}\` again.`;
  }
  return `Change request #${cr.number} was merged into ${spaceId}${revision ? ` (revision ${revision})` : ''}, but the service reports conflicts: the primary content needs them resolved by hand. ${where} to see them.`;
}
