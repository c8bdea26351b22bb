import { operations, type Operation } from '@docs-api/sdk/contract';

/*
 * Which contract operation a request reaches. Apart from contract-check.ts, whose declarations are
 * public (`checkAgainstContract`), so that they do not name the contract's operation types.
 */

interface Route {
  operation: Operation;
  pattern: RegExp;
}

let routes: Route[] | undefined;

/**
 * The contract's operations as path patterns, literal paths first (`/me` before `/{id}`). A
 * parameter that is itself a path (`pagePath`) takes its slashes.
 */
function contractRoutes(): Route[] {
  routes ??= operations
    .map((operation) => ({
      operation,
      pattern: new RegExp(
        `^${operation.path
          .split(/(\{\w+\})/)
          .map((piece) => {
            const name = /^\{(\w+)\}$/.exec(piece)?.[1];
            if (name) return operation.pathValued.includes(name) ? '(.+)' : '([^/]+)';
            return piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          })
          .join('')}$`,
      ),
      placeholders: (operation.path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.placeholders - b.placeholders)
    .map(({ operation, pattern }) => ({ operation, pattern }));
  return routes;
}

/** The contract operation a request reaches, and its path parameters (decoded). */
export function matchOperation(
  method: string,
  path: string,
): { operation: Operation; params: Record<string, string> } | undefined {
  for (const route of contractRoutes()) {
    if (route.operation.method !== method.toUpperCase()) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    route.operation.pathParams.forEach((name, i) => {
      const raw = match[i + 1] ?? '';
      try {
        params[name] = decodeURIComponent(raw);
      } catch {
        params[name] = raw;
      }
    });
    return { operation: route.operation, params };
  }
  return undefined;
}
