import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Args, Flags } from '../oclif.js';
import type { RevisionFile } from '@docs-api/sdk';
import { SpaceCommand, spaceArg } from '../lib/areas/spaces.js';
import { nodeFs } from '../lib/docs-as-code/index.js';
import {
  FolderError,
  localChanges,
  pull,
  SpaceContent,
  type PullResult,
} from '../lib/docs-as-code/docs-sync.js';
import { CommandError, UsageError } from '../lib/failures/exit-codes.js';
import { output, plural } from '../lib/terminal/output.js';
import { crFlag, crValue } from '../lib/areas/pages.js';
import { runProgress } from '../lib/terminal/progress.js';

/** What `--json` prints. */
export interface PullOutput {
  space: string;
  changeRequest?: { id: string; number: number };
  dir: string;
  pages: number;
  files: number;
  removed: string[];
  warnings: Array<{ file: string; message: string }>;
}

/** Downloads a file of the space from its download URL (no token sent: the URL carries its own access). */
async function download(file: RevisionFile): Promise<Uint8Array | undefined> {
  if (!file.downloadURL) return undefined;
  try {
    const answer = await fetch(file.downloadURL, { redirect: 'follow' });
    return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
  } catch {
    return undefined;
  }
}

export default class Pull extends SpaceCommand<typeof Pull> {
  static override summary = "Write a space's pages into a folder in the Git Sync layout";
  static override description =
    "Writes the pages of the space's primary content (or of a change request's, with --cr) into the folder (default: the current one) in the layout the service's Git Sync reads and writes: SUMMARY.md (the table of contents: order, nesting, groups under ## headings), README.md for the first page and for each page with children, one .md file per page (its title as the first heading, its description and options in front matter, the service's blocks such as {% hint %} kept as written), the space's files under .gitbook/assets/, and the mapping between files and pages in .gitbook/docs-sync.json (commit it: a fresh clone in CI then pushes to the same pages). A .gitbook.yaml is read (root, structure) and never rewritten. Files an earlier pull wrote for pages the space no longer has are removed.\n\n" +
    'A page file changed since the last pull or push is not overwritten: the pull stops (exit 1) naming the files; push them first, or pass --force. Pages are read one at a time (a few in flight), so memory stays flat however many there are; progress shows on stderr at a terminal. See docs/docs-as-code.md.';
  static override examples = [
    '<%= config.bin %> pull space_handbook --cr 1 ./handbook',
    '<%= config.bin %> pull space_handbook --cr 1 ./handbook --json',
    '<%= config.bin %> pull space_handbook ./handbook --force',
  ];
  static override args = {
    space: spaceArg,
    dir: Args.string({ description: 'The folder to write (made if missing; default: the current folder)' }),
  };
  static override flags = {
    cr: crFlag,
    force: Flags.boolean({
      description: 'Overwrite page files changed since the last pull or push',
      default: false,
    }),
  };

  /** How a file of the space is downloaded (tests replace it). */
  static download: (file: RevisionFile) => Promise<Uint8Array | undefined> = download;

  async run(): Promise<PullOutput> {
    const dir = resolve(this.args.dir ?? '.');
    const info = await stat(dir).catch(() => undefined);
    if (info && !info.isDirectory()) throw new UsageError(`${this.args.dir ?? dir} is not a folder.`);
    const fs = nodeFs(dir);
    const { client, spaceId } = await this.target();
    const cr = crValue(this.flags.cr);
    let changeRequest: { id: string; number: number } | undefined;
    if (cr !== undefined) {
      const found = await client.changeRequests.get(spaceId, cr);
      changeRequest = { id: found.id, number: found.number };
    }
    if (!this.flags.force) {
      const changed = await localChanges(fs).catch(() => []);
      if (changed.length > 0) {
        throw new CommandError(
          `${plural(changed.length, 'page file')} changed since the last pull or push would be overwritten: ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', …' : ''}. Push them first (\`docs push ${spaceId}\`), or pass --force.`,
        );
      }
    }
    const live = runProgress.enabled();
    const source = cr === undefined ? spaceId : `#${changeRequest?.number ?? cr} of ${spaceId}`;
    let result: PullResult;
    try {
      if (live) runProgress.show(`Pulling ${source}: reading the page tree…`);
      result = await pull(fs, new SpaceContent(client, spaceId, changeRequest?.id), {
        download: (file) => Pull.download(file),
        ...(changeRequest ? { changeRequest } : {}),
        onPage: (done, total) => {
          if (live) runProgress.show(`Pulling ${source}: ${done}/${total} pages`);
        },
      });
    } catch (error) {
      if (error instanceof FolderError) throw new UsageError(`${error.message}: nothing was written.`);
      throw error;
    } finally {
      if (live) runProgress.clear();
    }
    const warnings = result.warnings.map(({ file, message }) => ({ file, message }));
    if (this.human) {
      for (const warning of warnings) output.warn(`${warning.file}: ${warning.message}`);
      for (const file of result.removed) output.info(`Removed ${file} (no longer in the space)`);
      output.success(
        `Pulled ${plural(result.pages, 'page')} and ${plural(result.files, 'file')} from ${source} into ${this.args.dir ?? '.'}`,
      );
    }
    return {
      space: spaceId,
      ...(changeRequest ? { changeRequest } : {}),
      dir,
      pages: result.pages,
      files: result.files,
      removed: result.removed,
      warnings,
    };
  }
}
