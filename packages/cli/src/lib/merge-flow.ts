import type { ChangeRequest, DocsClient, MergeOutcome } from '@docs-api/sdk';
import { MergeConflictError } from '../sdk.js';
import { CancelledError, CommandError } from './exit-codes.js';
import {
  loadMergePreview,
  printMergePreview,
  unmetRules,
  warnWrapped,
  type MergePreview,
} from './merge-preview.js';
import { output } from './output.js';
import { prompts } from './prompts.js';
import { terminal } from './terminal.js';

/*
 * The merge of a change request with its checks, as `docs cr merge` does it and `docs push
 * --merge` reuses: the preview (changes, reviews, rules, comments, lock, outdated), a locked
 * space refused, an outdated request updated first (asked at a terminal, `--update-first`
 * elsewhere), unmet merge rules refused in a pipeline unless `admin`, the question (skipped with
 * `yes`), the merge, and conflicts explained with the request's app URL.
 */

/** What `--json` prints: the service's answer, the request's app URL, and the preview it was merged from. */
export interface MergeOutput extends MergeOutcome<'merge'> {
  url?: string | undefined;
  preview: MergePreview;
}

export interface MergeFlowOptions {
  yes: boolean;
  admin: boolean;
  updateFirst: boolean;
  dryRun?: boolean;
  /** Human output (no --json): the preview and the outcome are printed. */
  human: boolean;
  /** Asks the question (default No), or returns at once with `yes`; throws CancelledError on a no. */
  confirm: (question: string) => Promise<void>;
  /** A preview read already (push reads none before). */
  preview?: MergePreview;
}

export async function mergeFlow(
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
  const { yes, admin, human } = options;
  const ask = !yes && terminal.canPrompt();
  let updateFirst = cr.outdated && options.updateFirst;
  if (human) printMergePreview(preview, { updateFirst });
  if (options.dryRun) return preview;

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
  await options.confirm(question);

  if (updateFirst) {
    // An update that conflicts pulled nothing in: the SDK rejects it (MergeConflictError).
    const updated = await client.changeRequests.updateFromPrimary(spaceId, crId).catch((error: unknown) => {
      if (!(error instanceof MergeConflictError)) throw error;
      if (!human) output.json({ revision: error.revision, result: 'conflicts' });
      throw new CommandError(conflictMessage(cr, spaceId, 'update'));
    });
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

  const url = cr.urls?.app;
  // A merge that conflicts was applied all the same, and is never a success (MergeConflictError).
  const result = await client.changeRequests.merge(spaceId, crId).catch((error: unknown) => {
    if (!(error instanceof MergeConflictError)) throw error;
    if (!human) output.json({ revision: error.revision, result: 'conflicts', url, preview });
    throw new CommandError(conflictMessage(cr, spaceId, 'merge', error.revision));
  });
  if (human) {
    output.success(`Merged #${cr.number} into ${spaceId}: new revision ${result.revision ?? '?'}`);
    if (url) output.info(`View it: ${url}`);
  }
  return { ...result, url, preview };
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
