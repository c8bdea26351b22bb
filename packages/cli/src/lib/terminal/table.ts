import { createRequire } from 'node:module';
import type CliTable from 'cli-table3';

/*
 * The terminal table. One rule for every list: ids, numbers, states and dates (every column not
 * declared `cut`) are never cut; when the terminal is too narrow for every column, columns are
 * left out by their declared priority, lowest first, before any text is squeezed below its
 * minimum; headers are never cut; titles, names and bodies (`cut`) absorb the squeeze, cut with
 * an ellipsis. When even the columns that are always shown cannot fit, each row becomes a short
 * block of `Key: value` lines, so that no id is ever cut. Drawn by cli-table3 without borders: a
 * header and a rule under it (gh's compact style). Its libraries load only when a table is
 * printed at a terminal. cli-table3 measures with string-width 4 (a joined emoji as 5 cells): a
 * grapheme it measures otherwise than the terminal reaches it as a stand-in (`standIns`).
 */

const require = createRequire(import.meta.url);
let stringWidth: ((text: string) => number) | undefined;
let stripAnsi: ((text: string) => string) | undefined;
let graphemes: Intl.Segmenter | undefined;
/** An emoji as the terminal draws it, in two cells: 🧑‍💻 (joined), 🇫🇷 (a flag), ❤️ (with its selector). */
let emoji: RegExp | undefined;
/** Text in which each character is one cell: measured without loading anything. */
const PLAIN = /^[\x20-\x7e]*$/;

/** Two spaces between columns, as gh. */
export const GAP = 2;
/** Columns are left out, by priority, before a title or body would be cut below this width. */
export const COMFORTABLE_TEXT_WIDTH = 20;
/** The least a cut column takes when even without the droppable columns nothing else fits. */
export const MIN_TEXT_WIDTH = 10;
const ELLIPSIS = '…';

export interface TableColumn {
  header: string;
  /** Text that may be cut with an ellipsis (a title, a name, a body); every other column never is. */
  cut: boolean;
  /** Left out at a narrow terminal, the lowest first; undefined: always shown. */
  priority?: number | undefined;
  /** Colours a cell's text (already cut to its width); none when colour is off. */
  color?: ((cell: string) => string) | undefined;
}

/**
 * Columns `text` takes on a terminal, grapheme by grapheme as terminals draw it: an emoji counts
 * 2 whatever its parts (🧑‍💻 is three code points joined), wide characters 2, combining marks
 * and colour codes 0. string-width 4 measures each grapheme that is not an emoji (its newer
 * majors are ESM-only; see docs/decisions/0062-grapheme-widths-and-word-wrapping.md).
 */
export function displayWidth(text: string): number {
  if (PLAIN.test(text)) return text.length;
  // Loaded on the first wide text only: piped and --json runs never pay for it.
  stringWidth ??= require('string-width') as (text: string) => number;
  stripAnsi ??= require('strip-ansi') as (text: string) => string;
  graphemes ??= new Intl.Segmenter();
  // Built on first use (compiling the emoji set is not free), and at run time: the `v` flag
  // (Node 20) is newer than the ES2022 target TypeScript checks against.
  const isEmoji = (emoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v'));
  let width = 0;
  for (const { segment } of graphemes.segment(stripAnsi(text)))
    width += isEmoji.test(segment) ? 2 : stringWidth(segment);
  return width;
}

/** `text` cut to `width` display columns, with an ellipsis when cut (none below 3 columns). */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  const room = width >= 3 ? width - 1 : width;
  let cut = '';
  let used = 0;
  // By grapheme, so an emoji or an accented letter is never split.
  for (const { segment } of new Intl.Segmenter().segment(text)) {
    const w = displayWidth(segment);
    if (used + w > room) break;
    cut += segment;
    used += w;
  }
  return width >= 3 ? `${cut}${ELLIPSIS}` : cut;
}

function widestCell(column: TableColumn, rows: readonly string[][], i: number): number {
  return Math.max(displayWidth(column.header), ...rows.map((row) => displayWidth(row[i] ?? '')));
}

/** The least a column may take: its widest cell when never cut; for text, `text` columns or its header. */
function minimumWidth(column: TableColumn, rows: readonly string[][], i: number, text: number): number {
  const widest = widestCell(column, rows, i);
  if (!column.cut) return widest;
  return Math.min(widest, Math.max(displayWidth(column.header), text));
}

export type Layout =
  /** A table of the columns `shown`, each `widths[j]` wide. */
  | { kind: 'table'; shown: number[]; widths: number[] }
  /** One block of `Key: value` lines per row: the columns that are always shown do not fit. */
  | { kind: 'blocks' };

/**
 * How rows of `cells` fit `maxWidth`. The droppable columns are left out, lowest priority first
 * (the rightmost first among equals), as many as it takes for the rest to fit with every text
 * column at COMFORTABLE_TEXT_WIDTH (or its whole text); when even the columns always shown do not
 * fit so, the same with text cut down to MIN_TEXT_WIDTH; when they do not fit then, blocks. The
 * text columns share what is left, a column narrower than its share keeping its width.
 */
export function layout(columns: readonly TableColumn[], rows: readonly string[][], maxWidth: number): Layout {
  const widest = columns.map((column, i) => widestCell(column, rows, i));
  const droppable = columns
    .map((_, i) => i)
    .filter((i) => columns[i]?.priority !== undefined)
    .sort((a, b) => (columns[a]?.priority ?? 0) - (columns[b]?.priority ?? 0) || b - a);
  for (const text of [COMFORTABLE_TEXT_WIDTH, MIN_TEXT_WIDTH]) {
    const minimum = columns.map((column, i) => minimumWidth(column, rows, i, text));
    const shown = columns.map((_, i) => i);
    const need = () => shown.reduce((sum, i) => sum + (minimum[i] ?? 0), 0) + GAP * (shown.length - 1);
    for (const i of droppable) {
      if (need() <= maxWidth) break;
      shown.splice(shown.indexOf(i), 1);
    }
    if (need() > maxWidth || shown.length === 0) continue;
    const widths = shown.map((i) => minimum[i] ?? 0);
    const room = { left: maxWidth - need() };
    // The text of the columns always shown first, then that of the droppable ones.
    for (const droppableText of [false, true]) {
      const short = () =>
        shown
          .map((_, j) => j)
          .filter((j) => {
            const column = columns[shown[j] ?? 0];
            return (
              column?.cut &&
              (column.priority !== undefined) === droppableText &&
              (widths[j] ?? 0) < (widest[shown[j] ?? 0] ?? 0)
            );
          });
      // Fair shares, again and again, until every such column is whole or the room is gone.
      for (let open = short(); room.left > 0 && open.length > 0; open = short()) {
        const share = Math.max(1, Math.floor(room.left / open.length));
        for (const j of open) {
          const add = Math.min(share, (widest[shown[j] ?? 0] ?? 0) - (widths[j] ?? 0), room.left);
          widths[j] = (widths[j] ?? 0) + add;
          room.left -= add;
        }
      }
    }
    return { kind: 'table', shown, widths };
  }
  return { kind: 'blocks' };
}

/** Words a block's key keeps in capitals. */
const ACRONYMS = new Set(['ID', 'URL', 'SSO', 'CRS', 'API']);

/**
 * `SOURCE SPACE` as a block's key: `Source space`; acronyms (`Space ID`), two-letter codes (a
 * glossary's `FR`) and a zone (`Updated (CET)`) stay as they are.
 */
function keyOf(header: string): string {
  const [, words = header, zone = ''] = /^(.*?)( \(.*\))?$/.exec(header) ?? [];
  const keep = (word: string) => ACRONYMS.has(word) || (word.length === 2 && word !== 'TO');
  const sentence = words
    .split(' ')
    .map((word, i) =>
      keep(word) ? word : i === 0 ? word.charAt(0) + word.slice(1).toLowerCase() : word.toLowerCase(),
    )
    .join(' ');
  return `${sentence}${zone}`;
}

/**
 * Each row as a block of `Key: value` lines, blocks apart by a blank line. Text is cut to what
 * the line leaves; a value never cut stays whole: a droppable column's is left out when it does
 * not fit the line, an always-shown one (an id) is printed whole all the same. Empty values are
 * left out.
 */
/**
 * A cell indented to show nesting (a page under another: two spaces a level) as a block's value:
 * the indent as a tree mark (`└ `, under its parent's level), which after `Title:` reads as
 * nesting where spaces read as alignment.
 */
function nested(value: string): string {
  const indent = /^ +/.exec(value)?.[0].length ?? 0;
  const level = Math.floor(indent / 2);
  if (level === 0) return value;
  return `${'  '.repeat(level - 1)}└ ${value.slice(indent)}`;
}

export function renderBlocks(
  columns: readonly TableColumn[],
  rows: readonly string[][],
  maxWidth: number,
): string {
  const keys = columns.map((column) => `${keyOf(column.header)}:`);
  const keyWidth = Math.max(...keys.map((key) => displayWidth(key)));
  const room = Math.max(MIN_TEXT_WIDTH, maxWidth - keyWidth - 1);
  return rows
    .map((row) =>
      columns
        .flatMap((column, i) => {
          const value = nested(row[i] ?? '');
          if (!value) return [];
          if (!column.cut && column.priority !== undefined && displayWidth(value) > room) return [];
          const shown = column.cut ? truncate(value, room) : value;
          return [`${(keys[i] ?? '').padEnd(keyWidth)} ${column.color ? column.color(shown) : shown}`];
        })
        .join('\n'),
    )
    .join('\n\n');
}

/** Private use characters, one cell each to string-width 4 and to terminals: the BMP's, then plane 15's. */
function* privateUse(): Generator<string, void> {
  for (let code = 0xe000; code <= 0xf8ff; code++) yield String.fromCodePoint(code);
  for (let code = 0xf0000; code <= 0xffffd; code++) yield String.fromCodePoint(code);
}

/**
 * Stand-ins that make cli-table3 lay `texts` out by the terminal's widths: each distinct grapheme
 * that cli-table3's string-width 4 measures otherwise than `displayWidth` (🧑‍💻: 5 against 2)
 * becomes as many private use characters as the terminal draws cells, each character its own and
 * none found in the texts (a Nerd Font icon is private use), so that `restore` puts the grapheme
 * back in cli-table3's output. Cells reach cli-table3 already cut to their width: it never cuts a
 * stand-in. Plain text is returned as it is, without loading anything.
 */
function standIns(texts: readonly string[]): {
  swap: (text: string) => string;
  restore: (text: string) => string;
} {
  const wide = texts.filter((text) => !PLAIN.test(text));
  const same = { swap: (text: string) => text, restore: (text: string) => text };
  if (wide.length === 0) return same;
  // The string-width cli-table3 itself requires: its measure, whichever copy npm installed.
  const tableWidth = createRequire(require.resolve('cli-table3'))('string-width') as (text: string) => number;
  const used = new Set(wide.flatMap((text) => [...text]));
  const free = privateUse();
  const next = (): string => {
    for (;;) {
      const { value, done } = free.next();
      if (done) throw new Error('More distinct wide graphemes than private use characters.');
      if (!used.has(value)) return value;
    }
  };
  const byGrapheme = new Map<string, string>();
  const segmenter = new Intl.Segmenter();
  for (const text of wide)
    for (const { segment } of segmenter.segment(text)) {
      if (byGrapheme.has(segment)) continue;
      const cells = displayWidth(segment);
      // A grapheme of no cells measures 0 to both (displayWidth differs only for emoji).
      if (cells > 0 && cells !== tableWidth(segment))
        byGrapheme.set(segment, Array.from({ length: cells }, next).join(''));
    }
  if (byGrapheme.size === 0) return same;
  const graphemeOf = new Map([...byGrapheme].map(([grapheme, standIn]) => [standIn, grapheme]));
  const standInPattern = new RegExp([...graphemeOf.keys()].join('|'), 'gu');
  return {
    swap: (text) =>
      PLAIN.test(text)
        ? text
        : Array.from(segmenter.segment(text), ({ segment }) => byGrapheme.get(segment) ?? segment).join(''),
    restore: (text) => text.replace(standInPattern, (standIn) => graphemeOf.get(standIn) ?? standIn),
  };
}

/** The lines of a table of `rows` (cell texts) at most `maxWidth` columns wide. */
export function renderTable(
  columns: readonly TableColumn[],
  rows: readonly string[][],
  maxWidth: number,
  style: { header?: (text: string) => string; rule?: (text: string) => string } = {},
): string {
  const fit = layout(columns, rows, maxWidth);
  if (fit.kind === 'blocks') return renderBlocks(columns, rows, maxWidth);
  const { shown, widths } = fit;
  const subset = shown.map((i) => columns[i] as TableColumn);
  const cells = rows.map((row) => shown.map((i) => row[i] ?? ''));
  const last = subset.length - 1;
  const cutCells = [subset.map((column) => column.header), ...cells].map((row) =>
    row.map((text, j) => truncate(text, widths[j] ?? 0)),
  );
  const { swap, restore } = standIns(cutCells.flat());
  const cell = (text: string, j: number, color?: (cell: string) => string) => {
    const standIn = swap(text);
    return {
      content: color ? color(standIn) : standIn,
      // The last column has no padding: a line is never wider than the sum of the widths and gaps.
      style: { 'padding-left': 0, 'padding-right': j === last ? 0 : GAP },
    };
  };
  const [head = [], ...body] = cutCells;
  const Table = require('cli-table3') as typeof CliTable;
  const blank = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '' };
  const table = new Table({
    // cli-table3 takes cell objects in the head as in rows; its types say strings only.
    head: head.map((text, j) => cell(text, j, style.header)) as unknown as string[],
    colWidths: widths.map((w, j) => w + (j === last ? 0 : GAP)),
    wordWrap: false,
    truncate: ELLIPSIS,
    // No box: only the rule under the header (cli-table3's `mid` line, drawn once when compact).
    chars: {
      ...blank,
      'bottom-left': '',
      'bottom-right': '',
      left: '',
      'left-mid': '',
      mid: '─',
      'mid-mid': '─',
      right: '',
      'right-mid': '',
      middle: '',
    },
    style: { compact: true, head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const row of body) table.push(row.map((text, j) => cell(text, j, subset[j]?.color)));
  const lines = restore(table.toString()).split('\n');
  // The rule ends where the widest line does, and no line keeps padding at its end.
  // eslint-disable-next-line no-control-regex -- a colour code may follow the padding
  const trimmed = lines.map((line) => line.replace(/ +((?:\u001b\[[\d;]*m)*)$/, '$1'));
  const tableWidth = Math.max(...trimmed.filter((_, i) => i !== 1).map((l) => displayWidth(l)));
  return trimmed
    .map((line, i) => (i === 1 ? (style.rule ?? ((t: string) => t))('─'.repeat(tableWidth)) : line))
    .join('\n');
}
