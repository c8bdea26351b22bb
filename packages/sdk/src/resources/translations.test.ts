import { isDeepStrictEqual } from 'node:util';
import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { documentFromText } from '../contract/documents.js';
import {
  AbortError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  RequestValidationError,
  ResponseValidationError,
  WaitTimeoutError,
  type Translation,
} from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

const TRANSLATIONS = '/v1/orgs/org_1/translations';
const GLOSSARY = '/v1/orgs/org_1/translations-glossary';

const client = makeClient({ maxRetries: 0 });

function translation(overrides: Record<string, unknown> = {}) {
  return {
    ...documented.translation(),
    object: 'translation',
    id: 'tr_1',
    status: 'pending',
    source: { space: 'sp_1', language: 'en' },
    language: 'fr',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    stats: { runs: 0 },
    ...overrides,
  };
}

function entry(id: string, translations: Record<string, string>) {
  return { ...documented.glossaryEntry(id), translations, updatedAt: '2026-01-01T00:00:00.000Z' };
}

/** A nock body matcher for bodies nock's own types do not describe (documents). */
const sameAs = (expected: unknown) => (sent: unknown) => isDeepStrictEqual(sent, expected);

/** Calls `fn`, which must throw a RequestValidationError, and returns the offending paths. */
async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  return error.issues.map((issue) => issue.path);
}

useNockLifecycle();

describe('client.translations', () => {
  it('lists with page and limit, and walks every page', async () => {
    nock(API)
      .get(TRANSLATIONS)
      .query({ limit: '1' })
      .reply(200, { items: [translation()], count: 2, next: { page: 'p2' } })
      .get(TRANSLATIONS)
      .query({ limit: '1', page: 'p2' })
      .reply(200, { items: [translation({ id: 'tr_2', language: 'de' })], count: 2 });

    const all = await client.translations.list('org_1', { limit: 1 }).toArray({ max: 10 });

    expect(all.map((t) => [t.id, t.language])).toEqual([
      ['tr_1', 'fr'],
      ['tr_2', 'de'],
    ]);
  });

  it('sends the create body as given and reads the translation back', async () => {
    const body = {
      language: 'pt-br' as const,
      source: { space: 'sp_1', language: 'en' as const },
      instructions: documentFromText('Keep product names in English.'),
    };
    nock(API)
      .post(TRANSLATIONS, sameAs(body))
      .reply(201, translation({ language: 'pt-br', instructions: body.instructions }));

    const created = await client.translations.create('org_1', body);

    expect(created.language).toBe('pt-br');
    expect(created.instructions?.nodes).toHaveLength(1);
  });

  it("refuses a create body whose languages are not the service's codes, lacking the source or with unknown keys", async () => {
    const source = { space: 'sp_1', language: 'en' as const };
    const create = (body: unknown) => () => client.translations.create('org_1', body as never);
    expect(await invalidPaths(create({ language: 'French', source }))).toEqual(['body.language']);
    // A BCP-47 code the service does not list (it has `pt-br`, in lower case).
    expect(await invalidPaths(create({ language: 'pt-BR', source }))).toEqual(['body.language']);
    // The published document requires the source, with its space and its language.
    expect(await invalidPaths(create({ language: 'fr' }))).toEqual(['body.source']);
    expect(await invalidPaths(create({ language: 'fr', source: { space: 'sp_1', language: 'EN' } }))).toEqual(
      ['body.source.language'],
    );
    expect(await invalidPaths(create({ language: 'fr', source, target: 'de' }))).toEqual(['body.target']);
    expect((await invalidPaths(create({}))).sort()).toEqual(['body.language', 'body.source']);
  });

  it('refuses a source without its space and language, which the published document requires', async () => {
    const create = (body: unknown) => () => client.translations.create('org_1', body as never);
    expect(await invalidPaths(create({ language: 'fr', source: {} }))).toEqual([
      'body.source.space',
      'body.source.language',
    ]);
  });

  it('replaces the instructions with PUT, and requires them', async () => {
    const instructions = documentFromText('Use the formal register.');
    nock(API).put(`${TRANSLATIONS}/tr_1`, sameAs({ instructions })).reply(200, translation({ instructions }));

    const updated = await client.translations.update('org_1', 'tr_1', { instructions });
    expect(updated.instructions).toEqual(instructions);

    expect(await invalidPaths(() => client.translations.update('org_1', 'tr_1', {} as never))).toEqual([
      'body.instructions',
    ]);
  });

  it('deletes (205 deleted, 204 did not exist), and starts a run with an empty POST', async () => {
    nock(API)
      .delete(`${TRANSLATIONS}/tr_1`)
      .reply(205)
      .delete(`${TRANSLATIONS}/tr_1`)
      .reply(204)
      .post(`${TRANSLATIONS}/tr_1/run`, (body) => body === '' || body === undefined)
      .reply(204);

    await expect(client.translations.delete('org_1', 'tr_1')).resolves.toBeUndefined();
    await expect(client.translations.delete('org_1', 'tr_1')).resolves.toBeUndefined();
    await expect(client.translations.run('org_1', 'tr_1')).resolves.toBeUndefined();
  });

  it('encodes the translation id in the path', async () => {
    nock(API)
      .get(`${TRANSLATIONS}/tr%2F1`)
      .reply(200, translation({ id: 'tr/1' }));

    expect((await client.translations.get('org_1', 'tr/1')).id).toBe('tr/1');
  });

  it('reads statuses and fields it does not know, and refuses a translation without an id', async () => {
    nock(API)
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'queued', priority: 'high' }))
      .get(`${TRANSLATIONS}/tr_2`)
      .reply(200, { ...translation(), id: undefined });

    const read = await client.translations.get('org_1', 'tr_1');
    expect(read.status).toBe('queued');
    expect(read).toHaveProperty('priority', 'high');

    const error = await rejection(client.translations.get('org_1', 'tr_2'), ResponseValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual(['id']);
  });

  it('reads a translation with only its object and id as received under warn, reporting what is missing', async () => {
    nock(API).get(`${TRANSLATIONS}/tr_1`).reply(200, { object: 'translation', id: 'tr_1' });
    const logger = { warn: vi.fn() };
    const tolerant = makeClient({ responseValidation: 'warn', logger });

    const read = await tolerant.translations.get('org_1', 'tr_1');
    expect(read).toEqual({ object: 'translation', id: 'tr_1' });
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Response drift in getTranslation at status: /),
      expect.objectContaining({ path: 'status' }),
    );
  });
});

describe('client.translations.waitForRun', () => {
  it('polls until the status leaves pending and running, reporting each read', async () => {
    nock(API)
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'pending' }))
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'running' }))
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'completed', stats: { runs: 1 } }));
    const seen: string[] = [];

    const done = await client.translations.waitForRun('org_1', 'tr_1', {
      interval: 5,
      onPoll: (t) => seen.push(t.status ?? 'no status'),
    });

    expect(done.status).toBe('completed');
    expect(done.stats?.runs).toBe(1);
    expect(seen).toEqual(['pending', 'running', 'completed']);
  });

  it('returns after one read when the run is already over, whatever the final status', async () => {
    nock(API)
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'failed' }));

    expect((await client.translations.waitForRun('org_1', 'tr_1')).status).toBe('failed');
  });

  it('waits about `interval` between reads', async () => {
    nock(API)
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'running' }))
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'completed' }));
    const started = Date.now();

    await client.translations.waitForRun('org_1', 'tr_1', { interval: 120 });

    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('gives up with a WaitTimeoutError holding the last translation read', async () => {
    let reads = 0;
    nock(API)
      .get(`${TRANSLATIONS}/tr_1`)
      .times(100)
      .reply(() => {
        reads += 1;
        return [200, translation({ status: 'running' })];
      });

    const error = await rejection(
      client.translations.waitForRun('org_1', 'tr_1', { interval: 10, timeout: 60 }),
      WaitTimeoutError,
    );

    expect((error.last as Translation).status).toBe('running');
    expect(error.elapsed).toBeGreaterThanOrEqual(60);
    expect(error.message).toContain('the run of translation tr_1');
    expect(error.message).toContain('last seen: status running');
    // A read at the start, then one per interval, and a last one at the deadline.
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(reads).toBeLessThanOrEqual(8);
    nock.cleanAll();
  });

  it('with a timeout of 0 reads exactly once', async () => {
    nock(API)
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'pending' }));

    await rejection(client.translations.waitForRun('org_1', 'tr_1', { timeout: 0 }), WaitTimeoutError);
  });

  it('stops with an AbortError when the signal aborts between reads', async () => {
    nock(API)
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'running' }));
    const controller = new AbortController();

    const waiting = client.translations.waitForRun('org_1', 'tr_1', {
      interval: 10_000,
      signal: controller.signal,
      onPoll: () => setTimeout(() => controller.abort(), 5),
    });

    const error = await rejection(waiting, AbortError);
    expect(error.message).toContain('tr_1');
  });

  it('fails at once when a read fails, e.g. the translation was deleted', async () => {
    nock(API)
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(200, translation({ status: 'running' }))
      .get(`${TRANSLATIONS}/tr_1`)
      .reply(404, { error: { message: 'translation "tr_1" was not found' } });

    await rejection(client.translations.waitForRun('org_1', 'tr_1', { interval: 1 }), NotFoundError);
  });

  it('refuses a negative or infinite interval or timeout before reading', async () => {
    await rejection(() => client.translations.waitForRun('org_1', 'tr_1', { interval: -1 }), RangeError);
    await rejection(() => client.translations.waitForRun('org_1', 'tr_1', { timeout: Infinity }), RangeError);
  });
});

describe('client.glossary', () => {
  it('lists entries (sorted by one language with orderBy) and reads one', async () => {
    nock(API)
      .get(GLOSSARY)
      .query({ orderBy: 'fr' })
      .reply(200, { items: [], count: 0 })
      .get(GLOSSARY)
      .reply(200, { items: [entry('gl_1', { en: 'workspace', fr: 'espace de travail' })], count: 1 })
      .get(`${GLOSSARY}/gl_1`)
      .reply(200, entry('gl_1', { en: 'workspace', fr: 'espace de travail' }));

    expect((await client.glossary.list('org_1', { orderBy: 'fr' })).items).toEqual([]);
    const page = await client.glossary.list('org_1');
    expect(page.items[0]?.translations).toEqual({ en: 'workspace', fr: 'espace de travail' });
    expect((await client.glossary.get('org_1', 'gl_1')).id).toBe('gl_1');
  });

  it('answers NotFoundError for an absent entry', async () => {
    nock(API)
      .get(`${GLOSSARY}/gl_nope`)
      .reply(404, { error: { message: 'glossary entry "gl_nope" was not found' } });

    const error = await rejection(client.glossary.get('org_1', 'gl_nope'), NotFoundError);
    expect(error.serverMessage).toContain('gl_nope');
  });

  it('insert sends one insert operation per entry in one PUT', async () => {
    nock(API)
      .put(GLOSSARY, {
        operations: [
          { type: 'insert', translations: { en: 'workspace', fr: 'espace de travail' } },
          { type: 'insert', translations: { en: 'page', de: 'Seite' } },
        ],
      })
      .reply(204);

    await expect(
      client.glossary.insert('org_1', [
        { en: 'workspace', fr: 'espace de travail' },
        { en: 'page', de: 'Seite' },
      ]),
    ).resolves.toBeUndefined();
  });

  it('sends update and delete operations, as the published document has them', async () => {
    nock(API)
      .put(GLOSSARY, {
        operations: [
          { type: 'update', id: 'gl_1', translations: { en: 'workspace', fr: 'espace' } },
          { type: 'delete', id: 'gl_2' },
        ],
      })
      .reply(204)
      .put(GLOSSARY, {
        operations: [
          { type: 'delete', id: 'gl_3' },
          { type: 'delete', id: 'gl_4' },
        ],
      })
      .reply(204);

    await client.glossary.update('org_1', [
      { type: 'update', id: 'gl_1', translations: { en: 'workspace', fr: 'espace' } },
      { type: 'delete', id: 'gl_2' },
    ]);
    await client.glossary.delete('org_1', ['gl_3', 'gl_4']);
  });

  it('refuses bad operations before sending, naming each field', async () => {
    expect(await invalidPaths(() => client.glossary.update('org_1', []))).toEqual(['body.operations']);
    // An operation is one of the document's forms (insert, update, delete), told apart by its type:
    // the issue names the field of the form chosen that does not fit (as 0.1 did).
    expect(await invalidPaths(() => client.glossary.update('org_1', [{ type: 'insert' } as never]))).toEqual([
      'body.operations.0.translations',
    ]);
    expect(
      await invalidPaths(() =>
        client.glossary.update('org_1', [{ type: 'update', translations: { en: 'x' } } as never]),
      ),
    ).toEqual(['body.operations.0.id']);
    // Only the document's operation types.
    expect(
      await invalidPaths(() => client.glossary.update('org_1', [{ type: 'merge', id: 'gl_1' } as never])),
    ).toEqual(['body.operations.0.type']);
    // 0.1 also refused an entry with no term, a key that is not a language code and a blank term:
    // rules of its own. The document's terms are a map of any keys to terms of 1 to 255 characters.
    // The document's limits on a term: at most 255 characters, on one line.
    expect(await invalidPaths(() => client.glossary.insert('org_1', [{ en: 'x'.repeat(256) }]))).toEqual([
      'body.operations.0.translations.en',
    ]);
    expect(await invalidPaths(() => client.glossary.insert('org_1', [{ en: 'two\nlines' }]))).toEqual([
      'body.operations.0.translations.en',
    ]);
    expect(await invalidPaths(() => client.glossary.insert('org_1', [{ en: 'ok' }, { fr: '' }]))).toEqual([
      'body.operations.1.translations.fr',
    ]);
    expect(
      await invalidPaths(() =>
        client.glossary.update('org_1', [{ type: 'insert', translations: { en: 'x' }, id: 'gl_1' } as never]),
      ),
    ).toEqual(['body.operations.0.id']);
    expect(await invalidPaths(() => client.glossary.update('org_1', [{ type: '' } as never]))).toEqual([
      'body.operations.0.type',
    ]);
  });

  it('never replays a glossary PUT that reached the server: an insert may already have happened', async () => {
    // One interceptor each: a replay would reach nock unmatched and fail the test.
    nock(API)
      .put(GLOSSARY)
      .reply(503, { error: { message: 'busy' } });
    const retrying = makeClient({ maxRetries: 2, maxRetryDelay: 1 });
    await rejection(retrying.glossary.insert('org_1', [{ en: 'page' }]), InternalServerError);

    // Asking for retries does not change it: the contract declares the operation not idempotent.
    nock(API).put(GLOSSARY).replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    await rejection(retrying.glossary.insert('org_1', [{ en: 'page' }], { maxRetries: 1 }), ConnectionError);
  });

  it('sends a glossary PUT again when the connection was refused (it never reached the server)', async () => {
    nock(API)
      .put(GLOSSARY)
      .replyWithError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' })
      .put(GLOSSARY)
      .reply(204);
    await makeClient({ maxRetries: 1, maxRetryDelay: 1 }).glossary.insert('org_1', [{ en: 'page' }]);
  });
});
