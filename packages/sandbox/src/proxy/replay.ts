import { isDeepStrictEqual } from 'node:util';
import { readCassette, type Cassette, type CassetteEntry } from './cassette.js';
import { errorResponse, listenFetch, type RunningServer } from '../listen.js';
import { REDACTED } from './redact.js';

/*
 * Serves a cassette offline. A request is matched on method, path and query (a value recorded
 * as `[redacted]` matches any value); the body decides only where it must, when the cassette
 * holds several answers to that method, path and query made with different bodies. Repeated
 * requests get the recorded answers in order (the second GET of a site gets the second recorded
 * answer, after an update), and the last one again once they run out. A request the cassette
 * cannot answer gets a 501 naming what is missing. Tokens are not checked: the cassette has none.
 */

export const REPLAY_HEADER = 'x-sandbox-replay';

export interface ReplayStats {
  served: number;
  missed: number;
}

function queryMatches(
  recorded: ReadonlyArray<[string, string]>,
  given: ReadonlyArray<[string, string]>,
): boolean {
  if (recorded.length !== given.length) return false;
  const sort = (pairs: ReadonlyArray<[string, string]>) =>
    [...pairs].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const a = sort(recorded);
  const b = sort(given);
  return a.every(([name, value], i) => name === b[i]![0] && (value === REDACTED || value === b[i]![1]));
}

/** Whether a sent body is the recorded one, a `[redacted]` value matching anything. */
function bodyMatches(recorded: unknown, given: unknown): boolean {
  if (recorded === REDACTED) return true;
  if (Array.isArray(recorded))
    return (
      Array.isArray(given) &&
      recorded.length === given.length &&
      recorded.every((item, i) => bodyMatches(item, given[i]))
    );
  if (recorded && typeof recorded === 'object') {
    if (!given || typeof given !== 'object' || Array.isArray(given)) return false;
    const keys = Object.keys(recorded);
    return (
      keys.length === Object.keys(given).length &&
      keys.every((key) =>
        bodyMatches((recorded as Record<string, unknown>)[key], (given as Record<string, unknown>)[key]),
      )
    );
  }
  return isDeepStrictEqual(recorded, given);
}

/** A query for a message, as people read it (not encoded). */
const describeQuery = (pairs: ReadonlyArray<[string, string]>) =>
  pairs.length ? `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}` : '';

export class Replay {
  readonly cassette: Cassette;
  /** What the cassette is called in messages (its file). */
  readonly name: string;
  readonly stats: ReplayStats = { served: 0, missed: 0 };
  /** Answers served so far per request shape, so repeats play in order. */
  readonly #played = new Map<string, number>();

  constructor(cassette: Cassette, name = 'the cassette') {
    this.cassette = cassette;
    this.name = name;
  }

  /** Answers one request from the cassette (a fetch handler). */
  readonly fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const query = [...url.searchParams] as Array<[string, string]>;
    const samePath = this.cassette.entries.filter(
      (entry) => entry.request.method === request.method && entry.request.path === url.pathname,
    );
    let candidates = samePath.filter((entry) => queryMatches(entry.request.query, query));
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    let body: unknown;
    try {
      body = text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      body = text;
    }
    let bodyKey = '';
    const bodies = new Set(
      candidates.map((entry) => JSON.stringify(entry.request.body ?? entry.request.bodyText ?? null)),
    );
    if (bodies.size > 1) {
      candidates = candidates.filter((entry) =>
        bodyMatches(entry.request.body ?? entry.request.bodyText, body),
      );
      bodyKey = JSON.stringify(candidates[0]?.request.body ?? null);
    }
    const wanted = `${request.method} ${url.pathname}${describeQuery(query)}`;
    if (candidates.length === 0) {
      this.stats.missed += 1;
      let message: string;
      if (samePath.length === 0) {
        message = `${this.name} has no answer for ${wanted}: nothing was recorded for ${request.method} ${url.pathname} (${this.cassette.entries.length} exchanges recorded). Record it through the proxy, or add it to the cassette.`;
      } else if (bodies.size > 1) {
        message = `${this.name} has no answer for ${wanted} with this body: it recorded ${bodies.size} different bodies for it.`;
      } else {
        const recorded = [
          ...new Set(samePath.map((entry) => describeQuery(entry.request.query) || '(no query)')),
        ].slice(0, 5);
        message = `${this.name} has no answer for ${wanted}: for ${request.method} ${url.pathname} it recorded ${recorded.join(', ')}.`;
      }
      return errorResponse(501, message, { [REPLAY_HEADER]: 'miss' });
    }
    const key = `${wanted}\u0000${bodyKey}`;
    const played = this.#played.get(key) ?? 0;
    this.#played.set(key, played + 1);
    const entry = candidates[Math.min(played, candidates.length - 1)]!;
    this.stats.served += 1;
    return answer(entry, this.cassette.entries.indexOf(entry));
  };

  listen(options: { port?: number; host?: string } = {}): Promise<RunningServer> {
    return listenFetch(this.fetch, options);
  }
}

function answer(entry: CassetteEntry, index: number): Response {
  const { status, headers, body, bodyText } = entry.response;
  const empty = status === 204 || status === 304;
  const content = empty ? null : (bodyText ?? (body === undefined ? null : JSON.stringify(body)));
  const replyHeaders = new Headers(headers);
  if (content !== null && !replyHeaders.has('content-type'))
    replyHeaders.set(
      'content-type',
      bodyText !== undefined ? 'text/plain; charset=utf-8' : 'application/json',
    );
  replyHeaders.set(REPLAY_HEADER, `entry ${index}`);
  return new Response(content, { status, headers: replyHeaders });
}

/** A replay of a cassette object, or of a cassette file (read and checked). */
export async function createReplay(source: Cassette | string): Promise<Replay> {
  return typeof source === 'string' ? new Replay(await readCassette(source), source) : new Replay(source);
}
