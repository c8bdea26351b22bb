import { readFile } from 'node:fs/promises';
import type { Operation } from '@docs-api/sdk/contract';
import { UsageError } from '../failures/exit-codes.js';
import { readStdin } from '../input/stdin.js';

/*
 * What `docs api` builds a request from, as `gh api` does: a path, `-f key=value` string fields,
 * `-F key=value` typed fields (`true`, `false`, `null`, numbers, `@file`), `-q key=value` query
 * parameters, and `--input` for a whole body. Keys nest with `a[b]=x` and append with `a[]=x`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Splits `key=value` at the first `=`; `flag` names the flag in errors. */
export function splitPair(pair: string, flag: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} ${pair}: expected key=value.`);
  return [pair.slice(0, at), pair.slice(at + 1)];
}

/** A `-F` value with its JSON type: `true`, `false`, `null`, integers, and `@file` / `@-` contents. */
export async function typedValue(raw: string, flag: string): Promise<unknown> {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?\d+$/.test(raw)) return Number(raw);
  if (raw.startsWith('@')) {
    const file = raw.slice(1);
    try {
      return file === '-' ? await readStdin() : await readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`${flag}: cannot read ${file}: ${(error as Error).message}`);
    }
  }
  return raw;
}

/** Sets `value` at a key written `a`, `a[b]`, `a[b][c]` or `a[]` (append). */
export function setPath(target: Record<string, unknown>, key: string, value: unknown, flag: string): void {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new UsageError(`${flag}: "${key}" is not a field name (use a, a[b] or a[]).`);
  const parts = [
    match[1] as string,
    ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string),
  ];
  let node: Record<string, unknown> | unknown[] = target;
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    const nextIsAppend = parts[index + 1] === '';
    if (part === '') {
      if (!Array.isArray(node))
        throw new UsageError(`${flag}: "${key}" appends to something that is not a list.`);
      if (last) node.push(value);
      else {
        const child = nextIsAppend ? [] : {};
        node.push(child);
        node = child;
      }
      return;
    }
    if (Array.isArray(node)) throw new UsageError(`${flag}: "${key}" names a key inside a list.`);
    if (last) {
      node[part] = value;
      return;
    }
    const existing = node[part];
    const child = existing && typeof existing === 'object' ? existing : nextIsAppend ? [] : {};
    node[part] = child;
    node = child as Record<string, unknown> | unknown[];
  });
}

export interface FieldFlags {
  rawFields: readonly string[];
  typedFields: readonly string[];
  query: readonly string[];
  input?: string | undefined;
}

export interface BuiltRequest {
  method: HttpMethod;
  /** Path under `/v1`, starting with `/v1/`. */
  path: string;
  query: Record<string, unknown>;
  body?: unknown;
}

/** Builds the request; fields go in the body, or in the query of a GET (as `gh api` does). */
export async function buildRequest(
  pathArg: string,
  method: string | undefined,
  flags: FieldFlags,
  placeholders: Record<string, string | undefined>,
): Promise<BuiltRequest> {
  const withValues = pathArg.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = placeholders[name];
    if (!value) throw new UsageError(`The path uses {${name}}: pass --${name} or set it in the environment.`);
    return encodeURIComponent(value);
  });
  const url = new URL(withValues.replace(/^\/?(v1\/)?/, '/v1/'), 'http://placeholder');
  const path = url.pathname;
  const query: Record<string, unknown> = {};
  for (const [key, value] of url.searchParams) setPath(query, key, value, 'path');
  for (const pair of flags.query) {
    const [key, value] = splitPair(pair, '-q');
    setPath(query, key, value, '-q');
  }
  const fields: Record<string, unknown> = {};
  for (const pair of flags.rawFields) {
    const [key, value] = splitPair(pair, '-f');
    setPath(fields, key, value, '-f');
  }
  for (const pair of flags.typedFields) {
    const [key, raw] = splitPair(pair, '-F');
    setPath(fields, key, await typedValue(raw, '-F'), '-F');
  }
  let body: unknown;
  if (flags.input !== undefined) {
    if (Object.keys(fields).length) throw new UsageError('--input cannot be combined with -f/-F fields.');
    const text = await typedValue(`@${flags.input}`, '--input');
    try {
      body = JSON.parse(String(text)) as unknown;
    } catch (error) {
      throw new UsageError(`--input: ${flags.input} is not valid JSON: ${(error as Error).message}`);
    }
  }
  const hasFields = Object.keys(fields).length > 0;
  const chosen = (method?.toUpperCase() ?? (hasFields || body !== undefined ? 'POST' : 'GET')) as HttpMethod;
  if (!HTTP_METHODS.includes(chosen)) {
    throw new UsageError(`-X ${method}: expected one of ${HTTP_METHODS.join(', ')}.`);
  }
  if (chosen === 'GET') {
    if (body !== undefined) throw new UsageError('--input sends a body, which a GET cannot carry.');
    Object.assign(query, fields);
    return { method: chosen, path, query };
  }
  return {
    method: chosen,
    path,
    query,
    ...(hasFields ? { body: fields } : body !== undefined ? { body } : {}),
  };
}

/** The contract operation a method and path reach, so its answer is read like any command's. */
export function findOperation(
  operations: readonly Operation[],
  method: string,
  path: string,
): Operation | undefined {
  const segments = path.split('/');
  return operations.find((operation) => {
    if (operation.method !== method) return false;
    const template = operation.path.split('/');
    return (
      template.length === segments.length &&
      template.every((part, index) =>
        part.startsWith('{') && part.endsWith('}') ? segments[index] !== '' : part === segments[index],
      )
    );
  });
}
