// The schemas the sandbox builds its answers from, for the operations it keeps no state for
// (packages/sandbox/src/schema-answers.ts): each operation's success answer and event as the
// document gives them (with the overlay's patches), and the components they reach. Built from
// the document rather than from the SDK's reading schemas, which leave out what they do not check
// (formats, patterns, lengths): an answer built from these is valid under the document.
import RandExp from 'randexp';

export const ANSWERS_PATH = 'packages/sandbox/src/generated/answer-schemas.json';

/** Every component a schema reaches through `$ref`. */
function reach(schemas, node, seen) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((item) => reach(schemas, item, seen));
  const match = /^#\/components\/schemas\/(.+)$/.exec(node.$ref ?? '');
  if (match && !seen.has(match[1])) {
    seen.add(match[1]);
    reach(schemas, schemas[match[1]], seen);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== '$ref' && key !== 'example' && key !== 'examples') reach(schemas, value, seen);
  }
}

const UNREAD_ANNOTATIONS = new Set(['description', 'title', 'x-gitbook-mcp', 'deprecated']);

/**
 * A schema as the sampler should read it. Annotations it does not read are left out to keep the
 * file small; so are the extract's own fields (the document's answers do not carry them, and a
 * page carrying `computed` would fit two variants of a page). A map whose keys are named by
 * `propertyNames` gets one entry under its first allowed key, where the sampler would invent
 * `property1`.
 */
function trimmed(node) {
  if (Array.isArray(node)) return node.map(trimmed);
  if (!node || typeof node !== 'object') return node;
  const result = {};
  for (const [key, value] of Object.entries(node)) {
    if (UNREAD_ANNOTATIONS.has(key)) continue;
    if (key === 'properties') {
      result.properties = Object.fromEntries(
        Object.entries(value)
          .filter(([, schema]) => !schema?.['x-not-in-document'])
          .map(([name, schema]) => [name, trimmed(schema)]),
      );
    } else if (key !== 'x-not-in-document') {
      result[key] = trimmed(value);
    }
  }
  return result;
}

/** Replaces each map keyed by `propertyNames` with one entry under its first allowed key. */
function withNamedKeys(node, schemas) {
  if (Array.isArray(node)) return node.map((item) => withNamedKeys(item, schemas));
  if (!node || typeof node !== 'object') return node;
  const result = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, withNamedKeys(value, schemas)]),
  );
  const names = result.propertyNames;
  if (names && result.additionalProperties && typeof result.additionalProperties === 'object') {
    const target = /^#\/components\/schemas\/(.+)$/.exec(names.$ref ?? '');
    const allowed = target ? schemas[target[1]]?.enum : names.enum;
    if (Array.isArray(allowed) && allowed.length) {
      result.properties = { [allowed[0]]: result.additionalProperties, ...result.properties };
      result.additionalProperties = false;
    }
  }
  return result;
}

/** What a union's variant asks of a value: its required fields, through `$ref` and `allOf`. */
function demands(schemas, variant, depth = 0) {
  const target = /^#\/components\/schemas\/(.+)$/.exec(variant?.$ref ?? '');
  const schema = target ? schemas[target[1]] : variant;
  if (!schema || typeof schema !== 'object' || depth > 4) return 0;
  const own = schema.required?.length ?? 0;
  return own + (schema.allOf ?? []).reduce((sum, part) => sum + demands(schemas, part, depth + 1), 0);
}

function isClosedEmpty(schemas, variant) {
  const target = /^#\/components\/schemas\/(.+)$/.exec(variant?.$ref ?? '');
  const schema = target ? schemas[target[1]] : variant;
  return schema?.additionalProperties === false && !Object.keys(schema.properties ?? {}).length;
}

/**
 * The sampler builds a union's first variant; listed first here is the one asking least (fewest
 * required fields), which the sampler fills validly most often. A variant closed to every field
 * goes last: beside other fields (in an `allOf`) it fits nothing.
 */
function easiestFirst(node, schemas) {
  if (Array.isArray(node)) return node.map((item) => easiestFirst(item, schemas));
  if (!node || typeof node !== 'object') return node;
  const result = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, easiestFirst(value, schemas)]),
  );
  for (const key of ['oneOf', 'anyOf']) {
    if (!Array.isArray(result[key])) continue;
    const cost = (variant) =>
      isClosedEmpty(schemas, variant) ? Number.MAX_SAFE_INTEGER : demands(schemas, variant);
    result[key] = [...result[key]].sort((a, b) => cost(a) - cost(b));
  }
  return result;
}

const PATTERN_TRIES = 50;

/**
 * A value matching a string schema's pattern, for its `example` (which the sampler answers
 * with): the sampler's own reading of patterns leaves groups and look-aheads in its output.
 * Built by randexp with a generator seeded by the pattern, so the file is the same each run.
 */
function patternExample(schema) {
  const pattern = new RegExp(schema.pattern, 'u');
  const builder = new RandExp(schema.pattern);
  builder.max = 4;
  let seed =
    [...schema.pattern].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 2147483647, 7) || 1;
  builder.randInt = (low, high) => {
    seed = (seed * 48271) % 2147483647;
    return low + (seed % (high - low + 1));
  };
  for (let attempt = 0; attempt < PATTERN_TRIES; attempt++) {
    const value = builder.gen();
    const fitsLength =
      value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
    if (fitsLength && pattern.test(value)) return value;
  }
  throw new Error(`answers: no value built for the pattern ${schema.pattern} in ${PATTERN_TRIES} tries`);
}

function withPatternExamples(node) {
  if (Array.isArray(node)) return node.map(withPatternExamples);
  if (!node || typeof node !== 'object') return node;
  const result = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value).map(([name, schema]) => [name, withPatternExamples(schema)]),
          )
        : withPatternExamples(value),
    ]),
  );
  if (
    typeof result.pattern === 'string' &&
    result.example === undefined &&
    result.enum === undefined &&
    result.const === undefined
  ) {
    result.example = patternExample(result);
  }
  return result;
}

/** A schema as written to the file: each step above, in turn. */
function forSampling(schema, schemas) {
  return withPatternExamples(easiestFirst(withNamedKeys(trimmed(schema), schemas), schemas));
}

export function answersFile(model) {
  const operations = {};
  const seen = new Set();
  for (const operation of model.operations) {
    const entry = {};
    if (operation.response) entry.answer = forSampling(operation.response, model.schemas);
    if (operation.stream) entry.event = forSampling(operation.stream.event, model.schemas);
    if (!Object.keys(entry).length) continue;
    operations[operation.id] = entry;
    reach(model.schemas, entry, seen);
  }
  const components = {
    schemas: Object.fromEntries(
      [...seen].sort().map((name) => [name, forSampling(model.schemas[name], model.schemas)]),
    ),
  };
  return `${JSON.stringify({
    $comment: `Generated by scripts/contract/generate.mjs from ${model.packageName}@${model.packageVersion} and packages/sdk/overlay.yaml: do not edit.`,
    components,
    operations,
  })}\n`;
}
