import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations as allOperations } from '@docs-api/sdk/contract';
import { implementations } from '@docs-api/sandbox';

/** endpoints.tsv: a copy of the contract's endpoint list, one row per endpoint. */
const rows = readFileSync(new URL('../scripts/contract/endpoints.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [area = '', method = '', path = ''] = line.split('\t');
    return { area, method, path, key: `${method} ${path}` };
  });

/** The extract's operations; those marked `inExtract: false` come from the published document. */
const operations = allOperations.filter((operation) => operation.inExtract !== false);
const beyond = allOperations.filter((operation) => operation.inExtract === false);

/** Paths of the published document, as the contract writes them (with the `/v1` prefix). */
const documentPaths = JSON.parse(
  readFileSync(new URL('../node_modules/@gitbook/api/spec/openapi.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, unknown>> };

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

  it('takes beyond the extract only operations of the published document that the list lacks', () => {
    expect(beyond.length).toBeGreaterThan(0);
    const listed = new Set(rows.map((row) => row.key));
    for (const operation of beyond) {
      expect(listed.has(`${operation.method} ${operation.path}`), operation.id).toBe(false);
      const methods = documentPaths.paths[operation.path.replace(/^\/v1/, '')];
      expect(
        methods?.[operation.method.toLowerCase()],
        `${operation.id} is not in the document`,
      ).toBeDefined();
    }
  });

  it('keeps state in the sandbox for every operation of the endpoint list', () => {
    // The others are answered from their schema (docs/sandbox.md, "Which operations keep state").
    const implemented = new Set(implementations.map((impl) => impl.operation.id));
    expect(operations.map((op) => op.id).filter((id) => !implemented.has(id))).toEqual([]);
  });
});
