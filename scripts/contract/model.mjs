// Reads the service's published OpenAPI document and the project's overlay, and gives the model
// the emitters write from: every operation with its resource, method name, parameters, body and
// answer, and the document's component schemas with the overlay's patches applied.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { methodName, resourceOfTag } from './names.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

export const OVERLAY_PATH = 'packages/sdk/overlay.yaml';
/** The extract's endpoint list (one row per endpoint), a copy of the design's endpoints.tsv, kept beside the generator. */
export const EXTRACT_PATH = 'scripts/contract/endpoints.tsv';
export const DOCUMENT_PACKAGE = '@gitbook/api';
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];
/** Tags that label operations across areas rather than name an area. */
const LABEL_TAGS = new Set(['critical', 'agents']);

export function documentPath() {
  return require.resolve(`${DOCUMENT_PACKAGE}/spec/openapi.json`, { paths: [root] });
}

export function documentPackageVersion() {
  // The package's exports do not include package.json: read it beside the document.
  const pkg = JSON.parse(readFileSync(new URL('../package.json', `file://${documentPath()}`), 'utf8'));
  return pkg.version;
}

/** `GET /v1/orgs/{}/sites` -> the extract's area name, for the endpoints the extract lists. */
function readExtract() {
  const rows = readFileSync(`${root}${EXTRACT_PATH}`, 'utf8').trim().split('\n').slice(1);
  return new Map(
    rows.map((row) => {
      const [area, method, path] = row.split('\t');
      return [`${method} ${path.replace(/\{\w+\}/g, '{}')}`, area];
    }),
  );
}

export function readOverlay() {
  return YAML.parse(readFileSync(`${root}${OVERLAY_PATH}`, 'utf8'));
}

const clone = (value) => structuredClone(value);

/** Follows a local `$ref` (`#/components/parameters/listPage`). */
export function deref(document, value) {
  let current = value;
  for (let depth = 0; current && current.$ref && depth < 10; depth++) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    current = parts.reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

/**
 * Merges an overlay patch into a schema: keys set (null deletes), `properties` merged by name,
 * `required` replaced, `optional` not required in answers (`x-relaxed`), `addRequired` added.
 */
export function patchSchema(schema, patch) {
  const result = { ...schema };
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'reason') continue;
    // Kept as a mark: the sandbox's schema-built answers leave the extract's own fields out.
    if (key === 'inDocument') result['x-not-in-document'] = value === false;
    else if (key === 'properties') {
      result.properties = { ...(result.properties ?? {}) };
      for (const [name, propertyPatch] of Object.entries(value)) {
        if (propertyPatch === null) delete result.properties[name];
        else result.properties[name] = patchSchema(result.properties[name] ?? {}, propertyPatch);
      }
    } else if (key === 'optional') {
      // Read as optional in answers only: a request still needs what the document requires.
      result['x-relaxed'] = [...new Set([...(result['x-relaxed'] ?? []), ...value])];
    } else if (key === 'addRequired') {
      result.required = [...new Set([...(result.required ?? []), ...value])];
    } else if (key === 'items' && value && result.items && !value.$ref) {
      result.items = patchSchema(result.items, value);
    } else if (value === null) {
      delete result[key];
    } else {
      result[key] = clone(value);
    }
  }
  // A `$ref` beside new keys: the referenced schema is what is patched (OpenAPI 3.1 allows
  // siblings of `$ref`, and the generator reads them as an `allOf`).
  return result;
}

/** Every operation of the document and of the overlay, with what the emitters need. */
export function buildModel({
  documentFile = documentPath(),
  packageVersion = documentPackageVersion(),
} = {}) {
  const documentText = readFileSync(documentFile, 'utf8');
  const document = JSON.parse(documentText);
  const overlay = readOverlay() ?? {};
  const extract = readExtract();
  const overlayOperations = overlay.operations ?? {};
  const schemas = clone(document.components.schemas);
  const extractSchemas = new Set();
  for (const [name, entry] of Object.entries(overlay.schemas ?? {})) {
    if (!entry.reason) throw new Error(`overlay: schemas.${name} has no reason`);
    if (entry.define) {
      if (schemas[name]) throw new Error(`overlay: schemas.${name} defines a schema the document has`);
      schemas[name] = clone(entry.define);
      extractSchemas.add(name);
    } else {
      if (!schemas[name])
        throw new Error(`overlay: schemas.${name} patches a schema the document does not have`);
      const known = new Set(Object.keys(flatProperties(document, schemas[name])));
      for (const [property, patch] of Object.entries(entry.patch?.properties ?? {})) {
        // A patch of a field the document dropped would bring it back as a shapeless one.
        if (!known.has(property) && patch?.inDocument !== false) {
          throw new Error(
            `overlay: schemas.${name}.patch.properties.${property}: the document has no such field (mark it inDocument: false, or remove the entry)`,
          );
        }
      }
      for (const property of [...(entry.patch?.optional ?? []), ...(entry.patch?.addRequired ?? [])]) {
        if (!known.has(property) && !entry.patch?.properties?.[property]) {
          throw new Error(`overlay: schemas.${name}: ${property} is not a field of the document's ${name}`);
        }
      }
      // A patch reads the object as a whole: an `allOf` is merged first, so that `optional` and
      // `properties` reach the fields its parts bring.
      schemas[name] = patchSchema(mergedAllOf(document, schemas[name]), entry.patch ?? {});
    }
  }
  const parameters = clone(document.components.parameters);
  for (const [name, entry] of Object.entries(overlay.parameters ?? {})) {
    if (!entry.reason) throw new Error(`overlay: parameters.${name} has no reason`);
    if (!parameters[name]) throw new Error(`overlay: parameters.${name} is not a parameter of the document`);
    parameters[name] = {
      ...parameters[name],
      schema: patchSchema(parameters[name].schema ?? {}, entry.patch ?? {}),
    };
  }
  const resolved = { ...document, components: { ...document.components, schemas, parameters } };

  const operations = [];
  const leftOut = [];
  const seen = new Set();
  const documentOperations = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      documentOperations.push({ path, method, operation, sharedParameters: item.parameters ?? [] });
    }
  }
  for (const [operationId, entry] of Object.entries(overlayOperations)) {
    if (!entry.reason) throw new Error(`overlay: operations.${operationId} has no reason`);
  }
  for (const [operationId, definition] of Object.entries(overlay.notInDocument ?? {})) {
    const { path, method, ...operation } = definition;
    documentOperations.push({
      path,
      method: method.toLowerCase(),
      operation: { operationId, ...operation },
      sharedParameters: [],
      inDocument: false,
    });
  }
  for (const { path, method, operation, sharedParameters, inDocument } of documentOperations) {
    const id = operation.operationId;
    if (!id) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
    if (seen.has(id)) throw new Error(`operationId ${id} is not unique`);
    seen.add(id);
    const entry = overlayOperations[id] ?? {};
    if (entry.leftOut) {
      leftOut.push({
        id,
        method: method.toUpperCase(),
        path: `/v1${path}`,
        why: entry.leftOut,
        reason: entry.reason,
      });
      continue;
    }
    const described = describeOperation(
      resolved,
      { path, method, operation, sharedParameters, inDocument },
      entry,
      overlay,
    );
    described.extractArea = extract.get(
      `${described.httpMethod} ${described.path.replace(/\{\w+\}/g, '{}')}`,
    );
    operations.push(described);
  }
  for (const id of Object.keys(overlayOperations)) {
    if (!seen.has(id)) throw new Error(`overlay: ${id} is not an operation of the document`);
  }
  const inExtract = operations.filter((operation) => operation.extractArea).length;
  if (inExtract !== extract.size) {
    const found = new Set(
      operations.map((operation) => `${operation.httpMethod} ${operation.path.replace(/\{\w+\}/g, '{}')}`),
    );
    const missing = [...extract.keys()].filter((endpoint) => !found.has(endpoint));
    const message = `the extract's endpoints without an operation: ${missing.join(', ')} (define them in the overlay)`;
    if (process.env.CONTRACT_DRAFT) console.warn(message);
    else throw new Error(message);
  }
  checkNames(operations);
  operations.sort((a, b) =>
    a.resource === b.resource ? a.id.localeCompare(b.id) : a.resource.localeCompare(b.resource),
  );
  return {
    document: resolved,
    documentVersion: document.info.version,
    packageName: DOCUMENT_PACKAGE,
    packageVersion,
    documentHash: createHash('sha256').update(documentText).digest('hex'),
    operations,
    leftOut,
    schemas,
    extractSchemas,
    overlay,
  };
}

/** An `allOf` schema as one object: the parts' properties and `required` merged, a `oneOf` kept. */
function mergedAllOf(document, schema) {
  if (!schema.allOf) return schema;
  const merged = { type: 'object', properties: {}, required: [] };
  // Each part's union stays a condition of its own: two parts' unions both hold.
  const unions = [];
  for (const part of schema.allOf) {
    const resolved = mergedAllOf(document, deref(document, part));
    Object.assign(merged.properties, resolved.properties ?? {});
    merged.required.push(...(resolved.required ?? []));
    if (resolved.additionalProperties !== undefined)
      merged.additionalProperties = resolved.additionalProperties;
    const union = ['oneOf', 'anyOf', 'discriminator'].filter((key) => resolved[key] !== undefined);
    if (union.length) unions.push(Object.fromEntries(union.map((key) => [key, resolved[key]])));
  }
  if (unions.length === 1) Object.assign(merged, unions[0]);
  else if (unions.length > 1) merged.allOf = unions;
  const own = { ...schema };
  delete own.allOf;
  Object.assign(merged.properties, own.properties ?? {});
  merged.required = [...new Set([...merged.required, ...(own.required ?? [])])];
  return { ...own, ...merged };
}

/** The fields an object schema names, through `allOf`. */
function flatProperties(document, schema) {
  const resolved = deref(document, schema);
  const own = { ...(resolved?.properties ?? {}) };
  for (const part of resolved?.allOf ?? []) Object.assign(own, flatProperties(document, part));
  for (const part of resolved?.oneOf ?? resolved?.anyOf ?? [])
    Object.assign(own, flatProperties(document, part));
  return own;
}

function areaTag(operation) {
  return (operation.tags ?? []).find((tag) => !LABEL_TAGS.has(tag));
}

function describeOperation(
  document,
  { path, method, operation, sharedParameters, inDocument = true },
  entry,
  overlay,
) {
  const id = operation.operationId;
  const tag = entry.tag ?? areaTag(operation);
  const resource =
    entry.resource ?? (tag && overlay.tags?.[tag]?.resource) ?? (tag ? resourceOfTag(tag) : undefined);
  if (!resource) throw new Error(`operation ${id} has no tag: the overlay must name its resource`);
  const parameters = [...sharedParameters, ...(operation.parameters ?? [])].map((parameter) =>
    deref(document, parameter),
  );
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const queryParams = parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => {
      const patch = entry.query?.[parameter.name];
      return {
        name: parameter.name,
        required: patch?.required ?? Boolean(parameter.required),
        description: parameter.description,
        deprecated: Boolean(parameter.deprecated),
        schema: patch ? patchSchema(parameter.schema ?? {}, patch) : (parameter.schema ?? {}),
        inDocument: patch?.inDocument !== false,
      };
    });
  for (const [name, patch] of Object.entries(entry.query ?? {})) {
    if (queryParams.some((parameter) => parameter.name === name)) continue;
    if (patch.inDocument !== false)
      throw new Error(`overlay: ${id}.query.${name} patches a parameter the document does not have`);
    queryParams.push({
      name,
      required: Boolean(patch.required),
      description: patch.description,
      deprecated: false,
      schema: patchSchema({}, patch.schema ?? {}),
      inDocument: false,
    });
  }
  const bodyContent = operation.requestBody?.content?.['application/json'];
  let body;
  if (bodyContent) {
    body = {
      schema: entry.body ? patchSchema(deref(document, bodyContent.schema), entry.body) : bodyContent.schema,
      required: Boolean(operation.requestBody.required),
      notInDocument: Object.entries(entry.body?.properties ?? {})
        .filter(([, patch]) => patch?.inDocument === false)
        .map(([name]) => name),
    };
  }
  const [status, answer] = Object.entries(operation.responses ?? {}).find(([code]) =>
    /^2\d\d$/.test(code),
  ) ?? ['204', {}];
  const answerEntry = deref(document, answer);
  // A JSON answer the document lets go without its body (200, or 204 with `Prefer:
  // return=minimal`), where the overlay says so (`bodilessAnswer: true`): the schema's or nothing.
  const mayBeEmpty = Boolean(entry.bodilessAnswer);
  if (
    mayBeEmpty &&
    !(
      answerEntry?.content?.['application/json'] &&
      Object.entries(operation.responses ?? {}).some(
        ([code, other]) => /^2\d\d$/.test(code) && !deref(document, other)?.content,
      )
    )
  ) {
    throw new Error(
      `overlay: ${id}.bodilessAnswer, but the document lists no JSON answer with a bodiless alternative`,
    );
  }
  const json = answerEntry?.content?.['application/json'];
  const stream = answerEntry?.content?.['text/event-stream'];
  const text = answerEntry?.content && !json && !stream ? Object.keys(answerEntry.content)[0] : undefined;
  let response = json?.schema ?? stream?.schema;
  if (entry.response) response = patchSchema(response ?? {}, entry.response);
  const item = pageItem(document, deref(document, response));
  const resourcePath = resource;
  const name =
    entry.method ?? methodName(id, resourcePath, path, overlay.resources?.[resourcePath]?.nouns ?? []);
  return {
    id,
    tag,
    resource: resourcePath,
    method: name,
    httpMethod: method.toUpperCase(),
    path: `/v1${path}`,
    summary: operation.summary ?? '',
    description: operation.description ?? '',
    deprecated: Boolean(operation.deprecated),
    inDocument,
    pathParams: pathNames.map((paramName) => {
      const parameter = pathParams.find((candidate) => candidate.name === paramName) ?? {
        schema: { type: 'string' },
      };
      return {
        name: paramName,
        description: parameter.description,
        schema: entry.params?.[paramName]
          ? patchSchema(parameter.schema ?? {}, entry.params[paramName])
          : (parameter.schema ?? {}),
        acceptsNumber: Boolean(overlay.numericParams?.includes(paramName)),
        // `getPageByPath`'s `pagePath` is itself a path: its slashes stay, each segment encoded.
        isPath: Boolean(overlay.pathValuedParams?.includes(paramName)),
      };
    }),
    query: queryParams,
    body,
    status: Number(status),
    response: stream ? undefined : response,
    mayBeEmpty: !stream && !item && mayBeEmpty,
    stream: stream ? { event: stream.schema } : undefined,
    text,
    paginated: Boolean(item) && entry.paginated !== false,
    item,
    idempotent: entry.idempotent ?? ['GET', 'HEAD', 'PUT', 'DELETE'].includes(method.toUpperCase()),
    idempotentReason: entry.idempotent !== undefined ? entry.reason : undefined,
    overlay: entry,
  };
}

/** The item schema of a list envelope (`allOf: [List, {items: [...]}]`), if the answer is one. */
function pageItem(document, response) {
  if (!response?.allOf?.some((part) => part.$ref === '#/components/schemas/List')) return undefined;
  for (const part of response.allOf) {
    const items = deref(document, part)?.properties?.items;
    if (items?.items) return items.items;
  }
  return undefined;
}

function checkNames(operations) {
  const byMethod = new Map();
  const clashes = [];
  for (const operation of operations) {
    const key = `${operation.resource}.${operation.method}`;
    const other = byMethod.get(key);
    if (other) clashes.push(`${other.id} and ${operation.id} both become ${key}`);
    byMethod.set(key, operation);
  }
  if (clashes.length) {
    throw new Error(
      `${clashes.join('\n')}\nname one of each in packages/sdk/overlay.yaml (operations.<id>.method)`,
    );
  }
}
