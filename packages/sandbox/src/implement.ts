import type { Context } from 'hono';
import type { IOOf, Operation } from '@docs-api/sdk/contract';
import type { Store } from './store.js';

/**
 * What a handler gets: the path parameters, query and body as the operation declares them
 * (validated against its schemas before the handler runs), the store and Hono's context.
 */
export interface HandlerInput<O extends Operation> {
  params: IOOf<O>['params'] & Record<string, string>;
  query: NonNullable<IOOf<O>['query']>;
  body: IOOf<O>['body'];
  store: Store;
  context: Context;
}

/**
 * What a handler answers: the operation's declared answer (none for "no content"); for a stream
 * of server-sent events, its events, in order (the sandbox sends each as one event).
 */
export type HandlerResult<O extends Operation> =
  IOOf<O> extends { event: infer E }
    ? Iterable<E> | AsyncIterable<E>
    : IOOf<O>['response'] extends undefined
      ? void
      : IOOf<O>['response'];

/** The header that says how an answer was made (`AnswerKind`). */
export const ANSWER_HEADER = 'x-sandbox-answer';

/**
 * How an answer is made, sent as `X-Sandbox-Answer`: `state` (what the sandbox keeps) or
 * `computed` (worked out from it: a search, an aggregate, a rendering). Nothing else: no answer
 * is built from a schema.
 */
export type AnswerKind = 'state' | 'computed';

export interface Implementation {
  operation: Operation;
  /** `state` when absent. */
  answer?: AnswerKind;
  handle(input: HandlerInput<Operation>): unknown;
}

/** Pairs a contract operation with the sandbox's behaviour for it; inputs arrive validated. */
export function implement<O extends Operation>(
  operation: O,
  handle: (input: HandlerInput<O>) => HandlerResult<O> | Promise<HandlerResult<O>>,
): Implementation {
  return { operation, handle };
}
