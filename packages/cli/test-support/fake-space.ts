import { normalizeStoredMarkdown } from '@docs-api/sandbox';
import type {
  ChangeRequestContentChange,
  UpdateChangeRequestContentBody,
} from '../src/lib/docs-as-code/changes.js';
import { rewriteLinks, relativeLink, splitAnchor } from '../src/lib/docs-as-code/links.js';
import type { PageKind, PageNode } from '../src/lib/docs-as-code/model.js';
import { parsePageFile } from '../src/lib/docs-as-code/page-file.js';
import { slugify } from '../src/lib/docs-as-code/placement.js';
import type { RemotePage } from '../src/lib/docs-as-code/remote.js';
import { placePages } from '../src/lib/docs-as-code/write.js';

/*
 * A space in memory that applies `updateChangeRequestContent` bodies as the published document
 * describes them (tests of the plan and the batches; the sandbox implements the same later):
 * changes applied in order, atomically (an invalid change rejects the whole batch), slugs unique
 * among siblings, `at` the index among the new siblings, links between pages resolved when a
 * page's document is written (`/pages/<id>`, `/pages/<slug path>`; one that does not resolve is
 * kept as its text), files as `/files/<id>`, stored markdown normalized as the sandbox does.
 * `pull()` gives its pages as a pull writes them: links relative to each page's file.
 */

interface FakePage {
  id: string;
  kind: PageKind;
  title: string;
  slug: string;
  description?: string;
  linkTitle?: string;
  href?: string;
  meta?: Record<string, unknown>;
  /** Links to pages as `/pages/<id>`, to files as `/files/<id>`. */
  markdown: string;
  children: FakePage[];
}

export class FakeSpace {
  pages: FakePage[] = [];
  /** Files inserted: their bytes' size when sent inline, the URL the service would fetch otherwise. */
  files = new Map<string, { name: string; size?: number; url?: string }>();
  /** By page: the links its document holds as text, because they did not resolve when written. */
  unresolved = new Map<string, string[]>();
  requests = 0;
  private next = 1;

  /** A space holding `pages` (ids kept; the ones without get one). */
  static from(pages: readonly PageNode[]): FakeSpace {
    const space = new FakeSpace();
    const make = (page: PageNode): FakePage => ({
      id: page.id ?? space.newId('pg'),
      kind: page.kind,
      title: page.title,
      slug: page.path.slice(page.path.lastIndexOf('/') + 1),
      ...(page.description === undefined ? {} : { description: page.description }),
      ...(page.linkTitle === undefined ? {} : { linkTitle: page.linkTitle }),
      ...(page.href === undefined ? {} : { href: page.href }),
      ...(page.meta === undefined ? {} : { meta: page.meta }),
      markdown: '',
      children: page.children.map(make),
    });
    space.pages = pages.map(make);
    return space;
  }

  newId(prefix: string): string {
    return `${prefix}_${this.next++}`;
  }

  /** The `listPages` tree. */
  list(): RemotePage[] {
    const view = (pages: FakePage[], parent: string): RemotePage[] =>
      pages.map((page) => {
        const path = parent ? `${parent}/${page.slug}` : page.slug;
        return {
          id: page.id,
          kind: page.kind,
          title: page.title,
          path,
          ...(page.linkTitle === undefined ? {} : { linkTitle: page.linkTitle }),
          ...(page.description === undefined ? {} : { description: page.description }),
          ...(page.href === undefined ? {} : { href: page.href }),
          children: view(page.children, path),
        };
      });
    return view(this.pages, '');
  }

  /** Applies a body atomically; the answer is the one `compat=false` gives. */
  apply(body: UpdateChangeRequestContentBody): unknown {
    this.requests++;
    if (body.changes.length < 1 || body.changes.length > 50)
      throw new Error(`${body.changes.length} changes`);
    const saved = structuredClone({
      pages: this.pages,
      files: [...this.files],
      unresolved: [...this.unresolved],
    });
    const changes: unknown[] = [];
    const insertedFiles: unknown[] = [];
    try {
      for (const change of body.changes) this.applyOne(change, changes, insertedFiles);
    } catch (error) {
      this.pages = saved.pages;
      this.files = new Map(saved.files);
      this.unresolved = new Map(saved.unresolved);
      throw error;
    }
    return { changeRequest: { id: 'cr_1' }, changes, insertedFiles };
  }

  private applyOne(change: ChangeRequestContentChange, changes: unknown[], insertedFiles: unknown[]): void {
    switch (change.operation) {
      case 'insert_files':
        for (const file of change.files) {
          const id = this.newId('fl');
          this.files.set(
            id,
            'base64' in file
              ? { name: file.name, size: Buffer.from(file.base64, 'base64').byteLength }
              : { name: file.name, url: file.url },
          );
          insertedFiles.push({ id, name: file.name, contentType: file.contentType });
        }
        return;
      case 'delete_page': {
        const found = this.find(change.page);
        found.siblings.splice(found.siblings.indexOf(found.page), 1);
        this.unresolved.delete(change.page);
        changes.push({ object: 'deleted_page', page: change.page });
        return;
      }
      case 'insert_page': {
        const siblings = change.into === undefined ? this.pages : this.find(change.into).page.children;
        const title = change.title ?? 'Untitled';
        const page: FakePage = {
          id: this.newId('pg'),
          kind: 'document',
          title,
          slug: '',
          markdown: '',
          children: [],
        };
        page.slug = change.slug ?? slugify(title);
        this.checkSlug(siblings, page, page.slug);
        const at = change.at ?? siblings.length;
        if (at > siblings.length) throw new Error(`at ${at} is past the end`);
        siblings.splice(at, 0, page);
        this.setDocument(page, change.document.markdown, change.description);
        changes.push({
          object: 'created_page',
          ...(change.ref ? { ref: change.ref } : {}),
          page: { id: page.id },
        });
        return;
      }
      case 'update_page': {
        const found = this.find(change.page);
        const { page } = found;
        if (change.at !== undefined && !('into' in change)) throw new Error('at without into');
        if ('into' in change) {
          const target =
            change.into === null || change.into === undefined
              ? this.pages
              : this.find(change.into).page.children;
          if (change.into && this.isWithin(change.into, page)) throw new Error('moved under itself');
          found.siblings.splice(found.siblings.indexOf(page), 1);
          const at = change.at ?? target.length;
          if (at > target.length) throw new Error(`at ${at} is past the end`);
          target.splice(at, 0, page);
          this.checkSlug(target, page, change.slug ?? page.slug);
        }
        if (change.slug !== undefined) {
          this.checkSlug(this.find(page.id).siblings, page, change.slug);
          page.slug = change.slug;
        }
        if (change.title !== undefined) page.title = change.title;
        if (change.document) this.setDocument(page, change.document.markdown, change.description);
        else if (change.description !== undefined) page.description = change.description;
        changes.push({ object: 'updated_page', page: { id: page.id } });
        return;
      }
    }
  }

  private checkSlug(siblings: FakePage[], page: FakePage, slug: string): void {
    if (siblings.some((other) => other !== page && other.slug === slug))
      throw new Error(`slug "${slug}" is taken`);
  }

  private isWithin(id: string, ancestor: FakePage): boolean {
    if (ancestor.id === id) return true;
    return ancestor.children.some((child) => this.isWithin(id, child));
  }

  private setDocument(page: FakePage, markdown: string, description: string | undefined): void {
    const parsed = parsePageFile(markdown);
    if (description !== undefined) {
      if (description) page.description = description;
      else delete page.description;
    }
    if (parsed.description !== undefined) page.description = parsed.description;
    if (Object.keys(parsed.meta).length > 0) page.meta = parsed.meta;
    else delete page.meta;
    const body = markdown.startsWith('---') ? parsed.body : markdown;
    const unresolved: string[] = [];
    const resolved = rewriteLinks(body, (target) => {
      if (target.startsWith('/files/')) return this.files.has(target.slice(7)) ? undefined : '#unresolved';
      if (!target.startsWith('/pages/')) return undefined;
      const { path, anchor } = splitAnchor(target.slice(7));
      const id = this.resolvePage(decodeURIComponent(path));
      if (id === undefined) {
        unresolved.push(target);
        return '#unresolved';
      }
      return `/pages/${id}${anchor}`;
    });
    page.markdown = normalizeStoredMarkdown(resolved);
    if (unresolved.length > 0) this.unresolved.set(page.id, unresolved);
    else this.unresolved.delete(page.id);
  }

  private resolvePage(path: string): string | undefined {
    const search = (pages: RemotePage[]): string | undefined => {
      for (const page of pages) {
        if (page.id === path || page.path === path) return page.id;
        const found = search(page.children);
        if (found !== undefined) return found;
      }
      return undefined;
    };
    return search(this.list());
  }

  private find(id: string): { page: FakePage; siblings: FakePage[] } {
    const search = (pages: FakePage[]): { page: FakePage; siblings: FakePage[] } | undefined => {
      for (const page of pages) {
        if (page.id === id) return { page, siblings: pages };
        const found = search(page.children);
        if (found) return found;
      }
      return undefined;
    };
    const found = search(this.pages);
    if (!found) throw new Error(`no page ${id}`);
    return found;
  }

  /** The pages as a pull writes them: links relative to each page's file. */
  pull(): PageNode[] {
    const nodes = (pages: FakePage[], parent: string): PageNode[] =>
      pages.map((page) => {
        const path = parent ? `${parent}/${page.slug}` : page.slug;
        return {
          id: page.id,
          kind: page.kind,
          title: page.title,
          path,
          ...(page.description === undefined ? {} : { description: page.description }),
          ...(page.linkTitle === undefined ? {} : { linkTitle: page.linkTitle }),
          ...(page.href === undefined ? {} : { href: page.href }),
          ...(page.meta === undefined ? {} : { meta: page.meta }),
          markdown: page.markdown,
          files: [],
          children: nodes(page.children, path),
        };
      });
    const tree = nodes(this.pages, '');
    const { placements } = placePages(tree);
    const fileOf = new Map<string, string>();
    for (const [shape, placement] of placements)
      if (shape.id && placement.file) fileOf.set(shape.id, placement.file);
    const relink = (pages: PageNode[]) => {
      for (const page of pages) {
        const from = page.id === undefined ? undefined : fileOf.get(page.id);
        if (from) {
          page.markdown = rewriteLinks(page.markdown, (target) => {
            if (target.startsWith('/files/')) {
              const file = this.files.get(target.slice(7));
              return file ? relativeLink(from, `.gitbook/assets/${file.name}`) : undefined;
            }
            if (!target.startsWith('/pages/')) return undefined;
            const { path, anchor } = splitAnchor(target.slice(7));
            const to = fileOf.get(path);
            return to ? `${relativeLink(from, to)}${anchor}` : undefined;
          });
          const files = new Set<string>();
          for (const match of page.markdown.matchAll(/\.gitbook\/assets\/[^)"\s]+/g)) {
            files.add(decodeURIComponent(match[0]));
          }
          page.files = [...files];
        }
        relink(page.children);
      }
    };
    relink(tree);
    return tree;
  }
}
