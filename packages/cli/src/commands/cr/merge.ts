import { Flags } from '../../oclif.js';
import type { ChangeRequest, MergeResult } from '@docs-api/sdk';
import { yesFlag } from '../../base-command.js';
import {
  asConflict,
  ChangeRequestCommand,
  conflictResult,
  crArg,
  spaceArg,
  type ConflictLike,
} from '../../lib/change-requests.js';
import { CancelledError, CommandError } from '../../lib/exit-codes.js';
import {
  loadMergePreview,
  printMergePreview,
  unmetRules,
  type MergePreview,
} from '../../lib/merge-preview.js';
import { output } from '../../lib/output.js';
import { prompts } from '../../lib/prompts.js';
import { terminal } from '../../lib/terminal.js';

/** What `--json` prints: the service's answer, the request's app URL, and the preview it was merged from. */
export interface MergeOutput extends MergeResult {
  url?: string | undefined;
  preview: MergePreview;
}

export default class CrMerge extends ChangeRequestCommand<typeof CrMerge> {
  static override summary = 'Merge a change request into the primary content of its space';
  static override description =
    "Shows what the merge brings before asking, on stderr (with --json too, when it asks): the changes page by page, the reviews (approved, changes requested, outdated), the space's or organization's merge rules and whether each is met, the open comments, whether the space is locked and whether the request is outdated.\n\n" +
    "A locked space is refused before anything is asked. An outdated request cannot be merged as it is: at a terminal you choose to update it from the primary content then merge (the default), to update it only, or to cancel; --yes does the default, updating it first; --no-update-first refuses it instead. A merge rule not met: at a terminal the rules are named and the default is No; with --yes, or in a pipeline, the merge is refused (exit 1) unless you pass --admin, and the service may still refuse it. After the merge, prints the new revision id on stdout and the request's app URL.\n\n" +
    'When the update conflicts (nothing merged) or the merge answers conflicts (merged, the conflicts to resolve by hand), or the service refuses the merge, it says what happened and what to do next, exit 1; with --json, stdout gets an error result: {"error": {"reason": "conflicts" | "outdated" | "merge-rules-not-met" | ..., "message", ...}, "url", "preview"}, never the shape of a merge.\n\n' +
    '--dry-run prints the preview only (with --json: the preview object) and changes nothing. In a pipeline it never prompts: pass the space id, the change request (number or id) and --yes (or --dry-run), or it exits 2 before sending anything.';
  static override examples = [
    '<%= config.bin %> cr merge',
    '<%= config.bin %> cr merge space_handbook 1 --dry-run',
    '<%= config.bin %> cr merge space_guides 2 --dry-run --json',
    '<%= config.bin %> cr merge space_handbook 1 --yes',
    '<%= config.bin %> cr merge space_handbook 2 --yes --json',
    '<%= config.bin %> cr merge space_handbook 1 --yes --no-update-first',
    '<%= config.bin %> cr merge space_handbook 1 --yes --admin',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = {
    yes: yesFlag,
    'update-first': Flags.boolean({
      description:
        'When the request is outdated, update it from the primary content before merging (what --yes and the question at a terminal do by default); --no-update-first refuses an outdated request instead',
      allowNo: true,
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
    const dryRun = this.flags['dry-run'];
    const updateFlag = this.flags['update-first'];
    const ask = !yes && terminal.canPrompt();
    // --yes takes the answer a person gets by default: update an outdated request first.
    const updateByDefault = cr.outdated && updateFlag !== false && (updateFlag === true || yes);
    // What a person decides on, on stderr; with --json too when a question follows (stdout keeps the JSON).
    if (this.human || (ask && !dryRun)) printMergePreview(preview, { updateFirst: updateByDefault });
    if (dryRun) return preview;

    // Found before any question: nothing can be merged into a locked space.
    if (preview.space.locked) {
      throw new CommandError(
        `Space ${spaceId} is locked: the service refuses merges into it. Unlock it with \`docs spaces edit ${spaceId} --edit-mode live\`, then merge.`,
      );
    }
    if (cr.outdated && updateFlag === false) {
      throw new CommandError(
        `Change request #${cr.number} is outdated, and --no-update-first says not to update it: run \`docs cr update ${spaceId} ${cr.number}\` (or leave the flag out), then merge.`,
      );
    }
    const unmet = unmetRules(preview);
    const rulesStop = unmet.length > 0 && !admin;
    // The interactive default is No: with --yes, or where no one can be asked, that is a refusal.
    if (rulesStop && !ask) {
      throw new CommandError(
        `Change request #${cr.number} does not meet the merge rules: ${unmet.join('; ')}. Pass --admin to merge anyway (the service refuses unless your account may bypass the rules).`,
      );
    }
    if (unmet.length) {
      output.warn(
        admin
          ? `Merging with merge rules not met (--admin): ${unmet.join('; ')}.`
          : `Merge rules not met: ${unmet.join('; ')}.`,
      );
    }
    const withRules = rulesStop
      ? ` with ${unmet.length === 1 ? 'a merge rule' : `${unmet.length} merge rules`} not met`
      : '';

    // An outdated request cannot be merged as it is: the choices are the ones that exist.
    let plan: 'merge' | 'update-then-merge' | 'update-only' = cr.outdated ? 'update-then-merge' : 'merge';
    let asked = false;
    if (cr.outdated && updateFlag !== true && ask) {
      const choice = await prompts.choose(
        `Change request #${cr.number} is outdated: the primary content moved on. What now?`,
        [
          {
            name: `Update it from the primary content, then merge${withRules}`,
            value: 'update-then-merge' as const,
          },
          { name: 'Update it only, and merge later', value: 'update-only' as const },
          { name: 'Cancel', value: 'cancel' as const },
        ],
        rulesStop ? 'cancel' : 'update-then-merge',
      );
      if (choice === 'cancel') throw new CancelledError();
      plan = choice;
      asked = true;
    } else if (updateByDefault && updateFlag !== true) {
      output.info(
        `Change request #${cr.number} is outdated: updating it from the primary content first (--yes).`,
      );
    }
    if (!asked) {
      // Default No: a merge cannot be undone from here. With --yes nothing is asked.
      await this.confirm(`Merge change request #${cr.number} "${cr.subject}" into ${spaceId}${withRules}?`);
    }

    const url = cr.urls?.app;
    if (plan !== 'merge') {
      let updated: MergeResult;
      try {
        updated = await client.changeRequests.updateFromPrimary(spaceId, crId);
      } catch (error) {
        throw this.conflict(error, cr, spaceId, preview);
      }
      // A change the person did not ask for by name: said on stderr even with --json.
      output.info(`Updated #${cr.number} from the primary content: revision ${updated.revision ?? '?'}`);
      if (plan === 'update-only') {
        output.info(`Not merged. Merge it later with \`docs cr merge ${spaceId} ${cr.number}\`.`);
        if (this.human && updated.revision) output.data(updated.revision);
        return { ...updated, url, preview };
      }
      // The update is a new revision: reviews made before it are outdated now.
      preview = await loadMergePreview(client, spaceId, crId);
      const after = unmetRules(preview);
      if (after.length > unmet.length && !admin) {
        throw new CommandError(
          `Updated #${cr.number}, but it no longer meets the merge rules: ${after.join('; ')}. The update made earlier reviews outdated: ask for a new review (\`docs cr reviewers request ${spaceId} ${cr.number}\`), then merge.`,
        );
      }
    }

    let result: MergeResult;
    try {
      result = await client.changeRequests.merge(spaceId, crId);
    } catch (error) {
      throw this.conflict(error, cr, spaceId, preview);
    }
    if (this.human) {
      output.success(`Merged #${cr.number} into ${spaceId}: new revision ${result.revision ?? '?'}`);
      if (url) output.info(`View it: ${url}`);
      if (result.revision) output.data(result.revision);
    }
    return { ...result, url, preview };
  }

  /**
   * A refusal (409) or a merge or update that answered conflicts: the message says what happened
   * and what to do; with --json, stdout gets an error result (`error.reason`), never a success's
   * shape. Any other error goes on as it is.
   */
  private conflict(error: unknown, cr: ChangeRequest, spaceId: string, preview: MergePreview): unknown {
    const conflict = asConflict(error);
    if (!conflict) return error;
    const message =
      conflict.name === 'MergeConflictError'
        ? conflictMessage(cr, spaceId, conflict.operation ?? 'merge', conflict.revision)
        : refusalMessage(conflict, cr, spaceId);
    if (!this.human) output.json(conflictResult(conflict, message, { url: cr.urls?.app, preview }));
    return new CommandError(message);
  }
}

/** The service's refusal, its status and request id, and the next step when there is one. */
function refusalMessage(conflict: ConflictLike, cr: ChangeRequest, spaceId: string): string {
  const details = [`HTTP ${conflict.status}`, conflict.requestId ? `request id ${conflict.requestId}` : '']
    .filter(Boolean)
    .join(', ');
  const next: Record<string, string> = {
    outdated: ` Run \`docs cr merge ${spaceId} ${cr.number}\` again: it updates the request first.`,
    'merge-rules-not-met': ` Ask for the reviews the rules need (\`docs cr reviewers request ${spaceId} ${cr.number}\`), or pass --admin if your account may bypass them.`,
  };
  return `${conflict.serverMessage ?? conflict.message} (${details}).${next[conflict.reason] ?? ''}`;
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
