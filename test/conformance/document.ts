/*
 * The service's published OpenAPI document (npm `@gitbook/api`, pinned as a dev dependency),
 * and what the conformance tests need from it: which document operation each contract
 * operation is, request and response validation, and response samples generated from its
 * schemas. Validation is one ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) holding the
 * document's components once: a schema every operation reaches (a document's blocks) is compiled
 * once for all of them, not once per operation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
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

const DOCUMENT_ID = 'https://document.test/openapi.json';
let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** `#/components/...` of the document, as seen from a schema compiled on its own. */
function rebased(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebased);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${DOCUMENT_ID}${value}`
        : rebased(value),
    ]),
  );
}

/** The validator of one schema of the document (compiled on first use, kept). */
function validatorOf(key: string, schema: unknown): ValidateFunction {
  const cached = compiled.get(key);
  if (cached) return cached;
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // Formats of the document that are descriptive, not checkable.
    ajv.addFormat('emoji', true);
    ajv.addFormat('icon', true);
    ajv.addSchema({ $id: DOCUMENT_ID, components: corrected(structuredClone(rawDocument)).components });
  }
  const made = ajv.compile(rebased(schema) as object);
  compiled.set(key, made);
  return made;
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

/** Every operationId of the document, sorted. */
export function documentOperationIds(): string[] {
  return [...documentIndex.values()].map((entry) => entry.operationId).sort();
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

/** The document's operation a request reaches: method and path matched against its paths. */
export function matchEntry(method: string, pathname: string): DocumentEntry | undefined {
  const wanted = method.toLowerCase();
  const segments = pathname.replace(/^\/v1/, '').split('/');
  for (const entry of documentIndex.values()) {
    if (entry.method !== wanted) continue;
    const template = entry.path.split('/');
    // A trailing path-valued parameter (`{pagePath}`) takes the rest of the path.
    const last = template.at(-1) ?? '';
    const rest = /^\{\w*[pP]ath\}$/.test(last);
    if (rest ? segments.length < template.length : segments.length !== template.length) continue;
    if (
      template.every((part, index) =>
        part.startsWith('{') ? segments[index] !== '' : part === segments[index],
      )
    ) {
      return entry;
    }
  }
  return undefined;
}

/** A parameter's text value read as its schema's type, as the service reads a query string. */
function typed(schema: Schema, values: string[]): unknown {
  const resolved = resolve(schema);
  // A union's value may be any variant's type (`evaluated`: a boolean or 'deterministic-only').
  const variants = ((resolved.oneOf ?? resolved.anyOf ?? []) as Schema[]).map((variant) => resolve(variant));
  const types = [resolved.type, ...variants.map((variant) => variant.type)].flat();
  if (types.includes('array')) return values.map((value) => typed(resolve(resolved.items) ?? {}, [value]));
  const value = values[values.length - 1] ?? '';
  if (
    (types.includes('integer') || types.includes('number')) &&
    value.trim() !== '' &&
    !Number.isNaN(Number(value))
  ) {
    return Number(value);
  }
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function ajvFindings(validate: ValidateFunction, value: unknown, prefix: string): Finding[] {
  if (validate(value)) return [];
  return describeAjvErrors(validate.errors).map((finding) => ({
    ...finding,
    where: `${prefix}${finding.where === '/' ? '' : finding.where}` || '/',
  }));
}

/**
 * Checks one request against the document: the operation it reaches, its path parameters, its
 * query (names and values) and headers it requires, and its body (values, and every key a property
 * the document names: the document does not forbid unknown keys, but the service ignores them, so
 * sending one is a mistake).
 */
export function validateRequest(entry: DocumentEntry, request: CapturedRequest): Finding[] {
  const matched = matchEntry(request.method, request.url.pathname);
  if (!matched)
    return [
      { where: 'path', message: `no document operation for ${request.method} ${request.url.pathname}` },
    ];
  if (matched.operationId !== entry.operationId) {
    return [{ where: 'path', message: `reached ${matched.operationId}, not ${entry.operationId}` }];
  }
  const findings: Finding[] = [];
  const parameters = [...entry.pathParameters, ...(entry.operation.parameters ?? [])].map((parameter) =>
    resolve(parameter),
  );
  const segments = request.url.pathname.replace(/^\/v1/, '').split('/');
  const template = entry.path.split('/');
  const known = new Set<string>();
  for (const parameter of parameters) {
    const name = String(parameter.name);
    let values: string[] | undefined;
    if (parameter.in === 'path') {
      const index = template.indexOf(`{${name}}`);
      const raw = index === template.length - 1 ? segments.slice(index).join('/') : segments[index];
      values = raw === undefined ? undefined : [decodeURIComponent(raw)];
    } else if (parameter.in === 'query') {
      known.add(name);
      values = request.url.searchParams.has(name) ? request.url.searchParams.getAll(name) : undefined;
    } else if (parameter.in === 'header') {
      const value = request.headers.get(name);
      values = value === null ? undefined : [value];
    } else continue;
    if (values === undefined) {
      if (parameter.required)
        findings.push({
          where: `/${String(parameter.in)}`,
          message: `must have required property '${name}'`,
        });
      continue;
    }
    if (parameter.schema) {
      const key = `${entry.operationId} ${String(parameter.in)} ${name}`;
      findings.push(
        ...ajvFindings(
          validatorOf(key, parameter.schema),
          typed(parameter.schema as Schema, values),
          `/${String(parameter.in)}/${name}`,
        ),
      );
    }
  }
  for (const name of new Set(request.url.searchParams.keys())) {
    if (!known.has(name)) {
      findings.push({
        where: '/query',
        message: `must NOT have additional properties {"additionalProperty":"${name}"}`,
        unknown: { part: 'query', name },
      });
    }
  }
  const requestBody = entry.operation.requestBody ? resolve(entry.operation.requestBody) : undefined;
  const bodySchema = (requestBody?.content as Record<string, { schema?: Schema }> | undefined)?.[
    'application/json'
  ]?.schema;
  if (request.body !== undefined && bodySchema) {
    findings.push(
      ...ajvFindings(validatorOf(`${entry.operationId} body`, bodySchema), request.body, '/requestBody'),
    );
    findings.push(...unknownKeys(bodySchema, request.body, '/requestBody'));
  } else if (request.body !== undefined && !bodySchema) {
    findings.push({ where: '/requestBody', message: 'the document takes no body here' });
  } else if (requestBody?.required) {
    findings.push({ where: '/requestBody', message: 'the document requires a body' });
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
export function validateResponse(entry: DocumentEntry, status: number, body: unknown): Finding[] {
  const declared = successSchemas(entry);
  if (status >= 200 && status < 300 && !declared.some((answer) => answer.status === status)) {
    return [
      {
        where: 'status',
        message: `answered ${status}; the document lists ${declared.map((d) => d.status).join(', ')}`,
      },
    ];
  }
  const schema = answerSchema(entry, status);
  if (!schema) {
    return body === undefined || body === ''
      ? []
      : status >= 400
        ? []
        : [{ where: 'body', message: 'the document gives no body' }];
  }
  return ajvFindings(validatorOf(`${entry.operationId} ${status}`, schema), body, '');
}

/** The schema of an answer of this status: a success's, or an error the document describes. */
function answerSchema(entry: DocumentEntry, status: number): Schema | undefined {
  const response =
    entry.operation.responses?.[String(status)] ??
    (status >= 400 ? entry.operation.responses?.default : undefined);
  if (!response) return undefined;
  const content = resolve(response).content as Record<string, { schema?: Schema }> | undefined;
  return content?.['application/json']?.schema;
}

/** Checks one event of a stream of server-sent events against the document's event schema. */
export function validateEvent(entry: DocumentEntry, event: unknown): Finding[] {
  const success = Object.entries(entry.operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
  const content = success
    ? (resolve(success[1]).content as Record<string, { schema?: Schema }> | undefined)
    : undefined;
  const schema = content?.['text/event-stream']?.schema;
  if (!schema) return [{ where: 'event', message: 'the document gives no stream here' }];
  return ajvFindings(validatorOf(`${entry.operationId} event`, schema), event, '/event');
}
