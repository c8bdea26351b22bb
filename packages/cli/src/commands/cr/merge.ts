import { Flags } from '../../oclif.js';
import { yesFlag } from '../../base-command.js';
import { ChangeRequestCommand, crArg, spaceArg } from '../../lib/change-requests.js';
import { mergeFlow, type MergeOutput } from '../../lib/merge-flow.js';
import type { MergePreview } from '../../lib/merge-preview.js';
import { output } from '../../lib/output.js';

export type { MergeOutput } from '../../lib/merge-flow.js';

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
    const result = await mergeFlow(client, spaceId, crId, {
      yes: this.flags.yes,
      admin: this.flags.admin,
      updateFirst: this.flags['update-first'],
      dryRun: this.flags['dry-run'],
      human: this.human,
      confirm: (question) => this.confirm(question),
    });
    // The new revision id on stdout, for scripts that read it.
    if (this.human && 'result' in result && result.revision) output.data(result.revision);
    return result;
  }
}
