import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';

/*
 * A cassette: the exchanges of a proxy session, as one JSON file (format `docs-api-cassette`,
 * version 1). Our own shape rather than HAR: HAR keeps every header, cookie and timing, which is
 * what must not be stored here, and a body as text; this keeps the request's method, path,
 * query pairs and JSON body, and the answer's status, a few headers and JSON body, so a cassette
 * reads (and diffs) as the API's own data. Secrets are redacted before an entry is made.
 */

export const CASSETTE_FORMAT = 'docs-api-cassette';
export const CASSETTE_VERSION = 1;

/** Answer headers a cassette keeps; every other header (cookies among them) is dropped. */
export const RECORDED_HEADERS = [
  'content-type',
  'location',
  'link',
  'etag',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-request-id',
] as const;

export interface CassetteRequest {
  method: string;
  /** The path as requested, from `/v1` on (the upstream's own prefix is not kept). */
  path: string;
  /** Query parameters in the order sent; a secret's value is `[redacted]`. */
  query: Array<[string, string]>;
  /** The JSON body, or undefined when there was none. */
  body?: unknown;
  /** A body that is not JSON, as text. */
  bodyText?: string;
}

export interface CassetteResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
  bodyText?: string;
}

export interface CassetteEntry {
  /** The contract operation the request reached, when it reached one. */
  operation?: string;
  /** When the exchange started (ISO 8601). */
  startedAt: string;
  /** Milliseconds the upstream took to answer. */
  durationMs: number;
  request: CassetteRequest;
  response: CassetteResponse;
}

export interface Cassette {
  format: typeof CASSETTE_FORMAT;
  version: typeof CASSETTE_VERSION;
  /** The upstream base URL, without credentials or secret query values. */
  upstream?: string;
  recordedAt: string;
  entries: CassetteEntry[];
}

export class CassetteError extends Error {
  override name = 'CassetteError';
}

export function emptyCassette(upstream?: string): Cassette {
  return {
    format: CASSETTE_FORMAT,
    version: CASSETTE_VERSION,
    ...(upstream ? { upstream } : {}),
    recordedAt: new Date().toISOString(),
    entries: [],
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a parsed cassette; every error names the file, the JSON path and what is allowed. */
export function parseCassette(data: unknown, file = 'cassette'): Cassette {
  const fail = (path: string, message: string): never => {
    throw new CassetteError(`${file}: ${path}: ${message}`);
  };
  if (!isRecord(data)) return fail('(root)', 'must be a JSON object');
  if (data.format !== CASSETTE_FORMAT) fail('format', `must be "${CASSETTE_FORMAT}"`);
  if (data.version !== CASSETTE_VERSION)
    fail('version', `must be ${CASSETTE_VERSION} (this sandbox reads version ${CASSETTE_VERSION})`);
  if (!Array.isArray(data.entries)) return fail('entries', 'must be an array of exchanges');
  data.entries.forEach((entry: unknown, i) => {
    const at = `entries[${i}]`;
    if (!isRecord(entry)) return fail(at, 'must be an object with request and response');
    const { request, response } = entry;
    if (!isRecord(request)) return fail(`${at}.request`, 'must be an object');
    if (typeof request.method !== 'string' || !/^[A-Z]+$/.test(request.method))
      fail(`${at}.request.method`, 'must be an HTTP method in capitals, e.g. "GET"');
    if (typeof request.path !== 'string' || !request.path.startsWith('/'))
      fail(`${at}.request.path`, 'must be a path starting with "/", e.g. "/v1/orgs/org_1/sites"');
    if (
      !Array.isArray(request.query) ||
      !request.query.every(
        (pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'),
      )
    )
      fail(`${at}.request.query`, 'must be an array of [name, value] string pairs');
    if (!isRecord(response)) return fail(`${at}.response`, 'must be an object');
    if (typeof response.status !== 'number' || !Number.isInteger(response.status))
      fail(`${at}.response.status`, 'must be an HTTP status code (an integer, 100-599)');
    if (
      !isRecord(response.headers) ||
      !Object.values(response.headers).every((value) => typeof value === 'string')
    )
      fail(`${at}.response.headers`, 'must be an object of header names to string values');
    return undefined;
  });
  return data as unknown as Cassette;
}

/** Reads and checks a cassette file. */
export async function readCassette(file: string): Promise<Cassette> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CassetteError(
      `${file}: cannot read the cassette (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CassetteError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return parseCassette(data, file);
}

/** Each entry's text, made once: a cassette is rewritten after every exchange. */
const entryTexts = new WeakMap<CassetteEntry, string>();

/**
 * The cassette as `JSON.stringify(cassette, null, 2)` writes it, plus a newline, but with each
 * entry serialized only once, so rewriting a long session costs a join, not a re-serialization.
 */
export function serializeCassette(cassette: Cassette): string {
  const { entries, ...head } = cassette;
  const texts = entries.map((entry) => {
    let text = entryTexts.get(entry);
    if (text === undefined) {
      text = JSON.stringify(entry, null, 2).replace(/^/gm, '    ');
      entryTexts.set(entry, text);
    }
    return text;
  });
  const fields = Object.entries(head).map(
    ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  fields.push(`  "entries": [${texts.length ? `\n${texts.join(',\n')}\n  ` : ''}]`);
  return `{\n${fields.join(',\n')}\n}\n`;
}

/**
 * Writes a cassette whole, through a temporary file renamed over the target, so a reader (or a
 * proxy killed midway) never sees half a file. Writes are throttled: at most one per
 * `intervalMs` (default 250 ms), each of the latest state, and `flush()` writes at once, so a
 * long session is not rewritten after every exchange, and a proxy killed outright loses at most
 * the exchanges of the last interval.
 */
export class CassetteWriter {
  readonly file: string;
  readonly intervalMs: number;
  #cassette: Cassette | undefined;
  #dirty = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastWrite = 0;
  #writing: Promise<void> = Promise.resolve();
  #error: Error | undefined;

  constructor(file: string, intervalMs = 250) {
    this.file = file;
    this.intervalMs = intervalMs;
  }

  /** Schedules a write of `cassette` (its latest state is what gets written). */
  save(cassette: Cassette): void {
    this.#cassette = cassette;
    this.#dirty = true;
    if (this.#timer) return;
    const wait = Math.max(0, this.#lastWrite + this.intervalMs - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#write();
    }, wait);
    // A pending write never keeps the process alive: stopping flushes it.
    this.#timer.unref?.();
  }

  #write(): Promise<void> {
    this.#writing = this.#writing.then(async () => {
      if (!this.#dirty || !this.#cassette) return;
      this.#dirty = false;
      this.#lastWrite = Date.now();
      const temporary = `${this.file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, serializeCassette(this.#cassette), { mode: 0o600 });
        await rename(temporary, this.file);
      } catch (error) {
        this.#error ??= error as Error;
        await rm(temporary, { force: true });
      }
    });
    return this.#writing;
  }

  /** Writes what is pending now; throws the first write failure. */
  async flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    await this.#write();
    if (this.#error)
      throw new CassetteError(`${this.file}: cannot write the cassette (${this.#error.message})`);
  }
}
