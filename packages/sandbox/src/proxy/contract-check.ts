import { checkRequestPart, decodeQuery, zodMessages, type Operation } from '@docs-api/sdk/contract';
import { matchOperation } from './match-operation.js';

/*
 * Checks one proxied exchange against the SDK's contract: the request's path parameters, query
 * and body with the request schemas (strict, as the SDK checks before sending), the answer's
 * status and body with the response schema (tolerant, as the SDK reads: unknown fields and enum
 * values pass, a wrong type or a missing required field does not).
 */

export type FindingSource = 'contract' | 'document';
export type FindingKind =
  | 'unknown-operation'
  | 'request.path'
  | 'request.query'
  | 'request.body'
  | 'response.status'
  | 'response.body';

/** One difference between an exchange and what the contract (or the document) says. */
export interface Finding {
  source: FindingSource;
  kind: FindingKind;
  /** The contract operation id (or the document's operationId, or `METHOD path` when neither knows it). */
  operation: string;
  /** Where in the request or answer, array indices as `[]`: `body.items[].visibility`. */
  path: string;
  message: string;
}

export interface Exchange {
  method: string;
  /** The path as requested, from `/v1` on. */
  path: string;
  search: URLSearchParams;
  /** Parsed JSON body (undefined when none). */
  body: unknown;
  /** True when a body was sent that is not JSON. */
  bodyNotJson?: boolean;
  status: number;
  responseBody: unknown;
  responseNotJson?: boolean;
}

/** A zod issue path as a report path: indices become `[]`, so every item of a list is one place. */
export function issuePath(parts: ReadonlyArray<string | number | symbol>): string {
  let text = '';
  for (const part of parts) {
    if (typeof part === 'number' || /^\d+$/.test(String(part))) text += '[]';
    else text += text ? `.${String(part)}` : String(part);
  }
  return text;
}

function requestIssues(
  operation: Operation,
  kind: 'request.path' | 'request.query' | 'request.body',
  schema: Operation['query'],
  value: unknown,
  prefix: string,
): Finding[] {
  if (!schema) return [];
  const result = checkRequestPart(schema, value, prefix);
  if (result.ok) return [];
  return result.issues.map((issue) => ({
    source: 'contract' as const,
    kind,
    operation: operation.id,
    path: issue.path.replace(/\.(\d+)(?=\.|$)/g, '[]'),
    message: issue.message,
  }));
}

/** Every difference between the exchange and the contract. */
export function checkAgainstContract(exchange: Exchange): Finding[] {
  const matched = matchOperation(exchange.method, exchange.path);
  if (!matched) {
    return [
      {
        source: 'contract',
        kind: 'unknown-operation',
        operation: `${exchange.method} ${exchange.path}`,
        path: '',
        message: `no contract operation for ${exchange.method} ${exchange.path}: the SDK has no method for it`,
      },
    ];
  }
  const { operation, params } = matched;
  const findings: Finding[] = [
    ...requestIssues(operation, 'request.path', operation.paramsSchema, params, 'path'),
  ];
  if (operation.query) {
    findings.push(
      ...requestIssues(
        operation,
        'request.query',
        operation.query,
        decodeQuery(operation.queryKinds, exchange.search, operation.queryWireNames),
        'query',
      ),
    );
  } else {
    for (const name of new Set(exchange.search.keys()))
      findings.push({
        source: 'contract',
        kind: 'request.query',
        operation: operation.id,
        path: `query.${name}`,
        message: 'the contract takes no query parameters here',
      });
  }
  if (exchange.bodyNotJson) {
    findings.push({
      source: 'contract',
      kind: 'request.body',
      operation: operation.id,
      path: 'body',
      message: 'the body is not JSON',
    });
  } else if (operation.body) {
    findings.push(...requestIssues(operation, 'request.body', operation.body, exchange.body ?? {}, 'body'));
  } else if (exchange.body !== undefined) {
    findings.push({
      source: 'contract',
      kind: 'request.body',
      operation: operation.id,
      path: 'body',
      message: 'the contract takes no body here',
    });
  }
  findings.push(...checkResponse(operation, exchange));
  return findings;
}

/** The answer against the contract: its status and, for a success, its body. Error answers are the service's to shape. */
function checkResponse(operation: Operation, exchange: Exchange): Finding[] {
  const { status } = exchange;
  if (status < 200 || status >= 300) return [];
  const finding = (kind: FindingKind, path: string, message: string): Finding => ({
    source: 'contract',
    kind,
    operation: operation.id,
    path,
    message,
  });
  if (status !== operation.status)
    return [
      finding('response.status', 'status', `answered ${status}; the contract says ${operation.status}`),
    ];
  if (!operation.response) {
    return exchange.responseBody === undefined
      ? []
      : [finding('response.body', 'body', 'the contract expects no body (no content)')];
  }
  if (exchange.responseNotJson) return [finding('response.body', 'body', 'the answer is not JSON')];
  const result = operation.response.safeParse(exchange.responseBody, { error: zodMessages });
  if (result.success) return [];
  return result.error.issues.map((issue) =>
    finding('response.body', issuePath(['body', ...issue.path]), issue.message),
  );
}
