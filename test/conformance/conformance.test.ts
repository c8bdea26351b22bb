/*
 * Conformance with the service's published OpenAPI document (`@gitbook/api`, pinned). Our SDK,
 * sandbox and nock stubs share one contract module, so only this test can see where our reading
 * of the extract differs from what the service sends and accepts:
 * - the request the SDK sends for a full representative input validates against the document;
 * - samples generated from the document's response schemas parse under the `strict` policy;
 * - the sandbox's answers for its seed data validate against the document;
 * - the sandbox accepts the parameters the document has and the extract does not show.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError, DocsClient, RequestValidationError } from '@docs-api/sdk';
import { operationById, operations, type Operation } from '@docs-api/sdk/contract';
import { createSandbox } from '@docs-api/sandbox';
import { calls } from './calls/index.js';
import {
  documentEntry,
  documentOperationIds,
  documentVersion,
  resolve,
  successSchemas,
  validateRequest,
  validateEvent,
  validateResponse,
  type CapturedRequest,
  type DocumentEntry,
  type Finding,
} from './document.js';
import { generatedCalls } from './generated-calls.js';
import { describeMode, generateSample, modesFor } from './samples.js';
import type { OperationCalls } from './calls/types.js';
import { describeSandboxContent } from './sandbox-content.js';

const BASE_URL = 'https://api.example.com/v1';

/**
 * Sample answers per operation: every field, the required ones, nulls where allowed, then the
 * first variants of its unions. A document's block union has dozens of variants; the first ones
 * cover the reading rules (known variant, fallback), at a cost per case that 386 operations bear.
 */
const MAX_SAMPLE_MODES = 6;

/** The document's operations the contract leaves out: packages/sdk/.stats.yml gives why. */
const LEFT_OUT = ['submitAgentFeedbackToSite', 'submitSiteAgentFeedback'];

const inDocument = operations
  .map((operation) => ({ operation, entry: documentEntry(operation) }))
  .filter((pair): pair is { operation: Operation; entry: DocumentEntry } => pair.entry !== undefined);
const extractOnly = operations.filter((operation) => !documentEntry(operation));

/** An operation's conformance calls: under its id or its SDK name (`sites.list`). */
const callsFor = (operation: Operation) =>
  [operation.id, operation.name].map((id) => calls[id]).find((entry) => entry !== undefined);

const tally = {
  requestsValid: 0,
  samplesParsed: 0,
  samplesTried: 0,
  samplesOperations: new Set<string>(),
  sandboxValid: 0,
  /** Of those, the answers that succeeded (the others are errors the document describes). */
  sandboxSucceeded: 0,
  sandboxExtractOnly: 0,
  documentParametersAccepted: 0,
  documentParametersTried: 0,
  /** Options of the extract that the document lacks, sent by the full calls. */
  extractOnlySent: new Set<string>(),
};

afterAll(() => {
  const total = inDocument.length;
  console.log(
    [
      `conformance with @gitbook/api ${documentVersion}: ${total} of ${operations.length} operations are in the document (${extractOnly.length} only in the extract)`,
      `  operations covered:      ${inDocument.filter(({ operation }) => callsFor(operation)).length}/${total}`,
      `  SDK requests valid:      ${tally.requestsValid}/${total} (with ${tally.extractOnlySent.size} extract-only options the document lacks: ${[...tally.extractOnlySent].join(', ') || 'none'})`,
      `  document samples parsed: ${tally.samplesParsed}/${tally.samplesTried} (from ${tally.samplesOperations.size}/${total} operations; the others answer no content)`,
      `  sandbox answers valid:   ${tally.sandboxValid}/${total} against the document (${tally.sandboxSucceeded} successes, the others errors it describes); ${tally.sandboxExtractOnly}/${extractOnly.length} extract-only against the extract`,
      `  document parameters the sandbox accepts: ${tally.documentParametersAccepted}/${tally.documentParametersTried}`,
    ].join('\n'),
  );
});

function client(fetch: typeof globalThis.fetch, token = 'conformance-token'): DocsClient {
  return new DocsClient({ token, baseUrl: BASE_URL, fetch, maxRetries: 0 });
}

async function capture(input: RequestInfo | URL, init?: RequestInit): Promise<CapturedRequest> {
  const request = new Request(input, init);
  const text = await request.text();
  return {
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

/** A fetch answering every request with `body` (JSON) or no content. */
function answering(status: number, body: unknown, onRequest?: (request: CapturedRequest) => void) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    onRequest?.(await capture(input, init));
    if (body === undefined) return new Response(null, { status });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
}

function firstSuccess(entry: DocumentEntry): { status: number; body: unknown } {
  const [first] = successSchemas(entry);
  if (!first) return { status: 204, body: undefined };
  return {
    status: first.status,
    body: first.schema ? generateSample(first.schema, { kind: 'all' }) : undefined,
  };
}

/**
 * The hand-written calls (calls/, by the ids of 0.1: their inputs are tuned to the seed) by
 * operation id; every other operation's calls are built from the document (generated-calls.ts).
 */
const handWritten = new Map<string, OperationCalls>(
  Object.entries(calls).map(([id, entry]) => [operationById(id)?.id ?? id, entry]),
);

function callsOf(operation: Operation): OperationCalls {
  const written = handWritten.get(operation.id);
  if (written) return written;
  const entry = documentEntry(operation);
  if (!entry)
    throw new Error(
      `no conformance calls for ${operation.id}, which the document lacks: add them in test/conformance/calls/`,
    );
  return generatedCalls(operation, entry);
}

function show(findings: Finding[]): string {
  return findings.map((finding) => `${finding.where}: ${finding.message}`).join('\n');
}

describe(`conformance with the published document`, () => {
  it('covers every operation of the contract, and the contract every operation of the document', () => {
    const uncalled = operations.filter(
      (operation) => !handWritten.has(operation.id) && !documentEntry(operation),
    );
    expect(
      uncalled.map((operation) => operation.id),
      'operations without calls',
    ).toEqual([]);
    const inContract = new Set(inDocument.map(({ entry }) => entry.operationId));
    const leftOut = documentOperationIds().filter((id) => !inContract.has(id));
    expect(leftOut, 'document operations neither generated nor left out with a reason').toEqual(LEFT_OUT);
  });

  describe('the SDK sends requests the document accepts', () => {
    it.each(inDocument.map(({ operation, entry }) => [operation.id, operation, entry] as const))(
      '%s',
      async (_id, operation, entry) => {
        const requests: CapturedRequest[] = [];
        const answer = firstSuccess(entry);
        const sdk = client(answering(answer.status, answer.body, (request) => requests.push(request)));
        const call = callsOf(operation);
        try {
          await call.full(sdk);
        } catch (error) {
          // Only the request is judged here; answers are judged below.
          if (error instanceof RequestValidationError) throw error;
        }
        expect(requests).toHaveLength(1);
        const findings = validateRequest(entry, requests[0] as CapturedRequest).filter((finding) => {
          if (!finding.unknown) return true;
          const allowed =
            operation.notInDocument?.[finding.unknown.part]?.includes(finding.unknown.name) ?? false;
          if (allowed)
            tally.extractOnlySent.add(`${operation.id} ${finding.unknown.part}.${finding.unknown.name}`);
          return !allowed;
        });
        expect(show(findings), `request of ${operation.id}`).toBe('');
        tally.requestsValid += 1;
      },
    );
  });

  describe('answers shaped as the document describes them parse under the strict policy', () => {
    const cases = inDocument.flatMap(({ operation, entry }) =>
      successSchemas(entry)
        .filter((answer) => answer.schema)
        .flatMap((answer) =>
          modesFor(answer.schema)
            .slice(0, MAX_SAMPLE_MODES)
            .map(
              (mode) =>
                [
                  `${operation.id} ${answer.status} ${describeMode(mode)}`,
                  operation,
                  entry,
                  answer.status,
                  mode,
                ] as const,
            ),
        ),
    );
    it.each(cases)('%s', async (_name, operation, entry, status, mode) => {
      const schema = successSchemas(entry).find((answer) => answer.status === status)?.schema;
      const sample = generateSample(schema, mode);
      // A sample the document itself refuses is a gap of the generator, not of the SDK.
      expect(show(validateResponse(entry, status, sample)), 'the generated sample').toBe('');
      tally.samplesTried += 1;
      tally.samplesOperations.add(operation.id);
      await callsOf(operation).seed(client(answering(status, sample)));
      tally.samplesParsed += 1;
    });
  });

  describe("the sandbox's answers for its seed validate against the document", () => {
    // One sandbox for every call, reads before writes and deletes last: a call that finds what an
    // earlier one deleted answers an error, which the document describes too.
    const sandbox = createSandbox({ checkResponses: true });
    const order = { GET: 0, HEAD: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const;
    const ordered = [...operations].sort(
      (a, b) => order[a.method] - order[b.method] || a.id.localeCompare(b.id),
    );
    it.each(ordered.map((operation) => [operation.id, operation] as const))('%s', async (_id, operation) => {
      const answers: Array<{ status: number; body: unknown; events?: unknown[] }> = [];
      const sdk = client(async (input, init) => {
        const response = await sandbox.fetch(input, init);
        const text = await response.clone().text();
        if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
          const events = text
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => JSON.parse(line.slice(5)) as unknown);
          answers.push({ status: response.status, body: undefined, events });
        } else {
          answers.push({ status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined });
        }
        return response;
      }, sandbox.token);
      // An answer of the document's errors (an id an earlier call deleted) is judged as well.
      await Promise.resolve(callsOf(operation).seed(sdk)).catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      });
      expect(answers).toHaveLength(1);
      const entry = documentEntry(operation);
      const [answer] = answers;
      if (!entry || !answer) {
        tally.sandboxExtractOnly += 1;
        return;
      }
      const findings = answer.events
        ? answer.events.flatMap((event) => validateEvent(entry, event))
        : validateResponse(entry, answer.status, answer.body);
      expect(show(findings), `answer of ${operation.id}`).toBe('');
      tally.sandboxValid += 1;
      if (answer.status < 300) tally.sandboxSucceeded += 1;
    });
  });

  describe('the sandbox accepts the query parameters the document has', () => {
    const cases = inDocument.flatMap(({ operation, entry }) =>
      [...entry.pathParameters, ...(entry.operation.parameters ?? [])]
        .map((parameter) => resolve(parameter))
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => [`${operation.id} ?${String(parameter.name)}`, operation, parameter] as const),
    );
    const sandbox = createSandbox({ checkResponses: true });
    it.each(cases)('%s', async (_name, operation, parameter) => {
      const name = String(parameter.name);
      const value = generateSample(parameter.schema, { kind: 'all' });
      const refusals: string[] = [];
      const sdk = client(async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        // Keep what the SDK sent for the other parameters; `page` needs a cursor the sandbox gave.
        if (name !== 'page' && !url.searchParams.has(name)) {
          for (const item of Array.isArray(value) ? value : [value])
            url.searchParams.append(name, String(item));
        }
        const response = await sandbox.fetch(new Request(url, request));
        // A refusal of the parameter itself (unknown name, or a value the document allows).
        if (response.status === 400) {
          const body = (await response.clone().json()) as { error?: { issues?: Array<{ path: string }> } };
          const issues = body.error?.issues ?? [];
          if (
            issues.some((issue) => issue.path === `query.${name}` || issue.path.startsWith(`query.${name}.`))
          )
            refusals.push(JSON.stringify(body.error));
        }
        return response;
      }, sandbox.token);
      tally.documentParametersTried += 1;
      // The value may be refused on its meaning (a share key that opens nothing); its name may not.
      await Promise.resolve(callsOf(operation).seed(sdk)).catch(() => undefined);
      expect(refusals, `the sandbox refuses ?${name}=${JSON.stringify(value)}`).toEqual([]);
      tally.documentParametersAccepted += 1;
    });
  });
});

describeSandboxContent();
