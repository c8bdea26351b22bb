import type { ContentFile } from '@docs-api/sdk';
import { listFlags } from '../../../base-command.js';
import {
  ChangeRequestCommand,
  contentFlags,
  contentOptions,
  crArg,
  fileSize,
  spaceArg,
} from '../../../lib/change-requests.js';
import { output } from '../../../lib/output.js';

export default class CrContentFiles extends ChangeRequestCommand<typeof CrContentFiles> {
  static override summary = 'List the files of a change request';
  static override examples = [
    '<%= config.bin %> cr content files space_handbook 12',
    '<%= config.bin %> cr content files space_handbook 12 --all --json',
  ];
  static override args = { space: spaceArg, cr: crArg };
  static override flags = { ...listFlags, ...contentFlags };

  async run(): Promise<ContentFile[]> {
    const { client, spaceId, crId } = await this.target();
    const files = await this.collect((limit) =>
      client.changeRequests.content.listFiles(spaceId, crId, { limit, ...contentOptions(this.flags) }),
    );
    if (this.human) {
      output.table(files, [
        { header: 'ID', value: (f) => f.id },
        { header: 'NAME', value: (f) => f.name },
        { header: 'TYPE', value: (f) => f.contentType },
        { header: 'SIZE', value: (f) => fileSize(f.size) },
        {
          header: 'DIMENSIONS',
          value: (f) => (f.dimensions?.width ? `${f.dimensions.width}x${f.dimensions.height ?? '?'}` : ''),
        },
        { header: 'GIT PATH', value: (f) => f.git?.path },
      ]);
    }
    return files;
  }
}
