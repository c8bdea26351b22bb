import type { Sandbox } from '@docs-api/sandbox';
import type { UpdateChangeRequestContentBody } from '../src/lib/docs-as-code/changes.js';
import type { PageNode } from '../src/lib/docs-as-code/model.js';
import { eachPage } from '../src/lib/docs-as-code/read.js';
import { relativeLink, rewriteLinks, splitAnchor } from '../src/lib/docs-as-code/links.js';
import { pageFileText, placePages } from '../src/lib/docs-as-code/write.js';
import { FakeSpace } from './fake-space.js';

/*
 * A stand-in for the content operations the sandbox does not keep state for yet (branch
 * sandbox-content makes them stateful): createSpace, listPages, getPageById, getPageByPath,
 * listFiles (of a space and of a change request) and updateChangeRequestContent, served from a
 * FakeSpace per space and per change request, in front of a real sandbox that answers everything
 * else (change requests, merge, reviews, ...). A merge the sandbox accepts copies the request's
 * pages to the space. Files are downloadable at `<origin>/__files/<id>`.
 *
 * `fetch` is a fetch function: give it to the SDK's client in-process, or serve it on a loopback
 * port (test/e2e, test/bench). Remove it once the sandbox's own content handlers land.
 */

interface ContentState {
  space: FakeSpace;
  /** The change request's content, by change request id. */
  requests: Map<string, FakeSpace>;
}

interface PageJson {
  id: string;
  type: string;
  title: string;
  slug: string;
  path: string;
  description?: string;
  linkTitle?: string;
  href?: string;
  updatedAt: string;
  pages: PageJson[];
}

let nextId = 1;
const fileBytes = new Map<string, Uint8Array>();

/** A FakeSpace copy whose new ids never meet another's. */
function copyOf(space: FakeSpace): FakeSpace {
  const copy = new FakeSpace();
  copy.pages = structuredClone(space.pages);
  copy.files = new Map(space.files);
  copy.unresolved = new Map(space.unresolved);
  return copy;
}

FakeSpace.prototype.newId = function newId(prefix: string): string {
  return `${prefix}_c${nextId++}`;
};

const versions = new WeakMap<FakeSpace, number>();
const bump = (space: FakeSpace) => versions.set(space, (versions.get(space) ?? 0) + 1);

interface PullView {
  version: number;
  /** Pages as a pull writes them, their markdown made relative on first read (FakeSpace.pull's rule). */
  nodes: Map<string, PageNode>;
  byPath: Map<string, PageNode>;
  fileOf: Map<string, string>;
  relinked: Set<string>;
}

/** Pull views, cached until the space changes: the tree at once, each page's links when read. */
const pulled = new WeakMap<FakeSpace, PullView>();

function view(space: FakeSpace): PullView {
  const version = versions.get(space) ?? 0;
  const cached = pulled.get(space);
  if (cached && cached.version === version) return cached;
  const make = (pages: FakeSpace['pages'], parent: string): PageNode[] =>
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
        children: make(page.children, path),
      };
    });
  const tree = make(space.pages, '');
  const fileOf = new Map<string, string>();
  for (const [shape, placement] of placePages(tree).placements)
    if (shape.id && placement.file) fileOf.set(shape.id, placement.file);
  const nodes = new Map<string, PageNode>();
  const byPath = new Map<string, PageNode>();
  for (const node of eachPage(tree)) {
    if (node.id) nodes.set(node.id, node);
    byPath.set(node.path, node);
  }
  const made = { version, nodes, byPath, fileOf, relinked: new Set<string>() };
  pulled.set(space, made);
  return made;
}

/** A page of the view with its links relative to its file, as FakeSpace.pull() writes them. */
function pulledPage(space: FakeSpace, node: PageNode | undefined): PageNode | undefined {
  if (!node?.id) return node;
  const current = view(space);
  const from = current.fileOf.get(node.id);
  if (!from || current.relinked.has(node.id)) return node;
  node.markdown = rewriteLinks(node.markdown, (target) => {
    if (target.startsWith('/files/')) {
      const file = space.files.get(target.slice(7));
      return file ? relativeLink(from, `.gitbook/assets/${file.name}`) : undefined;
    }
    if (!target.startsWith('/pages/')) return undefined;
    const { path, anchor } = splitAnchor(target.slice(7));
    const to = current.fileOf.get(path);
    return to ? `${relativeLink(from, to)}${anchor}` : undefined;
  });
  current.relinked.add(node.id);
  return node;
}

const STAMP = '2026-01-05T09:00:00.000Z';

function pagesJson(space: FakeSpace): PageJson[] {
  const make = (pages: ReturnType<FakeSpace['list']>): PageJson[] =>
    pages.map((page) => ({
      id: page.id,
      type: page.kind,
      title: page.title,
      slug: page.path.slice(page.path.lastIndexOf('/') + 1),
      path: page.path,
      ...(page.description === undefined ? {} : { description: page.description }),
      ...(page.linkTitle === undefined ? {} : { linkTitle: page.linkTitle }),
      ...(page.href === undefined ? {} : { href: page.href }),
      updatedAt: STAMP,
      pages: make(page.children),
    }));
  return make(space.list());
}

/** Each page's JSON by id, cached until the space changes. */
const pageIndex = new WeakMap<FakeSpace, { version: number; byId: Map<string, PageJson> }>();

function pageJson(space: FakeSpace, node: PageNode | undefined): Response {
  if (!node?.id) return json({ error: { code: 404, message: 'page not found' } }, 404);
  const version = versions.get(space) ?? 0;
  let index = pageIndex.get(space);
  if (!index || index.version !== version) {
    const byId = new Map<string, PageJson>();
    const walk = (pages: PageJson[]) => {
      for (const page of pages) {
        byId.set(page.id, page);
        walk(page.pages);
      }
    };
    walk(pagesJson(space));
    index = { version, byId };
    pageIndex.set(space, index);
  }
  const page = index.byId.get(node.id);
  return json({ ...page, markdown: node.kind === 'document' ? pageFileText(node) : '' });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ContentApi {
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** The content of a space (its primary revision as the stand-in keeps it). */
  space(id: string): FakeSpace;
  /** Requests served by the stand-in itself, by operation. */
  hits: Map<string, number>;
}

export function contentApi(sandbox: Pick<Sandbox, 'fetch' | 'store'>): ContentApi {
  const states = new Map<string, ContentState>();
  const hits = new Map<string, number>();
  const hit = (name: string) => hits.set(name, (hits.get(name) ?? 0) + 1);
  const stateOf = (space: string): ContentState => {
    let state = states.get(space);
    if (!state) {
      state = { space: new FakeSpace(), requests: new Map() };
      states.set(space, state);
    }
    return state;
  };
  const crId = (space: string, cr: string): string | undefined => {
    for (const row of sandbox.store.changeRequests.values()) {
      if (row.space === space && (row.id === cr || String(row.number) === cr)) return row.id;
    }
    return undefined;
  };
  const contentOf = (space: string, cr: string | undefined): FakeSpace | undefined => {
    const state = stateOf(space);
    if (cr === undefined) return state.space;
    const id = crId(space, cr);
    if (id === undefined) return undefined;
    let content = state.requests.get(id);
    if (!content) {
      content = copyOf(state.space);
      state.requests.set(id, content);
    }
    return content;
  };
  const forward = (request: Request) => sandbox.fetch(request);

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/__files/')) {
      const bytes = fileBytes.get(url.pathname.slice(9));
      return bytes ? new Response(bytes) : new Response('not found', { status: 404 });
    }
    const path = url.pathname.replace(/^\/v1/, '');
    const method = request.method;
    let m: RegExpMatchArray | null;
    if (method === 'POST' && (m = path.match(/^\/orgs\/([^/]+)\/spaces$/))) {
      hit('createSpace');
      const body = (await request.json().catch(() => ({}))) as { title?: string };
      // A real space row in the sandbox (its change requests, merge rules and reviews are the
      // sandbox's): a duplicate of a seeded one, renamed.
      const headers = new Headers(request.headers);
      headers.delete('content-length');
      const made = await sandbox.fetch(
        new Request(new URL('/v1/spaces/space_handbook/duplicate', url), { method: 'POST', headers }),
      );
      if (!made.ok) return made;
      const space = (await made.json()) as { id: string; title?: string };
      const row = sandbox.store.spaces.get(space.id);
      if (row) {
        row.title = body.title ?? 'Untitled';
        row.organization = decodeURIComponent(m[1] ?? '');
      }
      states.set(space.id, { space: new FakeSpace(), requests: new Map() });
      return json({ ...space, ...(row ?? {}), title: body.title ?? 'Untitled' });
    }
    m = path.match(/^\/spaces\/([^/]+)(?:\/change-requests\/([^/]+))?\/content(\/.*)?$/);
    if (m) {
      const [, space = '', cr, rest = ''] = m.map((part) =>
        part === undefined ? undefined : decodeURIComponent(part),
      );
      // Seeded spaces keep the sandbox's own content (its change requests' pages are stateful).
      if (!states.has(space)) return forward(request);
      const content = contentOf(space, cr);
      if (!content) return forward(request);
      if (method === 'GET' && rest === '/pages') {
        hit(cr ? 'listPagesInChangeRequest' : 'listPages');
        return json({ pages: pagesJson(content) });
      }
      if (method === 'GET' && rest.startsWith('/page/') && !rest.slice(6).includes('/')) {
        hit(cr ? 'getPageInChangeRequestById' : 'getPageById');
        return pageJson(content, pulledPage(content, view(content).nodes.get(rest.slice(6))));
      }
      if (method === 'GET' && rest.startsWith('/path/')) {
        hit(cr ? 'getPageInChangeRequestByPath' : 'getPageByPath');
        return pageJson(content, pulledPage(content, view(content).byPath.get(rest.slice(6))));
      }
      if (method === 'GET' && rest === '/files') {
        hit(cr ? 'listFilesInChangeRequestById' : 'listFiles');
        const items = [...content.files].map(([id, file]) => ({
          id,
          name: file.name,
          size: file.size,
          contentType: 'application/octet-stream',
          downloadURL: new URL(`/__files/${id}`, url).toString(),
        }));
        return json({ items, count: items.length });
      }
      if (method === 'POST' && cr !== undefined && rest === '') {
        hit('updateChangeRequestContent');
        const body = (await request.json()) as UpdateChangeRequestContentBody;
        for (const change of body.changes) {
          if (change.operation === 'insert_files') {
            for (const file of change.files)
              (file as { bytes?: Uint8Array }).bytes = Buffer.from(file.base64, 'base64');
          }
        }
        const before = new Set(content.files.keys());
        let answer: { changes: unknown[]; insertedFiles: unknown[] };
        try {
          answer = content.apply(body) as typeof answer;
        } catch (error) {
          return json({ error: { code: 400, message: (error as Error).message } }, 400);
        }
        bump(content);
        // Keep the uploaded bytes, in order, for downloads.
        const uploaded = body.changes.flatMap((change) =>
          change.operation === 'insert_files' ? change.files : [],
        );
        const made = [...content.files.keys()].filter((id) => !before.has(id));
        made.forEach((id, index) => {
          const file = uploaded[index];
          if (file) fileBytes.set(id, Buffer.from(file.base64, 'base64'));
        });
        const id = crId(space, cr) ?? cr;
        const headers = new Headers(request.headers);
        headers.delete('content-length');
        headers.delete('content-type');
        const current = await sandbox.fetch(
          new Request(new URL(`/v1/spaces/${space}/change-requests/${id}`, url), { headers }),
        );
        return json({
          changeRequest: (await current.json()) as unknown,
          changes: answer.changes.map((change) => {
            const c = change as { object: string; page: { id: string } | string; ref?: string };
            const pageId = typeof c.page === 'string' ? c.page : c.page.id;
            return c.object === 'deleted_page'
              ? c
              : {
                  ...c,
                  page: {
                    object: 'page',
                    id: pageId,
                    urls: {
                      location: new URL(
                        `/v1/spaces/${space}/change-requests/${id}/content/page/${pageId}`,
                        url,
                      ).toString(),
                    },
                  },
                };
          }),
          insertedFiles: answer.insertedFiles,
        });
      }
      return forward(request);
    }
    m = path.match(/^\/spaces\/([^/]+)\/change-requests\/([^/]+)\/merge$/);
    if (method === 'POST' && m) {
      const [, space = '', cr = ''] = m;
      const answer = await forward(request);
      if (answer.ok) {
        const id = crId(space, cr);
        const content = id && states.get(space)?.requests.get(id);
        if (content) {
          const state = stateOf(space);
          state.space = copyOf(content);
          bump(state.space);
        }
      }
      return answer;
    }
    return forward(request);
  }

  return {
    fetch: (input, init) =>
      handle(input instanceof Request && init === undefined ? input : new Request(input, init)),
    space: (id) => stateOf(id).space,
    hits,
  };
}
