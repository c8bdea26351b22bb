import type { GitSyncState } from '@docs-api/sdk';
import { printGitInfo, redactDeep } from '../../../lib/areas/git-sync.js';
import { SpaceCommand, spaceArg } from '../../../lib/areas/spaces.js';

export default class SpacesGitInfo extends SpaceCommand<typeof SpacesGitInfo> {
  static override summary = "Show a space's Git Sync: repository, provider and its last import or export";
  static override description =
    "Prints the repository the space is synced with, its provider and installation status, and the last operation: import or export, its state (running, success, failure, timeout), when it started and ended, and why it failed with what to do. --json prints the service's object. A URL's credentials are never shown.\n\nExits 3 when the space has no Git Sync configured. In a pipeline it never prompts: pass the space id, or it exits 2.";
  static override examples = [
    '<%= config.bin %> spaces git info space_api',
    "<%= config.bin %> spaces git info space_api --jq '.operation.state'",
  ];
  static override args = { space: spaceArg };

  async run(): Promise<GitSyncState> {
    const { client, spaceId } = await this.target();
    try {
      const info = redactDeep(await client.spaces.git.getInfo(spaceId));
      if (this.human) printGitInfo(this.output, info);
      return info;
    } catch (error) {
      const { NotFoundError } = await import('../../../sdk-errors.js');
      if (error instanceof NotFoundError)
        Object.assign(error, {
          hint: `Space ${spaceId} may have no Git Sync configured: connect a repository in the app, or run \`docs spaces git import ${spaceId} --url <repository>\`.`,
        });
      throw error;
    }
  }
}
