import type { ChangeRequest, DocsClient, MergeOutcome } from '@docs-api/sdk';
import { ConflictError, MergeConflictError } from '../../sdk.js';
import { conflictResult } from './change-requests.js';
import { CancelledError, CommandError } from '../failures/exit-codes.js';
import {
  loadMergePreview,
  printMergePreview,
  unmetRules,
  warnWrapped,
  type MergePreview,
} from './merge-preview.js';
import { type Output } from '../terminal/output.js';
import type { Prompts } from '../terminal/prompts.js';

/*
 * The merge of a change request with its checks, as `docs cr merge` does it and `docs push
 * --merge` reuses: the preview (changes, reviews, rules, comments, lock, outdated), a locked
 * space refused, an outdated request offered the choices it has at a terminal (update then merge,
 * update only, cancel; `yes` updates first, `updateFirst: false` refuses it), unmet merge rules
 * refused with `yes` or in a pipeline unless `admin`, the question (skipped with `yes`), the merge.
 * A conflict (the SDK rejects a `conflicts` answer with a MergeConflictError) or a refusal (a
 * ConflictError, 409) is explained with the request's app URL and the next step; without `human`
 * (--json) stdout gets an error result with `error.reason`, never the shape of a merge.
 */

/**
 * What `--json` prints: the service's answer (a merge's, or an update's when only the update was
 * chosen), the request's app URL, and the preview it was merged from.
 */
export interface MergeOutput extends MergeOutcome<'merge' | 'update'> {
  url?: string | undefined;
  preview: MergePreview;
}

export interface MergeFlowOptions {
  yes: boolean;
  admin: boolean;
  /**
   * `--update-first`: true updates an outdated request without asking, false (`--no-update-first`)
   * refuses it; undefined asks at a terminal and, with `yes`, updates it (the default answer).
   */
  updateFirst: boolean | undefined;
  dryRun?: boolean;
  /** Human output (no --json): the preview and the outcome are printed. */
  human: boolean;
  /** Asks the question (default No), or returns at once with `yes`; throws CancelledError on a no. */
  confirm: (question: string) => Promise<void>;
  /** A preview read already (push reads none before). */
  preview?: MergePreview;
  /** The command's questions (its context's prompts). */
  prompts: Prompts;
}

export async function mergeFlow(
  output: Output,
  client: DocsClient,
  spaceId: string,
  crId: string,
  options: MergeFlowOptions,
): Promise<MergeOutput | MergePreview> {
  let preview = options.preview ?? (await loadMergePreview(client, spaceId, crId));
  const cr = preview.changeRequest;
  if (cr.status === 'merged') {
    const as = cr.revisionMerged ? ` as revision ${cr.revisionMerged}` : '';
    throw new CommandError(`Change request #${cr.number} is already merged${as}.`);
  }
  const { yes, admin, human, dryRun } = options;
  // Said before any preview: a closed request cannot be merged, so its preview would mislead.
  const closed = `Change request #${cr.number} is closed (archived): the service refuses to merge it. Reopen it with \`docs cr reopen ${spaceId} ${cr.number}\`, then merge.`;
  if (cr.status === 'archived') {
    if (!dryRun) throw new CommandError(closed);
    if (human) warnWrapped(output, closed);
  }
  const updateFlag = options.updateFirst;
  const ask = !yes && output.terminal.canPrompt();
  // --yes takes the answer a person gets by default: update an outdated request first.
  const updateByDefault = Boolean(cr.outdated) && updateFlag !== false && (updateFlag === true || yes);
  // What a person decides on, on stderr; with --json too when a question follows (stdout keeps the JSON).
  if (human || (ask && !dryRun)) printMergePreview(output, preview, { updateFirst: updateByDefault });
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
    warnWrapped(
      output,
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
    const choice = await options.prompts.choose(
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
  // A request that changes nothing: said, and asked about (a merge of it only adds a revision).
  const empty =
    preview.changes.length === 0 &&
    preview.moreChanges === 0 &&
    !preview.unavailable.some(({ what }) => what === 'changes');
  if (empty) warnWrapped(output, `Change request #${cr.number} has no changes: merging it changes no page.`);
  if (!asked) {
    // Default No: a merge cannot be undone from here. With --yes nothing is asked.
    await options.confirm(
      `Merge change request #${cr.number} "${cr.subject}" into ${spaceId}${withRules}${empty ? ', though it has no changes' : ''}?`,
    );
  }

  const url = cr.urls?.app;
  const failed = (error: unknown): unknown => conflict(output, error, cr, spaceId, { human, url, preview });
  if (plan !== 'merge') {
    // An update that conflicts pulled nothing in: the SDK rejects it (MergeConflictError).
    let updated: MergeOutcome<'update'>;
    try {
      updated = await client.changeRequests.updateFromPrimary(spaceId, crId);
    } catch (error) {
      throw failed(error);
    }
    // A change the person did not ask for by name: said on stderr even with --json.
    output.info(`Updated #${cr.number} from the primary content: revision ${updated.revision ?? '?'}`);
    if (plan === 'update-only') {
      output.info(`Not merged. Merge it later with \`docs cr merge ${spaceId} ${cr.number}\`.`);
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

  // A merge that conflicts was applied all the same, and is never a success (MergeConflictError).
  let result: MergeOutcome<'merge'>;
  try {
    result = await client.changeRequests.merge(spaceId, crId);
  } catch (error) {
    throw failed(error);
  }
  if (human) {
    output.success(`Merged #${cr.number} into ${spaceId}: new revision ${result.revision ?? '?'}`);
    if (url) output.info(`View it: ${url}`);
  }
  return { ...result, url, preview };
}

/**
 * A merge or update that answered conflicts (MergeConflictError) or a refusal (ConflictError,
 * 409): the message says what happened and what to do; without `human` (--json), stdout gets an
 * error result (`error.reason`), never a success's shape. Any other error goes on as it is.
 */
function conflict(
  output: Output,
  error: unknown,
  cr: ChangeRequest,
  spaceId: string,
  context: { human: boolean; url: string | undefined; preview: MergePreview },
): unknown {
  if (!(error instanceof ConflictError)) return error;
  const message =
    error instanceof MergeConflictError
      ? conflictMessage(cr, spaceId, error.operation, error.revision)
      : refusalMessage(error, cr, spaceId);
  if (!context.human)
    output.json(
      conflictResult({ error, merge: error instanceof MergeConflictError ? error : undefined }, message, {
        url: context.url,
        preview: context.preview,
      }),
    );
  return new CommandError(message);
}

/** The service's refusal, its status and request id, and the next step when there is one. */
function refusalMessage(error: ConflictError, cr: ChangeRequest, spaceId: string): string {
  const details = [`HTTP ${error.status}`, error.requestId ? `request id ${error.requestId}` : '']
    .filter(Boolean)
    .join(', ');
  const next: Record<string, string> = {
    outdated: ` Run \`docs cr merge ${spaceId} ${cr.number}\` again: it updates the request first.`,
    'merge-rules-not-met': ` Ask for the reviews the rules need (\`docs cr reviewers request ${spaceId} ${cr.number}\`), or pass --admin if your account may bypass them.`,
  };
  return `${error.serverMessage} (${details}).${next[error.reason] ?? ''}`;
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
