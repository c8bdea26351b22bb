/*
 * Property tests over every operation of the contract, through the http layer (no network: a
 * fetch that records each request):
 * - random inputs only ever give a RequestValidationError with nothing sent, or a request whose
 *   path, query and body pass the operation's own schemas once decoded from the wire;
 * - random JSON bodies as the answer only ever give the parsed data or a
 *   ResponseValidationError under `strict`, and the data as received under `warn`.
 * Bounded runs with a fixed seed, so a failure replays the same way.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { decodeQuery, operations, type Operation } from '../contract/index.js';
import { RequestValidationError, ResponseValidationError } from './errors.js';
import { HttpClient, type ResponseValidation } from './http.js';
import { mixed, plausible, shapeKeys } from '../../test-support/arbitraries.js';

const SEED = 20_261_123;
const RUNS = 50;
// A failure is reported as found, not shrunk: shrinking a recursive answer (a revision's page tree)
// can take longer than the suite.
fc.configureGlobal({ seed: SEED, numRuns: RUNS, endOnFailure: true });

const BASE = 'https://api.fuzz.test';
const counts = {
  requestRuns: 0,
  refused: 0,
  sent: 0,
  responseRuns: 0,
  parsed: 0,
  responseErrors: 0,
  warnRuns: 0,
  warnDrifts: 0,
};

afterAll(() => {
  console.log(
    `fuzz (seed ${SEED}, ${RUNS} runs per operation and property, ${operations.length} operations): ` +
      `requests ${counts.requestRuns} runs: ${counts.refused} RequestValidationError, ${counts.sent} sent and valid on the wire; ` +
      `responses (strict) ${counts.responseRuns} runs: ${counts.parsed} parsed, ${counts.responseErrors} ResponseValidationError; ` +
      `responses (warn) ${counts.warnRuns} runs: ${counts.warnDrifts} used as received with drift reported`,
  );
});

/** A fetch that records every request and answers with `answer`. */
function recorder(answer: () => Response) {
  const requests: Request[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return Promise.resolve(answer());
  };
  return { requests, fetch };
}

function client(fetch: typeof globalThis.fetch, responseValidation: ResponseValidation, warn = () => {}) {
  return new HttpClient({
    token: 'tok_fuzz_secret',
    baseUrl: BASE,
    fetch,
    timeout: 5_000,
    maxRetries: 0,
    maxRetryDelay: 0,
    userAgent: 'fuzz',
    maxConcurrency: 10,
    responseValidation,
    logger: { debug: () => {}, warn },
  });
}

function inputArbitrary(operation: Operation) {
  return fc.record({
    params: mixed(operation.paramsSchema, operation.pathParams),
    query: operation.query ? mixed(operation.query, shapeKeys(operation.query)) : fc.constant(undefined),
    body: operation.body ? mixed(operation.body, shapeKeys(operation.body)) : fc.constant(undefined),
  });
}

/** The path parameters of a sent URL, if its path fits the operation's template. */
function paramsOf(operation: Operation, pathname: string): Record<string, string> | undefined {
  // A parameter that is itself a path (getPageByPath's pagePath) keeps its slashes.
  const pattern = new RegExp(
    `^${operation.path
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{(\w+)\\?\}/g, (_match, name: string) =>
        operation.pathValued.includes(name) ? '(.+)' : '([^/]+)',
      )}$`,
  );
  const match = pattern.exec(pathname);
  if (!match) return undefined;
  return Object.fromEntries(
    operation.pathParams.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
  );
}

/** Checks that a sent request passes the operation's schemas as the server would read it. */
async function checkOnTheWire(operation: Operation, request: Request): Promise<void> {
  const url = new URL(request.url);
  expect(request.method).toBe(operation.method);
  const params = paramsOf(operation, url.pathname);
  expect(params, `path ${url.pathname} does not fit ${operation.path}`).toBeDefined();
  expect(operation.paramsSchema.safeParse(params).success).toBe(true);
  if (operation.query) {
    const query = decodeQuery(operation.queryKinds, url.searchParams);
    const parsed = operation.query.safeParse(query);
    expect(parsed.success, `query ${url.search}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  } else {
    expect(url.search).toBe('');
  }
  const text = await request.text();
  if (operation.body) {
    const parsed = operation.body.safeParse(JSON.parse(text));
    expect(parsed.success, `body ${text}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  } else {
    expect(text).toBe('');
  }
}

describe('random inputs to every operation: RequestValidationError, or a request valid on the wire', () => {
  it.each(operations.map((operation) => [operation.id, operation] as const))('%s', async (_id, operation) => {
    await fc.assert(
      fc.asyncProperty(inputArbitrary(operation), async (input) => {
        counts.requestRuns++;
        const { requests, fetch } = recorder(() => new Response(null, { status: 204 }));
        try {
          await client(fetch, 'off').call(operation, input as Parameters<HttpClient['call']>[1]);
        } catch (error) {
          expect(error).toBeInstanceOf(RequestValidationError);
          expect(requests).toHaveLength(0);
          counts.refused++;
          return;
        }
        expect(requests).toHaveLength(1);
        await checkOnTheWire(operation, requests[0] as Request);
        counts.sent++;
      }),
    );
  });
});

/** The operation with any path parameters and no query or body, so that any answer can be tried. */
function reachable(operation: Operation): { operation: Operation; params: Record<string, string> } {
  return {
    operation: {
      ...operation,
      paramsSchema: z.catchall(z.object({}), z.string()),
      query: undefined,
      body: undefined,
    },
    params: Object.fromEntries(operation.pathParams.map((name) => [name, 'x'])),
  };
}

function jsonAnswer(json: unknown): Response {
  return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Any JSON, and JSON shaped by the response schema (so that valid answers are tried too). */
function answerArbitrary(operation: Operation): fc.Arbitrary<unknown> {
  const json = fc.jsonValue() as fc.Arbitrary<unknown>;
  if (!operation.response) return json;
  const shaped = plausible(operation.response).map(
    (shapedValue) => JSON.parse(JSON.stringify(shapedValue) ?? 'null') as unknown,
  );
  return fc.oneof(json, shaped);
}

describe('random JSON answers to every operation: parsed or ResponseValidationError (strict), as received (warn)', () => {
  it.each(operations.map((operation) => [operation.id, operation] as const))('%s', async (_id, operation) => {
    const { operation: relaxed, params } = reachable(operation);
    let answer: unknown;
    const { fetch } = recorder(() => jsonAnswer(answer));
    const strict = client(fetch, 'strict');
    await fc.assert(
      fc.asyncProperty(answerArbitrary(operation), async (json) => {
        answer = json;
        const received = JSON.parse(JSON.stringify(json)) as unknown;
        const expected = operation.response?.safeParse(received);

        counts.responseRuns++;
        let data: unknown;
        let failed = false;
        try {
          data = await strict.call(relaxed, { params });
        } catch (error) {
          expect(error).toBeInstanceOf(ResponseValidationError);
          expect(expected?.success).toBe(false);
          failed = true;
        }
        if (failed) counts.responseErrors++;
        else {
          // No schema (a no-content operation): the body is not read into data.
          if (!expected) expect(data).toBeUndefined();
          else expect(isDeepStrictEqual(data, expected.data)).toBe(true);
          counts.parsed++;
        }

        if (!operation.response) return;
        counts.warnRuns++;
        let warned = 0;
        // A new client each time: drift is reported once per client.
        const warnData = await client(fetch, 'warn', () => warned++).call(relaxed, { params });
        if (expected?.success) {
          expect(isDeepStrictEqual(warnData, expected.data)).toBe(true);
          expect(warned).toBe(0);
        } else {
          expect(isDeepStrictEqual(warnData, received)).toBe(true);
          expect(warned).toBeGreaterThan(0);
          counts.warnDrifts++;
        }
      }),
    );
  });
});
