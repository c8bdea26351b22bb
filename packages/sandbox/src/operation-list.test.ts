import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '@docs-api/sdk/contract';
import { operationListMarkdown, withOperationList } from './operation-list.js';
import { statefulImplementations as implementations } from './sandbox.js';

describe('the list of stateful operations in docs/sandbox.md', () => {
  it('is the one the contract and the implementations give (regenerate: node scripts/sandbox-operations.mjs)', () => {
    const doc = readFileSync(new URL('../../../docs/sandbox.md', import.meta.url), 'utf8');
    expect(withOperationList(doc)).toBe(doc);
  });

  it('names every operation once, in the column of what the sandbox does with it', () => {
    const list = operationListMarkdown();
    const rows = list.split('\n').filter((line) => line.startsWith('| `client.'));
    const cells = rows.map((row) => row.split(' | '));
    const named = (column: number) =>
      cells.flatMap((cell) => [...(cell[column] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]));
    const stateful = implementations.map((implementation) => implementation.operation.id);
    expect(named(1).sort()).toEqual([...stateful].sort());
    expect(named(1).length + named(2).length).toBe(operations.length);
    expect(new Set([...named(1), ...named(2)]).size).toBe(operations.length);
    expect(list).toContain(`**${stateful.length} of the ${operations.length} operations keep state**`);
  });
});
