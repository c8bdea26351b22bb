import type { ExportToGitRepository } from '@docs-api/sdk';
import { Flags } from '../../../oclif.js';
import {
  gitRunFlags,
  repositoryFields,
  runGitOperation,
  type GitRunResult,
} from '../../../lib/areas/git-sync.js';
import { UsageError } from '../../../lib/failures/exit-codes.js';
import { displayUrl } from '../../../lib/transport/redact.js';
import { SpaceCommand, spaceArg } from '../../../lib/areas/spaces.js';

export default class SpacesGitExport extends SpaceCommand<typeof SpacesGitExport> {
  static override summary =
    "Export a space's content to a Git repository (Git Sync), and with --wait follow it";
  static override description =
    "Asks the service to push the space's primary content to the repository's ref as one commit (--message), in the layout Git Sync writes (.gitbook.yaml, SUMMARY.md, README.md; see `docs pull`). The service answers at once and runs the export in the background: without --wait the command says it started. With --wait it reads the space's Git info every --interval seconds until the export it started is over (progress on stderr at a terminal), prints the outcome and the service's error, and exits 1 if the export failed or --wait-timeout passed first; Ctrl-C stops waiting only.\n\nThe URL may carry credentials (https://user:token@host/owner/repo.git): they are sent to the service and never printed, in messages as in --json. In a pipeline, pass it in DOCS_GIT_URL rather than --url, which the process list shows. The URL, the ref and the message are checked before anything is sent (exit 2). In a pipeline it never prompts: pass the space id, or it exits 2.";
  static override examples = [
    '<%= config.bin %> spaces git export space_handbook --url https://github.com/acme/handbook.git --ref docs-export -m "Export the handbook"',
    'DOCS_GIT_URL="https://x-access-token:$GITHUB_TOKEN@github.com/acme/handbook.git" <%= config.bin %> spaces git export space_handbook --wait --json',
  ];
  static override args = { space: spaceArg };
  static override flags = {
    ...gitRunFlags('export'),
    message: Flags.string({
      char: 'm',
      description: 'Message of the commit the export makes',
      default: 'Update from the docs CLI',
    }),
  };

  async run(): Promise<GitRunResult> {
    const repository = repositoryFields(this.flags);
    const commitMessage = this.flags.message.trim();
    if (!commitMessage) throw new UsageError('--message must not be empty: it is the commit message.');
    const { client, spaceId } = await this.target();
    const body: ExportToGitRepository = { ...repository, commitMessage };
    const where = `${repository.ref} of ${displayUrl(repository.url)}`;
    return runGitOperation(
      this.output,
      {
        client,
        spaceId,
        direction: 'export',
        flags: this.flags,
        human: this.human,
        url: repository.url,
        ref: repository.ref,
        said: { started: `the export of ${spaceId} to ${where}`, done: `Exported ${spaceId} to ${where}` },
      },
      () => client.spaces.git.exportToRepository(spaceId, body),
    );
  }
}
