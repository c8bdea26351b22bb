/// <reference types="node" />
import { createHash } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { frontMatterYaml } from './front-matter.js';

/*
 * One page's file, as the service's Git Sync writes it:
 *
 *     ---
 *     description: What the page is about
 *     icon: book-open
 *     ---
 *
 *     # The page's title
 *
 *     The body, with the service's blocks ({% hint style="info" %} ...) as written.
 *
 * Front matter is optional (`description` and the page's other options: `icon`, `hidden`,
 * `layout`, ...); the title is the first `# ` heading. Line endings are read as LF.
 */

export interface PageFile {
  title?: string;
  description?: string;
  /** Front matter keys other than `description`, as parsed. */
  meta: Record<string, unknown>;
  /** After the title heading; empty, or ending with one newline. */
  body: string;
}

export class PageFileError extends Error {
  override name = 'PageFileError';
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const FENCE = /^---[ \t]*$/;

/** Reads a page file's text. Throws a `PageFileError` for front matter that is not YAML. */
export function parsePageFile(text: string): PageFile {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let index = 0;
  let description: string | undefined;
  const meta: Record<string, unknown> = {};
  if (lines[0] !== undefined && FENCE.test(lines[0])) {
    const end = lines.findIndex((line, at) => at > 0 && FENCE.test(line));
    if (end > 0) {
      let data: unknown;
      try {
        data = parseYaml(lines.slice(1, end).join('\n'));
      } catch (error) {
        throw new PageFileError(`front matter is not YAML: ${(error as Error).message.split('\n')[0]}`, 2);
      }
      if (data !== null && data !== undefined) {
        if (typeof data !== 'object' || Array.isArray(data)) {
          throw new PageFileError('front matter is not a YAML mapping', 2);
        }
        for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
          if (key === 'description' && typeof value === 'string') description = value;
          else if (key === 'description' && (value === null || value === undefined)) continue;
          else meta[key] = value;
        }
      }
      index = end + 1;
    }
  }
  while (index < lines.length && lines[index]?.trim() === '') index++;
  let title: string | undefined;
  const heading = lines[index]?.match(/^# (.*)$/);
  if (heading) {
    title = (heading[1] ?? '').trim();
    index++;
    while (index < lines.length && lines[index]?.trim() === '') index++;
  }
  return {
    ...(title === undefined ? {} : { title }),
    ...(description === undefined ? {} : { description }),
    meta,
    body: canonicalBody(lines.slice(index).join('\n')),
  };
}

/** A body as kept: no blank lines first or last, one final newline unless empty. */
export function canonicalBody(body: string): string {
  const trimmed = body
    .replace(/\r\n?/g, '\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .replace(/\s+$/, '');
  return trimmed ? `${trimmed}\n` : '';
}

/** The front matter block (with its fences and a blank line after), or `''` when there is none. */
export function renderFrontMatter(
  description: string | undefined,
  meta: Record<string, unknown> = {},
): string {
  const data: Record<string, unknown> = {};
  if (description !== undefined && description !== '') data['description'] = description;
  for (const [key, value] of Object.entries(meta)) if (key !== 'description') data[key] = value;
  if (Object.keys(data).length === 0) return '';
  return `---\n${frontMatterYaml(data)}---\n\n`;
}

/**
 * A page file's text: front matter, the title heading, the body. A body that opens with its own
 * `# ` heading (a file whose heading is not the page's title, see `titledPageFile`) is written
 * as it is, without the title's: the file Git Sync had.
 */
export function renderPageFile(page: PageFile): string {
  const body = canonicalBody(page.body);
  const title = page.title === undefined || /^# /.test(body) ? '' : `# ${page.title}\n`;
  return `${renderFrontMatter(page.description, page.meta)}${title}${title && body ? '\n' : ''}${body}`;
}

/**
 * A parsed file as the page `title` names it. The service takes a page's title from its
 * SUMMARY.md entry, the link text (its documentation: `* [Page main title](page.md "Navigation
 * label")`; metalbear-co/docs#216: "The page title comes from the SUMMARY.md link text ... Each
 * page's body H1 already matches the new title, so GitBook dedupes them"). A first heading that
 * is another text is not the title: it stays the body's first block, as Git-Synced files keep it
 * (aviator-co/gitbook-docs: `* [How to Set Up Pre-Queue Conditions](...)` over
 * `# Set up Pre-Queue Conditions`).
 */
export function titledPageFile(parsed: PageFile, title: string): PageFile {
  if (parsed.title === undefined || parsed.title === title) return { ...parsed, title };
  return { ...parsed, title, body: canonicalBody(`# ${parsed.title}\n\n${parsed.body}`) };
}

/** `sha256:<hex>` of a text (UTF-8) or of bytes. */
export function contentHash(data: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(data).digest('hex')}`;
}

/** Strict UTF-8 decoding: `undefined` for bytes that are not UTF-8 text (or hold a NUL). */
export function decodeText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
  return text.includes('\u0000') ? undefined : text;
}

/**
 * The body of a page as the service sends it with `format=markdown`: its markdown may start
 * with front matter and the page's title as a `# ` heading, which the page file holds in their
 * own places. Returns the body alone.
 */
export function bodyOfServiceMarkdown(markdown: string, title: string): string {
  const parsed = parsePageFile(markdown);
  if (parsed.title !== undefined && parsed.title !== title.trim()) {
    // A first heading that is not the title is part of the body.
    return canonicalBody(stripFrontMatter(markdown));
  }
  return parsed.body;
}

function stripFrontMatter(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  if (lines[0] === undefined || !FENCE.test(lines[0])) return lines.join('\n');
  const end = lines.findIndex((line, at) => at > 0 && FENCE.test(line));
  return end > 0
    ? lines
        .slice(end + 1)
        .join('\n')
        .replace(/^\n+/, '')
    : lines.join('\n');
}
