import type { DocsClient, RevisionFile } from '@docs-api/sdk';
import {
  CONFIG_FILE,
  ConfigError,
  DEFAULT_CONFIG,
  MAPPING_FILE,
  MappingError,
  bodyOfServiceMarkdown,
  inRoot,
  isExternal,
  parseConfig,
  parseMapping,
  parsePageFile,
  pageLink,
  relativeLink,
  remotePages,
  rewriteLinks,
  splitAnchor,
  decodeLinkPath,
  type ContentConfig,
  type KeptPage,
  type LayoutFs,
  type PageNode,
  type RemotePage,
  type SyncMapping,
} from './index.js';

/*
 * What `docs pull` and `docs push` share over the SDK: a space's or a change request's content
 * (`SpaceContent`), a page of the service made into a page's file (`pageNodeOf`), the folder's
 * `.gitbook.yaml` and mapping, and bounded concurrency. Nothing here prints.
 */

/** How many page reads are in flight at once: modest, under the client's throttle and rate limit. */
export const DEFAULT_CONCURRENCY = 4;

/** A space's primary content, or a change request's. */
export class SpaceContent {
  constructor(
    readonly client: DocsClient,
    readonly space: string,
    readonly changeRequest?: string,
  ) {}

  /** The page tree (`listPages`, or `listPagesInChangeRequest`). */
  async pages(): Promise<RemotePage[]> {
    const { client, space, changeRequest } = this;
    const answer =
      changeRequest === undefined
        ? await client.spaces.content.listPages(space)
        : await client.changeRequests.content.listPages(space, changeRequest);
    return remotePages(answer.pages);
  }

  /**
   * One page with its markdown (`getPageById`, `format=markdown`), without the Git metadata a
   * page's file does not need (`metadata=false`: the tree gives each page's file).
   */
  async page(id: string): Promise<ServicePage> {
    const { client, space, changeRequest } = this;
    const query = { format: 'markdown' as const, metadata: false };
    const page =
      changeRequest === undefined
        ? await client.spaces.content.getPage(space, id, query)
        : await client.changeRequests.content.getPage(space, changeRequest, id, query);
    return page as ServicePage;
  }

  /** One page by its slug path (`getPageByPath`, `format=markdown`). */
  async pageByPath(path: string): Promise<ServicePage> {
    const { client, space, changeRequest } = this;
    const query = { format: 'markdown' as const };
    const page =
      changeRequest === undefined
        ? await client.spaces.content.getPageByPath(space, path, query)
        : await client.changeRequests.content.getPageByPath(space, changeRequest, path, query);
    return page as ServicePage;
  }

  /** The space's files (images, attachments), page by page. */
  files(): AsyncIterable<RevisionFile> {
    const { client, space, changeRequest } = this;
    return changeRequest === undefined
      ? client.spaces.content.listFiles(space, { limit: 100 })
      : client.changeRequests.content.listFiles(space, changeRequest, { limit: 100 });
  }
}

/** The fields of a page answer read here (any type: document, group, link). */
export interface ServicePage {
  id: string;
  type?: string;
  title?: string;
  path?: string;
  slug?: string;
  description?: string;
  linkTitle?: string;
  href?: string;
  /** The page's options Git Sync keeps in front matter (`RevisionPageBase.icon`, `emoji`, `hidden`). */
  icon?: string;
  emoji?: string;
  hidden?: boolean;
  updatedAt?: string;
  markdown?: string;
  pages?: unknown[];
  urls?: { app?: string };
}

// -------------------------------------------------------------------------------------------
// From the service's markdown to a page's file

/** Where links point when a page is written: page ids and slug paths to files, file ids to assets. */
export interface LinkTargets {
  fileOfPage: ReadonlyMap<string, string>;
  fileOfPath: ReadonlyMap<string, string>;
  assetOfFile: ReadonlyMap<string, string>;
}

/**
 * A page as its file holds it: title and description in their places, the body with links the
 * service gives as `/pages/<id or path>` or `/files/<id>` made relative to the page's file
 * (relative links, the service's default form, are kept as they are).
 */
export function pageNodeOf(
  page: ServicePage,
  remote: KeptPage,
  file: string,
  targets: LinkTargets,
): PageNode {
  const markdown = page.markdown ?? '';
  const title = remote.title || page.title || '';
  const parsed = parsePageFile(markdown);
  const body = rewriteLinks(bodyOfServiceMarkdown(markdown, title), (target) => {
    if (isExternal(target) || !target.startsWith('/')) return undefined;
    const { path, anchor } = splitAnchor(target);
    if (path.startsWith('/files/')) {
      const asset = targets.assetOfFile.get(decodeLinkPath(path.slice(7)));
      return asset === undefined ? undefined : relativeLink(file, asset);
    }
    if (!path.startsWith('/pages/')) return undefined;
    const rest = decodeLinkPath(path.slice(7)).replace(/(\/README)?\.md$/i, '');
    const to = targets.fileOfPage.get(rest) ?? targets.fileOfPath.get(rest);
    return to === undefined ? undefined : `${pageLink(file, to)}${anchor}`;
  });
  const description = page.description ?? remote.description ?? parsed.description;
  // The page's options are fields of the answer; Git Sync writes them in front matter.
  const meta: Record<string, unknown> = {
    ...(typeof page.icon === 'string' ? { icon: page.icon } : {}),
    ...(typeof page.emoji === 'string' ? { emoji: page.emoji } : {}),
    ...(page.hidden === true ? { hidden: true } : {}),
    ...parsed.meta,
  };
  return {
    id: remote.id,
    kind: remote.kind,
    title,
    path: remote.path,
    ...(description ? { description } : {}),
    ...(Object.keys(meta).length > 0 ? { meta } : {}),
    markdown: body,
    files: [],
    children: [],
  };
}

/** Thrown for a folder whose `.gitbook.yaml` cannot be read: nothing was written. */
export class FolderError extends Error {
  override name = 'FolderError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}

/** The folder's `.gitbook.yaml` (kept as written), or the defaults. */
export async function readConfig(fs: LayoutFs): Promise<ContentConfig> {
  const bytes = await fs.read(CONFIG_FILE);
  if (!bytes) return DEFAULT_CONFIG;
  try {
    return parseConfig(new TextDecoder().decode(bytes));
  } catch (error) {
    if (error instanceof ConfigError) throw new FolderError(CONFIG_FILE, error.message);
    throw error;
  }
}

/** The folder's mapping, if it has one that can be read. */
export async function readMapping(fs: LayoutFs, config: ContentConfig): Promise<SyncMapping | undefined> {
  const bytes = await fs.read(inRoot(config, MAPPING_FILE));
  if (!bytes) return undefined;
  try {
    return parseMapping(new TextDecoder().decode(bytes));
  } catch (error) {
    if (error instanceof MappingError) return undefined;
    throw error;
  }
}

/** Runs `work` over `items` with at most `limit` at once, in order of start. */
export async function eachLimited<T>(
  items: Iterable<T>,
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  const iterator = [...items].entries();
  const worker = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      const [index, item] = next.value;
      await work(item, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
}
