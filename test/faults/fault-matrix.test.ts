/*
 * The fault matrix: every fault kind a server or a network can produce, against real SDK
 * operations of every method, over real loopback sockets (fault-server.ts). Each row checks
 * the outcome (a typed DocsError, or a retry that succeeds), how many requests the server
 * received (an operation that is not idempotent is never replayed once it may have reached the
 * server), how many retries were announced through onRetry, and that the call ended within a
 * bound computed from the client's timeout and retry settings.
 *
 * The rows run a few at a time (describe.concurrent); each row has its own server(s), closed
 * when the row ends, and again in afterAll should a row have thrown before closing them.
 *
 * Every row runs through both transports the SDK meets: fetch (the default: undici in Node, a
 * browser's) and the CLI's own over node:http (packages/cli/src/lib/transport/node-fetch.ts).
 */
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import {
  ApiError,
  ConnectionError,
  DocsClient,
  DocsError,
  InternalServerError,
  MAX_EMPTY_PAGES,
  PaginationError,
  RateLimitError,
  RedirectError,
  ResponseValidationError,
  TimeoutError,
  type RetryEvent,
} from '@docs-api/sdk';
import { documentFromText, operationById } from '@docs-api/sdk/contract';
import {
  closedPortOrigin,
  partialBody,
  resetNow,
  send,
  startFaultServer,
  type Exchange,
  type FaultServer,
} from './fault-server.js';
import * as documented from '../../packages/sdk/test-support/documented.js';
import { TRANSPORTS, site, type Transport } from './fixtures.js';

const TOKEN = 'tok_fault_matrix_secret';

/**
 * Small settings so the suite runs in seconds; rows whose server asks to wait up to 2 s get a
 * larger cap. The timeout leaves room for a loopback answer on a loaded machine: a spurious
 * timeout would add a retry and break the request counts.
 */
const SETTINGS = { timeout: 750, maxRetries: 2, maxRetryDelay: 300 };
const WAIT_SETTINGS = { ...SETTINGS, maxRetryDelay: 2500 };
/** Scheduling slack for a loaded machine, on top of the computed bound. */
const MARGIN = 1500;

// ---------------------------------------------------------------------------------------------
// The operations: one or two real SDK operations per method; the contract says which replay.

interface OpCase {
  /** `GET sites.get` */
  label: string;
  /** The SDK's name (`sites.get`). */
  id: string;
  /** The document's operationId (`getSiteById`), which errors and retry events name. */
  operationId: string;
  method: string;
  idempotent: boolean;
  /** Whether the operation reads a response body (has a response schema). */
  readsBody: boolean;
  path: string;
  success: { status: number; body?: unknown };
  call: (client: DocsClient) => Promise<unknown>;
  /** Checks the data of a success. */
  check: (data: unknown, expect: ExpectStatic) => void;
}

// Answers with every field the document requires: the suites' clients read strictly.
const team = documented.team('team_1');
const translation = documented.translation('tr_1');
const merged = { revision: 'rev_2', result: 'merge' };
// A rich-text document as the document requires it (`data` and `nodes`), with one empty paragraph.
const instructions = documentFromText('');

function op(
  id: string,
  path: string,
  success: OpCase['success'],
  call: OpCase['call'],
  check: OpCase['check'] = () => undefined,
): OpCase {
  // By the SDK's name (`sites.get`): an operation's `id` is the document's operationId (`getSiteById`).
  const operation = operationById(id);
  if (!operation) throw new Error(`no operation ${id}`);
  return {
    label: `${operation.method} ${id}`,
    id,
    operationId: operation.id,
    method: operation.method,
    idempotent: operation.idempotent,
    readsBody: operation.response !== undefined,
    path,
    success,
    call,
    check,
  };
}

const OPS: OpCase[] = [
  op(
    'sites.get',
    '/v1/orgs/org_1/sites/s1',
    { status: 200, body: site },
    (c) => c.sites.get('org_1', 's1'),
    (data, expect) => expect(data).toMatchObject({ id: 's1' }),
  ),
  op(
    'teams.create',
    '/v1/orgs/org_1/teams',
    { status: 201, body: team },
    (c) => c.teams.create('org_1', { title: 'Writers' }),
    (data, expect) => expect(data).toMatchObject({ id: 'team_1' }),
  ),
  op(
    'translations.update',
    '/v1/orgs/org_1/translations/tr_1',
    { status: 200, body: translation },
    (c) => c.translations.update('org_1', 'tr_1', { instructions }),
    (data, expect) => expect(data).toMatchObject({ id: 'tr_1' }),
  ),
  op(
    'sites.update',
    '/v1/orgs/org_1/sites/s1',
    { status: 200, body: site },
    (c) => c.sites.update('org_1', 's1', { title: 'Handbook' }),
    (data, expect) => expect(data).toMatchObject({ title: 'Handbook' }),
  ),
  op(
    'changeRequests.merge',
    '/v1/spaces/sp_1/change-requests/cr_1/merge',
    { status: 200, body: merged },
    (c) => c.changeRequests.merge('sp_1', 'cr_1'),
    (data, expect) => expect(data).toEqual(merged),
  ),
  op('sites.delete', '/v1/orgs/org_1/sites/s1', { status: 204 }, (c) => c.sites.delete('org_1', 's1')),
];

// ---------------------------------------------------------------------------------------------
// The fault kinds: what the server does, and what the policy says must come of it.

type ErrorClass = abstract new (...args: never[]) => DocsError;

interface Expected {
  /** `ok`, or the error class the call must fail with. */
  result: 'ok' | ErrorClass;
  /** Requests the server must have received. */
  requests: number;
  /** Retries announced through onRetry. */
  retries: number;
  /** For an ApiError: its status. */
  status?: number;
  /** For an ApiError: the server's wait it must carry (approximately). */
  retryAfterMs?: number;
}

interface RowContext {
  op: OpCase;
  /** The origin of a second server, for cross-origin redirects. */
  otherOrigin: string;
}

interface FaultKind {
  name: string;
  settings?: typeof SETTINGS;
  /** Plays the fault on this request, or returns false to let the server answer normally. */
  play?: (exchange: Exchange, row: RowContext) => boolean;
  expected: (op: OpCase) => Expected;
}

const once =
  (fault: (exchange: Exchange, row: RowContext) => void) => (exchange: Exchange, row: RowContext) => {
    if (exchange.n !== 1) return false;
    fault(exchange, row);
    return true;
  };
const always =
  (fault: (exchange: Exchange, row: RowContext) => void) => (exchange: Exchange, row: RowContext) => {
    fault(exchange, row);
    return true;
  };

/** Idempotent: one retry then the success; otherwise the error, and the request sent once. */
const retriedOnce =
  (error: ErrorClass, extra: Partial<Expected> = {}) =>
  (op: OpCase): Expected =>
    op.idempotent
      ? { result: 'ok', requests: 2, retries: 1 }
      : { result: error, requests: 1, retries: 0, ...extra };
/**
 * Every operation: one retry then the success. A 429 says the request was refused unprocessed,
 * so it is sent again whether the operation is idempotent or not (issue 17).
 */
const retriedForAll = (): Expected => ({ result: 'ok', requests: 2, retries: 1 });
/** Idempotent: every attempt made; otherwise once. */
const exhausted =
  (error: ErrorClass, extra: Partial<Expected> = {}) =>
  (op: OpCase): Expected =>
    op.idempotent
      ? { result: error, requests: SETTINGS.maxRetries + 1, retries: SETTINGS.maxRetries, ...extra }
      : { result: error, requests: 1, retries: 0, ...extra };
/** A bad success body: an error where the operation reads one, ignored where it does not. */
const badBody = (op: OpCase): Expected =>
  op.readsBody
    ? { result: ResponseValidationError, requests: 1, retries: 0 }
    : { result: 'ok', requests: 1, retries: 0 };

const statusFault = (
  status: number,
  headers: Record<string, string> = {},
  body: unknown = { message: 'no' },
) => once(({ res }) => send(res, status, body, headers));

const HTML_502 =
  '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';
const DAY_SECONDS = 86_400;

const KINDS: FaultKind[] = [
  {
    name: 'refused (closed port)',
    expected: () => ({ result: ConnectionError, requests: 0, retries: SETTINGS.maxRetries }),
  },
  {
    name: 'reset before headers',
    play: once(({ res }) => resetNow(res)),
    expected: retriedOnce(ConnectionError),
  },
  {
    name: 'reset mid-body',
    play: once(({ res }, { op }) => partialBody(res, 200, op.success.body ?? site, 'reset')),
    expected: retriedOnce(ConnectionError),
  },
  { name: 'stall before headers', play: once(() => undefined), expected: retriedOnce(TimeoutError) },
  {
    name: 'stall mid-body',
    play: once(({ res }, { op }) => partialBody(res, 200, op.success.body ?? site, 'stall')),
    expected: retriedOnce(TimeoutError),
  },
  { name: '408', play: statusFault(408), expected: retriedOnce(ApiError, { status: 408 }) },
  {
    name: '429 Retry-After seconds',
    settings: WAIT_SETTINGS,
    play: statusFault(429, { 'retry-after': '1' }),
    expected: retriedForAll,
  },
  {
    name: '429 Retry-After HTTP date',
    settings: WAIT_SETTINGS,
    play: once(({ res }) => send(res, 429, {}, { 'retry-after': new Date(Date.now() + 1000).toUTCString() })),
    expected: retriedForAll,
  },
  {
    name: '429 Retry-After garbage',
    play: statusFault(429, { 'retry-after': 'soon' }),
    expected: retriedForAll,
  },
  {
    name: '429 Retry-After past date',
    play: statusFault(429, { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }),
    expected: retriedForAll,
  },
  {
    name: '429 Retry-After huge',
    play: statusFault(429, { 'retry-after': String(DAY_SECONDS) }),
    expected: () => ({
      result: RateLimitError,
      requests: 1,
      retries: 0,
      status: 429,
      retryAfterMs: DAY_SECONDS * 1000,
    }),
  },
  {
    name: '429 X-RateLimit-Reset',
    settings: WAIT_SETTINGS,
    play: once(({ res }) =>
      send(
        res,
        429,
        {},
        {
          'x-ratelimit-limit': '10',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1),
        },
      ),
    ),
    expected: retriedForAll,
  },
  { name: '500', play: statusFault(500), expected: retriedOnce(InternalServerError, { status: 500 }) },
  {
    name: '502 HTML body',
    play: statusFault(502, { 'content-type': 'text/html' }, HTML_502),
    expected: retriedOnce(InternalServerError, { status: 502 }),
  },
  { name: '503', play: statusFault(503), expected: retriedOnce(InternalServerError, { status: 503 }) },
  {
    name: '503 Retry-After huge',
    play: statusFault(503, { 'retry-after': String(DAY_SECONDS) }),
    expected: () => ({
      result: InternalServerError,
      requests: 1,
      retries: 0,
      status: 503,
      retryAfterMs: DAY_SECONDS * 1000,
    }),
  },
  { name: '504', play: statusFault(504), expected: retriedOnce(InternalServerError, { status: 504 }) },
  {
    name: '503 every time',
    play: always(({ res }) => send(res, 503, { message: 'down' })),
    expected: exhausted(InternalServerError, { status: 503 }),
  },
  { name: 'stall every time', play: always(() => undefined), expected: exhausted(TimeoutError) },
  {
    name: 'reset mid-body every time',
    play: always(({ res }, { op }) => partialBody(res, 200, op.success.body ?? site, 'reset')),
    expected: exhausted(ConnectionError),
  },
  {
    name: 'truncated JSON',
    play: once(({ res }, { op }) => send(res, 200, JSON.stringify(op.success.body ?? site).slice(0, 20))),
    expected: badBody,
  },
  { name: 'bad JSON', play: once(({ res }) => send(res, 200, '{"id": "s1",,}')), expected: badBody },
  {
    name: 'HTML page with 200',
    play: once(({ res }) =>
      send(res, 200, '<html><body>Maintenance</body></html>', { 'content-type': 'text/html' }),
    ),
    expected: badBody,
  },
  {
    name: 'wrong content type (JSON as text/plain)',
    play: once(({ res }, { op }) =>
      send(res, op.success.status, op.success.body, { 'content-type': 'text/plain; charset=utf-8' }),
    ),
    expected: () => ({ result: 'ok', requests: 1, retries: 0 }),
  },
  { name: 'empty 200', play: once(({ res }) => send(res, 200, '')), expected: badBody },
  {
    name: '302 to the same origin',
    play: once(({ res }) => send(res, 302, '', { location: '/v1/redirected' })),
    expected: (op) =>
      op.method === 'GET'
        ? { result: 'ok', requests: 2, retries: 0 }
        : { result: RedirectError, requests: 1, retries: 0, status: 302 },
  },
  {
    name: '307 to another origin',
    play: once(({ res }, { otherOrigin }) => send(res, 307, '', { location: `${otherOrigin}/v1/stolen` })),
    expected: () => ({ result: RedirectError, requests: 1, retries: 0, status: 307 }),
  },
];

// ---------------------------------------------------------------------------------------------
// The record printed at the end.

interface RowRecord {
  transport: string;
  kind: string;
  op: string;
  held: boolean;
  cell: string;
  /** Milliseconds the call took, and the bound computed from its settings. */
  elapsed?: number;
  bound?: number;
}
const records: RowRecord[] = [];
const LIST = 'GET sites.list';
const CURSOR_KINDS = ['endless cursors (empty pages, new cursors)', 'repeating cursor'];
const openServers = new Set<FaultServer>();

function short(result: unknown): string {
  if (result === 'ok') return 'ok';
  const name = result instanceof Error ? result.name : String(result);
  return name.replace(/Error$/, '') || name;
}

afterAll(async () => {
  await Promise.all([...openServers].map((server) => server.close()));
  const summary = TRANSPORTS.map((transport) => {
    const own = records.filter((record) => record.transport === transport.name);
    console.log(`fault matrix through ${transport.name}:\n${table(own)}`);
    return `${transport.name} ${own.filter((record) => record.held).length}/${own.length}`;
  });
  const held = records.filter((record) => record.held).length;
  const timed = records.filter((record) => record.elapsed !== undefined && record.bound !== undefined);
  const closest = timed.reduce<RowRecord | undefined>(
    (worst, record) =>
      !worst || (record.elapsed ?? 0) / (record.bound ?? 1) > (worst.elapsed ?? 0) / (worst.bound ?? 1)
        ? record
        : worst,
    undefined,
  );
  const closestLine = closest
    ? `\nclosest to its time bound: ${closest.kind} × ${closest.op} (${closest.transport}), ${Math.round(closest.elapsed ?? 0)} ms of ${closest.bound} ms`
    : '';
  console.log(
    `(cell: outcome, requests received r, retries announced)${closestLine}\nfault matrix: ${held}/${records.length} rows held (${summary.join(', ')})`,
  );
});

/** One transport's rows as a table, kinds by operations, in the order of the definitions. */
function table(own: RowRecord[]): string {
  const kinds = [...KINDS.map((kind) => kind.name), ...CURSOR_KINDS].filter((kind) =>
    own.some((record) => record.kind === kind),
  );
  const ops = [...OPS.map((each) => each.label), LIST].filter((label) =>
    own.some((record) => record.op === label),
  );
  const width = Math.max(...kinds.map((kind) => kind.length));
  const cellWidth = Math.max(...ops.map((op) => op.length), ...own.map((record) => record.cell.length + 2));
  return [
    `${'fault'.padEnd(width)} | ${ops.map((op) => op.padEnd(cellWidth)).join(' | ')}`,
    `${'-'.repeat(width)}-+-${ops.map(() => '-'.repeat(cellWidth)).join('-+-')}`,
    ...kinds.map((kind) => {
      const cells = ops.map((op) => {
        const record = own.find((each) => each.kind === kind && each.op === op);
        return (record ? `${record.held ? '' : '✗ '}${record.cell}` : '·').padEnd(cellWidth);
      });
      return `${kind.padEnd(width)} | ${cells.join(' | ')}`;
    }),
  ].join('\n');
}

async function server(handler: (exchange: Exchange) => void): Promise<FaultServer> {
  const started = await startFaultServer(handler);
  openServers.add(started);
  return started;
}

async function closeAll(...servers: Array<FaultServer | undefined>): Promise<void> {
  for (const each of servers) {
    if (!each) continue;
    openServers.delete(each);
    await each.close();
  }
}

/**
 * Runs `call` against a client for `origin`, and checks the bound on its duration:
 * every attempt may use its whole timeout, every wait at most maxRetryDelay.
 */
async function measure(
  transport: Transport,
  origin: string,
  settings: typeof SETTINGS,
  call: (client: DocsClient) => Promise<unknown>,
) {
  const events: RetryEvent[] = [];
  const client = new DocsClient({
    token: TOKEN,
    baseUrl: `${origin}/v1`,
    ...settings,
    ...transport.options,
    onRetry: (event) => events.push(event),
  });
  const started = performance.now();
  let result: unknown = 'ok';
  let data: unknown;
  try {
    data = await call(client);
  } catch (error) {
    result = error;
  }
  const elapsed = performance.now() - started;
  const bound =
    (settings.maxRetries + 1) * settings.timeout + settings.maxRetries * settings.maxRetryDelay + MARGIN;
  return { result, data, elapsed, bound, events };
}

describe.concurrent.each(TRANSPORTS)(
  'fault matrix through $name: every fault kind × every method',
  (transport) => {
    for (const kind of KINDS) {
      for (const opCase of OPS) {
        it(`${kind.name} × ${opCase.label}`, async ({ expect }) => {
          const expected = kind.expected(opCase);
          const settings = kind.settings ?? SETTINGS;
          let main: FaultServer | undefined;
          let other: FaultServer | undefined;
          const record: RowRecord = {
            transport: transport.name,
            kind: kind.name,
            op: opCase.label,
            held: false,
            cell: '',
          };
          records.push(record);
          try {
            other = await server(({ res }) => send(res, 200, opCase.success.body ?? {}));
            const row: RowContext = { op: opCase, otherOrigin: other.origin };
            let origin: string;
            if (kind.play) {
              const play = kind.play;
              main = await server((exchange) => {
                if (play(exchange, row)) return;
                const { status, body } = opCase.success;
                send(exchange.res, status, body);
              });
              origin = main.origin;
            } else {
              origin = await closedPortOrigin();
            }

            const { result, data, elapsed, bound, events } = await measure(
              transport,
              origin,
              settings,
              opCase.call,
            );
            Object.assign(record, { elapsed, bound });
            const requests = main?.received.length ?? 0;
            record.cell = `${short(result)} ${requests}r ${events.length}`;

            // The outcome: a typed DocsError of the expected class, or a success with real data.
            if (expected.result === 'ok') {
              expect(result, `${String(result)}`).toBe('ok');
              opCase.check(data, expect);
            } else {
              expect(result).toBeInstanceOf(DocsError);
              expect(result).toBeInstanceOf(expected.result);
              if (expected.status !== undefined) expect((result as ApiError).status).toBe(expected.status);
              if (expected.retryAfterMs !== undefined) {
                const error = result as ApiError;
                expect(Math.abs((error.retryAfterMs ?? -1e9) - expected.retryAfterMs)).toBeLessThan(1500);
                expect(error.retryAt).toBeInstanceOf(Date);
              }
            }
            // What the server received: never a replay of a request that may have been processed.
            const reasons = events.map((event) => event.reason).join(', ');
            expect(requests, `retries: ${reasons}`).toBe(expected.requests);
            expect(events, `retries: ${reasons}`).toHaveLength(expected.retries);
            for (const [index, event] of events.entries()) {
              expect(event).toMatchObject({
                operation: opCase.operationId,
                method: opCase.method,
                attempt: index + 1,
              });
              expect(event.path).not.toContain('?');
              expect(event.delayMs).toBeLessThanOrEqual(settings.maxRetryDelay);
            }
            // Bounded in time by the settings; and the waits announced were really waited.
            expect(elapsed).toBeLessThan(bound);
            const waited = events.reduce((sum, event) => sum + event.delayMs, 0);
            expect(elapsed).toBeGreaterThanOrEqual(waited - 25);
            // A cross-origin redirect never reaches the other origin (nor does it get the token).
            expect(other.received).toHaveLength(0);
            for (const request of main?.received ?? []) {
              expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
            }
            record.held = true;
          } finally {
            await closeAll(main, other);
          }
        });
      }
    }
  },
);

describe.concurrent.each(TRANSPORTS)(
  'fault matrix through $name: list cursors (GET sites.list)',
  (transport) => {
    const cases: Array<{ name: string; page: (n: number) => unknown; requests: number; reason: string }> = [
      {
        name: CURSOR_KINDS[0] ?? '',
        page: (n) => ({ items: [], next: { page: `cursor_${n}` } }),
        requests: MAX_EMPTY_PAGES + 1,
        reason: 'empty-pages',
      },
      {
        name: CURSOR_KINDS[1] ?? '',
        page: (n) => ({ items: [{ ...site, id: `s${n}` }], next: { page: 'same' } }),
        requests: 2,
        reason: 'repeated-cursor',
      },
    ];
    for (const each of cases) {
      it(`${each.name} × ${LIST}`, async ({ expect }) => {
        const record: RowRecord = {
          transport: transport.name,
          kind: each.name,
          op: LIST,
          held: false,
          cell: '',
        };
        records.push(record);
        const main = await server(({ res, n }) => send(res, 200, each.page(n)));
        try {
          const { result, elapsed, bound, events } = await measure(
            transport,
            main.origin,
            SETTINGS,
            (client) => client.sites.list('org_1').toArray({ max: 30 }),
          );
          expect(events, events.map((event) => event.reason).join(', ')).toHaveLength(0);
          Object.assign(record, { elapsed, bound, cell: `${short(result)} ${main.received.length}r 0` });
          expect(result).toBeInstanceOf(PaginationError);
          expect((result as PaginationError).reason).toBe(each.reason);
          expect(main.received).toHaveLength(each.requests);
          expect(elapsed).toBeLessThan(bound);
          record.held = true;
        } finally {
          await closeAll(main);
        }
      });
    }
  },
);
