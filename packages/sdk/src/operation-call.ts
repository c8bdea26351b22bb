import type { ApiPromise } from './core/api-promise.js';
import type { EventStream } from './core/event-stream.js';
import type { RequestOptions } from './core/http.js';
import type { PagePromise } from './core/pagination.js';
import type { ListEnvelope } from './contract/list-envelope.js';
import type { OperationId } from './generated/operation-names.js';
import type { OperationTypes } from './generated/operation-types.js';

/*
 * The types of `client.call(operationId, { params, query, body }, options)`, by operation id, as
 * octokit's `request` is typed by route: a wrong id, a wrong parameter or field, a missing path
 * parameter does not compile, and the answer is typed as the operation's method's is.
 */

export type { OperationId };

type IO<Id extends OperationId> = OperationTypes[Id];

/** A part is required when it has a required field (path parameters always do). */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : string extends keyof T
    ? { [K in Name]?: T }
    : object extends T
      ? { [K in Name]?: T }
      : { [K in Name]: T };

/** The inputs of one operation, by name: its path parameters, query and body. */
export type CallInput<Id extends OperationId> = Part<'params', IO<Id>['params']> &
  Part<'query', IO<Id>['query']> &
  Part<'body', IO<Id>['body']>;

/** The input may be left out when nothing in it is required. */
export type CallArgs<Id extends OperationId> =
  object extends CallInput<Id>
    ? [input?: CallInput<Id>, options?: RequestOptions]
    : [input: CallInput<Id>, options?: RequestOptions];

/** What a call answers: a `PagePromise` for a list, an `EventStream` for a stream, else an `ApiPromise`. */
export type CallResult<Id extends OperationId> =
  IO<Id> extends { item: infer I; response: infer P }
    ? P extends ListEnvelope<I>
      ? PagePromise<I, P>
      : never
    : IO<Id> extends { event: infer E }
      ? EventStream<E>
      : ApiPromise<[IO<Id>['response']] extends [undefined] ? void : IO<Id>['response']>;
