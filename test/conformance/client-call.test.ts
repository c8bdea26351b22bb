/*
 * `client.call` reaches every operation of the operation index: each id, called with inputs built
 * from the document (generated-calls.ts), is routed by the in-process sandbox to that operation,
 * whatever it answers. A missing entry, a wrong loader or argument list shows as a TypeError or a
 * request the SDK refuses, never as a count.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, ApiPromise, DocsClient, EventStream, PagePromise } from '@docs-api/sdk';
import { operationById, operationIndex, type OperationEntry } from '@docs-api/sdk/contract';
import { createSandbox } from '@docs-api/sandbox';
import { documentEntry } from './document.js';
import { SEED_IDS, argumentsFor } from './generated-calls.js';

const sandbox = createSandbox();
const client = new DocsClient({
  token: sandbox.token,
  baseUrl: 'http://sandbox.test/v1',
  fetch: sandbox.fetch,
  maxRetries: 0,
  responseValidation: 'off',
});

/** The named input of an operation from the positional arguments of its method. */
function inputOf(entry: OperationEntry, args: readonly unknown[]) {
  const params: Record<string, unknown> = {};
  const input: { params: Record<string, unknown>; query?: unknown; body?: unknown } = { params };
  entry.args.forEach((spec, index) => {
    const name = spec.replace(/^\?/, '');
    if (name.startsWith(':')) params[name.slice(1)] = args[index];
    else if (args[index] !== undefined) input[name as 'query' | 'body'] = args[index];
  });
  return { input, options: args[entry.args.length] };
}

/**
 * Bodies the document's schema does not give: the contract requires fields the document leaves
 * out (as calls/conversations.ts and calls/spaces.ts write them).
 */
const BODIES: Record<string, unknown> = {
  ingestConversation: {
    id: 'ticket-4243',
    parts: [{ type: 'message', role: 'user', body: 'Where is my invoice?' }],
  },
  transferSpace: { organization: 'org_beta' },
};

const entries = Object.values(operationIndex) as OperationEntry[];

describe('client.call reaches every operation of the index', () => {
  it.each(entries.map((entry) => [entry.id, entry] as const))('%s', async (id, entry) => {
    const operation = operationById(id)!;
    const document = documentEntry(operation);
    const args = document
      ? argumentsFor(operation, document, 'all')
      : entry.args.map((spec) =>
          spec.startsWith(':') ? (SEED_IDS[spec.slice(1)] ?? `${spec.slice(1)}_1`) : undefined,
        );
    const { input, options } = inputOf(entry, args);
    if (BODIES[id]) input.body = BODIES[id];
    const before = sandbox.requests.get(id) ?? 0;
    const call = (client.call as (id: string, input: unknown, options: unknown) => unknown)(
      id,
      input,
      options,
    );
    const expected = { call: ApiPromise, page: PagePromise, stream: EventStream }[entry.kind];
    expect(call).toBeInstanceOf(expected);
    const settled =
      entry.kind === 'stream'
        ? (async () => {
            for await (const _ of call as AsyncIterable<unknown>) void _;
          })()
        : Promise.resolve(call as PromiseLike<unknown>);
    // The sandbox's answer may be an error the document describes (an id it does not have).
    await settled.catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
    expect(sandbox.requests.get(id)).toBe(before + 1);
  });
});
