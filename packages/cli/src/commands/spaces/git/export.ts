import type { ExportToGitRepository, GitSyncState } from '@docs-api/sdk';
import { Flags } from '../../../oclif.js';
import {
  checkOutcome,
  followGitOperation,
  fullRef,
  gitRunFlags,
  printGitInfo,
  readGitInfo,
  redactDeep,
  repositoryUrl,
} from '../../../lib/areas/git-sync.js';
import { UsageError } from '../../../lib/failures/exit-codes.js';
import { output } from '../../../lib/terminal/output.js';
import { displayUrl } from '../../../lib/transport/redact.js';
import { SpaceCommand, spaceArg } from '../../../lib/areas/spaces.js';

interface GitRunResult {
  space: string;
  direction: 'export';
  /** The repository, without its credentials. */
  url: string;
  ref: string;
  /** With --wait: the space's Git info at the end of the run. */
  info?: GitSyncState;
}

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
    const url = repositoryUrl(this.flags.url);
    const ref = fullRef(this.flags.ref);
    const commitMessage = this.flags.message.trim();
    if (!commitMessage) throw new UsageError('--message must not be empty: it is the commit message.');
    const { client, spaceId } = await this.target();
    const body: ExportToGitRepository = {
      url,
      ref,
      commitMessage,
      ...(this.flags['project-dir'] ? { repoProjectDirectory: this.flags['project-dir'] } : {}),
      ...(this.flags['tree-url'] ? { repoTreeURL: this.flags['tree-url'] } : {}),
      ...(this.flags['commit-url'] ? { repoCommitURL: this.flags['commit-url'] } : {}),
      ...(this.flags.force ? { force: true } : {}),
      ...(this.flags.standalone ? { standalone: true } : {}),
    };
    const shown = displayUrl(url);
    const before = this.flags.wait ? await readGitInfo(client, spaceId) : undefined;
    await client.spaces.git.exportToRepository(spaceId, body);
    const result: GitRunResult = { space: spaceId, direction: 'export', url: shown, ref };
    if (!this.flags.wait) {
      if (this.human) {
        output.success(`Started the export of ${spaceId} to ${ref} of ${shown}`);
        output.info(`Follow it with \`docs spaces git info ${spaceId}\`, or pass --wait.`);
      }
      return result;
    }
    const info = redactDeep(await followGitOperation(client, spaceId, 'export', before, this.flags));
    try {
      checkOutcome(info, 'export', spaceId);
    } catch (error) {
      // Scripts get the final state too, on stdout, before the failure.
      if (!this.human) output.json({ ...result, info });
      else printGitInfo(info, 'stderr');
      throw error;
    }
    if (this.human) {
      output.success(`Exported ${spaceId} to ${ref} of ${shown}`);
      printGitInfo(info);
    }
    return { ...result, info };
  }
}
