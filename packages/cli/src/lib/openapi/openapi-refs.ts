import { existsSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { pointerSegment, unescapeSegment } from './spec-locate.js';

/*
 * The `$ref`s of an OpenAPI (or Swagger) document, found by position in its grammar: a key
 * `$ref` is a reference only where an object of the spec or a schema may hold one. Under
 * `properties`, `definitions`, `components/schemas`, ... keys are names (a property may be
 * called `$ref` or `$id`), and the values of `example`, `examples`, `default`, `const`, `enum`
 * and extensions (`x-*`) are data, never read for keywords. Each reference is checked: inside
 * the document it must lead somewhere, to another file that file must exist.
 */

export interface RefProblem {
  pointer: string;
  message: string;
  level: 'error' | 'warning';
}

type Kind =
  /** An object of the grammar (an operation, a schema, ...): its keys are keywords. */
  | 'object'
  /** A map whose keys are names chosen by the author: each value is an object. */
  | 'names'
  /** Such a map that also takes extensions (`x-*`): `responses`, `webhooks`. */
  | 'namesExt'
  /** A map of Example Objects, whose `value` is data. */
  | 'examples'
  | 'example';

/** Keys whose value is a map of names, where the value is an object (not an array). */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'schemas',
  'parameters',
  'requestBodies',
  'headers',
  'securitySchemes',
  'securityDefinitions',
  'links',
  'callbacks',
  'pathItems',
  'mediaTypes',
  'content',
  'encoding',
  'variables',
  'scopes',
  'mapping',
]);
const NAME_MAPS_WITH_EXTENSIONS = new Set(['responses', 'webhooks']);
/** Keys whose value is literal data in every object that has them. */
const DATA = new Set(['example', 'default', 'const', 'enum']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value a local reference (`#/a/b`) leads to, or undefined. A segment that meets a
 * reference object is looked up in what it refers to (bounded), as resolvers do.
 */
export function resolveLocal(root: unknown, ref: string, hops = 0): unknown {
  if (ref === '#' || ref === '') return root;
  if (!ref.startsWith('#/')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(2));
  } catch {
    return undefined;
  }
  let node: unknown = root;
  for (const token of fragment.split('/')) {
    const key = unescapeSegment(token);
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node)) {
      if (Object.hasOwn(node, key)) node = node[key];
      else if (typeof node.$ref === 'string' && hops < 16) {
        const target = resolveLocal(root, node.$ref, hops + 1);
        node = isObject(target) && Object.hasOwn(target, key) ? target[key] : undefined;
      } else node = undefined;
    } else node = undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Every reference of the document that leads nowhere (an error), or to another file (a
 * warning: only this file's text is sent). `directory` is where relative file references
 * are looked for.
 */
export function checkRefs(root: unknown, version: string, directory: string): RefProblem[] {
  const swagger2 = version.startsWith('2.');
  const path: string[] = [];
  const problems: RefProblem[] = [];
  const local = new Map<string, boolean>();
  const files = new Map<string, boolean>();
  const anchors = new Set<string>();
  const anchorRefs: Array<{ ref: string; pointer: string }> = [];
  const here = (key: string) =>
    [...path, key]
      .map(pointerSegment)
      .map((s) => `/${s}`)
      .join('');

  const checkRef = (ref: string, underId: boolean) => {
    if (ref.startsWith('#')) {
      if (ref !== '#' && !ref.startsWith('#/')) {
        anchorRefs.push({ ref, pointer: here('$ref') });
        return;
      }
      let found = local.get(ref);
      if (found === undefined) local.set(ref, (found = resolveLocal(root, ref) !== undefined));
      if (!found)
        problems.push({ pointer: here('$ref'), message: `$ref "${ref}" points at nothing`, level: 'error' });
      return;
    }
    // A URL or URN, or a reference relative to a schema's own `$id`: not ours to fetch.
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || underId) return;
    const cut = ref.indexOf('#');
    let name = cut < 0 ? ref : ref.slice(0, cut);
    try {
      name = decodeURIComponent(name);
    } catch {
      // Left as written.
    }
    const full = resolvePath(directory, name);
    let exists = files.get(full);
    if (exists === undefined) files.set(full, (exists = existsSync(full)));
    problems.push(
      exists
        ? {
            pointer: here('$ref'),
            message: `$ref "${ref}" points at another file, ${name}: only this file's text is sent, so the service cannot read it (bundle the spec into one file)`,
            level: 'warning',
          }
        : {
            pointer: here('$ref'),
            message: `$ref "${ref}" points at file ${name}, which does not exist (looked for ${full})`,
            level: 'error',
          },
    );
  };

  const visit = (value: unknown, kind: Kind, underId: boolean): void => {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        path.push(String(index));
        visit(value[index], 'object', underId);
        path.pop();
      }
      return;
    }
    if (!isObject(value)) return;
    if (kind !== 'object' && kind !== 'example') {
      for (const key of Object.keys(value)) {
        if (kind === 'namesExt' && key.startsWith('x-')) continue;
        path.push(key);
        visit(value[key], kind === 'examples' ? 'example' : 'object', underId);
        path.pop();
      }
      return;
    }
    const scoped = underId || typeof value.$id === 'string';
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (key.startsWith('x-') || DATA.has(key) || (kind === 'example' && key === 'value')) continue;
      if (key === '$ref') {
        if (typeof item === 'string') checkRef(item, scoped);
        continue;
      }
      if ((key === '$anchor' || key === '$dynamicAnchor') && typeof item === 'string') {
        anchors.add(item);
        continue;
      }
      let next: Kind = 'object';
      if (key === 'examples') {
        // Schema `examples` (an array) and Swagger 2.0 response examples are data.
        if (swagger2 || !isObject(item)) continue;
        next = 'examples';
      } else if (isObject(item)) {
        if (NAME_MAPS.has(key)) next = 'names';
        else if (NAME_MAPS_WITH_EXTENSIONS.has(key)) next = 'namesExt';
      }
      path.push(key);
      visit(item, next, scoped);
      path.pop();
    }
  };
  visit(root, 'object', false);

  for (const { ref, pointer } of anchorRefs) {
    if (!anchors.has(ref.slice(1)))
      problems.push({ pointer, message: `$ref "${ref}" names an anchor no schema declares`, level: 'error' });
  }
  return problems;
}
