import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';

/*
 * Reading an OpenAPI spec from a file and checking it before it is sent: parsed with `yaml`
 * (JSON is YAML, and the parser keeps every node's position), validated against the OpenAPI
 * schemas of its version with @seriousme/openapi-schema-validator. Every problem carries the
 * file, the line and column of the node it is about, and its JSON pointer.
 */

export interface SpecProblem {
  file: string;
  /** 1-based; absent when the problem has no place in the file (e.g. an unsupported version). */
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
  problems: SpecProblem[];
}

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Keywords that only say "a branch failed": the branch's own errors say why. */
const SUMMARY_KEYWORDS = new Set(['oneOf', 'anyOf', 'if', 'then', 'else', 'not', '$ref']);

/** Unescapes one JSON-pointer segment. */
function segment(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Escapes a key as a JSON-pointer segment. */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The YAML node at a JSON pointer, or its nearest ancestor that exists. */
function nodeAt(document: Document, pointer: string): Node | undefined {
  let node: unknown = document.contents;
  for (const token of pointer.split('/').slice(1)) {
    const key = segment(token);
    let next: unknown;
    if (isMap(node)) next = node.get(key, true);
    else if (isSeq(node)) next = node.get(Number(key), true);
    if (next === undefined) break;
    node = next;
  }
  return node as Node | undefined;
}

/** The key node of a map entry, so that "unknown property" points at the property's own line. */
function keyNodeAt(document: Document, pointer: string, key: string): Node | undefined {
  const parent = nodeAt(document, pointer);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
  return (pair?.key as Node | undefined) ?? undefined;
}

function place(lines: LineCounter, node: Node | undefined): { line?: number; column?: number } {
  const offset = node?.range?.[0];
  if (offset === undefined) return {};
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
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

/** Every `$ref` value in the document, with its pointer. */
function refsIn(value: unknown, pointer = '', found: Array<{ pointer: string; ref: string }> = []) {
  if (Array.isArray(value)) value.forEach((item, index) => refsIn(item, `${pointer}/${index}`, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push({ pointer: `${pointer}/$ref`, ref: item });
      else refsIn(item, `${pointer}/${pointerSegment(key)}`, found);
    }
  }
  return found;
}

/** Parses and validates a spec's text. `file` names it in problems (`-` for stdin). */
export async function checkSpec(text: string, file: string): Promise<CheckedSpec> {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: true });
  if (document.errors.length > 0) {
    return {
      document: undefined,
      version: undefined,
      problems: document.errors.map((error) => {
        const position = error.linePos?.[0];
        return {
          file,
          ...(position ? { line: position.line, column: position.col } : {}),
          pointer: '',
          message: `not valid YAML or JSON: ${(error.message.split('\n')[0] ?? error.code).replace(/ at line \d+, column \d+:?$/, '')}`,
        };
      }),
    };
  }
  const value: unknown = document.toJS({ maxAliasCount: 100 });
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return {
      document: value,
      version: undefined,
      problems: [{ file, line: 1, column: 1, pointer: '', message: 'an OpenAPI spec is an object' }],
    };
  }
  const declared =
    (value as { openapi?: unknown; swagger?: unknown }).openapi ?? (value as { swagger?: unknown }).swagger;
  const version = typeof declared === 'string' ? declared : undefined;

  // Loaded when a spec is checked: most commands never pay for it.
  const { Validator } = await import('@seriousme/openapi-schema-validator');
  const validator = new Validator({ allErrors: true });
  // An object, never a string: given a one-line string the library reads it as a file path.
  const result = await validator.validate(structuredClone(value) as Record<string, unknown>);
  if (result.valid) return { document: value, version, problems: [] };

  // A problem is shown at its property's key: `info:` rather than the first line inside it.
  const keyOf = (pointer: string): Node | undefined => {
    const cut = pointer.lastIndexOf('/');
    return cut < 0 ? undefined : keyNodeAt(document, pointer.slice(0, cut), segment(pointer.slice(cut + 1)));
  };
  const at = (pointer: string, message: string): SpecProblem => ({
    file,
    ...place(lines, keyOf(pointer) ?? nodeAt(document, pointer)),
    pointer,
    message,
  });
  if (typeof result.errors === 'string') {
    // Unresolved references and unsupported versions come as one sentence.
    const missing = /Can't resolve (\S+)/.exec(result.errors)?.[1];
    const refs = missing ? refsIn(value).filter((entry) => entry.ref === missing) : [];
    if (refs.length)
      return {
        document: value,
        version,
        problems: refs.map((entry) => at(entry.pointer, `$ref "${missing}" points at nothing`)),
      };
    return { document: value, version, problems: [{ file, pointer: '', message: result.errors }] };
  }
  return {
    document: value,
    version,
    problems: describe((result.errors ?? []) as AjvError[]).map((problem) =>
      at(problem.pointer, problem.message),
    ),
  };
}

/** `file:line:column pointer message`, the form editors and CI logs link. */
export function formatProblem(problem: SpecProblem): string {
  const where = [problem.file, problem.line, problem.column].filter((part) => part !== undefined).join(':');
  return `${where}${problem.pointer ? ` ${problem.pointer}` : ''}: ${problem.message}`;
}
