import { createWriteStream, type WriteStream } from 'node:fs';
import type { Finding } from './contract-check.js';
import { scrub } from './redact.js';

/*
 * Reports each difference once, as Prism's proxy does for violations: a difference is the same
 * when its source (contract or document), operation, kind and path are, so a drift in every item
 * of a list, or in every repetition of a request, is one line. Each new difference is one line
 * on the `line` sink (the CLI: stderr) and, with a report file, one JSON object per line.
 */

/** One line of a `--report` file. */
export interface ReportRecord extends Finding {
  /** When it was first seen (ISO 8601). */
  at: string;
  /** The first request it was seen on: method, path (no query) and answer status. */
  example: { method: string; path: string; status: number };
}

export interface ReporterOptions {
  /** Receives one human-readable line per new difference. */
  line?: (text: string) => void;
  /** A file to write one JSON object per new difference to (created or truncated). */
  file?: string;
}

export class Reporter {
  readonly #seen = new Set<string>();
  readonly #line: ((text: string) => void) | undefined;
  readonly #stream: WriteStream | undefined;
  readonly records: ReportRecord[] = [];
  /** How many findings were seen in all, repeats included. */
  total = 0;

  constructor(options: ReporterOptions = {}) {
    this.#line = options.line;
    this.#stream = options.file ? createWriteStream(options.file, { flags: 'w', mode: 0o600 }) : undefined;
  }

  /** Reports the findings of one exchange not reported before; returns the new ones. */
  add(
    findings: readonly Finding[],
    example: ReportRecord['example'],
    secrets: readonly string[],
  ): ReportRecord[] {
    const fresh: ReportRecord[] = [];
    for (const finding of findings) {
      this.total += 1;
      const key = `${finding.source}\u0000${finding.operation}\u0000${finding.kind}\u0000${finding.path}`;
      if (this.#seen.has(key)) continue;
      this.#seen.add(key);
      const record = scrub({ ...finding, at: new Date().toISOString(), example }, secrets);
      this.records.push(record);
      fresh.push(record);
      this.#line?.(describeFinding(record));
      this.#stream?.write(`${JSON.stringify(record)}\n`);
    }
    return fresh;
  }

  /** Closes the report file, once everything is written. */
  async close(): Promise<void> {
    const stream = this.#stream;
    if (!stream || stream.closed) return;
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.end(() => resolve());
    });
  }
}

/** `drift (contract) sites.get response.body body.siteSpaces: expected number, received string [GET /v1/orgs/o/sites/s -> 200]` */
export function describeFinding(record: ReportRecord): string {
  const where = record.path ? ` ${record.path}:` : ':';
  return `drift (${record.source}) ${record.operation} ${record.kind}${where} ${record.message} [${record.example.method} ${record.example.path} -> ${record.example.status}]`;
}
