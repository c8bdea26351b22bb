import type { RevisionFile } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import {
  ChangeRequestCommand,
  contentFlags,
  contentOptions,
  crArg,
  spaceArg,
} from '../../../lib/areas/change-requests.js';
import { fileSize } from '../../../lib/terminal/output.js';

export default class CrContentFiles extends ChangeRequestCommand<typeof CrContentFiles> {
  static override summary = 'List the files of a change request';
  static override description =
    "Lists the files (images, attachments) of the change request's revision.\n\nPrints one row per file: ID, NAME, TYPE, SIZE, DIMENSIONS, GIT PATH. At a terminal it prints a table; piped, tab-separated rows with no header (for cut and awk); with --json, the full objects. --limit (default 30) caps the rows, --all reads every page.\n\nIn a pipeline it never prompts: pass the space id and the change request (number or id), or it exits 2.";
  static override examples = [
    '<%= config.bin %> cr content files space_handbook 1',
    '<%= config.bin %> cr content files space_handbook 1 --all --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = { ...listFlags, ...contentFlags };

  async run(): Promise<RevisionFile[]> {
    const { client, spaceId, crId } = await this.target();
    const files = await this.collect((limit) =>
      client.changeRequests.content.listFiles(spaceId, crId, { limit, ...contentOptions(this.flags) }),
    );
    if (this.human) {
      this.output.table(files, [
        { header: 'ID', value: (f) => f.id },
        { header: 'NAME', value: (f) => f.name, cut: true },
        { header: 'TYPE', value: (f) => f.contentType, priority: 3 },
        { header: 'SIZE', value: (f) => fileSize(f.size), priority: 4 },
        {
          header: 'DIMENSIONS',
          value: (f) => (f.dimensions?.width ? `${f.dimensions.width}x${f.dimensions.height ?? '?'}` : ''),
          priority: 1,
        },
        { header: 'GIT PATH', value: (f) => f.git?.path, cut: true, priority: 2 },
      ]);
    }
    return files;
  }
}
