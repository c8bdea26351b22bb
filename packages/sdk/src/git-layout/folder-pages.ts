import { compareNames } from './fs.js';
import type { FolderReader } from './folder-reader.js';
import type { LocalPage } from './local-page.js';
import { childPath } from './model.js';
import { groupKey, slugify, titleFromName } from './placement.js';

/*
 * The tree of a folder without a SUMMARY.md, inferred as Git Sync does: README.md first, then the
 * other `.md` files and the folders in name order; a folder with a README.md is that page, its
 * other files its children; a top-level folder without one is a group (as the service exports
 * groups); a deeper one an empty page.
 */

export async function pagesFromFolders(reader: FolderReader): Promise<LocalPage[]> {
  return new FolderPages(reader).pages();
}

class FolderPages {
  constructor(readonly reader: FolderReader) {}

  async pages(): Promise<LocalPage[]> {
    const pages: LocalPage[] = [];
    const readme = this.reader.config.readme;
    if ((await this.reader.fs.size(this.reader.shown(readme))) !== undefined) {
      // The space's first page takes a slug made from its title, as the service gives it.
      const page = await this.reader.documentPage(readme, '', undefined, [], (title) => slugify(title));
      if (page) pages.push(page);
    }
    pages.push(...(await this.inferDir('', '', true, new Set([readme, this.reader.config.summary]))));
    return pages;
  }

  async inferDir(dir: string, parentPath: string, top: boolean, skip: Set<string>): Promise<LocalPage[]> {
    const entries = (await this.reader.fs.list(this.reader.shown(dir)))
      .filter((entry) => !entry.name.startsWith('.'))
      .sort((a, b) => compareNames(a.name, b.name));
    const pages: LocalPage[] = [];
    for (const entry of entries) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.kind === 'file') {
        if (!/\.md$/i.test(entry.name) || skip.has(path) || /^readme\.md$/i.test(entry.name)) continue;
        const slug = entry.name.replace(/\.md$/i, '');
        const page = await this.reader.documentPage(path, parentPath, undefined, [], () => slug);
        if (page) pages.push(page);
        continue;
      }
      const readme = (await this.reader.fs.list(this.reader.shown(path))).find(
        (child) => child.kind === 'file' && /^readme\.md$/i.test(child.name),
      );
      const slug = this.reader.slugFor(readme ? `${path}/${readme.name}` : groupKey(path), entry.name);
      const pathHere = childPath(parentPath, slug);
      const children = await this.inferDir(path, pathHere, false, skip);
      if (readme) {
        const page = await this.reader.documentPage(
          `${path}/${readme.name}`,
          parentPath,
          undefined,
          children,
          () => slug,
        );
        if (page) pages.push(page);
      } else if (children.length > 0) {
        pages.push({
          key: top ? groupKey(pathHere) : `${path}/`,
          kind: top ? 'group' : 'document',
          title: titleFromName(entry.name),
          path: pathHere,
          links: [],
          files: [],
          children,
        });
      }
    }
    return pages;
  }

  // -------------------------------------------------------------------------------------------
}
