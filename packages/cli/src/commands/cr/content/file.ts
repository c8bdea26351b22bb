import { Args } from '../../../oclif.js';
import type { RevisionFile } from '@docs-api/sdk';
import {
  ChangeRequestCommand,
  contentFlags,
  contentOptions,
  crArg,
  pickFile,
  spaceArg,
} from '../../../lib/areas/change-requests.js';
import { fileSize } from '../../../lib/terminal/output.js';

export default class CrContentFile extends ChangeRequestCommand<typeof CrContentFile> {
  static override summary = 'Show one file of a change request';
  static override description =
    "Prints one file of the change request's revision: id, name, content type, size, dimensions of an image, git path and download URL. --json prints the file object.\n\nIn a pipeline it never prompts: pass the space id, the change request (number or id) and the file id, or it exits 2. An unknown file is exit 3.";
  static override examples = [
    '<%= config.bin %> cr content file space_handbook 1 file_logo',
    'curl -o logo.png "$(<%= config.bin %> cr content file space_handbook 1 file_logo --json | jq -r .downloadURL)"',
  ];
  static override args = {
    space: spaceArg,
    cr: crArg,
    file: Args.string({ description: 'File id (picked from a list at a terminal when omitted)' }),
  };
  static override flags = { ...contentFlags };

  async run(): Promise<RevisionFile> {
    const { client, spaceId, crId } = await this.target();
    const fileId = await this.argOrPick(this.args.file, 'the file id', () =>
      pickFile(this.prompts, client, spaceId, crId),
    );
    const file = await client.changeRequests.content.getFile(
      spaceId,
      crId,
      fileId,
      contentOptions(this.flags),
    );
    if (this.human) {
      this.output.fields([
        ['ID', file.id],
        ['Name', file.name],
        ['Type', file.contentType],
        ['Size', fileSize(file.size)],
        [
          'Dimensions',
          file.dimensions?.width ? `${file.dimensions.width}x${file.dimensions.height ?? '?'}` : undefined,
        ],
        ['Git path', file.git?.path],
        ['Download', file.downloadURL],
      ]);
    }
    return file;
  }
}
