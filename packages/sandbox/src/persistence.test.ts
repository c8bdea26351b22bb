import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirectory, readDataDirectory } from './persistence.js';
import { createSandbox } from './sandbox.js';
import { Store } from './store.js';
import { applySeed } from './seed.js';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'sandbox-persistence-')), 'data');

function demoStore(): Store {
  const store = new Store();
  applySeed(store, 'demo');
  return store;
}

describe('the data directory', () => {
  it('logs only what changed, and reloads it', async () => {
    const dir = fresh();
    const store = demoStore();
    const data = new DataDirectory(dir);
    data.start(store, 0);
    store.spaces.get('space_api')!.title = 'Renamed';
    store.spaces.delete('space_legal');
    await data.commit(store, 5000);
    await data.close();
    const lines = readFileSync(join(dir, 'log.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { s: unknown[][]; d: unknown[][]; m: { clockOffset: number } };
    expect(line.s.map(([kind, key]) => `${String(kind)}/${String(key)}`)).toEqual(['spaces/space_api']);
    expect(line.d).toEqual([['spaces', 'space_legal']]);
    expect(line.m.clockOffset).toBe(5000);

    const again = new Store();
    expect(new DataDirectory(dir).load(again)).toBe(5000);
    expect(again.spaces.get('space_api')?.title).toBe('Renamed');
    expect(again.spaces.has('space_legal')).toBe(false);
  });

  it('drops a last line cut by a crash, which was never answered', async () => {
    const dir = fresh();
    const store = demoStore();
    const data = new DataDirectory(dir);
    data.start(store, 0);
    store.spaces.get('space_api')!.title = 'Kept';
    await data.commit(store, 0);
    await data.close();
    appendFileSync(join(dir, 'log.jsonl'), '{"s":[["spaces","space_api",{"id":"space_api","tit');
    expect(readDataDirectory(dir).spaces?.find((space) => space.id === 'space_api')?.title).toBe('Kept');
  });

  it('folds the log into the state once it passes the limit, losing nothing', async () => {
    const dir = fresh();
    const store = demoStore();
    const data = new DataDirectory(dir, { compactBytes: 2000 });
    data.start(store, 0);
    for (let i = 0; i < 20; i++) {
      store.spaces.get('space_api')!.title = `Title ${i}`;
      await data.commit(store, 0);
    }
    await data.close();
    expect(statSync(join(dir, 'log.jsonl')).size).toBeLessThan(2000);
    expect(readDataDirectory(dir).spaces?.find((space) => space.id === 'space_api')?.title).toBe('Title 19');
  });

  it('refuses to export a directory that holds no state', () => {
    expect(() => readDataDirectory(fresh())).toThrow(/holds no sandbox state/);
  });

  it('starts from the saved state, not from seed and fixtures; reset goes back to them', async () => {
    const dir = fresh();
    const auth = { authorization: 'Bearer sandbox-token' };
    const first = createSandbox({ data: dir });
    expect(
      (await first.fetch('http://sandbox.test/v1/spaces/space_api', { method: 'DELETE', headers: auth }))
        .status,
    ).toBe(204);
    await first.close();
    const fixtures = {
      version: 1 as const,
      spaces: [{ id: 'space_new', title: 'New', organization: 'org_acme' }],
    };
    const second = createSandbox({ data: dir, fixtures });
    expect(second.store.spaces.has('space_api')).toBe(false);
    expect(second.store.spaces.has('space_new')).toBe(false);
    second.reset();
    expect(second.store.spaces.has('space_api')).toBe(true);
    expect(second.store.spaces.has('space_new')).toBe(true);
    await second.close();
    const third = createSandbox({ data: dir });
    expect(third.store.spaces.has('space_new')).toBe(true);
    await third.close();
  });
});
