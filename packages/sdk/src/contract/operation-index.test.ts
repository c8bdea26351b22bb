import { describe, expect, it } from 'vitest';
import { operationIndex, operations } from './index.js';
import { operationRefs } from '../generated/resources/index.js';

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

  it("is what the resources' tables give (client.call and the methods): each id's kind and module", async () => {
    expect(Object.keys(operationRefs).sort()).toEqual(Object.keys(operationIndex).sort());
    for (const [id, ref] of Object.entries(operationRefs)) {
      const entry = operationIndex[id as keyof typeof operationIndex];
      expect({ id: ref.id, kind: ref.kind }).toEqual({ id: entry.id, kind: entry.kind });
      // The resource's loader chunk leads to the operation's own module.
      expect((await ref.load()).default).toBe((await entry.load()).default);
    }
  });
});
