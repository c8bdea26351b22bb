import { MAX_FILE_BYTES, MAX_FILE_NAME_LENGTH, MAX_FILES_PER_CHANGE } from './changes.js';
import type { PlannedUpload } from './plan.js';
import type { PlanContext } from './plan-space.js';

/** The URL of a file of the folder (its path relative to the folder) under `base`. */
export const fileUrl = (base: string, path: string): string =>
  `${base.replace(/\/+$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}`;

/** Bytes of a file once base64-encoded. */
export const base64Size = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/** Files: unchanged when the mapping has their hash; else uploaded (grouped), or not applied. */
export function planUploads(ctx: PlanContext): Set<string> {
  const { input, layout, mapping, plan, shown, locals } = ctx;
  const uploaded = new Set<string>();
  const maxUploadBytes = input.maxUploadBytes ?? Number.POSITIVE_INFINITY;
  let upload: PlannedUpload | undefined;
  for (const asset of layout.assets) {
    const known = mapping.files[asset.path];
    if (known && known.hash === asset.hash) {
      plan.fileIds.set(asset.path, known.id);
      continue;
    }
    const shownBy = () => {
      const pages = locals
        .filter((page) => page.files.includes(asset.path))
        .map((page) => shown(page.file ?? page.key));
      return pages.length > 0
        ? `; shown by ${pages.slice(0, 3).join(', ')}${pages.length > 3 ? ', …' : ''}`
        : '';
    };
    const name = asset.path.slice(asset.path.lastIndexOf('/') + 1);
    if (name.length > MAX_FILE_NAME_LENGTH) {
      // The document's `name` is 1-256 characters: the service cannot take it under this name.
      plan.notApplied.push({
        key: asset.path,
        what: 'file',
        file: shown(asset.path),
        message: `its name is ${name.length} characters: the API takes a file name of at most ${MAX_FILE_NAME_LENGTH}; rename it (and the links of the pages that show it), then push again${shownBy()}`,
      });
      continue;
    }
    let url: string | undefined;
    if (asset.size > MAX_FILE_BYTES) {
      if (input.filesUrl === undefined) {
        plan.notApplied.push({
          key: asset.path,
          what: 'file',
          file: shown(asset.path),
          message: `is ${asset.size} bytes: the API takes a file inline up to ${MAX_FILE_BYTES} bytes, larger ones by a URL it fetches; give the URL where the folder's files are served (--files-url <base>), or import the repository with Git Sync (docs spaces git import)${shownBy()}`,
        });
        continue;
      }
      url = fileUrl(input.filesUrl, shown(asset.path));
    }
    const bytes = (url === undefined ? base64Size(asset.size) : url.length) + asset.path.length + 96;
    if (!upload || upload.files.length >= MAX_FILES_PER_CHANGE || upload.bytes + bytes > maxUploadBytes) {
      upload = { op: 'insert_files', files: [], bytes: 0 };
      plan.changes.push(upload);
    }
    upload.files.push(asset.path);
    if (url !== undefined) upload.urls = { ...upload.urls, [asset.path]: url };
    upload.bytes += bytes;
    uploaded.add(asset.path);
    plan.counts.uploaded++;
  }
  return uploaded;
}
