import type { Context, MiddlewareHandler, NotFoundHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  checkRequestPart,
  decodeQuery,
  operations as contractOperations,
  describeIssues,
  type Operation,
  type ValidationIssue,
} from '@docs-api/sdk/contract';
import { SandboxError } from './errors.js';
import type { HandlerInput } from './implement.js';
import { jsonBody } from './request-guards.js';

/*
 * How a request reaches an operation: the routes of the contract's paths (and the 405 of a path
 * the contract has with another method), the body limits, and the reading of a request's path
 * parameters, query and body with the operation's own request schemas.
 */

/** The Hono environment of the sandbox's app: the Node socket, for a dropped-connection fault. */
export type Env = { Bindings: { incoming?: { socket?: { destroy(): void } } } };

/** What a handler gets of a request, checked. */
export type RequestInput = Pick<HandlerInput<Operation>, 'params' | 'query' | 'body'>;

/**
 * The largest body of `updateChangeRequestContent`: 64 MiB. The service takes a batch of up to
 * 50 changes whose files may each be 1,000,000 bytes sent as base64 (1,333,336 characters), so a
 * full batch of one such file per change is about 66.7 MB of JSON; 64 MiB (67,108,864 bytes)
 * admits it with room for the rest of each change.
 */
export const MAX_CONTENT_BATCH_BYTES = 64 * 1024 * 1024;

/** Operations whose body may be larger than `maxBodyBytes`: their own limit (the larger of the two applies). */
export const OPERATION_BODY_LIMITS: Readonly<Record<string, number>> = {
  updateChangeRequestContent: MAX_CONTENT_BATCH_BYTES,
};

let largeBodies: Array<{ method: string; pattern: RegExp; limit: number }> | undefined;

/**
 * The largest body a request may have: its operation's own limit (`OPERATION_BODY_LIMITS`) if it
 * has one and it is larger, else `maxBodyBytes`. The sandbox and the proxy both apply it.
 */
export function bodyLimitFor(method: string, path: string, maxBodyBytes: number): number {
  largeBodies ??= contractOperations
    .filter((operation) => OPERATION_BODY_LIMITS[operation.id] !== undefined)
    .map((operation) => ({
      method: operation.method,
      pattern: pathPattern(operation),
      limit: OPERATION_BODY_LIMITS[operation.id] ?? 0,
    }));
  const large = largeBodies.find((entry) => entry.method === method && entry.pattern.test(path));
  return Math.max(maxBodyBytes, large?.limit ?? 0);
}

/**
 * Reads a body without a Content-Length in chunks, and stops at the limit: the operation's own
 * (OPERATION_BODY_LIMITS) where it has one, else maxBodyBytes; a 413 past it.
 */
export function bodyLimits(maxBodyBytes: number): MiddlewareHandler<Env> {
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json(
          new SandboxError(
            413,
            `The request body is larger than the sandbox accepts (${maxSize} bytes)`,
          ).toBody(),
          413,
        ),
    });
  const limits = new Map<number, MiddlewareHandler<Env>>();
  return (c: Context<Env, string>, next) => {
    const maxSize = bodyLimitFor(c.req.method, c.req.path, maxBodyBytes);
    let middleware = limits.get(maxSize);
    if (!middleware) limits.set(maxSize, (middleware = limit(maxSize)));
    return middleware(c, next);
  };
}

/** A regular expression matching the paths of an operation (a path-valued parameter takes slashes). */
function pathPattern(operation: Operation): RegExp {
  const pathValued = new Set(operation.pathValued ?? []);
  const pieces = operation.path.split(/\{(\w+)\}/);
  return new RegExp(
    `^${pieces
      .map((piece, index) =>
        index % 2 === 1
          ? pathValued.has(piece)
            ? '.+'
            : '[^/]+'
          : piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );
}

/** The methods of the contract's operations, and HEAD with GET, as Hono answers it. */
export function apiMethods(): string[] {
  const methods = new Set(contractOperations.map((operation) => operation.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** The routes registered, by path pattern, with their methods: what a 405 answers with. */
export class RouteTable {
  /** Each contract path as a pattern, with the methods the contract defines on it (for 405s). */
  readonly #routes: Array<{ pattern: RegExp; methods: Set<string> }> = [];

  /** Registers the operation's route; returns its Hono path. */
  add(operation: Operation): string {
    const pathValued = new Set(operation.pathValued ?? []);
    const pattern = pathPattern(operation);
    const known = this.#routes.find((r) => r.pattern.source === pattern.source);
    if (known) known.methods.add(operation.method);
    else this.#routes.push({ pattern, methods: new Set([operation.method]) });
    // A parameter whose value is a path (`pagePath`) takes the rest of the URL, slashes included.
    return operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
      pathValued.has(name) ? `:${name}{.+}` : `:${name}`,
    );
  }

  /** The methods the contract defines on a path (HEAD with GET, as Hono answers it), sorted; none for an unknown path. */
  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.#routes) {
      if (!route.pattern.test(path)) continue;
      for (const method of route.methods) methods.add(method);
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }

  /** A path no route has: 404; a path with routes for other methods: 405 with `Allow`. */
  notFound(): NotFoundHandler<Env> {
    return (c) => {
      const allowed = this.allowedMethods(c.req.path);
      if (allowed.length === 0)
        return c.json(new SandboxError(404, `No route for ${c.req.method} ${c.req.path}`).toBody(), 404);
      c.header('allow', allowed.join(', '));
      const message = `${c.req.method} is not allowed on ${c.req.path}: use ${allowed.join(', ')}`;
      return c.json(new SandboxError(405, message).toBody(), 405);
    };
  }
}

/** The request's path parameters, query and body, checked by the operation's schemas; a 400 naming each bad field. */
export async function readInput(c: Context<Env>, operation: Operation): Promise<RequestInput> {
  const issues: ValidationIssue[] = [];
  const part = (schema: Operation['query'], value: unknown, prefix: string) => {
    if (!schema) return undefined;
    const result = checkRequestPart(schema, value, prefix);
    if (result.ok) return result.value;
    issues.push(...result.issues);
    return undefined;
  };
  const params = part(operation.paramsSchema, c.req.param(), 'path');
  const url = new URL(c.req.url);
  const query = part(
    operation.query,
    decodeQuery(operation.queryKinds, url.searchParams, operation.queryWireNames),
    'query',
  );
  const rawBody = operation.body ? await jsonBody(c) : {};
  const body = part(operation.body, rawBody, 'body');
  if (issues.length) throw new SandboxError(400, `Invalid request: ${describeIssues(issues)}`, issues);
  return { params, query, body } as RequestInput;
}
