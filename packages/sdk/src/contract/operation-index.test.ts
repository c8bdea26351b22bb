import { describe, expect, it } from 'vitest';
import { operationIndex, operations } from './index.js';

/* The operation index says, before any operation is loaded, what each operation's module says. */

describe('the operation index', () => {
  it('lists every operation of the contract once, by its id', () => {
    expect(Object.keys(operationIndex).sort()).toEqual(operations.map((operation) => operation.id).sort());
  });

  it("gives each operation's method, kind, arguments and loader as its module does", async () => {
    for (const entry of Object.values(operationIndex)) {
      const { default: operation } = await entry.load();
      const kind = operation.paginated ? 'page' : operation.stream ? 'stream' : 'call';
      expect({
        id: entry.id,
        method: entry.method,
        kind,
        args: entry.args,
      }).toEqual({
        id: operation.id,
        method: (operation as { name?: string }).name,
        kind: entry.kind,
        args: operation.args ?? [],
      });
    }
  });
});
