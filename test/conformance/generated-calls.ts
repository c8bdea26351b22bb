/*
 * Calls of the operations that have no hand-written calls (calls/): their inputs built from the
 * document's own schemas (samples.ts), so that every operation of the contract is exercised.
 * `full` gives every query parameter and body field the document names; `seed` only the required
 * ones. Path parameters are ids of the sandbox's demo seed where one exists, else a plain id.
 */
import type { DocsClient } from '@docs-api/sdk';
import type { Operation } from '@docs-api/sdk/contract';
import type { OperationCalls } from './calls/types.js';
import { resolve, type DocumentEntry } from './document.js';
import { generateSample } from './samples.js';

/** Ids of the sandbox's demo seed, by path parameter name. */
export const SEED_IDS: Record<string, string> = {
  organizationId: 'org_acme',
  siteId: 'site_docs',
  spaceId: 'space_handbook',
  changeRequestId: '1',
  collectionId: 'col_product',
  teamId: 'team_docs',
  userId: 'user_grace',
  translationId: 'trans_handbook_fr',
  glossaryEntryId: 'gl_workspace',
  samlProviderId: 'saml_okta',
  specSlug: 'petstore',
  integrationName: 'intercom',
  importRunId: 'imp_api_site',
  inviteId: 'invite_1',
  emailDomain: 'acme.test',
  pagePath: 'getting-started',
  pageId: 'page_getting_started',
  revisionId: 'rev_handbook_1',
  reviewId: 'review_quickstart_grace',
  conversationId: 'conv_cli_install',
  issueId: 'issue_cli_windows',
  siteSpaceId: 'sitesp_handbook',
  siteSectionId: 'sitesc_product',
  subdomain: 'acme-docs',
  hostname: 'docs.acme.example.com',
};

/** A path parameter's value: the seed's id, or one that fits the parameter's schema. */
export function idFor(name: string, entry: DocumentEntry): string {
  const seeded = SEED_IDS[name];
  if (seeded) return seeded;
  const parameter = [...entry.pathParameters, ...(entry.operation.parameters ?? [])]
    .map((each) => resolve(each))
    .find((each) => each.in === 'path' && each.name === name);
  const schema = resolve(parameter?.schema ?? {});
  if (schema.type === 'number' || schema.type === 'integer') return '42';
  if (schema.format === 'uuid') return '0b2f6c3e-6c62-4a4c-9a55-7f1f6c1d2e3a';
  return `${name.replace(/Id$/, '')}_1`;
}

/** Header parameters the document requires (a partner key): sent through the request options. */
function requiredHeaders(entry: DocumentEntry): Record<string, string> | undefined {
  const headers = [...entry.pathParameters, ...(entry.operation.parameters ?? [])]
    .map((each) => resolve(each))
    .filter((each) => each.in === 'header' && each.required);
  return headers.length
    ? Object.fromEntries(headers.map((each) => [String(each.name), 'conformance-key']))
    : undefined;
}

type Schema = Record<string, unknown>;

/** The query parameters of a document operation, resolved. */
function queryParameters(entry: DocumentEntry): Schema[] {
  return [...entry.pathParameters, ...(entry.operation.parameters ?? [])]
    .map((parameter) => resolve(parameter))
    .filter((parameter) => parameter.in === 'query');
}

export function bodySchema(entry: DocumentEntry): Schema | undefined {
  const requestBody = entry.operation.requestBody ? resolve(entry.operation.requestBody) : undefined;
  return (requestBody?.content as Record<string, { schema?: Schema }> | undefined)?.['application/json']
    ?.schema;
}

/** The SDK method of an operation, and its arguments built from the document. */
export function argumentsFor(
  operation: Operation,
  entry: DocumentEntry,
  mode: 'all' | 'required',
): unknown[] {
  const args: unknown[] = [];
  const query: Record<string, unknown> = {};
  for (const parameter of queryParameters(entry)) {
    if (mode === 'required' && !parameter.required) continue;
    // A cursor names a page the server gave: none here.
    if (parameter.name === 'page') continue;
    const value = generateSample(parameter.schema, { kind: mode });
    if (value !== undefined) query[String(parameter.name)] = value;
  }
  const schema = bodySchema(entry);
  for (const spec of operation.args ?? []) {
    const name = spec.replace(/^\?/, '');
    if (name.startsWith(':')) args.push(idFor(name.slice(1), entry));
    else if (name === 'body') args.push(schema ? generateSample(schema, { kind: mode }) : undefined);
    else args.push(Object.keys(query).length ? query : undefined);
  }
  const headers = requiredHeaders(entry);
  if (headers) {
    while (args.length < (operation.args?.length ?? 0)) args.push(undefined);
    args.push({ headers });
  }
  return args;
}

/**
 * Calls an operation's SDK method (`client.sites.shareLinks.list`) as a caller would: a list's
 * first page is awaited, a stream's events are read to the end.
 */
export function callOperation(
  client: DocsClient,
  operation: Operation,
  args: readonly unknown[],
): PromiseLike<unknown> {
  const parts = operation.name.split('.');
  let target: unknown = client;
  for (const part of parts.slice(0, -1)) target = (target as Record<string, unknown>)[part];
  const result = (target as Record<string, (...values: unknown[]) => unknown>)[parts.at(-1)!]!(...args);
  if (!operation.stream) return result as PromiseLike<unknown>;
  return (async () => {
    for await (const _ of result as AsyncIterable<unknown>) void _;
  })();
}

export function generatedCalls(operation: Operation, entry: DocumentEntry): OperationCalls {
  return {
    full: (client) => callOperation(client, operation, argumentsFor(operation, entry, 'all')),
    seed: (client) => callOperation(client, operation, argumentsFor(operation, entry, 'required')),
  };
}
