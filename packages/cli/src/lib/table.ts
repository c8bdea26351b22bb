import { createRequire } from 'node:module';
import type CliTable from 'cli-table3';

/*
 * The terminal table: columns sized to the terminal's width with gh's allocation (cli/go-gh's
 * tableprinter), long text cut with an ellipsis, ids, numbers, dates and statuses never cut,
 * no row ever wider than the terminal; drawn by cli-table3 without borders, a header and a
 * rule under it (gh's compact style). Its libraries load only when a table is printed at a terminal.
 */

const require = createRequire(import.meta.url);
let stringWidth: ((text: string) => number) | undefined;

/** Two spaces between columns, as gh. */
export const GAP = 2;
/** Secondary columns are left out before a text column would get fewer characters than this. */
export const MIN_TEXT_WIDTH = 12;
const ELLIPSIS = '…';

export interface TableColumn {
  header: string;
  /** Never cut: ids. */
  fixed: boolean;
  /** Kept whole when the width allows: dates, statuses, numbers, short words. */
  prefer?: boolean;
  /** May be left out at a narrow terminal (a count, a yes/no) rather than cut text below MIN_TEXT_WIDTH. */
  secondary: boolean;
  /** Colours a cell's text (already cut to its width); none when colour is off. */
  color?: ((cell: string) => string) | undefined;
}

/** Columns `text` takes on a terminal (emoji and wide characters count 2, colour codes 0). */
export function displayWidth(text: string): number {
  // Loaded on the first table only: piped and --json runs never pay for it.
  stringWidth ??= require('string-width') as (text: string) => number;
  return stringWidth(text);
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

/**
 * The width of each column for rows of `cells` in `maxWidth` columns (gh's allocation): a
 * column with a width in `fixed` keeps it; the other columns share what is left, a column
 * narrower than its share keeping its own width, and what remains goes to the cut columns left
 * to right. By default fixed columns (`column.fixed`) get their widest cell, header included.
 */
export function columnWidths(
  columns: readonly TableColumn[],
  rows: readonly string[][],
  maxWidth: number,
  fixed: ReadonlyArray<number | undefined> = columns.map((column, i) =>
    column.fixed ? widestCell(column, rows, i) : undefined,
  ),
): number[] {
  const widest = columns.map((column, i) => widestCell(column, rows, i));
  const widths = columns.map((_, i) => fixed[i] ?? 0);
  const isFlex = (i: number) => fixed[i] === undefined;
  const available = () => maxWidth - GAP * (columns.length - 1) - widths.reduce((a, b) => a + b, 0);
  const flexCount = () => widths.filter((w, i) => isFlex(i) && w === 0).length;

  let perColumn = flexCount() > 0 ? Math.floor(available() / flexCount()) : 0;
  widths.forEach((w, i) => {
    if (isFlex(i) && w === 0 && (widest[i] ?? 0) < perColumn) widths[i] = widest[i] ?? 0;
  });
  if (flexCount() > 0) {
    perColumn = Math.floor(available() / flexCount());
    widths.forEach((w, i) => {
      if (isFlex(i) && w === 0) widths[i] = Math.max(1, Math.min(widest[i] ?? 0, perColumn));
    });
  }
  let rest = available();
  widths.forEach((w, i) => {
    if (rest <= 0 || !isFlex(i)) return;
    const add = Math.min(rest, (widest[i] ?? 0) - w);
    widths[i] = w + add;
    rest -= add;
  });
  return widths;
}

function widestCell(column: TableColumn, rows: readonly string[][], i: number, header = true): number {
  return Math.max(header ? displayWidth(column.header) : 0, ...rows.map((row) => displayWidth(row[i] ?? '')));
}

export interface Layout {
  /** The indexes of the columns shown. */
  shown: number[];
  /** The width of each shown column. */
  widths: number[];
}

/**
 * How the table fits `maxWidth`, trying in turn, and keeping the first that lets every cut
 * column keep at least MIN_TEXT_WIDTH characters (or its whole text):
 * 1. ids whole; short cells (`prefer`: dates, statuses, numbers, short words) whole with their
 *    header;
 * 2. the same, their headers cut to the cells' width;
 * 3. the same, the cut columns keeping at least 4 characters;
 * each with every column, then without the secondary columns, the rightmost first. When none
 * fits, gh's allocation with only the ids whole, every column shown.
 */
export function layout(columns: readonly TableColumn[], rows: readonly string[][], maxWidth: number): Layout {
  const all = columns.map((_, i) => i);
  const secondary = [...all].reverse().filter((i) => columns[i]?.secondary);
  const subsets = [
    all,
    ...secondary.map((_, n) => all.filter((i) => !secondary.slice(0, n + 1).includes(i))),
  ];
  const tiers = [
    { headers: true, minText: MIN_TEXT_WIDTH },
    { headers: false, minText: MIN_TEXT_WIDTH },
    { headers: false, minText: 4 },
  ];
  for (const { headers, minText } of tiers) {
    for (const shown of subsets) {
      const subset = shown.map((i) => columns[i] as TableColumn);
      const cells = rows.map((row) => shown.map((i) => row[i] ?? ''));
      const fixed = subset.map((column, j) =>
        column.fixed
          ? widestCell(column, cells, j)
          : column.prefer
            ? Math.max(3, widestCell(column, cells, j, headers))
            : undefined,
      );
      const widths = columnWidths(subset, cells, maxWidth, fixed);
      const total = widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1);
      const roomy = subset.every(
        (column, j) =>
          fixed[j] !== undefined || (widths[j] ?? 0) >= Math.min(minText, widestCell(column, cells, j)),
      );
      if (total <= maxWidth && roomy) return { shown, widths };
    }
  }
  return { shown: all, widths: columnWidths(columns, rows, maxWidth) };
}

/** The lines of a table of `rows` (cell texts) at most `maxWidth` columns wide. */
export function renderTable(
  columns: readonly TableColumn[],
  rows: readonly string[][],
  maxWidth: number,
  style: { header?: (text: string) => string; rule?: (text: string) => string } = {},
): string {
  const { shown, widths } = layout(columns, rows, maxWidth);
  const subset = shown.map((i) => columns[i] as TableColumn);
  const cells = rows.map((row) => shown.map((i) => row[i] ?? ''));
  const last = subset.length - 1;
  const cell = (text: string, j: number, color?: (cell: string) => string) => {
    const cut = truncate(text, widths[j] ?? 0);
    return {
      content: color ? color(cut) : cut,
      // The last column has no padding: a line is never wider than the sum of the widths and gaps.
      style: { 'padding-left': 0, 'padding-right': j === last ? 0 : GAP },
    };
  };
  const Table = require('cli-table3') as typeof CliTable;
  const blank = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '' };
  const table = new Table({
    // cli-table3 takes cell objects in the head as in rows; its types say strings only.
    head: subset.map((column, j) => cell(column.header, j, style.header)) as unknown as string[],
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
  for (const row of cells) table.push(row.map((text, j) => cell(text, j, subset[j]?.color)));
  const lines = table.toString().split('\n');
  // The rule ends where the widest line does, and no line keeps padding at its end.
  // eslint-disable-next-line no-control-regex -- a colour code may follow the padding
  const trimmed = lines.map((line) => line.replace(/ +((?:\u001b\[[\d;]*m)*)$/, '$1'));
  const tableWidth = Math.max(...trimmed.filter((_, i) => i !== 1).map((l) => displayWidth(l)));
  return trimmed
    .map((line, i) => (i === 1 ? (style.rule ?? ((t: string) => t))('─'.repeat(tableWidth)) : line))
    .join('\n');
}
