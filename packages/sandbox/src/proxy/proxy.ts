import { performance } from 'node:perf_hooks';
import { MAX_BODY_BYTES } from '../defaults.js';
import { bodyLimitFor } from '../routing.js';
import {
  CassetteWriter,
  emptyCassette,
  RECORDED_HEADERS,
  type Cassette,
  type CassetteEntry,
} from './cassette.js';
import { checkAgainstContract, type Exchange, type Finding } from './contract-check.js';
import { matchOperation } from './match-operation.js';
import { DocumentChecker } from './document-check.js';
import { errorResponse, listenFetch, type RunningServer } from '../listen.js';
import { credentialOf, redactFields, redactQuery, safeUpstream, scrub } from './redact.js';
import { Reporter, type ReporterOptions } from './report.js';

/*
 * The recording, validating proxy (Prism's proxy mode, WireMock's and Polly.js's recording are
 * the anchors). Every request under `/v1` goes to the upstream as sent, the caller's
 * `Authorization` included; the answer comes back as received. Beside that, each exchange is
 * checked against the contract and the published document (differences reported once), and,
 * with `record`, kept in a cassette with its secrets redacted. The caller's token is held only
 * in memory, to scrub it from anything written.
 */

export interface ProxyOptions {
  /** The upstream's base URL, including its `/v1`, e.g. `https://api.gitbook.com/v1`. */
  upstream: string;
  /** Write the exchanges to this cassette file (rewritten after each exchange). */
  record?: string | undefined;
  /** Where differences go: `line` gets one line each, `file` one JSON object per line. */
  report?: ReporterOptions | undefined;
  /**
   * The published OpenAPI document to check against: a file; undefined for `@gitbook/api`'s
   * when it is installed (contract only otherwise); false for no document check.
   */
  document?: string | false | undefined;
  /** The fetch that reaches the upstream (tests). */
  fetch?: typeof fetch;
  /** The largest request body forwarded, in bytes (default 1 MiB, as the sandbox). */
  maxBodyBytes?: number | undefined;
}

export class ProxyOptionError extends Error {
  override name = 'ProxyOptionError';
  readonly option: string;
  constructor(option: string, message: string) {
    super(`${option}: ${message}`);
    this.option = option;
  }
}

export interface ProxyStats {
  exchanges: number;
  /** Milliseconds spent waiting for the upstream, in all. */
  upstreamMs: number;
  /** Milliseconds the proxy added (reading, checking, recording), in all. */
  overheadMs: number;
}

const RECENT_SAMPLES = 1000;

/** Headers that belong to one connection, not to the message (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
  // fetch negotiates and decodes the encoding itself.
  'accept-encoding',
]);

/** Parses a JSON body; `notJson` when there is one that is not JSON. */
function parseBody(
  text: string,
  contentType: string | null,
): { body?: unknown; notJson?: boolean; text?: string } {
  if (text === '') return {};
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { notJson: contentType === null || /json/i.test(contentType), text };
  }
}

export class RecordingProxy {
  readonly upstream: URL;
  /** The session's exchanges, as recorded (empty when not recording). */
  readonly cassette: Cassette;
  readonly reporter: Reporter;
  /** The document checker, or undefined when the document check is off. */
  readonly document: DocumentChecker | undefined;
  readonly stats: ProxyStats = { exchanges: 0, upstreamMs: 0, overheadMs: 0 };
  readonly #writer: CassetteWriter | undefined;
  readonly #fetch: typeof fetch;
  readonly #maxBodyBytes: number;
  /** The proxy's own time on the latest requests, for a median that first-use compiles do not skew. */
  readonly #recentOverheads: number[] = [];
  /** Credentials seen this session: in memory only, to scrub from everything written. */
  readonly #secrets = new Set<string>();

  constructor(upstream: URL, options: ProxyOptions, document: DocumentChecker | undefined) {
    this.upstream = upstream;
    this.document = document;
    this.cassette = emptyCassette(safeUpstream(upstream));
    this.reporter = new Reporter(options.report);
    this.#writer = options.record ? new CassetteWriter(options.record) : undefined;
    this.#fetch = options.fetch ?? fetch;
    this.#maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
    // An empty cassette at once: the file exists (and its directory is writable) from the start.
    this.#writer?.save(this.cassette);
  }

  /** Forwards one request (a fetch handler: pass it to the SDK's `fetch`, or serve it with `listen`). */
  readonly fetch = async (request: Request): Promise<Response> => {
    const started = performance.now();
    const url = new URL(request.url);
    if (url.pathname !== '/v1' && !url.pathname.startsWith('/v1/'))
      return errorResponse(404, `The proxy forwards paths under /v1 only, not ${url.pathname}`);
    // A content batch may carry files: its operation's own limit (see OPERATION_BODY_LIMITS).
    const maxBodyBytes = bodyLimitFor(request.method, url.pathname, this.#maxBodyBytes);
    const declared = Number(request.headers.get('content-length') ?? 0);
    if (declared > maxBodyBytes)
      return errorResponse(413, `The request body is larger than the proxy forwards (${maxBodyBytes} bytes)`);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const sent = hasBody ? new Uint8Array(await request.arrayBuffer()) : undefined;
    if (sent && sent.byteLength > maxBodyBytes)
      return errorResponse(413, `The request body is larger than the proxy forwards (${maxBodyBytes} bytes)`);

    const headers = new Headers();
    request.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) headers.append(name, value);
    });
    for (const secret of credentialOf(request.headers.get('authorization'))) this.#secrets.add(secret);
    const cookie = request.headers.get('cookie');
    if (cookie) this.#secrets.add(cookie);
    const base = this.upstream.pathname.replace(/\/+$/, '');
    // Set part by part: a path such as `//other.host/x` must stay a path on the upstream.
    const target = new URL(this.upstream.href);
    target.pathname = `${base}${url.pathname.slice(3)}`;
    target.search = url.search;
    const startedAt = new Date();
    const upstreamStarted = performance.now();
    let answer: Response;
    let received: Uint8Array<ArrayBuffer>;
    try {
      answer = await this.#fetch(target, {
        method: request.method,
        headers,
        ...(sent && sent.byteLength ? { body: sent } : {}),
        redirect: 'manual',
      });
      received = new Uint8Array(await answer.arrayBuffer());
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const reason = cause?.code ?? cause?.message ?? (error as Error).message;
      return errorResponse(
        502,
        `The proxy could not reach the upstream ${safeUpstream(this.upstream)}: ${scrub(reason, [...this.#secrets])}`,
      );
    }
    const upstreamMs = performance.now() - upstreamStarted;

    const replyHeaders = new Headers();
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') replyHeaders.append(name, value);
    });
    const empty = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    const reply = new Response(empty ? null : received, {
      status: answer.status,
      statusText: answer.statusText,
      headers: replyHeaders,
    });

    if (request.method !== 'OPTIONS') {
      const decoder = new TextDecoder();
      const requestPart = parseBody(sent ? decoder.decode(sent) : '', request.headers.get('content-type'));
      const responsePart = parseBody(
        empty ? '' : decoder.decode(received),
        answer.headers.get('content-type'),
      );
      this.#observe({
        request,
        url,
        requestPart,
        answer,
        responsePart,
        startedAt,
        upstreamMs,
      });
    }
    this.stats.exchanges += 1;
    this.stats.upstreamMs += upstreamMs;
    const overhead = performance.now() - started - upstreamMs;
    this.stats.overheadMs += overhead;
    this.#recentOverheads.push(overhead);
    if (this.#recentOverheads.length > RECENT_SAMPLES) this.#recentOverheads.shift();
    return reply;
  };

  /** Checks one exchange and records it. */
  #observe(seen: {
    request: Request;
    url: URL;
    requestPart: ReturnType<typeof parseBody>;
    answer: Response;
    responsePart: ReturnType<typeof parseBody>;
    startedAt: Date;
    upstreamMs: number;
  }): void {
    const { request, url, requestPart, answer, responsePart } = seen;
    const exchange: Exchange = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      body: requestPart.body,
      ...(requestPart.notJson ? { bodyNotJson: true } : {}),
      status: answer.status,
      responseBody: responsePart.body,
      ...(responsePart.notJson ? { responseNotJson: true } : {}),
    };
    const findings: Finding[] = checkAgainstContract(exchange);
    if (this.document) {
      // An operation of the document the SDK lacks is one difference, whatever ids its path holds.
      const documentId = this.document.operationIdFor(request.method, url.pathname);
      for (const finding of findings)
        if (documentId && finding.kind === 'unknown-operation') finding.operation = documentId;
      findings.push(...this.document.check(exchange));
    }

    // Secret values of this exchange: redacted fields, then scrubbed wherever else they appear.
    const found: string[] = [];
    const query = redactQuery(url.searchParams, found);
    const requestBody = redactFields(requestPart.body, found);
    const responseBody = redactFields(responsePart.body, found);
    for (const value of found) this.#secrets.add(value);
    const secrets = [...this.#secrets];
    this.reporter.add(
      findings,
      { method: request.method, path: url.pathname, status: answer.status },
      secrets,
    );
    // Without a cassette file nothing is kept: a long session must not grow in memory.
    if (!this.#writer) return;

    const operation = matchOperation(request.method, url.pathname)?.operation.id;
    const headers: Record<string, string> = {};
    for (const name of RECORDED_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const entry: CassetteEntry = scrub(
      {
        ...(operation ? { operation } : {}),
        startedAt: seen.startedAt.toISOString(),
        durationMs: Math.round(seen.upstreamMs * 10) / 10,
        request: {
          method: request.method,
          path: url.pathname,
          query,
          ...(requestBody !== undefined ? { body: requestBody } : {}),
          ...(requestPart.text !== undefined ? { bodyText: requestPart.text } : {}),
        },
        response: {
          status: answer.status,
          headers,
          ...(responseBody !== undefined ? { body: responseBody } : {}),
          ...(responsePart.text !== undefined ? { bodyText: responsePart.text } : {}),
        },
      },
      secrets,
    );
    this.cassette.entries.push(entry);
    this.#writer?.save(this.cassette);
  }

  /**
   * The median time the proxy added per request, over the latest 1000 (the first request of an
   * operation also compiles its schemas, which a mean would spread over the session).
   */
  medianOverheadMs(): number {
    const sorted = [...this.#recentOverheads].sort((a, b) => a - b);
    if (sorted.length === 0) return 0;
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }

  /** Serves the proxy on a loopback port. */
  listen(options: { port?: number; host?: string } = {}): Promise<RunningServer> {
    return listenFetch(this.fetch, options);
  }

  /** Writes what is left (cassette, report) and closes the report file. */
  async close(): Promise<void> {
    try {
      await this.#writer?.flush();
    } finally {
      await this.reporter.close();
    }
  }
}

/** Checks the upstream URL: http or https, with no query or fragment. */
export function parseUpstream(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ProxyOptionError(
      'upstream',
      `"${value}" is not a URL; give the API's base URL, e.g. https://api.gitbook.com/v1`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ProxyOptionError('upstream', `must be an http:// or https:// URL, not ${url.protocol}`);
  if (url.search || url.hash)
    throw new ProxyOptionError(
      'upstream',
      'must be a base URL without a query or fragment, e.g. https://api.gitbook.com/v1',
    );
  return url;
}

/**
 * Creates a proxy in front of `upstream`. Loads the published document first (when one is
 * given or installed), so a bad document file fails here rather than on the first request.
 */
export async function createProxy(options: ProxyOptions): Promise<RecordingProxy> {
  const upstream = parseUpstream(options.upstream);
  if (
    options.maxBodyBytes !== undefined &&
    (!Number.isInteger(options.maxBodyBytes) || options.maxBodyBytes < 0)
  )
    throw new ProxyOptionError('maxBodyBytes', 'must be an integer number of bytes, 0 or more');
  const document = options.document === false ? undefined : await DocumentChecker.load(options.document);
  return new RecordingProxy(upstream, options, document);
}
