import { resolveLocal } from './openapi-refs.js';
import { pointerSegment } from './spec-locate.js';

/*
 * Checks beyond the OpenAPI schemas, for mistakes that other tools catch and the service
 * lets through: a path template parameter that no parameter declares, the same parameter
 * (name and `in`) twice in one list, an operationId used twice, and a component name outside
 * the specification's pattern. They are warnings: the spec is still sent.
 */

export interface LintProblem {
  pointer: string;
  message: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
export const COMPONENT_NAME = /^[a-zA-Z0-9.\-_]+$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const at = (...segments: Array<string | number>) => segments.map((s) => `/${pointerSegment(s)}`).join('');

/** An object, or what its local `$ref` leads to. */
function deref(root: unknown, value: unknown): unknown {
  if (isObject(value) && typeof value.$ref === 'string') return resolveLocal(root, value.$ref);
  return value;
}

interface Parameter {
  name: string;
  in: string;
}

/** The parameters of one list, with duplicates reported at the later one. */
function parameterList(root: unknown, list: unknown, base: string, problems: LintProblem[]): Parameter[] {
  if (!Array.isArray(list)) return [];
  const seen = new Map<string, number>();
  const parameters: Parameter[] = [];
  list.forEach((item, index) => {
    const parameter = deref(root, item);
    if (!isObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string')
      return;
    // Header names are case-insensitive.
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    const id = `${parameter.in}:${name}`;
    const first = seen.get(id);
    if (first !== undefined)
      problems.push({
        pointer: `${base}/parameters/${index}`,
        message: `duplicate parameter "${parameter.name}" in ${parameter.in}: also at ${base}/parameters/${first}`,
      });
    else seen.set(id, index);
    parameters.push({ name: parameter.name, in: parameter.in });
  });
  return parameters;
}

export function lintSpec(root: unknown, version: string): LintProblem[] {
  const problems: LintProblem[] = [];
  if (!isObject(root)) return problems;
  const operationIds = new Map<string, string>();

  const visitItems = (mapKey: 'paths' | 'webhooks') => {
    const items = root[mapKey];
    if (!isObject(items)) return;
    for (const [key, raw] of Object.entries(items)) {
      if (key.startsWith('x-')) continue;
      const item = deref(root, raw);
      if (!isObject(item)) continue;
      const base = at(mapKey, key);
      const shared = parameterList(root, item.parameters, base, problems);
      const templated =
        mapKey === 'paths' ? [...key.matchAll(/\{([^}/]+)\}/g)].map((match) => match[1]!) : [];
      for (const method of METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const where = `${base}/${method}`;
        const own = parameterList(root, operation.parameters, where, problems);
        if (typeof operation.operationId === 'string') {
          const first = operationIds.get(operation.operationId);
          if (first !== undefined)
            problems.push({
              pointer: `${where}/operationId`,
              message: `duplicate operationId "${operation.operationId}": also at ${first}`,
            });
          else operationIds.set(operation.operationId, `${where}/operationId`);
        }
        const declared = new Set(
          [...shared, ...own]
            .filter((parameter) => parameter.in === 'path')
            .map((parameter) => parameter.name),
        );
        for (const name of templated) {
          if (!declared.has(name))
            problems.push({
              pointer: where,
              message: `path parameter "${name}" of "${key}" is not declared: add a parameter with "name: ${name}" and "in: path"`,
            });
        }
      }
    }
  };
  visitItems('paths');
  visitItems('webhooks');

  // OpenAPI 3 gives component names a pattern; 3.1's own schema refuses others, the service does not.
  if (!version.startsWith('2.') && isObject(root.components)) {
    for (const [kind, map] of Object.entries(root.components)) {
      if (kind.startsWith('x-') || !isObject(map)) continue;
      for (const name of Object.keys(map)) {
        if (!COMPONENT_NAME.test(name))
          problems.push({
            pointer: at('components', kind, name),
            message: `component name "${name}" does not match ${COMPONENT_NAME.source}, the pattern of the OpenAPI specification: some tools cannot refer to it`,
          });
      }
    }
  }
  return problems;
}
