/*
 * The service's published OpenAPI document (npm `@gitbook/api`, pinned as a dev dependency),
 * and what the conformance tests need from it: which document operation each contract
 * operation is, request and response validation (openapi-backend, ajv), and response samples
 * generated from its schemas.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend } from 'openapi-backend';
import type { Operation } from '@docs-api/sdk/contract';

const require = createRequire(import.meta.url);
// ajv-formats is CommonJS with `exports.default`; under NodeNext the plugin is that property.
const addFormats = (ajvFormats as unknown as { default: (ajv: object) => unknown }).default;
const DOCUMENT_FILE = require.resolve('@gitbook/api/spec/openapi.json');

type Schema = Record<string, unknown>;

interface RawDocument {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Schema> };
}

/** The raw document (with `$ref`s), read once. */
export const rawDocument = JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as RawDocument;

/** The npm version of `@gitbook/api` the document comes from. */
export const documentVersion = (
  JSON.parse(readFileSync(join(dirname(DOCUMENT_FILE), '..', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

let backend: OpenAPIBackend | undefined;

/**
 * Corrections of defects in the document, each one a schema that no value can satisfy as
 * written (docs/contract-notes.md lists them). `RevisionSemanticChangePageEdited.attributes` is a
 * oneOf of three attribute shapes (document, group, link page) that overlap: none closes its
 * properties, so every value matches two or three and the oneOf refuses all of them. Read as
 * anyOf: a value must match one shape at least.
 */
function corrected(document: RawDocument): RawDocument {
  const pageEdited = document.components.schemas.RevisionSemanticChangePageEdited as
    { properties?: { attributes?: Schema } } | undefined;
  const attributes = pageEdited?.properties?.attributes;
  if (attributes?.oneOf) {
    attributes.anyOf = attributes.oneOf;
    delete attributes.oneOf;
  }
  return document;
}

/**
 * The validator. `quick` mode skips openapi-backend's own check of the document, which knows
 * only OpenAPI 3.0 (the document is 3.1); schemas are compiled on first use.
 */
export async function documentBackend(): Promise<OpenAPIBackend> {
  if (backend) return backend;
  const api = new OpenAPIBackend({
    definition: corrected(structuredClone(rawDocument)) as never,
    quick: true,
    apiRoot: '/v1',
    customizeAjv: (ajv) => {
      addFormats(ajv);
      // Formats of the document that are descriptive, not checkable.
      ajv.addFormat('emoji', true);
      ajv.addFormat('icon', true);
      return ajv;
    },
  });
  await api.init();
  backend = api;
  return api;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function pathKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;
}

export interface DocumentEntry {
  operationId: string;
  method: (typeof METHODS)[number];
  /** The document's path, without `/v1`. */
  path: string;
  operation: Record<string, unknown> & {
    parameters?: Schema[];
    requestBody?: Schema;
    responses?: Record<string, Schema>;
  };
  pathParameters: Schema[];
}

const documentIndex = new Map<string, DocumentEntry>();
for (const [path, item] of Object.entries(rawDocument.paths)) {
  for (const method of METHODS) {
    const operation = item[method] as DocumentEntry['operation'] | undefined;
    if (!operation) continue;
    documentIndex.set(pathKey(method, `/v1${path}`), {
      operationId: String(operation.operationId),
      method,
      path,
      operation,
      pathParameters: (item.parameters as Schema[] | undefined) ?? [],
    });
  }
}

/** The document's operation for a contract operation, matched on method and path shape. */
export function documentEntry(operation: Operation): DocumentEntry | undefined {
  return documentIndex.get(pathKey(operation.method, operation.path));
}

/** The document's operation with this `operationId`. */
export function documentEntryById(operationId: string): DocumentEntry | undefined {
  return [...documentIndex.values()].find((entry) => entry.operationId === operationId);
}

/** Follows `$ref`s within the document. */
export function resolve(schema: unknown): Schema {
  let current = schema as Schema;
  for (let depth = 0; depth < 32 && typeof current?.$ref === 'string'; depth++) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    current = parts.reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      rawDocument,
    ) as Schema;
  }
  return current;
}

/** The JSON schema of each success answer of a document operation, by status. */
export function successSchemas(entry: DocumentEntry): Array<{ status: number; schema: Schema | undefined }> {
  return Object.entries(entry.operation.responses ?? {})
    .filter(([status]) => /^2\d\d$/.test(status))
    .map(([status, response]) => {
      const content = resolve(response).content as Record<string, { schema?: Schema }> | undefined;
      return { status: Number(status), schema: content?.['application/json']?.schema };
    });
}

export interface CapturedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface Finding {
  where: string;
  message: string;
  /** Set when the finding is a query parameter or top-level body key the document does not name. */
  unknown?: { part: 'query' | 'body'; name: string };
}

function describeAjvErrors(errors: unknown): Finding[] {
  type AjvError = {
    instancePath?: string;
    keyword?: string;
    message?: string;
    params?: Record<string, unknown>;
  };
  return ((errors as AjvError[] | null) ?? []).map((error) => {
    const extra = error.params?.additionalProperty;
    return {
      where: error.instancePath || '/',
      message: `${error.message ?? 'invalid'} ${JSON.stringify(error.params ?? {})}`,
      ...(error.instancePath === '/query' &&
      error.keyword === 'additionalProperties' &&
      typeof extra === 'string'
        ? { unknown: { part: 'query' as const, name: extra } }
        : {}),
    };
  });
}

/**
 * Checks one request against the document: the operation it reaches, its query (names and
 * values) and its body (values, and every key a property the document names: the document
 * does not forbid unknown keys, but the service ignores them, so sending one is a mistake).
 */
export async function validateRequest(entry: DocumentEntry, request: CapturedRequest): Promise<Finding[]> {
  const api = await documentBackend();
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(request.url.searchParams.keys())) {
    const values = request.url.searchParams.getAll(key);
    query[key] = values.length > 1 ? values : (values[0] ?? '');
  }
  const backendRequest = {
    method: request.method.toLowerCase(),
    path: request.url.pathname,
    query,
    headers: Object.fromEntries(request.headers),
    body: request.body,
  };
  const matched = api.matchOperation(backendRequest);
  if (!matched)
    return [
      { where: 'path', message: `no document operation for ${request.method} ${request.url.pathname}` },
    ];
  if (matched.operationId !== entry.operationId) {
    return [{ where: 'path', message: `reached ${matched.operationId}, not ${entry.operationId}` }];
  }
  const findings = describeAjvErrors(api.validateRequest(backendRequest, matched).errors);
  const requestBody = entry.operation.requestBody ? resolve(entry.operation.requestBody) : undefined;
  const bodySchema = (requestBody?.content as Record<string, { schema?: Schema }> | undefined)?.[
    'application/json'
  ]?.schema;
  if (request.body !== undefined && bodySchema) {
    findings.push(...unknownKeys(bodySchema, request.body, '/requestBody'));
  } else if (request.body !== undefined && !bodySchema) {
    findings.push({ where: '/requestBody', message: 'the document takes no body here' });
  }
  return findings;
}

/** Keys of `value` that no branch of `schema` names (only where the schema lists properties). */
function unknownKeys(schema: unknown, value: unknown, where: string, depth = 0): Finding[] {
  if (depth > 12 || value === null || typeof value !== 'object') return [];
  const resolved = resolve(schema);
  if (Array.isArray(value)) {
    return resolved.items
      ? value.flatMap((item, i) => unknownKeys(resolved.items, item, `${where}/${i}`, depth + 1))
      : [];
  }
  const branches = objectBranches(resolved);
  if (branches.length === 0) return [];
  // A key may be named by several branches (every block type has `nodes`): keep them all.
  const known = new Map<string, Schema[]>();
  let open = false;
  for (const branch of branches) {
    for (const [key, property] of Object.entries(
      (branch.properties as Record<string, Schema> | undefined) ?? {},
    ))
      known.set(key, [...(known.get(key) ?? []), property]);
    if (branch.additionalProperties !== undefined && branch.additionalProperties !== false) open = true;
    if (!branch.properties && branch.additionalProperties === undefined) open = true;
  }
  if (open) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
    const candidates = known.get(key);
    if (!candidates) {
      return [
        {
          where: `${where}/${key}`,
          message: 'a key the document does not name',
          ...(depth === 0 ? { unknown: { part: 'body' as const, name: key } } : {}),
        },
      ];
    }
    // The value fits when it fits one of the branches that name its key.
    let fewest: Finding[] | undefined;
    for (const candidate of candidates) {
      const findings = unknownKeys(candidate, item, `${where}/${key}`, depth + 1);
      if (findings.length === 0) return [];
      if (!fewest || findings.length < fewest.length) fewest = findings;
    }
    return fewest ?? [];
  });
}

/** The object shapes a schema may take: itself, and the members of its allOf/oneOf/anyOf. */
function objectBranches(schema: Schema, depth = 0): Schema[] {
  if (depth > 8) return [];
  const own =
    schema.properties || schema.additionalProperties !== undefined || schema.type === 'object'
      ? [schema]
      : [];
  const members = ['allOf', 'oneOf', 'anyOf'].flatMap((key) => (schema[key] as unknown[] | undefined) ?? []);
  return [...own, ...members.flatMap((member) => objectBranches(resolve(member), depth + 1))];
}

/** Checks an answer's body against the document's schema for that operation and status. */
export async function validateResponse(
  entry: DocumentEntry,
  status: number,
  body: unknown,
): Promise<Finding[]> {
  const api = await documentBackend();
  const operation = api.getOperation(entry.operationId);
  if (!operation) return [{ where: 'operation', message: `${entry.operationId} is not in the document` }];
  const declared = successSchemas(entry);
  if (status >= 200 && status < 300 && !declared.some((answer) => answer.status === status)) {
    return [
      {
        where: 'status',
        message: `answered ${status}; the document lists ${declared.map((d) => d.status).join(', ')}`,
      },
    ];
  }
  const schema = declared.find((answer) => answer.status === status)?.schema;
  if (!schema) {
    return body === undefined || body === ''
      ? []
      : [{ where: 'body', message: 'the document gives no body' }];
  }
  const result = api.validateResponse(body, operation, status);
  return describeAjvErrors(result.errors);
}
