import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Args, Flags } from '../oclif.js';
import type { RevisionFile } from '@docs-api/sdk';
import { SpaceCommand, spaceArg } from '../lib/areas/spaces.js';
import { inRoot, MAPPING_FILE, nodeFs, type LayoutFs } from '../lib/docs-as-code/index.js';
import { folderNameOf, isEmptyFolder, shellWord } from '../lib/docs-as-code/folder.js';
import {
  FolderError,
  localChanges,
  OverwriteError,
  pull,
  readConfig,
  readMapping,
  SpaceContent,
  type PullResult,
} from '../lib/docs-as-code/docs-sync.js';
import { CommandError, UsageError } from '../lib/failures/exit-codes.js';
import { plural } from '../lib/terminal/output.js';
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
    "Writes the pages of the space's primary content (or of a change request's, with --cr) into the folder in the layout the service's Git Sync reads and writes: SUMMARY.md (the table of contents: order, nesting, groups under ## headings), README.md for the first page and for each page with children, one .md file per page (its title as the first heading, its description and options in front matter, the service's blocks such as {% hint %} kept as written), the space's files under .gitbook/assets/, and the mapping between files and pages in .gitbook/docs-sync.json (commit it: a fresh clone in CI then pushes to the same pages). A .gitbook.yaml is read (root, structure) and never rewritten. Files an earlier pull wrote for pages the space no longer has are removed.\n\n" +
    "With no folder named, a new folder is made after the space's title (its id when the title gives no name), as `gh repo clone` does. An existing folder is written only when it is empty or holds this space's mapping: a folder mapped to another space is refused, and any other folder needs --force (exit 2, nothing written). A file of the folder that no earlier pull wrote is never overwritten without --force.\n\n" +
    'A page file changed since the last pull or push is not overwritten: the pull stops (exit 1) naming the files; push them first, or pass --force. Pages are read one at a time (a few in flight), so memory stays flat however many there are; progress shows on stderr at a terminal. See docs/docs-as-code.md.';
  static override examples = [
    '<%= config.bin %> pull space_handbook --cr 1 ./handbook',
    '<%= config.bin %> pull space_handbook --cr 1 ./handbook --json',
    '<%= config.bin %> pull space_handbook ./handbook --force',
  ];
  static override args = {
    space: spaceArg,
    dir: Args.string({
      description:
        "The folder to write (made if missing; default: a new folder named after the space's title)",
    }),
  };
  static override flags = {
    cr: crFlag,
    force: Flags.boolean({
      description: 'Overwrite page files changed since the last pull or push, and files no pull wrote',
      default: false,
    }),
  };

  /**
   * Refuses, before anything is written, a folder that is neither new, empty, nor pulled from this
   * space: one mapped to another space always (as push refuses it), any other only without --force.
   */
  private async checkFolder(fs: LayoutFs, dirArg: string, spaceId: string): Promise<void> {
    if (await isEmptyFolder(fs)) return;
    let config;
    try {
      config = await readConfig(fs);
    } catch (error) {
      if (error instanceof FolderError) throw new UsageError(`${error.message}: nothing was written.`);
      throw error;
    }
    const mapping = await readMapping(fs, config);
    const mappingFile = join(dirArg, inRoot(config, MAPPING_FILE));
    if (mapping?.space !== undefined && mapping.space !== spaceId) {
      throw new UsageError(
        `${mappingFile} maps ${dirArg} to space ${mapping.space}, not ${spaceId}: pull ${spaceId} into another folder (\`docs pull ${spaceId} <folder>\`), or remove ${mappingFile} to replace the folder's pages. Nothing was written.`,
      );
    }
    if (mapping === undefined && !this.flags.force) {
      throw new UsageError(
        `${dirArg} is not empty and was not pulled from ${spaceId} (it has no ${mappingFile}): pull into a new folder (\`docs pull ${spaceId} <folder>\`), or pass --force to write into it (files named as the space's pages are overwritten). Nothing was written.`,
      );
    }
  }

  /** How a file of the space is downloaded (tests replace it). */
  static download: (file: RevisionFile) => Promise<Uint8Array | undefined> = download;

  async run(): Promise<PullOutput> {
    const { client, spaceId } = await this.target();
    // No folder named: a new one after the space, as `gh repo clone` makes one after the repository.
    const dirArg = this.args.dir ?? folderNameOf((await client.spaces.get(spaceId)).title, spaceId);
    const dir = resolve(dirArg);
    const info = await stat(dir).catch(() => undefined);
    if (info && !info.isDirectory()) throw new UsageError(`${dirArg} is not a folder: nothing was written.`);
    const fs = nodeFs(dir);
    await this.checkFolder(fs, dirArg, spaceId);
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
          `${plural(changed.length, 'page file')} of ${dirArg} changed since the last pull or push would be overwritten: ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ', …' : ''}. Push them first (\`docs push ${spaceId} ${shellWord(dirArg)}\`), or pass --force. Nothing was written.`,
        );
      }
    }
    const live = runProgress.enabled();
    const source = cr === undefined ? spaceId : `#${changeRequest?.number ?? cr} of ${spaceId}`;
    let result: PullResult;
    try {
      if (live) this.output.progress(`Pulling ${source}: reading the page tree…`);
      result = await pull(fs, new SpaceContent(client, spaceId, changeRequest?.id), {
        download: (file) => Pull.download(file),
        ...(changeRequest ? { changeRequest } : {}),
        force: this.flags.force,
        onPage: (done, total) => {
          if (live) this.output.progress(`Pulling ${source}: ${done}/${total} pages`);
        },
      });
    } catch (error) {
      if (error instanceof FolderError) throw new UsageError(`${error.message}: nothing was written.`);
      if (error instanceof OverwriteError) {
        const shown = error.files.slice(0, 5).join(', ') + (error.files.length > 5 ? ', …' : '');
        throw new CommandError(
          `${dirArg} holds ${plural(error.files.length, 'file')} that no pull wrote, which this pull would overwrite: ${shown}. Pull into a new folder (\`docs pull ${spaceId} <folder>\`), or pass --force to overwrite them. Nothing was written.`,
        );
      }
      throw error;
    } finally {
      if (live) this.output.progress('');
    }
    const warnings = result.warnings.map(({ file, message }) => ({ file, message }));
    if (this.human) {
      for (const warning of warnings) this.output.warn(`${warning.file}: ${warning.message}`);
      for (const file of result.removed) this.output.info(`Removed ${file} (no longer in the space)`);
      this.output.success(
        `Pulled ${plural(result.pages, 'page')} and ${plural(result.files, 'file')} from ${source} into ${dirArg}`,
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
