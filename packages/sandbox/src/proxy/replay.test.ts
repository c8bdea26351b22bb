import { describe, expect, it } from 'vitest';
import type { Cassette, CassetteEntry } from './cassette.js';
import { createReplay, REPLAY_HEADER } from './replay.js';

const entry = (
  method: string,
  path: string,
  query: Array<[string, string]>,
  status: number,
  body: unknown,
  requestBody?: unknown,
): CassetteEntry => ({
  startedAt: '2026-01-05T09:00:00.000Z',
  durationMs: 1,
  request: { method, path, query, ...(requestBody !== undefined ? { body: requestBody } : {}) },
  response: {
    status,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body } : {}),
  },
});

const cassette = (entries: CassetteEntry[]): Cassette => ({
  format: 'docs-api-cassette',
  version: 1,
  recordedAt: '2026-01-05T09:00:00.000Z',
  entries,
});

const call = async (
  replay: Awaited<ReturnType<typeof createReplay>>,
  method: string,
  path: string,
  body?: unknown,
) => {
  const response = await replay.fetch(
    new Request(`http://replay.test${path}`, {
      method,
      ...(body !== undefined
        ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
        : {}),
    }),
  );
  return {
    status: response.status,
    body: response.status === 204 ? null : ((await response.json()) as unknown),
    response,
  };
};

describe('replaying a cassette', () => {
  it('plays repeated requests in order, then the last again', async () => {
    const replay = await createReplay(
      cassette([
        entry('GET', '/v1/x', [], 200, { n: 1 }),
        entry('GET', '/v1/x', [], 200, { n: 2 }),
        entry('DELETE', '/v1/x', [], 204, undefined),
      ]),
    );
    expect((await call(replay, 'GET', '/v1/x')).body).toEqual({ n: 1 });
    expect((await call(replay, 'GET', '/v1/x')).body).toEqual({ n: 2 });
    expect((await call(replay, 'GET', '/v1/x')).body).toEqual({ n: 2 });
    const deleted = await call(replay, 'DELETE', '/v1/x');
    expect(deleted.status).toBe(204);
    expect(deleted.response.headers.get(REPLAY_HEADER)).toBe('entry 2');
  });

  it('matches the query in any order, a redacted value matching any', async () => {
    const replay = await createReplay(
      cassette([
        entry(
          'GET',
          '/v1/p',
          [
            ['shareKey', '[redacted]'],
            ['limit', '2'],
          ],
          200,
          { ok: true },
        ),
      ]),
    );
    expect((await call(replay, 'GET', '/v1/p?limit=2&shareKey=whatever')).body).toEqual({ ok: true });
    const miss = await call(replay, 'GET', '/v1/p?limit=3&shareKey=whatever');
    expect(miss.status).toBe(501);
    expect(miss.response.headers.get(REPLAY_HEADER)).toBe('miss');
    expect(JSON.stringify(miss.body)).toContain('it recorded ?shareKey=[redacted]&limit=2');
  });

  it('lets the body decide only where the cassette holds several bodies', async () => {
    const replay = await createReplay(
      cassette([
        entry('POST', '/v1/one', [], 201, { id: 'a' }, { title: 'A' }),
        entry('POST', '/v1/two', [], 201, { id: 'b' }, { title: 'B' }),
        entry('POST', '/v1/two', [], 201, { id: 'c' }, { title: 'C' }),
      ]),
    );
    // One body recorded: any body gets its answer.
    expect((await call(replay, 'POST', '/v1/one', { title: 'Z' })).body).toEqual({ id: 'a' });
    // Two: the body picks.
    expect((await call(replay, 'POST', '/v1/two', { title: 'C' })).body).toEqual({ id: 'c' });
    expect((await call(replay, 'POST', '/v1/two', { title: 'B' })).body).toEqual({ id: 'b' });
    const miss = await call(replay, 'POST', '/v1/two', { title: 'Z' });
    expect(miss.status).toBe(501);
    expect(JSON.stringify(miss.body)).toContain('with this body');
  });
});

describe('writing a cassette', () => {
  it('writes what JSON.stringify would, each entry serialized once', async () => {
    const { serializeCassette } = await import('./cassette.js');
    const recorded = cassette([
      entry('GET', '/v1/x', [['a', '1']], 200, { text: 'line\nbreak', list: [1, { deep: true }] }),
      entry('DELETE', '/v1/x', [], 204, undefined),
    ]);
    expect(serializeCassette(recorded)).toBe(`${JSON.stringify(recorded, null, 2)}\n`);
    expect(serializeCassette(cassette([]))).toBe(`${JSON.stringify(cassette([]), null, 2)}\n`);
  });
});
