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
import { DocsClient, RequestValidationError } from '@docs-api/sdk';
import { operations, type Operation } from '@docs-api/sdk/contract';
import { createSandbox } from '@docs-api/sandbox';
import { calls } from './calls/index.js';
import {
  documentEntry,
  documentVersion,
  resolve,
  successSchemas,
  validateRequest,
  validateResponse,
  type CapturedRequest,
  type DocumentEntry,
  type Finding,
} from './document.js';
import { describeMode, generateSample, modesFor } from './samples.js';

const BASE_URL = 'https://api.example.com/v1';

const inDocument = operations
  .map((operation) => ({ operation, entry: documentEntry(operation) }))
  .filter((pair): pair is { operation: Operation; entry: DocumentEntry } => pair.entry !== undefined);
const extractOnly = operations.filter((operation) => !documentEntry(operation));

/**
 * An operation's conformance calls: under its id, its SDK name (`sites.list`) or an id it had
 * before 0.2 (`sites.published`), as the calls were written for 0.1's ids.
 */
const callsFor = (operation: Operation) =>
  [operation.id, operation.name, ...operation.aliases].map((id) => calls[id]).find((entry) => entry !== undefined);

const tally = {
  requestsValid: 0,
  samplesParsed: 0,
  samplesTried: 0,
  samplesOperations: new Set<string>(),
  sandboxValid: 0,
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
      `  sandbox answers valid:   ${tally.sandboxValid}/${total} against the document; ${tally.sandboxExtractOnly}/${extractOnly.length} extract-only against the extract`,
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

/** The calls of an operation; a missing entry fails the test that needs it. */
function callsOf(operation: Operation) {
  const entry = callsFor(operation);
  if (!entry)
    throw new Error(`no conformance calls for ${operation.id}: add them in test/conformance/calls/`);
  return entry;
}

function show(findings: Finding[]): string {
  return findings.map((finding) => `${finding.where}: ${finding.message}`).join('\n');
}

describe(`conformance with the published document`, () => {
  it('covers every operation that the document has', () => {
    const missing = inDocument
      .filter(({ operation }) => !callsFor(operation))
      .map(({ operation }) => operation.id);
    expect(missing, 'operations in the document without conformance calls').toEqual([]);
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
        const findings = (await validateRequest(entry, requests[0] as CapturedRequest)).filter((finding) => {
          if (!finding.unknown) return true;
          const allowed =
            operation.extractOnlyFields?.[finding.unknown.part]?.includes(finding.unknown.name) ?? false;
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
          modesFor(answer.schema).map(
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
      expect(show(await validateResponse(entry, status, sample)), 'the generated sample').toBe('');
      tally.samplesTried += 1;
      tally.samplesOperations.add(operation.id);
      await callsOf(operation).seed(client(answering(status, sample)));
      tally.samplesParsed += 1;
    });
  });

  describe("the sandbox's answers for its seed validate against the document", () => {
    it.each(operations.map((operation) => [operation.id, operation] as const))(
      '%s',
      async (_id, operation) => {
        const sandbox = createSandbox({ checkResponses: true });
        const answers: Array<{ status: number; body: unknown }> = [];
        const sdk = client(async (input, init) => {
          const response = await sandbox.fetch(input, init);
          const text = await response.clone().text();
          answers.push({ status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined });
          return response;
        }, sandbox.token);
        await callsOf(operation).seed(sdk);
        expect(answers).toHaveLength(1);
        const entry = documentEntry(operation);
        const [answer] = answers;
        if (!entry || !answer) {
          tally.sandboxExtractOnly += 1;
          return;
        }
        expect(
          show(await validateResponse(entry, answer.status, answer.body)),
          `answer of ${operation.id}`,
        ).toBe('');
        tally.sandboxValid += 1;
      },
    );
  });

  describe('the sandbox accepts the query parameters the document has', () => {
    const cases = inDocument.flatMap(({ operation, entry }) =>
      [...entry.pathParameters, ...(entry.operation.parameters ?? [])]
        .map((parameter) => resolve(parameter))
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => [`${operation.id} ?${String(parameter.name)}`, operation, parameter] as const),
    );
    it.each(cases)('%s', async (_name, operation, parameter) => {
      const name = String(parameter.name);
      const value = generateSample(parameter.schema, { kind: 'all' });
      const sandbox = createSandbox({ checkResponses: true });
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
