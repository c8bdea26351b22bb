import type { ImportGitRepository } from '@docs-api/sdk';
import {
  gitRunFlags,
  repositoryFields,
  runGitOperation,
  type GitRunResult,
} from '../../../lib/areas/git-sync.js';
import { displayUrl } from '../../../lib/transport/redact.js';
import { SpaceCommand, spaceArg } from '../../../lib/areas/spaces.js';

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
    const repository = repositoryFields(this.flags);
    const { client, spaceId } = await this.target();
    const body: ImportGitRepository = repository;
    const what = `${repository.ref} of ${displayUrl(repository.url)}`;
    return runGitOperation(
      this.output,
      {
        client,
        spaceId,
        direction: 'import',
        flags: this.flags,
        human: this.human,
        url: repository.url,
        ref: repository.ref,
        said: { started: `the import of ${what} into ${spaceId}`, done: `Imported ${what} into ${spaceId}` },
      },
      () => client.spaces.git.importRepository(spaceId, body),
    );
  }
}
