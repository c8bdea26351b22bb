import { createRequire } from 'node:module';
import type CliTable from 'cli-table3';
import { redact } from './redact.js';
import { terminal } from './terminal.js';

/**
 * The CLI's only printer: data to stdout, messages to stderr. On a terminal lists are
 * cli-table3 tables; piped, they are tab-separated rows with no colour, for `cut` and `awk`.
 * Every message line passes through `redact` (tokens, share keys, URL credentials); data is
 * what the person asked for and is printed as it is.
 */

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

const require = createRequire(import.meta.url);

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? '';
}

/** Trims ISO timestamps to the minute: `2026-01-05 09:00`. */
export function formatDate(value: string | undefined | null): string {
  if (!value) return '';
  return value.replace('T', ' ').replace(/:\d{2}(\.\d+)?Z$/, '');
}

/** True when `DOCS_DEBUG` asks for request, retry and failure lines (set, and not `0` or `false`). */
export function debugEnabled(): boolean {
  const value = process.env.DOCS_DEBUG;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

const ansi = (code: string, value: string) =>
  terminal.useColor() ? `\u001b[${code}m${value}\u001b[0m` : value;

export const output = {
  /** Writes data (stdout). */
  data(line: string): void {
    process.stdout.write(line.endsWith('\n') ? line : `${line}\n`);
  },

  /** Prints a value as stable, indented JSON (stdout). */
  json(value: unknown): void {
    output.data(JSON.stringify(value, null, 2));
  },

  /** Prints rows: a table on a terminal, tab-separated lines otherwise. */
  table<T>(rows: readonly T[], columns: ReadonlyArray<Column<T>>): void {
    if (!terminal.stdoutIsTTY()) {
      for (const row of rows)
        output.data(columns.map((c) => text(c.value(row)).replace(/[\t\n]/g, ' ')).join('\t'));
      return;
    }
    if (rows.length === 0) {
      output.info('No results.');
      return;
    }
    // Loaded on first table only: piped and --json runs never pay for it.
    const Table = require('cli-table3') as typeof CliTable;
    const table = new Table({
      head: columns.map((c) => c.header),
      style: { head: terminal.useColor() ? ['cyan'] : [], border: terminal.useColor() ? ['grey'] : [] },
    });
    for (const row of rows) table.push(columns.map((c) => text(c.value(row))));
    output.data(table.toString());
  },

  /** Prints labelled fields of one object, aligned: data on stdout, or a message on stderr. */
  fields(pairs: ReadonlyArray<readonly [string, unknown]>, to: 'stdout' | 'stderr' = 'stdout'): void {
    const shown = pairs.filter(([, value]) => value !== undefined && value !== null && value !== '');
    const width = Math.max(0, ...shown.map(([label]) => label.length));
    for (const [label, value] of shown) {
      const line = `${`${label}:`.padEnd(width + 2)}${text(value)}`;
      if (to === 'stdout') output.data(line);
      else output.info(line);
    }
  },

  /** Rewrites one progress line in place on stderr (a terminal only); an empty line clears it. */
  progress(line: string): void {
    process.stderr.write(`\r\u001b[K${redact(line)}`);
  },

  /** A message for people (stderr). */
  info(message: string): void {
    process.stderr.write(`${redact(message)}\n`);
  },

  success(message: string): void {
    process.stderr.write(`${ansi('32', '✓')} ${redact(message)}\n`);
  },

  warn(message: string): void {
    process.stderr.write(`${ansi('33', 'Warning:')} ${redact(message)}\n`);
  },

  error(message: string): void {
    process.stderr.write(`${ansi('31', 'Error:')} ${redact(message)}\n`);
  },

  /** A line for DOCS_DEBUG=1 only (stderr). */
  debug(message: string): void {
    if (debugEnabled()) process.stderr.write(`${redact(message)}\n`);
  },
};
