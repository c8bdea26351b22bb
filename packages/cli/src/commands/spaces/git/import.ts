import type { GitSyncState, ImportGitRepository } from '@docs-api/sdk';
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
import { output } from '../../../lib/terminal/output.js';
import { displayUrl } from '../../../lib/transport/redact.js';
import { SpaceCommand, spaceArg } from '../../../lib/areas/spaces.js';

interface GitRunResult {
  space: string;
  direction: 'import';
  /** The repository, without its credentials. */
  url: string;
  ref: string;
  /** With --wait: the space's Git info at the end of the run. */
  info?: GitSyncState;
}

export default class SpacesGitImport extends SpaceCommand<typeof SpacesGitImport> {
  static override summary =
    "Import a Git repository's content into a space (Git Sync), and with --wait follow it";
  static override description =
    "Asks the service to import the repository's ref into the space: its content replaces the space's primary content (a revision only, with --standalone). The repository is in the layout Git Sync reads (.gitbook.yaml, SUMMARY.md, README.md; see `docs pull`). The service answers at once and runs the import in the background: without --wait the command says it started. With --wait it reads the space's Git info every --interval seconds until the import it started is over (progress on stderr at a terminal), prints the outcome and the service's error, and exits 1 if the import failed or --wait-timeout passed first; Ctrl-C stops waiting only.\n\nThe URL may carry credentials (https://user:token@host/owner/repo.git): they are sent to the service and never printed, in messages as in --json. In a pipeline, pass it in DOCS_GIT_URL rather than --url, which the process list shows. The URL and the ref are checked before anything is sent (exit 2). In a pipeline it never prompts: pass the space id, or it exits 2.";
  static override examples = [
    '<%= config.bin %> spaces git import space_handbook --url https://github.com/acme/handbook.git --ref main',
    '<%= config.bin %> spaces git import space_handbook --url https://github.com/acme/handbook.git --wait --wait-timeout 300',
    'DOCS_GIT_URL="https://x-access-token:$GITHUB_TOKEN@github.com/acme/handbook.git" <%= config.bin %> spaces git import space_handbook --wait --json',
  ];
  static override args = { space: spaceArg };
  static override flags = gitRunFlags('import');

  async run(): Promise<GitRunResult> {
    const url = repositoryUrl(this.flags.url);
    const ref = fullRef(this.flags.ref);
    const { client, spaceId } = await this.target();
    const body: ImportGitRepository = {
      url,
      ref,
      ...(this.flags['project-dir'] ? { repoProjectDirectory: this.flags['project-dir'] } : {}),
      ...(this.flags['tree-url'] ? { repoTreeURL: this.flags['tree-url'] } : {}),
      ...(this.flags['commit-url'] ? { repoCommitURL: this.flags['commit-url'] } : {}),
      ...(this.flags.force ? { force: true } : {}),
      ...(this.flags.standalone ? { standalone: true } : {}),
    };
    const shown = displayUrl(url);
    const before = this.flags.wait ? await readGitInfo(client, spaceId) : undefined;
    await client.spaces.git.importRepository(spaceId, body);
    const result: GitRunResult = { space: spaceId, direction: 'import', url: shown, ref };
    if (!this.flags.wait) {
      if (this.human) {
        output.success(`Started the import of ${ref} of ${shown} into ${spaceId}`);
        output.info(`Follow it with \`docs spaces git info ${spaceId}\`, or pass --wait.`);
      }
      return result;
    }
    const info = redactDeep(await followGitOperation(client, spaceId, 'import', before, this.flags));
    try {
      checkOutcome(info, 'import', spaceId);
    } catch (error) {
      // Scripts get the final state too, on stdout, before the failure.
      if (!this.human) output.json({ ...result, info });
      else printGitInfo(info, 'stderr');
      throw error;
    }
    if (this.human) {
      output.success(`Imported ${ref} of ${shown} into ${spaceId}`);
      printGitInfo(info);
    }
    return { ...result, info };
  }
}
