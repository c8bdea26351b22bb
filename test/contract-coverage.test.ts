import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '@docs-api/sdk/contract';
import { implementations } from '@docs-api/sandbox';

/** endpoints.tsv: a copy of the contract's endpoint list, one row per endpoint. */
const rows = readFileSync(new URL('./fixtures/endpoints.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [area = '', method = '', path = ''] = line.split('\t');
    return { area, method, path, key: `${method} ${path}` };
  });

/** Every area of the endpoint list: the SDK, sandbox and CLI cover each of them whole. */
const AREAS = [...new Set(rows.map((row) => row.area))];

describe('the contract module against the endpoint list', () => {
  it('lists 114 endpoints', () => {
    expect(rows).toHaveLength(114);
  });

  it('has one operation per endpoint it covers, each matching a row in method, path and area', () => {
    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const operation of operations) {
      const row = byKey.get(`${operation.method} ${operation.path}`);
      expect(
        row,
        `${operation.id}: ${operation.method} ${operation.path} is not in endpoints.tsv`,
      ).toBeDefined();
      expect(operation.area).toBe(row?.area);
    }
    const keys = operations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(operations.map((op) => op.id)).size).toBe(operations.length);
  });

  it.each(AREAS)('covers every endpoint of %s', (area) => {
    const expected = rows.filter((row) => row.area === area).map((row) => row.key);
    const covered = operations.filter((op) => op.area === area).map((op) => `${op.method} ${op.path}`);
    expect(covered.sort()).toEqual(expected.sort());
  });

  it('has a sandbox implementation for every operation', () => {
    const implemented = new Set(implementations.map((impl) => impl.operation.id));
    expect(operations.map((op) => op.id).filter((id) => !implemented.has(id))).toEqual([]);
  });
});
