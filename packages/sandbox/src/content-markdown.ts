import { parse as parseYaml } from 'yaml';
import type { JSONDocumentParam } from '@docs-api/sdk/contract';
import { frontMatterYaml } from '@docs-api/sdk/git-layout';
import type { PageRow } from './content.js';

/*
 * A page's markdown as sent (`updateChangeRequestContent`) or imported (a Git Sync folder), the
 * way Git Sync reads a page's file:
 *
 *     ---
 *     description: What the page is about
 *     icon: book-open
 *     ---
 *
 *     # The page's title
 *
 *     The body.
 *
 * The front matter sets the page's options; its first `# ` heading is its title (both take
 * precedence over the fields of the change, as the published document says of the title); the
 * rest is the body, which is what the sandbox stores (normalized, see content-normalize.ts). A
 * front matter `title` is the title before the heading: a heading that is another text is then
 * not the title, and stays the body's first block (as Git Sync keeps a heading that is not the
 * page's title, see the SDK's `titledPageFile`).
 */

/** The options front matter can set, with the page field each one sets. */
const OPTION_KEYS = ['title', 'description', 'emoji', 'icon', 'hidden', 'noIndex', 'noRobotsIndex'] as const;

export interface PageMarkdown {
  /** Options set by the front matter and the title heading. */
  options: Partial<
    Pick<PageRow, 'title' | 'description' | 'emoji' | 'icon' | 'hidden' | 'noIndex' | 'noRobotsIndex'>
  >;
  /** Front matter keys the page has no field for (`layout`, ...); undefined without front matter. */
  meta: Record<string, unknown> | undefined;
  /** The markdown after the front matter and the title heading. */
  body: string;
  /** The leading `# ` heading was read as the title, and is not in `body`. */
  headingIsTitle: boolean;
  /**
   * That heading's text as written (closing #s kept, as the SDK's `parsePageFile` reads it): what
   * a body that puts the heading back writes.
   */
  writtenHeading?: string;
}

/** Front matter that is not a YAML mapping. */
export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

const FENCE = /^---[ \t]*$/;

export function parsePageMarkdown(markdown: string): PageMarkdown {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let index = 0;
  const options: PageMarkdown['options'] = {};
  let meta: Record<string, unknown> | undefined;
  if (lines[0] !== undefined && FENCE.test(lines[0])) {
    const end = lines.findIndex((line, at) => at > 0 && FENCE.test(line));
    if (end > 0) {
      let data: unknown;
      try {
        data = parseYaml(lines.slice(1, end).join('\n'));
      } catch (error) {
        throw new FrontMatterError(
          `the front matter is not YAML: ${(error as Error).message.split('\n')[0]}`,
        );
      }
      if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data)))
        throw new FrontMatterError('the front matter is not a YAML mapping');
      meta = {};
      for (const [key, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
        if (!(OPTION_KEYS as readonly string[]).includes(key)) {
          meta[key] = value;
          continue;
        }
        const option = key as (typeof OPTION_KEYS)[number];
        if (option === 'hidden' || option === 'noIndex' || option === 'noRobotsIndex') {
          if (typeof value === 'boolean') options[option] = value;
        } else if (typeof value === 'string' || typeof value === 'number') {
          const text = String(value);
          if (option !== 'title' || text.trim()) options[option] = option === 'title' ? text.trim() : text;
        }
      }
      index = end + 1;
    }
  }
  while (index < lines.length && lines[index]?.trim() === '') index++;
  // An ATX heading: its closing #s (after a space) are not part of it.
  const heading = /^# +(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(lines[index] ?? '')?.[1]?.trim();
  const headingIsTitle =
    heading !== undefined && heading !== '' && (options.title === undefined || options.title === heading);
  const writtenHeading = headingIsTitle ? (lines[index] ?? '').slice(2).trim() : undefined;
  if (headingIsTitle) {
    options.title = heading;
    index++;
    while (index < lines.length && lines[index]?.trim() === '') index++;
  }
  return {
    options,
    meta,
    body: lines.slice(index).join('\n'),
    headingIsTitle,
    ...(writtenHeading === undefined ? {} : { writtenHeading }),
  };
}

/** A page's file as a Git export writes it: front matter, the title heading, the body. */
export function renderPageFile(page: PageRow, body: string): string {
  const data: Record<string, unknown> = {};
  if (page.description) data.description = page.description;
  if (page.icon !== undefined) data.icon = page.icon;
  if (page.emoji !== undefined) data.emoji = page.emoji;
  if (page.hidden) data.hidden = true;
  if (page.noIndex) data.noIndex = true;
  if (page.noRobotsIndex) data.noRobotsIndex = true;
  for (const [key, value] of Object.entries(page.meta ?? {})) if (!(key in data)) data[key] = value;
  const front = Object.keys(data).length ? `---\n${frontMatterYaml(data)}---\n\n` : '';
  const text = body.replace(/^\n+/, '');
  // A body that opens with its own heading (not the title's) is the file Git Sync had.
  if (text.startsWith('# ')) return `${front}${text}`;
  return `${front}# ${page.title}\n${text ? `\n${text}` : ''}`;
}

/**
 * A rich-text document as markdown, roughly (the inverse of `markdownDocument`): headings as
 * `#`, `##`, `###`, every other block as its text, one blank line between blocks.
 */
export function documentMarkdown(document: JSONDocumentParam): string {
  const text = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const { leaves, nodes } = node as { leaves?: Array<{ text?: unknown }>; nodes?: unknown[] };
    if (Array.isArray(leaves))
      return leaves.map((leaf) => (typeof leaf.text === 'string' ? leaf.text : '')).join('');
    return Array.isArray(nodes) ? nodes.map(text).join('') : '';
  };
  const levels: Record<string, string> = { 'heading-1': '#', 'heading-2': '##', 'heading-3': '###' };
  return (document.nodes ?? [])
    .map((node) => {
      const type = (node as { type?: unknown }).type;
      const prefix = typeof type === 'string' ? levels[type] : undefined;
      const content = text(node).trim();
      return prefix ? `${prefix} ${content}` : content;
    })
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A slug made from a title: lowercase letters, digits and hyphens (the rule of the docs-as-code
 * library, `slugify` in packages/cli/src/lib/docs-as-code/placement.ts).
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'page';
}

/** Why a slug cannot be a page's slug, or undefined when it can. */
export function slugProblem(slug: string): string | undefined {
  if (!slug.trim()) return 'is empty';
  if (slug.includes('/')) return 'holds a "/" (a slug is one segment of the page\'s path)';
  if (/\s/.test(slug)) return 'holds white space';
  if (slug === '.' || slug === '..') return `cannot be "${slug}"`;
  return undefined;
}
