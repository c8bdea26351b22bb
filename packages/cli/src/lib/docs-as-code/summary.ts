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
  title: string;
  /** The target as written, decoded: a path relative to SUMMARY.md, or a URL. */
  target: string;
  linkTitle?: string;
  /** 1-based line in SUMMARY.md. */
  line: number;
  children: SummaryEntry[];
}

export interface SummarySection {
  /** The `##` heading; `undefined` for the entries before the first heading. */
  group?: string;
  line: number;
  entries: SummaryEntry[];
}

export interface SummaryProblem {
  line: number;
  message: string;
}

const ITEM = /^([ \t]*)[*+-][ \t]+\[((?:\\.|[^\]\\])*)\]\((.*)\)[ \t]*$/;
const HEADING = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/** Reads SUMMARY.md. Lines it does not understand are problems, and skipped. */
export function parseSummary(text: string): { sections: SummarySection[]; problems: SummaryProblem[] } {
  const sections: SummarySection[] = [{ line: 1, entries: [] }];
  const problems: SummaryProblem[] = [];
  // The open entries, outermost first, with their indentation.
  let stack: { indent: number; entry: SummaryEntry }[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || /^[ \t]*(?:-{3,}|\*{3,})[ \t]*$/.test(raw)) return;
    const heading = raw.match(HEADING);
    if (heading) {
      const level = heading[1]?.length ?? 1;
      if (level >= 2) {
        sections.push({ group: unescapeText(heading[2] ?? ''), line, entries: [] });
        stack = [];
      }
      return;
    }
    const item = raw.match(ITEM);
    if (!item) {
      if (/^[ \t]*[*+-][ \t]/.test(raw))
        problems.push({ line, message: 'a table of contents entry is not a link' });
      else problems.push({ line, message: 'not a table of contents entry or heading' });
      return;
    }
    const indent = width(item[1] ?? '');
    const { target, linkTitle } = splitTarget(item[3] ?? '');
    const entry: SummaryEntry = {
      title: unescapeText(item[2] ?? ''),
      target,
      ...(linkTitle === undefined ? {} : { linkTitle }),
      line,
      children: [],
    };
    while (stack.length > 0 && (stack.at(-1)?.indent ?? 0) >= indent) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.entry.children.push(entry);
    else sections.at(-1)?.entries.push(entry);
    stack.push({ indent, entry });
  });
  return {
    sections: sections.filter((section, index) => index === 0 || section.group !== undefined),
    problems,
  };
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
  const target = /^[a-z][a-z0-9+.-]*:/i.test(path) ? path : decodeLinkPath(path);
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
      const target = /^[a-z][a-z0-9+.-]*:/i.test(entry.target) ? entry.target : encodeLinkPath(entry.target);
      const title = entry.linkTitle === undefined ? '' : ` "${escapeTitle(entry.linkTitle)}"`;
      out.push(`${'  '.repeat(depth)}* [${escapeText(entry.title)}](${target}${title})`);
      write(entry.children, depth + 1);
    }
  };
  for (const section of sections) {
    if (section.group !== undefined) {
      if (out.at(-1) !== '') out.push('');
      out.push(`## ${escapeHeading(section.group)}`, '');
    }
    write(section.entries, 0);
  }
  while (out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n`;
}

const escapeHeading = (text: string) => text.replace(/#+$/, (hashes) => hashes.replace(/#/g, '\\#'));
