import { parse as parseYaml } from 'yaml';
import { decodeLinkPath, encodeLinkPath } from './links.js';

/*
 * SUMMARY.md, the table of contents as Git Sync reads and writes it:
 *
 *     # Table of contents
 *
 *     * [What is it?](README.md)
 *
 *     ## Guides                                  <- a group (a `##` heading)
 *
 *     * [Getting started](guides/getting-started/README.md)
 *       * [Install](guides/getting-started/install.md "Setup")   <- nested; "Setup": link title
 *     * [Status page](https://status.example.com)                 <- a link page
 *
 * Order is the tree's order; nesting is indentation (any consistent width: the service writes
 * 2 spaces, its documentation shows 4); link text is the page's title, and a quoted title after
 * the target is the title the table of contents shows instead.
 */

export interface SummaryEntry {
  /** The link text; `''` for a computed entry, which has none. */
  title: string;
  /** The target as written, decoded: a path relative to SUMMARY.md, or a URL; `''` when computed. */
  target: string;
  linkTitle?: string;
  /**
   * A computed page (an item whose text is a fenced ```yaml block, as the service writes an API
   * reference built from an OpenAPI spec): the block's YAML as written, without its fences or
   * the item's indentation, and its parsed `type` (`builtin:openapi`).
   */
  computed?: { type: string; definition: string; data: Record<string, unknown> };
  /** 1-based line in SUMMARY.md. */
  line: number;
  children: SummaryEntry[];
}

export interface SummarySection {
  /** The `##` heading, without its HTML anchor; `undefined` for the entries before the first heading. */
  group?: string;
  /** The id of the heading's `<a href="#x" id="x"></a>`, when it has one (the service writes it). */
  anchor?: string;
  line: number;
  entries: SummaryEntry[];
}

export interface SummaryProblem {
  line: number;
  message: string;
}

const ITEM = /^([ \t]*)[*+-][ \t]+\[((?:\\.|[^\]\\])*)\]\((.*)\)[ \t]*$/;
const HEADING = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
// A computed entry opens with a fence as the item's text: `* ```yaml`.
const FENCED_ITEM = /^([ \t]*)[*+-][ \t]+(`{3,}|~{3,})[ \t]*([\w-]*)[ \t]*$/;
// The anchor the service puts after a group's title: `## Guides <a href="#guides" id="guides"></a>`.
const HEADING_ANCHOR =
  /[ \t]*<a\b[^>]*\bid="([^"]*)"[^>]*>[ \t]*<\/a>[ \t]*$|[ \t]*<a\b[^>]*>[ \t]*<\/a>[ \t]*$/;
// Invisible characters people's editors leave in files (a zero-width space before a key).
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/** A line without invisible characters (zero-width spaces, joiners, BOM). */
export const withoutInvisible = (text: string): string => text.replace(INVISIBLE, '');

/** A group heading's title and anchor: the HTML anchor the service appends is not part of the title. */
export function splitGroupHeading(text: string): { title: string; anchor?: string } {
  const match = HEADING_ANCHOR.exec(text);
  if (!match) return { title: unescapeText(text.trim()) };
  const title = unescapeText(text.slice(0, match.index).trim());
  return match[1] ? { title, anchor: match[1] } : { title };
}

/** Reads SUMMARY.md. Lines it does not understand are problems, and skipped. */
export function parseSummary(text: string): { sections: SummarySection[]; problems: SummaryProblem[] } {
  const sections: SummarySection[] = [{ line: 1, entries: [] }];
  const problems: SummaryProblem[] = [];
  // The open entries, outermost first, with their indentation.
  let stack: { indent: number; entry: SummaryEntry }[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const add = (indent: number, entry: SummaryEntry) => {
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.entry.children.push(entry);
    else sections.at(-1)?.entries.push(entry);
    stack.push({ indent, entry });
  };
  for (let index = 0; index < lines.length; index++) {
    const line = index + 1;
    const raw = withoutInvisible(lines[index] ?? '');
    // Blank lines, `***`/`---` rules and empty `*` items carry nothing.
    if (
      raw.trim() === '' ||
      /^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*$/.test(raw) ||
      /^[ \t]*[*+-][ \t]*$/.test(raw)
    )
      continue;
    const fenced = FENCED_ITEM.exec(raw);
    if (fenced) {
      const indent = width(fenced[1] ?? '');
      const fence = fenced[2] ?? '```';
      const body: string[] = [];
      let end = index + 1;
      // Bounded by the file's lines: an unclosed fence runs to the end.
      while (end < lines.length && !isFenceClose(lines[end] ?? '', fence)) body.push(lines[end++] ?? '');
      index = end;
      const contentIndent = Math.min(
        ...body.filter((row) => row.trim() !== '').map((row) => width(/^[ \t]*/.exec(row)?.[0] ?? '')),
      );
      const definition = body
        .map((row) =>
          row.trim() === '' ? '' : dedent(row, Number.isFinite(contentIndent) ? contentIndent : 0),
        )
        .join('\n');
      let data: unknown;
      try {
        data = parseYaml(withoutInvisible(definition));
      } catch (error) {
        problems.push({
          line,
          message: `a computed entry is not YAML: ${(error as Error).message.split('\n')[0]}`,
        });
        continue;
      }
      const record =
        data !== null && typeof data === 'object' && !Array.isArray(data)
          ? (data as Record<string, unknown>)
          : {};
      const type = record['type'];
      if (typeof type !== 'string' || type === '') {
        problems.push({ line, message: 'a computed entry has no `type` (such as builtin:openapi)' });
        continue;
      }
      add(indent, {
        title: '',
        target: '',
        computed: { type, definition, data: record },
        line,
        children: [],
      });
      continue;
    }
    const heading = raw.match(HEADING);
    if (heading) {
      const level = heading[1]?.length ?? 1;
      if (level >= 2) {
        const { title, anchor } = splitGroupHeading(heading[2] ?? '');
        sections.push({ group: title, ...(anchor === undefined ? {} : { anchor }), line, entries: [] });
        stack = [];
      }
      continue;
    }
    const item = raw.match(ITEM);
    if (!item) {
      if (/^[ \t]*[*+-][ \t]/.test(raw))
        problems.push({ line, message: 'a table of contents entry is not a link' });
      else problems.push({ line, message: 'not a table of contents entry or heading' });
      continue;
    }
    const { target, linkTitle } = splitTarget(item[3] ?? '');
    add(width(item[1] ?? ''), {
      title: unescapeText(item[2] ?? ''),
      target,
      ...(linkTitle === undefined ? {} : { linkTitle }),
      line,
      children: [],
    });
  }
  return {
    sections: sections.filter((section, index) => index === 0 || section.group !== undefined),
    problems,
  };
}

const isFenceClose = (line: string, fence: string): boolean => {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && trimmed[0] === fence[0] && /^(`+|~+)$/.test(trimmed);
};

/** `row` without its first `columns` columns of indentation. */
function dedent(row: string, columns: number): string {
  let at = 0;
  let seen = 0;
  while (at < row.length && seen < columns && (row[at] === ' ' || row[at] === '\t')) {
    seen += row[at] === '\t' ? 4 : 1;
    at++;
  }
  return row.slice(at);
}

const width = (indent: string) => [...indent].reduce((sum, char) => sum + (char === '\t' ? 4 : 1), 0);

function splitTarget(raw: string): { target: string; linkTitle?: string } {
  let rest = raw.trim();
  let path: string;
  if (rest.startsWith('<')) {
    const end = rest.indexOf('>');
    path = rest.slice(1, end < 0 ? undefined : end);
    rest = end < 0 ? '' : rest.slice(end + 1).trim();
  } else {
    const space = rest.search(/\s/);
    path = space < 0 ? rest : rest.slice(0, space);
    rest = space < 0 ? '' : rest.slice(space).trim();
  }
  const quoted = rest.match(/^"((?:\\.|[^"\\])*)"$/) ?? rest.match(/^'((?:\\.|[^'\\])*)'$/);
  // The anchor of a link to a page's heading (`inline.md#buttons`) is kept as written.
  const hash = path.indexOf('#');
  const target = /^[a-z][a-z0-9+.-]*:/i.test(path)
    ? path
    : hash < 0
      ? decodeLinkPath(path)
      : `${decodeLinkPath(path.slice(0, hash))}${path.slice(hash)}`;
  return quoted ? { target, linkTitle: unescapeText(quoted[1] ?? '') } : { target };
}

const unescapeText = (text: string) => text.replace(/\\([\\`*_{}[\]()#+\-.!"'<>|~])/g, '$1');
const escapeText = (text: string) => text.replace(/([\\[\]])/g, '\\$1');
const escapeTitle = (text: string) => text.replace(/(["\\])/g, '\\$1');

/** Writes SUMMARY.md as the service does: `# Table of contents`, 2-space nesting, `*` items. */
export function renderSummary(sections: readonly SummarySection[]): string {
  const out: string[] = ['# Table of contents', ''];
  const write = (entries: readonly SummaryEntry[], depth: number) => {
    for (const entry of entries) {
      const indent = '  '.repeat(depth);
      if (entry.computed) {
        const inner = `${indent}  `;
        const lines = entry.computed.definition.replace(/\n+$/, '').split('\n');
        out.push(
          `${indent}* \`\`\`yaml`,
          ...lines.map((row) => (row ? `${inner}${row}` : '')),
          `${inner}\`\`\``,
        );
        write(entry.children, depth + 1);
        continue;
      }
      const target = summaryTarget(entry.target);
      const title = entry.linkTitle === undefined ? '' : ` "${escapeTitle(entry.linkTitle)}"`;
      out.push(`${indent}* [${escapeText(entry.title)}](${target}${title})`);
      write(entry.children, depth + 1);
    }
  };
  for (const section of sections) {
    if (section.group !== undefined) {
      if (out.at(-1) !== '') out.push('');
      const anchor =
        section.anchor === undefined ? '' : ` <a href="#${section.anchor}" id="${section.anchor}"></a>`;
      out.push(`## ${escapeHeading(section.group)}${anchor}`, '');
    }
    write(section.entries, 0);
  }
  while (out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n`;
}

/** A target as SUMMARY.md writes it: a URL as it is, a path encoded, its `#anchor` as it is. */
function summaryTarget(target: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return target;
  const hash = target.indexOf('#');
  return hash < 0 ? encodeLinkPath(target) : `${encodeLinkPath(target.slice(0, hash))}${target.slice(hash)}`;
}

const escapeHeading = (text: string) => text.replace(/#+$/, (hashes) => hashes.replace(/#/g, '\\#'));
