import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { Operation, PathParamsOf } from '@docs-api/sdk/contract';
import type { Store } from './store.js';

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
type Returned<S> = S extends z.ZodMiniType ? z.input<S> : void;

export interface HandlerInput<O extends Operation> {
  params: O extends Operation<infer P> ? PathParamsOf<P> & Record<string, string> : never;
  query: O extends Operation<string, infer Q> ? Out<Q> : never;
  body: O extends Operation<string, z.ZodMiniType | undefined, infer B> ? Out<B> : never;
  store: Store;
  context: Context;
}

export type HandlerResult<O extends Operation> =
  O extends Operation<string, z.ZodMiniType | undefined, z.ZodMiniType | undefined, infer R>
    ? Returned<R>
    : never;

export interface Implementation {
  operation: Operation;
  handle(input: HandlerInput<Operation>): unknown;
}

/** Pairs a contract operation with the sandbox's behaviour for it; inputs arrive validated. */
export function implement<O extends Operation>(
  operation: O,
  handle: (input: HandlerInput<O>) => HandlerResult<O> | Promise<HandlerResult<O>>,
): Implementation {
  return { operation, handle: handle };
}
