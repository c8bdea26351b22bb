import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '@docs-api/sdk/contract';
import { familyTable, operationListMarkdown, resourceTable, withOperationList } from './operation-list.js';
import { familiesOf } from './resources/families.js';
import { statefulImplementations as implementations } from './sandbox.js';

describe('the generated part of docs/sandbox.md', () => {
  it('is the one the contract and the implementations give (regenerate: node scripts/sandbox-operations.mjs)', () => {
    const doc = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8');
    expect(withOperationList(doc)).toBe(doc);
  });

  it('names every operation once, in the column of how the sandbox answers it', () => {
    const list = operationListMarkdown();
    const rows = list.split('\n').filter((line) => line.startsWith('| `client.'));
    const cells = rows.map((row) => row.split(' | '));
    const named = (column: number) =>
      cells.flatMap((cell) => [...(cell[column] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]));
    const kind = (id: string) => implementations.find((i) => i.operation.id === id)?.answer ?? 'state';
    const implemented = implementations.map((implementation) => implementation.operation.id);
    expect(named(1).sort()).toEqual(implemented.filter((id) => kind(id) === 'state').sort());
    expect(named(2).sort()).toEqual(implemented.filter((id) => kind(id) === 'computed').sort());
    expect(named(1).length + named(2).length).toBe(operations.length);
    expect(new Set([...named(1), ...named(2)]).size).toBe(operations.length);
  });

  it('implements every operation of the contract once, so that none is answered from a schema', () => {
    const ids = implementations.map((implementation) => implementation.operation.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((operation) => !ids.includes(operation.id)).map((o) => o.id)).toEqual([]);
    expect(implementations.every((i) => ['state', 'computed', undefined].includes(i.answer))).toBe(true);
  });

  it('refuses to list a contract whose operation has no implementation', () => {
    const some = operations.slice(0, 3);
    const implement = (list: typeof operations) =>
      list.map((operation) => ({ operation, handle: () => undefined }));
    expect(() => resourceTable(some, implement(some.slice(0, 2)))).toThrow(
      `The sandbox implements no answer for 1 operations: ${some[2]?.id}`,
    );
    const whole = resourceTable(some, [
      ...implement(some.slice(0, 2)),
      { ...implement(some.slice(2))[0]!, answer: 'computed' as const },
    ]).join('\n');
    expect(whole).toContain('| resource | state | computed |\n');
    expect(whole).not.toMatch(/schema/);
    expect(whole).toContain("Every one of the 3 operations answers from the sandbox's state");
  });

  it("describes every collection-and-item family, the handlers' as the engine's", () => {
    const rows = familyTable(operations).filter((line) => line.startsWith('| `/v1/'));
    const families = familiesOf(operations);
    expect(rows.map((row) => row.split(' | ')[0]?.replace(/^\| `|`$/g, ''))).toEqual(
      families.map((family) => family.item),
    );
    for (const row of rows) {
      const [, servedBy, , keeps] = row.split(' | ');
      expect(['engine', 'handlers']).toContain(servedBy);
      expect(keeps?.length).toBeGreaterThan(3);
    }
    expect(rows.filter((row) => row.includes(' | handlers | ')).length).toBeGreaterThan(30);
  });
});
