import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { encodeQuery, operations } from '../contract/index.js';
import { mixed, plausible, shapeKeys } from '../../test-support/arbitraries.js';
import { conformer } from './conforms.js';

/*
 * The in-place check's promise, for every schema of the contract. For an answer (parsed JSON):
 * what it accepts, zod accepts and returns unchanged, so the SDK hands it out as parsed. For a
 * query or a body (a caller's value): what it accepts, zod accepts, and what the SDK sends of
 * it is what it would send of zod's copy (core/http.ts). Bounded runs, fixed seed.
 */
const SEED = 20_261_123;
fc.configureGlobal({ seed: SEED, numRuns: 60 });
let accepted = 0;
let runs = 0;

afterAll(() => {
  console.log(
    `conformer (seed ${SEED}): ${runs} values, ${accepted} accepted in place, each as zod reads it`,
  );
});

const accepts = (schema: z.ZodMiniType, value: unknown) => conformer(schema)(value);
/** A value as JSON carries it: no undefined, plain objects. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');
const sortedQuery = (query: unknown, wireNames: Record<string, string>) =>
  [...encodeQuery(query as Record<string, unknown>, wireNames)].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );

function zodData(schema: z.ZodMiniType, value: unknown): unknown {
  accepted++;
  const result = schema.safeParse(value);
  expect(result.success, JSON.stringify(value)).toBe(true);
  return result.data;
}

const arbitrary = (schema: z.ZodMiniType) => fc.oneof(plausible(schema), mixed(schema, shapeKeys(schema)));

describe('the in-place check accepts only what zod accepts, and changes nothing zod would', () => {
  it.each(
    operations
      .filter((operation) => operation.response)
      .map((operation) => [operation.id, operation] as const),
  )('%s answer', (_id, operation) => {
    const schema = operation.response!;
    fc.assert(
      fc.property(arbitrary(schema).map(asJson), (value) => {
        runs++;
        if (accepts(schema, value)) expect(isDeepStrictEqual(zodData(schema, value), value)).toBe(true);
      }),
    );
  });

  it.each(
    operations.filter((operation) => operation.query).map((operation) => [operation.id, operation] as const),
  )('%s query', (_id, operation) => {
    const schema = operation.query!;
    fc.assert(
      fc.property(arbitrary(schema), (value) => {
        runs++;
        if (!accepts(schema, value)) return;
        const data = zodData(schema, value);
        expect(sortedQuery(value, operation.queryWireNames)).toEqual(
          sortedQuery(data, operation.queryWireNames),
        );
      }),
    );
  });

  it.each(
    operations.filter((operation) => operation.body).map((operation) => [operation.id, operation] as const),
  )('%s body', (_id, operation) => {
    const schema = operation.body!;
    fc.assert(
      fc.property(arbitrary(schema), (value) => {
        runs++;
        if (accepts(schema, value))
          expect(isDeepStrictEqual(asJson(zodData(schema, value)), asJson(value))).toBe(true);
      }),
    );
  });

  it('accepts many valid values, so that the properties above are not empty', () => {
    expect(accepted).toBeGreaterThan(runs / 10);
  });
});

describe('checks on leaves, as zod reads them', () => {
  const limit = z.optional(z.int().check(z.minimum(1), z.maximum(1000)));
  const cursor = z.string().check(z.minLength(1), z.maxLength(4));
  const list = z.array(z.string()).check(z.minLength(1));
  const exclusive = z.number().check(z.gt(0), z.lt(10));

  it.each([
    [limit, [undefined, 1, 1000, 500], [0, 1001, 1.5, Number.NaN, Infinity, '10', null]],
    [cursor, ['a', 'abcd'], ['', 'abcde', 1]],
    [list, [['a'], ['a', 'b']], [[], [1], 'a']],
    [exclusive, [0.5, 9.99], [0, 10, -1]],
  ] as const)(
    '%#: accepts each valid value in place, leaves each other one to zod',
    (schema, valid, invalid) => {
      for (const value of valid) {
        expect(accepts(schema, value), String(value)).toBe(true);
        expect(isDeepStrictEqual(zodData(schema, value), value)).toBe(true);
      }
      for (const value of invalid) {
        expect(accepts(schema, value), String(value)).toBe(false);
        expect(schema.safeParse(value).success, String(value)).toBe(false);
      }
    },
  );

  it('leaves a check it does not model to zod, a format schema too', () => {
    const pattern = z.string().check(z.regex(/^a+$/));
    expect(accepts(pattern, 'aaa')).toBe(true);
    expect(accepts(pattern, 'abc')).toBe(false);
    // z.url() is a string whose format is its own check (not in `checks`): "" is not a URL.
    expect(accepts(z.url(), 'https://docs.example.com')).toBe(true);
    expect(accepts(z.url(), '')).toBe(false);
    expect(accepts(z.optional(z.nullable(z.url())), 'not a url')).toBe(false);
  });
});
