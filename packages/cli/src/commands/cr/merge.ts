import { Flags } from '../../oclif.js';
import { yesFlag } from '../../base-command.js';
import { ChangeRequestCommand, crArg, spaceArg } from '../../lib/areas/change-requests.js';
import { mergeFlow, type MergeOutput } from '../../lib/areas/merge-flow.js';
import type { MergePreview } from '../../lib/areas/merge-preview.js';

export type { MergeOutput } from '../../lib/areas/merge-flow.js';

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
    const result = await mergeFlow(this.output, client, spaceId, crId, {
      prompts: this.prompts,
      yes: this.flags.yes,
      admin: this.flags.admin,
      updateFirst: this.flags['update-first'],
      dryRun: this.flags['dry-run'],
      human: this.human,
      confirm: (question) => this.confirm(question),
    });
    // The new revision id on stdout, for scripts that read it.
    if (this.human && 'result' in result && result.revision) this.output.data(result.revision);
    return result;
  }
}
