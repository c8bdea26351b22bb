import {
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { Readable } from 'node:stream';
import type * as zlibModule from 'node:zlib';
import { proxyAgentFor } from './proxy.js';

type Zlib = typeof zlibModule;

/*
 * The CLI's transport: the SDK's `fetch`, over node:http and node:https.
 *
 * A command makes one request or a few and exits. Node's own fetch (undici) costs 40 to 65 ms
 * to load and to compile its WebAssembly HTTP parser before the first request; node:http parses
 * with the native llhttp and loads in a few (docs/decisions/0034-cli-node-http-transport.md).
 * What comes back is a `Response` in what the SDK reads of one (status, headers, `text()`,
 * `body`, as a web stream for the answers read as they arrive); redirects are never followed, as
 * the SDK asks (`redirect: 'manual'`).
 * test/faults runs the whole fault matrix through both transports.
 */

/** The codings this transport decodes, as fetch does; another coding leaves the body as sent. */
const DECODERS = ['gzip', 'x-gzip', 'deflate', 'br'] as const;
type Coding = (typeof DECODERS)[number];

/** Statuses whose body is empty by definition: never decoded. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

/** A response's headers, read as fetch's `Headers` reads them (names lowercase, sorted): `get` and `forEach`, what the SDK reads. */
class NodeHeaders {
  readonly #entries: Array<[string, string]>;

  constructor(message: IncomingMessage) {
    const byName = new Map<string, string[]>();
    const raw = message.rawHeaders;
    for (let index = 0; index + 1 < raw.length; index += 2) {
      const name = raw[index]!.toLowerCase();
      const values = byName.get(name);
      if (values) values.push(raw[index + 1]!);
      else byName.set(name, [raw[index + 1]!]);
    }
    this.#entries = [...byName]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, values]) => [name, values.join(', ')]);
  }

  get(name: string): string | null {
    const wanted = name.toLowerCase();
    return this.#entries.find(([each]) => each === wanted)?.[1] ?? null;
  }

  forEach(callback: (value: string, name: string, headers: NodeHeaders) => void): void {
    for (const [name, value] of this.#entries) callback(value, name, this);
  }
}

/**
 * An answer of node:http, with the members of fetch's `Response` the SDK reads (and its `url`),
 * no others: the SDK types it as a `Response`, so what it reads of one is all a command may read.
 */
class NodeResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly url: string;
  readonly type = 'default' as const;
  readonly headers: NodeHeaders;
  #used = false;
  #empty: boolean;
  #web: ReadableStream<Uint8Array> | undefined;
  readonly #stream: Readable;

  /** `zlib` is given when the body is encoded in codings this transport decodes. */
  constructor(message: IncomingMessage, url: string, method: string, zlib?: Zlib) {
    this.status = message.statusCode ?? 0;
    this.ok = this.status >= 200 && this.status <= 299;
    this.url = url;
    this.headers = new NodeHeaders(message);
    const empty = NULL_BODY_STATUSES.has(this.status) || method === 'HEAD';
    this.#stream =
      empty || !zlib ? message : decoded(message, codingsOf(message.headers['content-encoding']), zlib);
    this.#empty = empty;
  }

  /**
   * The body as a web stream, read as it arrives (a stream of server-sent events): built on first
   * use; `cancel()` lets go of the connection without reading the rest. Null for a body that is
   * empty by definition.
   */
  get body(): ReadableStream<Uint8Array> | null {
    if (this.#empty) return null;
    if (!this.#web) {
      this.#used = true;
      this.#web = Readable.toWeb(this.#stream) as ReadableStream<Uint8Array>;
    }
    return this.#web;
  }

  /** The whole body as UTF-8 (a byte-order mark dropped), as fetch's `text()`. */
  async text(): Promise<string> {
    return new TextDecoder().decode(await this.#read());
  }

  /** The whole body, once; rejects if the connection breaks before its end. */
  #read(): Promise<Buffer> {
    if (this.#used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.#used = true;
    const stream = this.#stream;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let ended = false;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('end', () => {
        ended = true;
        resolve(Buffer.concat(chunks));
      });
      stream.once('error', reject);
      // node:http may close a socket cut before the end of the body without an error.
      stream.once('close', () => {
        if (!ended)
          reject(
            Object.assign(new Error('the connection closed before the end of the body'), {
              code: 'ECONNRESET',
            }),
          );
      });
    });
  }
}

/**
 * The codings of a `content-encoding`, the one applied last first; empty when there is none or
 * one this transport does not decode (the body is then handed over as sent, as fetch does).
 */
function codingsOf(header: string | undefined): Coding[] {
  const codings = (header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter(Boolean);
  return codings.every((coding) => (DECODERS as readonly string[]).includes(coding))
    ? (codings.reverse() as Coding[])
    : [];
}

function decoded(message: IncomingMessage, codings: Coding[], zlib: Zlib): Readable {
  let stream: Readable = message;
  for (const coding of codings) {
    const decoder =
      coding === 'br'
        ? zlib.createBrotliDecompress()
        : coding === 'deflate'
          ? zlib.createInflate()
          : // Lenient about a truncated end, as browsers and fetch are.
            zlib.createGunzip({
              flush: zlib.constants.Z_SYNC_FLUSH,
              finishFlush: zlib.constants.Z_SYNC_FLUSH,
            });
    const source = stream;
    source.once('error', (error) => decoder.destroy(error));
    stream = source.pipe(decoder);
  }
  return stream;
}

/** The request body as fetch would send it: the SDK sends JSON text. */
function bodyOf(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  throw new TypeError('the CLI transport sends a string or bytes as a request body');
}

/** Slices of a large text body written one by one (1 MiB of UTF-16 units). */
const SLICE = 1 << 20;

/**
 * Sends the body. A large text (an OpenAPI spec's, tens of MB) goes in slices with its
 * Content-Length, as the socket takes them: `end(text)` would first encode all of it into one
 * more buffer the size of the body.
 */
function send(outgoing: ClientRequest, body: string | Uint8Array | undefined): void {
  if (typeof body !== 'string' || body.length <= SLICE) {
    outgoing.end(body);
    return;
  }
  outgoing.setHeader('content-length', Buffer.byteLength(body));
  let offset = 0;
  const writeMore = () => {
    while (offset < body.length) {
      let end = Math.min(offset + SLICE, body.length);
      // Never between the two halves of a surrogate pair: each slice is encoded on its own.
      const last = body.charCodeAt(end - 1);
      if (last >= 0xd800 && last <= 0xdbff && end < body.length) end--;
      const slice = body.slice(offset, end);
      offset = end;
      if (!outgoing.write(slice)) {
        outgoing.once('drain', writeMore);
        return;
      }
    }
    outgoing.end();
  };
  writeMore();
}

/** The request's headers, names lowercase: the SDK gives them as one object. */
function headersOf(headers: RequestInit['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries((headers ?? {}) as Record<string, string>)) {
    flat[name.toLowerCase()] = value;
  }
  return flat;
}

/**
 * `fetch` over node:http(s), for the SDK (`new DocsClient({ fetch: nodeFetch })`). It sends the
 * `accept-encoding` fetch sends and decodes the answer the same way; it follows no redirect.
 */
export const nodeFetch = (async (input: string | URL, init: RequestInit = {}): Promise<NodeResponse> => {
  const url = new URL(String(input));
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = headersOf(init.headers);
  const body = bodyOf(init.body);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`the CLI transport speaks http and https, not ${url.protocol}`);
  }
  // What fetch asks for: brotli over https only.
  headers['accept-encoding'] ??= url.protocol === 'https:' ? 'br, gzip, deflate' : 'gzip, deflate';
  const request = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  const agent = await proxyAgentFor(url);
  const options: RequestOptions = {
    method,
    headers,
    ...(init.signal ? { signal: init.signal } : {}),
    ...(agent ? { agent } : {}),
  };

  const message = await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(url, options, resolve);
    // `on`: node:http also reports here a socket that breaks after the headers (the body's read sees it too).
    outgoing.on('error', reject);
    send(outgoing, body);
  });
  const encoded = codingsOf(message.headers['content-encoding']).length > 0;
  // zlib only for an encoded answer: the sandbox's and the tests' answers are not.
  const zlib = encoded ? await import('node:zlib') : undefined;
  return new NodeResponse(message, url.toString(), method, zlib);
}) as unknown as typeof fetch;
