import { runJq } from './jq.js';
import { selectFields } from './json-fields.js';
import { redact } from '../transport/redact.js';
import { displayWidth, renderTable, truncate } from './table.js';
import { createTerminal, terminal as processTerminal, type Terminal } from './terminal.js';

/**
 * The CLI's only printer (`createOutput`, one per command, in its context): data to stdout, messages to stderr. On a terminal lists are tables
 * sized to its width (lib/terminal/table.ts); piped, they are tab-separated rows with no colour, for
 * `cut` and `awk`.
 * Every message line passes through `redact` (tokens, share keys, URL credentials); data is
 * what the person asked for and is printed as it is.
 */

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  /**
   * Text that absorbs the squeeze at a narrow terminal, cut with an ellipsis: a title, a name, a
   * body, a description. Every other column (ids, numbers, states, dates, short words, URLs) is
   * shown whole or not at all.
   */
  cut?: boolean;
  /**
   * Left out at a narrow terminal, the lowest priority first, before the table becomes one block
   * of lines per row; without it the column is always shown.
   */
  priority?: number;
}

const STATUS_HEADER = /^(STATUS|STATE)$/;
/** What formatDate writes at a terminal: `2026-01-05 10:00 CET`. */
const LOCAL_TIME = /^(\d{4}-\d\d-\d\d \d\d:\d\d) (\S+)$/;

/** The colour of a status cell, by meaning: green going well, magenta merged, red failed, grey over. */
const STATUS_COLORS: Record<string, string> = {
  open: '32',
  active: '32',
  success: '32',
  succeeded: '32',
  completed: '32',
  complete: '32',
  ok: '32',
  published: '32',
  verified: '32',
  merged: '35',
  failed: '31',
  failure: '31',
  error: '31',
  errored: '31',
  broken: '31',
  pending: '33',
  running: '33',
  queued: '33',
  'in-progress': '33',
  processing: '33',
  draft: '90',
  archived: '90',
  resolved: '90',
  closed: '90',
  cancelled: '90',
  canceled: '90',
};

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A size in bytes for people: `512 B`, `24.0 KB`, `1.2 MB`. */
export function fileSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A time for people at a terminal, to the minute in the local time zone with its label
 * (`2026-01-05 10:00 CET`); piped, the ISO 8601 text the API sent, for scripts.
 */
export function formatDate(value: string | undefined | null): string {
  if (!value) return '';
  if (!processTerminal.stdoutIsTTY()) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const zone =
    new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'UTC';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())} ${zone.replace(/\s+/g, '')}`;
}

/** `1 open comment`, `2 open comments`; `plural` when adding an s does not make it. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** The terminal's width in columns (COLUMNS, then 80, when stdout is not one: DOCS_FORCE_TTY). */
export function terminalWidth(): number {
  const fromEnv = Number(process.env.COLUMNS);
  return process.stdout.columns || (fromEnv > 0 ? fromEnv : 80);
}

/** True when `DOCS_DEBUG` asks for request, retry and failure lines (set, and not `0` or `false`). */
export function debugEnabled(): boolean {
  const value = process.env.DOCS_DEBUG;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

const sgr = (code: string, value: string) => `\u001b[${code}m${value}\u001b[0m`;

/** A status cell in its colour (the text is already cut to its width). */
function statusColor(cell: string): string {
  const code = STATUS_COLORS[cell.trim().toLowerCase()];
  return code ? sgr(code, cell) : cell;
}

const CLEAR_LINE = '\r\u001b[K';

/**
 * `line` in lines of at most `width` columns, broken at spaces; the continuation lines are
 * indented two more than the line (or by `hanging`). A word wider than a line (a URL, a path) is
 * never cut: it goes whole on a line of its own, from the first column, so that it can be read
 * and copied in one piece.
 */
export function wrapLine(line: string, width: number, hanging?: string): string[] {
  if (!Number.isFinite(width) || displayWidth(line) <= width) return [line];
  const indent = /^ */.exec(line)?.[0] ?? '';
  const next = hanging ?? `${indent}  `;
  // Each word with the spaces before it, so the line's own spacing is kept where it is not broken.
  const words = line.slice(indent.length).match(/ *\S+/g) ?? [];
  const out: string[] = [];
  let current = indent;
  for (const word of words) {
    const bare = word.trimStart();
    const start = current === indent || current === next;
    const joined = start ? `${current}${bare}` : `${current}${word}`;
    if (start && out.length === 0) current = joined;
    else if (displayWidth(joined) <= width) current = joined;
    else if (displayWidth(`${next}${bare}`) > width) {
      // Wider than a line: alone and whole, what follows on the next line.
      if (!start) out.push(current);
      out.push(bare);
      current = next;
    } else {
      if (!start) out.push(current);
      current = `${next}${bare}`;
    }
  }
  if (current !== next || out.length === 0) out.push(current);
  return out;
}

/** Where an output writes: process.stdout and process.stderr, or a test's captures. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
  columns?: number | undefined;
}

/** The width messages wrap at: stderr's terminal; none (Infinity) when stderr is not one. */
function messageWidth(stderr: OutputStream): number {
  if (!stderr.isTTY) return Infinity;
  return stderr.columns || terminalWidth();
}

/**
 * A message for stderr after its `prefix` (`Error: `, shown as `shownPrefix`, coloured): each of
 * its lines wrapped at words to the terminal's width (at a terminal only), as gh's messages.
 */
function message(width: number, prefix: string, shownPrefix: string, text: string): string {
  const lines = `${prefix}${redact(text)}`.split('\n').flatMap((line) => wrapLine(line, width));
  const [first = '', ...rest] = lines;
  return `${[shownPrefix + first.slice(prefix.length), ...rest].join('\n')}\n`;
}

/** What `--json` and `--jq` ask of a command's JSON output. */
export interface JsonSelection {
  /** gh's `--json field,field`: those fields of each object; none for the full objects. */
  fields?: readonly string[] | undefined;
  /** The `--jq` expression (jq loaded already: `checkJq`). */
  jq?: string | undefined;
}

export interface OutputOptions {
  terminal?: Terminal;
  stdout?: OutputStream;
  stderr?: OutputStream;
}

export type Output = ReturnType<typeof createOutput>;

/**
 * An output for one command: its `--json`/`--jq` selection and its live line are its own, so two
 * commands (tests run several in one process) never see each other's.
 */
export function createOutput({
  terminal = createTerminal(),
  stdout = process.stdout,
  stderr = process.stderr,
}: OutputOptions = {}) {
  /** The line rewritten in place on stderr (a spinner, a --wait's progress), if one is shown. */
  let liveLine: string | undefined;
  let selection: JsonSelection = {};

  /** Writes around the live line: it is cleared first and drawn again after, so lines never mix. */
  const around = (write: () => void): void => {
    if (liveLine === undefined) return write();
    stderr.write(CLEAR_LINE);
    write();
    stderr.write(liveLine);
  };
  const toStderr = (text: string): void => around(() => stderr.write(text));
  const say = (prefix: string, shownPrefix: string, text: string): void =>
    toStderr(message(messageWidth(stderr), prefix, shownPrefix, text));
  const ansi = (code: string, value: string) =>
    terminal.useColor() ? `\u001b[${code}m${value}\u001b[0m` : value;

  const output = {
    /** The terminal this output renders for. */
    terminal,

    /** Writes part of a line of data (stdout), as text that streams in arrives. */
    write(text: string): void {
      around(() => stdout.write(text));
    },

    /** Writes data (stdout). */
    data(line: string): void {
      around(() => stdout.write(line.endsWith('\n') ? line : `${line}\n`));
    },

    /**
     * Long data (a diff) through the pager at a terminal, as git and gh do: DOCS_PAGER, the stored
     * pager, $PAGER, else `less -R` (LESS=FRX unless set: it quits when the text fits the screen);
     * `cat` or an empty pager prints directly. Piped, or when the pager cannot run, printed as is.
     */
    async page(text: string): Promise<void> {
      const pager = terminal.pager().trim();
      if (!stdout.isTTY || !pager || pager === 'cat') return output.data(text);
      const { spawn } = await import('node:child_process');
      const shown = await new Promise<boolean>((resolve) => {
        const child = spawn(pager, {
          shell: true,
          stdio: ['pipe', 'inherit', 'inherit'],
          env: { ...process.env, LESS: process.env.LESS ?? 'FRX', LV: process.env.LV ?? '-c' },
        });
        terminal.paging = true;
        child.once('error', () => resolve(false));
        // A pager that is not there: the shell's 127.
        child.once('exit', (code) => resolve(code !== 127));
        // Quitting the pager before the end closes its input: not an error.
        child.stdin.on('error', () => undefined);
        child.stdin.end(text.endsWith('\n') ? text : `${text}\n`);
      });
      terminal.paging = false;
      if (!shown) {
        output.warn(`The pager "${pager}" could not be run; printing instead.`);
        output.data(text);
      }
    },

    /**
     * Prints a value as stable, indented JSON (stdout); under `--jq`, what the expression selects
     * from it instead: one result a line, strings raw (gh's `--jq`).
     */
    json(value: unknown): void {
      if (selection.jq !== undefined) {
        for (const line of runJq(selection.jq, value)) output.data(line);
        return;
      }
      output.data(JSON.stringify(value, null, 2));
    },

    /** Prints a value as one line of JSON (stdout), for a stream of items; under `--jq`, as `json`. */
    jsonLine(value: unknown): void {
      if (selection.jq !== undefined) return output.json(value);
      output.data(JSON.stringify(value));
    },

    /** Sets what `--json field,field` and `--jq` ask of this command's JSON output. */
    selectJson(selected: JsonSelection): void {
      selection = { ...selected };
    },

    /** The `--jq` expression JSON output goes through, if any. */
    get jq(): string | undefined {
      return selection.jq;
    },

    /**
     * The command's result under `--json`: the fields `--json field,field` names (an unknown one
     * is a UsageError listing the command's fields), through `--jq` if given.
     */
    result(value: unknown): void {
      output.json(selection.fields ? selectFields(value, selection.fields) : value);
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
      const color = terminal.stdoutColor();
      const values = rows.map((row) => columns.map((c) => c.value(row)));
      const cells = values.map((row) => row.map((value) => text(value).replace(/\s*\n\s*/g, ' ')));
      const headers = columns.map((c) => c.header);
      const tableColumns = columns.map((column, i) => {
        const shown = cells.map((row) => row[i] ?? '').filter(Boolean);
        // A column of local times gives its zone once, in the header: `UPDATED (CET)`.
        const zones = new Set(shown.map((cell) => LOCAL_TIME.exec(cell)?.[2]));
        const times = shown.length > 0 && zones.size === 1 && !zones.has(undefined);
        if (times) {
          headers[i] = `${column.header} (${[...zones][0]})`;
          for (const row of cells) row[i] = (row[i] ?? '').replace(LOCAL_TIME, '$1');
        }
        const status = STATUS_HEADER.test(column.header);
        return {
          header: headers[i] ?? column.header,
          cut: column.cut ?? false,
          priority: column.priority,
          color: color && status ? statusColor : undefined,
        };
      });
      output.data(
        renderTable(tableColumns, cells, terminalWidth(), {
          ...(color ? { header: (t: string) => sgr('1', t), rule: (t: string) => sgr('90', t) } : {}),
        }),
      );
    },

    /** Prints labelled fields of one object, aligned: data on stdout, or a message on stderr. */
    fields(pairs: ReadonlyArray<readonly [string, unknown]>, to: 'stdout' | 'stderr' = 'stdout'): void {
      const shown = pairs.filter(([, value]) => value !== undefined && value !== null && value !== '');
      const width = Math.max(0, ...shown.map(([label]) => label.length));
      // At a terminal a long value wraps at words under its own column, never mid-word.
      const tty = to === 'stdout' ? terminal.stdoutIsTTY() : Boolean(stderr.isTTY);
      const columns = tty ? (to === 'stdout' ? terminalWidth() : messageWidth(stderr)) : Infinity;
      const hanging = ' '.repeat(width + 2);
      for (const [label, value] of shown) {
        // Each line of the value wrapped under the value's column; the label goes before the first.
        const lines = text(value)
          .split('\n')
          .flatMap((part) => {
            // A line of the value with its own indent (a rule under its summary) hangs under itself.
            const lead = /^ */.exec(part)?.[0] ?? '';
            return wrapLine(`${hanging}${part}`, columns, lead ? `${hanging}${lead}  ` : hanging);
          });
        // A first word wider than the value's column (a URL, a path) goes whole on the line after
        // the label, from the first column, as wrapLine puts any such word.
        const [first = ''] = lines;
        if (displayWidth(first) > columns && !first.slice(hanging.length).includes(' '))
          lines.splice(0, 1, hanging, first.slice(hanging.length));
        lines[0] = `${`${label}:`.padEnd(width + 2)}${(lines[0] ?? '').slice(hanging.length)}`.trimEnd();
        for (const line of lines) {
          if (to === 'stdout') output.data(line);
          else output.info(line);
        }
      }
    },

    /**
     * Shows `line` as the live line on stderr (a terminal only), cut to the terminal's width so it
     * never wraps; `undefined` removes it.
     */
    live(line: string | undefined): void {
      if (line === undefined) {
        if (liveLine !== undefined) stderr.write(CLEAR_LINE);
        liveLine = undefined;
        return;
      }
      liveLine = truncate(redact(line), Math.max(10, (stderr.columns || 80) - 1));
      stderr.write(`${CLEAR_LINE}${liveLine}`);
    },

    /** Rewrites one progress line in place on stderr (a terminal only); an empty line clears it. */
    progress(line: string): void {
      output.live(line === '' ? undefined : line);
    },

    /** A message for people (stderr), wrapped at words at a terminal. */
    info(text: string): void {
      say('', '', text);
    },

    success(text: string): void {
      say('✓ ', `${ansi('32', '✓')} `, text);
    },

    warn(text: string): void {
      say('Warning: ', `${ansi('33', 'Warning:')} `, text);
    },

    error(text: string): void {
      say('Error: ', `${ansi('31', 'Error:')} `, text);
    },

    /** A line for DOCS_DEBUG=1 only (stderr). */
    debug(message: string): void {
      if (debugEnabled()) toStderr(`${redact(message)}\n`);
    },
  };
  return output;
}
