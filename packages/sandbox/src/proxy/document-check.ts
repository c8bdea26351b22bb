import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { issuePath, type Exchange, type Finding, type FindingKind } from './contract-check.js';

/*
 * Checks proxied exchanges against the service's published OpenAPI document (npm `@gitbook/api`,
 * `spec/openapi.json`, OpenAPI 3.1 so JSON Schema 2020-12, checked with ajv): the query's names
 * and values, the body, the answer's status and body. The document is optional: `@gitbook/api`
 * is an optional peer of this package (1.7 MB that most sandbox users never need), or any copy
 * of the document can be named; without one, the proxy checks against the contract alone.
 * Schemas are compiled on first use, per operation.
 */

type Schema = Record<string, unknown>;

interface RawDocument {
  openapi?: string;
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

interface DocumentOperation {
  operationId: string;
  method: string;
  pattern: RegExp;
  placeholders: number;
  operation: {
    parameters?: Schema[];
    requestBody?: Schema;
    responses?: Record<string, Schema>;
  };
  pathParameters: Schema[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The document's `$id` inside ajv: refs `#/components/...` are rebased onto it. */
const DOCUMENT_ID = 'https://docs-api.invalid/openapi.json';

export class DocumentError extends Error {
  override name = 'DocumentError';
}

/** Where `@gitbook/api`'s document is installed, or undefined when it is not. */
export function installedDocumentFile(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('@gitbook/api/spec/openapi.json');
  } catch {
    return undefined;
  }
}

/** A `$ref` to the document's components, rewritten to name the document. */
function rebase(value: unknown, depth = 0): unknown {
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => rebase(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Schema)) {
    copy[key] =
      key === '$ref' && typeof item === 'string' && item.startsWith('#/')
        ? `${DOCUMENT_ID}${item}`
        : rebase(item, depth + 1);
  }
  return copy;
}

interface Ajv {
  addSchema(schema: object, key?: string): unknown;
  addFormat(name: string, format: boolean): unknown;
  compile(schema: object): ValidateFunction;
}

export class DocumentChecker {
  /** The document's file, as given or resolved. */
  readonly file: string;
  readonly #document: RawDocument;
  readonly #operations: DocumentOperation[] = [];
  readonly #ajv: Ajv;
  readonly #compiled = new Map<string, ValidateFunction | undefined>();

  private constructor(file: string, document: RawDocument, ajv: Ajv) {
    this.file = file;
    this.#document = document;
    this.#ajv = ajv;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method] as DocumentOperation['operation'] | undefined;
        if (!operation) continue;
        this.#operations.push({
          operationId:
            typeof (operation as { operationId?: unknown }).operationId === 'string'
              ? (operation as { operationId: string }).operationId
              : `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          pattern: new RegExp(
            `^/v1${path
              .split(/\{[^}]+\}/)
              .map((piece) => piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
              .join('[^/]+')}$`,
          ),
          placeholders: (path.match(/\{/g) ?? []).length,
          operation,
          pathParameters: (item.parameters as Schema[] | undefined) ?? [],
        });
      }
    }
    // Literal paths before templated ones, as a router would.
    this.#operations.sort((a, b) => a.placeholders - b.placeholders);
  }

  /** Loads a document (a file, or `@gitbook/api`'s when `file` is undefined); undefined when none is installed. */
  static async load(file?: string): Promise<DocumentChecker | undefined> {
    const path = file ?? installedDocumentFile();
    if (!path) return undefined;
    let document: RawDocument;
    try {
      document = JSON.parse(await readFile(path, 'utf8')) as RawDocument;
    } catch (error) {
      throw new DocumentError(
        `${path}: cannot read the OpenAPI document (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    if (typeof document !== 'object' || document === null || typeof document.paths !== 'object')
      throw new DocumentError(`${path}: not an OpenAPI document (no "paths" object)`);
    if (!String(document.openapi ?? '').startsWith('3.1'))
      throw new DocumentError(
        `${path}: openapi must be 3.1.x (JSON Schema 2020-12); found ${String(document.openapi)}`,
      );
    // ajv loads only when a document is checked: it is the heaviest part of the proxy.
    const [{ default: Ajv2020 }, { default: addFormats }] = await Promise.all([
      import('ajv/dist/2020.js'),
      import('ajv-formats'),
    ]);
    const ajv = new (Ajv2020 as unknown as new (options: object) => Ajv)({
      strict: false,
      allErrors: true,
      validateSchema: false,
    });
    (addFormats as unknown as (ajv: Ajv) => void)(ajv);
    // Formats of the document that describe, not constrain.
    ajv.addFormat('emoji', true);
    ajv.addFormat('icon', true);
    ajv.addSchema({ $id: DOCUMENT_ID, components: rebase(document.components ?? {}) });
    return new DocumentChecker(path, document, ajv);
  }

  #resolve(value: unknown): Schema {
    let current = value as Schema;
    for (let depth = 0; depth < 32 && typeof current?.$ref === 'string'; depth++) {
      const parts = current.$ref.replace(/^#\//, '').split('/');
      current = parts.reduce<unknown>(
        (node, key) =>
          (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        this.#document,
      ) as Schema;
    }
    return current ?? {};
  }

  #validator(key: string, schema: unknown): ValidateFunction | undefined {
    if (this.#compiled.has(key)) return this.#compiled.get(key);
    let validate: ValidateFunction | undefined;
    try {
      validate = schema ? this.#ajv.compile(rebase(schema) as object) : undefined;
    } catch {
      // A schema ajv cannot compile is not the exchange's fault: that part goes unchecked.
      validate = undefined;
    }
    this.#compiled.set(key, validate);
    return validate;
  }

  #match(method: string, path: string): DocumentOperation | undefined {
    return this.#operations.find(
      (entry) => entry.method === method.toUpperCase() && entry.pattern.test(path),
    );
  }

  /** The document's operationId for a request, when the document has one. */
  operationIdFor(method: string, path: string): string | undefined {
    return this.#match(method, path)?.operationId;
  }

  /** Every difference between the exchange and the document. */
  check(exchange: Exchange): Finding[] {
    const entry = this.#match(exchange.method, exchange.path);
    if (!entry) {
      return [
        {
          source: 'document',
          kind: 'unknown-operation',
          operation: `${exchange.method} ${exchange.path}`,
          path: '',
          message: `the published document has no operation for ${exchange.method} ${exchange.path}`,
        },
      ];
    }
    const findings: Finding[] = [];
    const finding = (kind: FindingKind, path: string, message: string) =>
      findings.push({ source: 'document', kind, operation: entry.operationId, path, message });
    const ajvFindings = (kind: FindingKind, prefix: string, errors: ErrorObject[] | null | undefined) => {
      for (const error of errors ?? []) {
        // "A branch failed" says nothing the branch's own error does not.
        if (['oneOf', 'anyOf', 'if', '$ref'].includes(error.keyword) && (errors?.length ?? 0) > 1) continue;
        const parts = error.instancePath
          .split('/')
          .slice(1)
          .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
        const extra = (error.params as { additionalProperty?: string }).additionalProperty;
        const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues;
        finding(
          kind,
          issuePath([prefix, ...parts, ...(extra ? [extra] : [])]),
          `${error.message ?? 'invalid'}${allowed ? `: ${allowed.map((value) => JSON.stringify(value)).join(', ')}` : ''}`,
        );
      }
    };

    // Query: names the document lists, and values of their declared types.
    const parameters = [...entry.pathParameters, ...(entry.operation.parameters ?? [])].map((parameter) =>
      this.#resolve(parameter),
    );
    const queryParameters = new Map(
      parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => [String(parameter.name), parameter]),
    );
    for (const name of new Set(exchange.search.keys())) {
      const parameter = queryParameters.get(name);
      if (!parameter) {
        finding('request.query', `query.${name}`, 'a query parameter the document does not name');
        continue;
      }
      const schema = this.#resolve(parameter.schema);
      const validate = this.#validator(`${entry.operationId} query ${name}`, parameter.schema);
      const value = coerce(schema, exchange.search.getAll(name));
      if (validate && !validate(value)) ajvFindings('request.query', `query.${name}`, validate.errors);
    }
    for (const [name, parameter] of queryParameters)
      if (parameter.required === true && !exchange.search.has(name))
        finding('request.query', `query.${name}`, 'is required by the document');

    // Body.
    const requestBody = entry.operation.requestBody ? this.#resolve(entry.operation.requestBody) : undefined;
    const bodySchema = (requestBody?.content as Record<string, { schema?: unknown }> | undefined)?.[
      'application/json'
    ]?.schema;
    if (exchange.body !== undefined) {
      if (!bodySchema) finding('request.body', 'body', 'the document takes no JSON body here');
      else {
        const validate = this.#validator(`${entry.operationId} body`, bodySchema);
        if (validate && !validate(exchange.body)) ajvFindings('request.body', 'body', validate.errors);
      }
    } else if (requestBody?.required === true) {
      finding('request.body', 'body', 'is required by the document');
    }

    // Answer: a success status the document lists, and a body that fits its schema.
    const { status } = exchange;
    if (status >= 200 && status < 300) {
      const responses = entry.operation.responses ?? {};
      const declared = responses[String(status)] ?? responses['2XX'];
      if (!declared) {
        const listed = Object.keys(responses).filter((code) => code.startsWith('2'));
        finding(
          'response.status',
          'status',
          `answered ${status}; the document lists ${listed.join(', ') || 'no success status'}`,
        );
      } else {
        const content = this.#resolve(declared).content as Record<string, { schema?: unknown }> | undefined;
        const schema = content?.['application/json']?.schema;
        if (schema && exchange.responseNotJson) finding('response.body', 'body', 'the answer is not JSON');
        else if (schema && exchange.responseBody !== undefined) {
          const validate = this.#validator(`${entry.operationId} ${status}`, schema);
          if (validate && !validate(exchange.responseBody))
            ajvFindings('response.body', 'body', validate.errors);
        }
      }
    }
    return findings;
  }
}

/** A query value as the parameter's schema types it: numbers, booleans, arrays from repeated keys. */
function coerce(schema: Schema, values: string[]): unknown {
  const type = schema.type;
  const one = (value: string, itemType: unknown): unknown => {
    if (
      (itemType === 'integer' || itemType === 'number') &&
      value.trim() !== '' &&
      !Number.isNaN(Number(value))
    )
      return Number(value);
    if (itemType === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
    return value;
  };
  if (type === 'array') {
    const items = (schema.items as Schema | undefined)?.type;
    return values.flatMap((value) => value.split(',')).map((value) => one(value, items));
  }
  return one(values[values.length - 1] ?? '', type);
}
