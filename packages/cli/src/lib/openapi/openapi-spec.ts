import type { Document, Node } from 'yaml';
import { checkRefs } from './openapi-refs.js';
import { lintSpec } from './openapi-lint.js';
import {
  linesAndColumns,
  locateInJson,
  pointerSegment,
  pointerSegments,
  unescapeSegment,
} from './spec-locate.js';

/*
 * Reading an OpenAPI spec from a file and checking it before it is sent. JSON is parsed with
 * JSON.parse and anything else with `yaml`; the document is validated against the OpenAPI
 * schema of its version (the schemas and ajv set-up of @seriousme/openapi-schema-validator),
 * its references are checked where the grammar puts them (openapi-refs.ts) and a few common
 * mistakes are flagged as warnings (openapi-lint.ts). Positions are worked out only for the
 * problems found: every problem carries the file, the line and column of the key it is about,
 * and its JSON pointer.
 */

export { pointerSegment };

export interface SpecProblem {
  file: string;
  /** 1-based; absent when the problem has no place in the file. */
  line?: number;
  column?: number;
  /** JSON pointer of the node, `''` for the whole document. */
  pointer: string;
  message: string;
}

export interface CheckedSpec {
  /** The parsed document. */
  document: unknown;
  /** The OpenAPI (or Swagger) version it declares. */
  version: string | undefined;
  /** What makes the spec invalid: nothing is sent. */
  problems: SpecProblem[];
  /** Likely mistakes that the service accepts: the spec is still sent. */
  warnings: SpecProblem[];
}

export interface CheckOptions {
  /** Where relative `$ref` files are looked for (the spec's folder); the working directory by default. */
  directory?: string;
}

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

type AjvValidate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** What the validator's schemas cover, as said to users. */
export const SUPPORTED_VERSIONS = 'swagger "2.0", or openapi 3.0.x, 3.1.x or 3.2.x';

/** Keywords that only say "a branch failed": the branch's own errors say why. */
const SUMMARY_KEYWORDS = new Set(['oneOf', 'anyOf', 'if', 'then', 'else', 'not', '$ref']);

/** The YAML node at a JSON pointer, or its nearest ancestor that exists. */
async function nodeAt(document: Document, pointer: string): Promise<Node | undefined> {
  const { isMap, isScalar, isSeq } = await import('yaml');
  let node: unknown = document.contents;
  for (const key of pointerSegments(pointer)) {
    let next: unknown;
    // Keys compared as text: `200:` unquoted is a number in YAML, `200` in the pointer.
    if (isMap(node))
      next =
        node.items.find((item) => isScalar(item.key) && String(item.key.value) === key)?.value ?? undefined;
    else if (isSeq(node)) next = node.get(Number(key), true);
    if (next === undefined) break;
    node = next;
  }
  return node as Node | undefined;
}

/** The key node of a map entry, so that "unknown property" points at the property's own line. */
async function keyNodeAt(document: Document, pointer: string): Promise<Node | undefined> {
  const { isMap, isScalar } = await import('yaml');
  const cut = pointer.lastIndexOf('/');
  if (cut < 0) return undefined;
  const key = unescapeSegment(pointer.slice(cut + 1));
  const parent = await nodeAt(document, pointer.slice(0, cut));
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
  return (pair?.key as Node | undefined) ?? undefined;
}

/** Turns ajv's errors into one problem per place, dropping "a branch failed" noise. */
function describe(errors: AjvError[]): Array<{ pointer: string; message: string }> {
  const concrete = errors.filter((error) => !SUMMARY_KEYWORDS.has(error.keyword ?? ''));
  const chosen = concrete.length ? concrete : errors;
  const byPointer = new Map<string, { pointer: string; messages: string[] }>();
  for (const error of chosen) {
    const pointer = error.instancePath ?? '';
    const extra = error.params?.additionalProperty ?? error.params?.unevaluatedProperty;
    const key = typeof extra === 'string' ? extra : undefined;
    const allowed = error.params?.allowedValues;
    let message = error.message ?? 'is not valid';
    if (key) message = `unknown property "${key}"`;
    else if (Array.isArray(allowed))
      message = `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    const id = key ? `${pointer}/${pointerSegment(key)}` : pointer;
    const entry = byPointer.get(id) ?? { pointer: id, messages: [] };
    if (!entry.messages.includes(message)) entry.messages.push(message);
    byPointer.set(id, entry);
  }
  return [...byPointer.values()].map(({ pointer, messages }) => ({
    pointer,
    // Alternatives of a oneOf each missing a property read best together.
    message: messages.join('; or '),
  }));
}

/** 3.1's schema refuses component names outside the pattern; the service takes them (a warning). */
const isComponentNameError = (error: AjvError) =>
  /^\/components\/[^/]+$/.test(error.instancePath ?? '') &&
  (error.keyword === 'propertyNames' || error.keyword === 'pattern');

const validators = new Map<string, AjvValidate>();

/** The compiled schema of a version, compiled once per process. */
async function schemaValidator(major: string): Promise<AjvValidate> {
  let validate = validators.get(major);
  if (!validate) {
    // Loaded when a spec is checked: most commands never pay for it.
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    // Its schemas and ajv set-up only: its own reference resolution is not grammar-aware.
    const validator = new Validator({ allErrors: true }) as unknown as {
      getAjvValidator(version: string): AjvValidate;
    };
    validate = validator.getAjvValidator(major);
    validators.set(major, validate);
  }
  return validate;
}

/** The version a document declares, or the problem with it. */
function declaredVersion(
  value: Record<string, unknown>,
): { version: string; major: '2.0' | '3.0' | '3.1' | '3.2' } | { pointer: string; message: string } {
  const field = 'openapi' in value ? 'openapi' : 'swagger' in value ? 'swagger' : undefined;
  if (!field)
    return {
      pointer: '',
      message: `no "openapi" or "swagger" field says which version this is: supported are ${SUPPORTED_VERSIONS}`,
    };
  const declared = value[field];
  if (typeof declared !== 'string')
    return {
      pointer: `/${field}`,
      message: `the version must be a string, such as "${field === 'openapi' ? '3.1.0' : '2.0'}" (in YAML, quote it), not ${JSON.stringify(declared)}: supported are ${SUPPORTED_VERSIONS}`,
    };
  const major =
    field === 'swagger' ? (declared === '2.0' ? '2.0' : undefined) : /^(3\.[0-2])\.\d/.exec(declared)?.[1];
  if (!major)
    return {
      pointer: `/${field}`,
      message: `${field === 'openapi' ? 'OpenAPI' : 'Swagger'} version "${declared}" is not supported: supported are ${SUPPORTED_VERSIONS}`,
    };
  return { version: declared, major: major as '2.0' | '3.0' | '3.1' | '3.2' };
}

/**
 * How far a YAML document's aliases expand it. A billion-laughs document is small as written
 * and exponential once its aliases are followed; a spec that reuses an anchor a few hundred
 * times grows by a small factor. Counted on the syntax tree, each anchor's size once.
 */
async function aliasExpansion(document: Document) {
  const { isAlias, isMap, isPair, isSeq } = await import('yaml');
  const sizes = new Map<string, number>();
  const open = new Set<string>();
  let written = 0;
  let firstAlias: Node | undefined;
  let cycle: Node | undefined;
  const size = (node: unknown): number => {
    written++;
    if (isAlias(node)) {
      firstAlias ??= node;
      const known = sizes.get(node.source);
      if (known === undefined && open.has(node.source)) cycle ??= node;
      return known ?? 1;
    }
    const anchor = (node as { anchor?: string } | null)?.anchor;
    if (anchor) open.add(anchor);
    let total = 1;
    if (isMap(node) || isSeq(node)) {
      for (const item of node.items as unknown[])
        total += isPair(item) ? size(item.key) + size(item.value) : size(item);
    }
    if (anchor) {
      open.delete(anchor);
      sizes.set(anchor, total);
    }
    return total;
  };
  const expanded = size(document.contents);
  return { written, expanded, firstAlias, cycle };
}

/** Expanded size allowed: ten times what is written, and at least a hundred thousand nodes. */
const expansionLimit = (written: number) => 10 * written + 100_000;

type Parsed =
  | { ok: true; value: unknown; yaml?: Document }
  | {
      ok: false;
      problems: Array<{ offset?: number; pointer?: string; node?: Node | undefined; message: string }>;
    };

async function parse(text: string): Promise<Parsed> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // Not JSON: YAML, whose parser gives the place of any syntax error.
  }
  const { parseDocument } = await import('yaml');
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false, merge: true });
  if (document.errors.length > 0) {
    return {
      ok: false,
      problems: document.errors.map((error) => ({
        offset: error.pos[0],
        message: `not valid YAML or JSON: ${error.message.split('\n')[0] ?? error.code}`,
      })),
    };
  }
  const { written, expanded, firstAlias, cycle } = await aliasExpansion(document);
  if (cycle)
    return {
      ok: false,
      problems: [
        {
          node: cycle,
          message: `the YAML alias *${String((cycle as { source?: string }).source)} refers to a node that contains it`,
        },
      ],
    };
  if (expanded > expansionLimit(written))
    return {
      ok: false,
      problems: [
        {
          node: firstAlias,
          message: `YAML aliases expand this document from ${written} nodes to ${expanded} (more than ${expansionLimit(written)}, ten times what is written): refused as a resource exhaustion attack (billion laughs)`,
        },
      ],
    };
  return { ok: true, value: document.toJS({ maxAliasCount: -1 }) as unknown, yaml: document };
}

/** Parses and validates a spec's text. `file` names it in problems (`-` for stdin). */
export async function checkSpec(
  text: string,
  file: string,
  options: CheckOptions = {},
): Promise<CheckedSpec> {
  // A byte-order mark is not part of the document (a sliced string: no copy).
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = await parse(body);
  const place = (offset: number | undefined) => {
    if (offset === undefined) return {};
    const position = linesAndColumns(body, [offset]).get(offset);
    return position ? { line: position.line, column: position.column } : {};
  };
  if (!parsed.ok) {
    return {
      document: undefined,
      version: undefined,
      warnings: [],
      problems: parsed.problems.map((problem) => ({
        file,
        ...place(problem.offset ?? problem.node?.range?.[0]),
        pointer: problem.pointer ?? '',
        message: problem.message,
      })),
    };
  }
  const { value } = parsed;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return {
      document: value,
      version: undefined,
      warnings: [],
      problems: [{ file, line: 1, column: 1, pointer: '', message: 'an OpenAPI spec is an object' }],
    };
  }
  const errors: Array<{ pointer: string; message: string }> = [];
  const warnings: Array<{ pointer: string; message: string }> = [];
  const declared = declaredVersion(value as Record<string, unknown>);
  let version: string | undefined;
  if ('message' in declared) errors.push(declared);
  else {
    version = declared.version;
    const validate = await schemaValidator(declared.major);
    if (!validate(value))
      errors.push(...describe((validate.errors ?? []).filter((e) => !isComponentNameError(e))));
    for (const problem of checkRefs(value, version, options.directory ?? process.cwd()))
      (problem.level === 'error' ? errors : warnings).push(problem);
    warnings.push(...lintSpec(value, version));
  }
  if (errors.length === 0 && warnings.length === 0)
    return { document: value, version, problems: [], warnings: [] };

  // Only now are places worked out, for the pointers that have a problem.
  const pointers = [...errors, ...warnings].map((problem) => problem.pointer);
  const offsets = new Map<string, number | undefined>();
  if (parsed.yaml) {
    for (const pointer of pointers)
      offsets.set(
        pointer,
        ((await keyNodeAt(parsed.yaml, pointer)) ?? (await nodeAt(parsed.yaml, pointer)))?.range?.[0],
      );
  } else {
    for (const [pointer, offset] of locateInJson(body, pointers)) offsets.set(pointer, offset);
  }
  const positions = linesAndColumns(
    body,
    [...offsets.values()].filter((offset): offset is number => offset !== undefined),
  );
  const locate = ({ pointer, message }: { pointer: string; message: string }): SpecProblem => {
    const offset = offsets.get(pointer);
    const position = offset === undefined ? undefined : positions.get(offset);
    return { file, ...(position ? { line: position.line, column: position.column } : {}), pointer, message };
  };
  const inOrder = (list: SpecProblem[]) =>
    list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return {
    document: value,
    version,
    problems: inOrder(errors.map(locate)),
    warnings: inOrder(warnings.map(locate)),
  };
}

/** `file:line:column pointer message`, the form editors and CI logs link. */
export function formatProblem(problem: SpecProblem): string {
  const where = [problem.file, problem.line, problem.column].filter((part) => part !== undefined).join(':');
  return `${where}${problem.pointer ? ` ${problem.pointer}` : ''}: ${problem.message}`;
}
