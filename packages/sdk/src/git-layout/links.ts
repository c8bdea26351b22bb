/// <reference types="node" />
import { posix } from 'node:path';

/*
 * Links in a page's markdown: the ones to other pages (relative paths to `.md` files, as Git
 * Sync writes them) and to files (`.gitbook/assets/...`). Found outside code (fenced blocks and
 * code spans are skipped), in the forms the service writes:
 *
 *   [text](../guides/setup.md#anchor "title")    ![alt](../.gitbook/assets/a.png)
 *   <img src="../.gitbook/assets/a.png" alt="">   {% content-ref url="setup.md" %}
 *   {% embed url="https://..." %} (an external URL: left alone)
 */

export const ASSETS_DIR = '.gitbook/assets';

/** The space's first page's file at the root, which a link to the root folder means. */
const README_FILE = 'README.md';

/** Where the space's reusable contents are kept, one `.md` file each. */
export const INCLUDES_DIR = '.gitbook/includes';

export interface FoundLink {
  /** The target as written (still percent-encoded). */
  target: string;
  /** 1-based line of the page's body. */
  line: number;
}

// [text](target ...) or ![alt](target ...): target is <...> or runs to a space or `)`.
const MARKDOWN_LINK = /(\]\()(<[^>\n]*>|[^\s)]+)/g;
// src="..." / href="..." in HTML, url="..." in the service's blocks.
const ATTRIBUTE_LINK = /(\b(?:src|href|url)=")([^"\n]*)/g;

type Rewrite = (target: string, line: number) => string | undefined;

/**
 * Calls `rewrite` with each link target outside code, replacing the target with its answer
 * (`undefined`: kept). Returns the new markdown.
 */
export function rewriteLinks(markdown: string, rewrite: Rewrite): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const fenceMatch = line.match(/^ {0,3}(`{3,}|~{3,})/);
    if (fence) {
      if (fenceMatch?.[1] && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length)
        fence = undefined;
      continue;
    }
    if (fenceMatch?.[1]) {
      fence = fenceMatch[1];
      continue;
    }
    lines[index] = mapOutsideCodeSpans(line, (text) => {
      const replace = (_all: string, lead: string, raw: string) => {
        const bracketed = raw.startsWith('<') && raw.endsWith('>');
        const target = bracketed ? raw.slice(1, -1) : raw;
        const next = rewrite(target, index + 1);
        if (next === undefined || next === target) return `${lead}${raw}`;
        // A markdown target with a space or parentheses is written `<...>`, as the service does.
        const wrap = bracketed || (lead === '](' && /[\s()]/.test(next));
        return `${lead}${wrap ? `<${next}>` : next}`;
      };
      return text.replace(MARKDOWN_LINK, replace).replace(ATTRIBUTE_LINK, replace);
    });
  }
  return lines.join('\n');
}

/** Every link target outside code. */
export function findLinks(markdown: string): FoundLink[] {
  const found: FoundLink[] = [];
  rewriteLinks(markdown, (target, line) => {
    found.push({ target, line });
    return undefined;
  });
  return found;
}

function mapOutsideCodeSpans(line: string, map: (text: string) => string): string {
  if (!line.includes('`')) return map(line);
  const parts = line.split(/(`+[^`]*`+)/);
  return parts.map((part, index) => (index % 2 === 1 ? part : map(part))).join('');
}

/** A link target that leaves the folder's pages alone: a URL, a mail link, an anchor. */
export const isExternal = (target: string): boolean =>
  /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('#');

/** Splits `path#anchor` (and drops a `?query`). */
export function splitAnchor(target: string): { path: string; anchor: string } {
  const hash = target.indexOf('#');
  const path = hash < 0 ? target : target.slice(0, hash);
  const anchor = hash < 0 ? '' : target.slice(hash);
  const query = path.indexOf('?');
  return { path: query < 0 ? path : path.slice(0, query), anchor };
}

/** Percent-decodes a link path; the path as written when it is not valid encoding. */
export function decodeLinkPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A path as a link target: spaces, `%`, `#`, `?`, parentheses and angle brackets encoded, other
 * characters (unicode included) kept as they are.
 */
export function encodeLinkPath(path: string): string {
  return path.replace(/[%\s#?()<>"]/g, (char) => encodeURIComponent(char));
}

/**
 * The folder path (relative to the content root) a relative link in the file `from` points to;
 * `undefined` when it leaves the folder or is not a relative path.
 */
export function resolveRelative(from: string, target: string): string | undefined {
  if (isExternal(target)) return undefined;
  const { path } = splitAnchor(target);
  if (!path) return undefined;
  const decoded = decodeLinkPath(path);
  const joined = (
    decoded.startsWith('/')
      ? posix.normalize(decoded.slice(1))
      : posix.normalize(posix.join(posix.dirname(from), decoded))
  ).replace(/\/$/, '');
  if (joined === '..' || joined.startsWith('../')) return undefined;
  // The root folder is the space's first page: Git Sync links it as `./` or `../`.
  return joined === '.' ? README_FILE : joined;
}

/**
 * The relative link from the file `from` to the folder path `to`, as Git Sync writes it: the
 * name as it is (`../.gitbook/assets/Docs sites.jpg`; `rewriteLinks` puts a markdown target with
 * a space in `<...>`), only `%`, `#`, `?`, `<`, `>` and `"` encoded, which would change its meaning.
 */
export function relativeLink(from: string, to: string): string {
  const relative = posix.relative(posix.dirname(from), to) || posix.basename(to);
  return relative.replace(/[%#?<>"]/g, (char) => encodeURIComponent(char));
}

/**
 * The relative link from the file `from` to the page whose file is `to`, as the service's Git
 * Sync writes it in a page: a page with pages (a `README.md`) is linked as its folder
 * (`../publish/embedding/`, `./` or `../` for the space's first page, which `resolveRelative`
 * reads back), the others as their file. Measured in GitbookIO/public-docs, in the lines its Git
 * Sync wrote (400 `GITBOOK-` commits): 670 markdown links, 129 `href`s and 12 content refs to a
 * folder (`./` or `../` for the first page 16 and 7 times), none to a `README.md` outside examples. SUMMARY.md keeps `README.md` (summary.ts).
 */
export function pageLink(from: string, to: string): string {
  if (!/(^|\/)README\.md$/i.test(to)) return relativeLink(from, to);
  const folder = posix.relative(posix.dirname(from), posix.dirname(to));
  return (folder ? `${folder}/` : './').replace(/[%#?<>"]/g, (char) => encodeURIComponent(char));
}

/** Whether a folder path is one of the space's files. */
export const isAssetPath = (path: string): boolean => path.startsWith(`${ASSETS_DIR}/`);
