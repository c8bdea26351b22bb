import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  BadRequestError,
  isOpenApiSpecFailed,
  NotFoundError,
  RequestValidationError,
  ResponseValidationError,
  WaitTimeoutError,
  type OpenAPISpec,
} from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

const SPECS = '/v1/orgs/org_1/openapi';
const PETSTORE_URL = 'https://api.acme.test/openapi/petstore.yaml';

const client = makeClient({ maxRetries: 0 });

function spec(overrides: Record<string, unknown> = {}) {
  return {
    ...documented.openapiSpec(),
    object: 'openapi-spec',
    id: 'spec_1',
    slug: 'petstore',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    sourceURL: PETSTORE_URL,
    processingState: 'pending',
    visibility: 'private',
    ...overrides,
  };
}

/** Calls `fn`, which must throw a RequestValidationError, and returns the offending paths. */
async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  // Each path once: a field may break two rules (an empty slug: its length and its pattern).
  return [...new Set(error.issues.map((issue) => issue.path))];
}

useNockLifecycle();

describe('client.openapi', () => {
  it('lists with page and limit, and walks every page', async () => {
    nock(API)
      .get(SPECS)
      .query({ limit: '1' })
      .reply(200, { items: [spec()], count: 2, next: { page: 'p2' } })
      .get(SPECS)
      .query({ limit: '1', page: 'p2' })
      .reply(200, { items: [spec({ id: 'spec_2', slug: 'billing-v2' })], count: 2 });

    const all = await client.openapi.list('org_1', { limit: 1 }).toArray({ max: 10 });

    expect(all.map((s) => s.slug)).toEqual(['petstore', 'billing-v2']);
  });

  it('creates with POST {slug, source: {url}} and reads the 201 answer', async () => {
    nock(API)
      .post(SPECS, { slug: 'billing-v2', source: { url: 'https://api.acme.test/billing.json' } })
      .reply(201, spec({ slug: 'billing-v2', sourceURL: 'https://api.acme.test/billing.json' }));

    const created = await client.openapi.create('org_1', {
      slug: 'billing-v2',
      source: { url: 'https://api.acme.test/billing.json' },
    });

    expect(created).toMatchObject({ slug: 'billing-v2', processingState: 'pending' });
  });

  it('refuses a slug that breaks the pattern and a source that is not a URL', async () => {
    const source = { url: PETSTORE_URL };
    for (const slug of ['pet store', '-petstore', 'petstore-', 'pet--store', 'pet_store', '']) {
      expect(await invalidPaths(() => client.openapi.create('org_1', { slug, source }))).toEqual([
        'body.slug',
      ]);
    }
    expect(
      await invalidPaths(() =>
        client.openapi.create('org_1', { slug: 'petstore', source: { url: 'petstore' } }),
      ),
    ).toEqual(['body.source.url']);
    // 0.1 also refused a URL other than http(s), a rule of its own: the document takes any URL.
  });

  it('creates from a text source (published document), and needs exactly one of url and text', async () => {
    nock(API)
      .post(SPECS, { slug: 'billing', source: { text: 'openapi: 3.1.0' } })
      .reply(201, spec({ slug: 'billing', sourceURL: undefined }));

    const created = await client.openapi.create('org_1', {
      slug: 'billing',
      source: { text: 'openapi: 3.1.0' },
    });
    expect(created.sourceURL).toBeUndefined();

    expect(
      await invalidPaths(() =>
        client.openapi.create('org_1', {
          slug: 'billing',
          source: { url: PETSTORE_URL, text: 'openapi: 3.1.0' },
        }),
      ),
    ).toEqual(['body.source']);
    expect(
      await invalidPaths(() => client.openapi.create('org_1', { slug: 'billing', source: {} } as never)),
    ).toEqual(['body.source']);
    expect(
      await invalidPaths(() => client.openapi.create('org_1', { slug: 'billing', source: { text: '' } })),
    ).toEqual(['body.source.text']);
  });

  it("checks the published document's limits: slugs of at most 100, URLs of at most 2 048 characters", async () => {
    expect(
      await invalidPaths(() =>
        client.openapi.create('org_1', { slug: 'a'.repeat(101), source: { url: PETSTORE_URL } }),
      ),
    ).toEqual(['body.slug']);
    expect(
      await invalidPaths(() =>
        client.openapi.replace('org_1', 'petstore', {
          source: { url: `https://api.acme.test/${'a'.repeat(2030)}` },
        }),
      ),
    ).toEqual(['body.source.url']);
    expect(await invalidPaths(() => client.openapi.get('org_1', 'a'.repeat(101)))).toEqual(['path.specSlug']);
  });

  it('refuses a missing source and unknown keys on create', async () => {
    expect(await invalidPaths(() => client.openapi.create('org_1', { slug: 'petstore' } as never))).toEqual([
      'body.source',
    ]);
    expect(
      await invalidPaths(() =>
        client.openapi.create('org_1', {
          slug: 'petstore',
          source: { url: PETSTORE_URL, branch: 'main' },
          visibility: 'public',
        } as never),
      ),
    ).toEqual(['body.source.branch', 'body.visibility']);
  });

  it('replaces with PUT {source}, checking the slug in the path', async () => {
    nock(API)
      .put(`${SPECS}/petstore`, { source: { url: 'https://api.acme.test/v2.yaml' } })
      .reply(200, spec({ sourceURL: 'https://api.acme.test/v2.yaml' }));

    const replaced = await client.openapi.replace('org_1', 'petstore', {
      source: { url: 'https://api.acme.test/v2.yaml' },
    });
    expect(replaced.sourceURL).toBe('https://api.acme.test/v2.yaml');

    expect(
      await invalidPaths(() =>
        client.openapi.replace('org_1', 'pet store', { source: { url: PETSTORE_URL } }),
      ),
    ).toEqual(['path.specSlug']);
    expect(await invalidPaths(() => client.openapi.get('org_1', '../sites'))).toEqual(['path.specSlug']);
  });

  it('changes visibility with PATCH, accepting only private and public', async () => {
    nock(API)
      .patch(`${SPECS}/petstore`, { visibility: 'public' })
      .reply(200, spec({ visibility: 'public' }));

    expect((await client.openapi.update('org_1', 'petstore', { visibility: 'public' })).visibility).toBe(
      'public',
    );
    expect(
      await invalidPaths(() =>
        client.openapi.update('org_1', 'petstore', { visibility: 'unlisted' } as never),
      ),
    ).toEqual(['body.visibility']);
    expect(await invalidPaths(() => client.openapi.update('org_1', 'petstore', {} as never))).toEqual([
      'body.visibility',
    ]);
  });

  it('deletes with DELETE, and maps 400 and 404 answers', async () => {
    nock(API)
      .delete(`${SPECS}/petstore`)
      .reply(204)
      .get(`${SPECS}/nope`)
      .reply(404, { error: { message: 'OpenAPI spec "nope" was not found' } })
      .post(SPECS)
      .reply(400, { error: { message: 'The source could not be read' } });

    await expect(client.openapi.delete('org_1', 'petstore')).resolves.toBeUndefined();
    const missing = await rejection(client.openapi.get('org_1', 'nope'), NotFoundError);
    expect(missing.serverMessage).toContain('nope');
    await rejection(
      client.openapi.create('org_1', { slug: 'x', source: { url: PETSTORE_URL } }),
      BadRequestError,
    );
  });

  it('reads states and fields it does not know, and refuses a spec without an id', async () => {
    nock(API)
      .get(`${SPECS}/petstore`)
      .reply(200, spec({ processingState: 'queued', lastProcessErrorCode: 'SCHEMA_ERROR', tags: 3 }))
      .get(`${SPECS}/bare`)
      .reply(200, documented.openapiSpec('bare'))
      .get(`${SPECS}/other`)
      .reply(200, { ...spec(), id: undefined });

    const read = await client.openapi.get('org_1', 'petstore');
    expect(read.processingState).toBe('queued');
    expect(read.lastProcessErrorCode).toBe('SCHEMA_ERROR');
    expect(read).toHaveProperty('tags', 3);
    expect(await client.openapi.get('org_1', 'bare')).toEqual(documented.openapiSpec('bare'));

    const error = await rejection(client.openapi.get('org_1', 'other'), ResponseValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual(['id']);
  });
});

describe('client.openapi.waitUntilProcessed', () => {
  it('polls until processingState leaves pending and progress, reporting each read', async () => {
    nock(API)
      .get(`${SPECS}/petstore`)
      .reply(200, spec({ processingState: 'pending' }))
      .get(`${SPECS}/petstore`)
      .reply(200, spec({ processingState: 'progress' }))
      .get(`${SPECS}/petstore`)
      .reply(200, spec({ processingState: 'complete', lastVersion: 'specv_2' }));
    const seen: Array<string | undefined> = [];

    const done = await client.openapi.waitUntilProcessed('org_1', 'petstore', {
      interval: 5,
      onPoll: (s) => seen.push(s.processingState),
    });

    expect(done.lastVersion).toBe('specv_2');
    expect(isOpenApiSpecFailed(done)).toBe(false);
    expect(seen).toEqual(['pending', 'progress', 'complete']);
  });

  it('returns a failed spec with its errors: failing is an outcome, not an exception', async () => {
    // The service has no failed state: a failed processing is complete, with an error code.
    nock(API)
      .get(`${SPECS}/petstore`)
      .reply(
        200,
        spec({
          processingState: 'complete',
          lastProcessErrorCode: 'FETCH_TIMEOUT',
          lastProcessedErrorCount: 1,
          lastProcessedErrors: [{ code: 'FETCH_TIMEOUT', message: 'timed out' }],
        }),
      );

    const done = await client.openapi.waitUntilProcessed('org_1', 'petstore');

    expect(isOpenApiSpecFailed(done)).toBe(true);
    expect(done.lastProcessedErrors?.[0]?.message).toBe('timed out');
  });

  it('gives up with a WaitTimeoutError holding the last spec read', async () => {
    nock(API)
      .get(`${SPECS}/petstore`)
      .times(100)
      .reply(200, spec({ processingState: 'pending' }));

    const error = await rejection(
      client.openapi.waitUntilProcessed('org_1', 'petstore', { interval: 10, timeout: 40 }),
      WaitTimeoutError,
    );

    expect((error.last as OpenAPISpec).processingState).toBe('pending');
    expect(error.message).toContain('the processing of OpenAPI spec petstore');
    expect(error.message).toContain('last seen: processingState pending');
    nock.cleanAll();
  });

  it('stops with an AbortError when the signal aborts between reads', async () => {
    nock(API)
      .get(`${SPECS}/petstore`)
      .reply(200, spec({ processingState: 'pending' }));
    const controller = new AbortController();

    const waiting = client.openapi.waitUntilProcessed('org_1', 'petstore', {
      interval: 10_000,
      signal: controller.signal,
      onPoll: () => setTimeout(() => controller.abort(), 5),
    });

    await rejection(waiting, AbortError);
  });

  it('fails at once when a read fails, e.g. the spec was deleted meanwhile', async () => {
    nock(API)
      .get(`${SPECS}/petstore`)
      .reply(200, spec({ processingState: 'pending' }))
      .get(`${SPECS}/petstore`)
      .reply(404, { error: { message: 'OpenAPI spec "petstore" was not found' } });

    await rejection(client.openapi.waitUntilProcessed('org_1', 'petstore', { interval: 1 }), NotFoundError);
  });

  it('refuses a bad slug before reading anything', async () => {
    await rejection(() => client.openapi.waitUntilProcessed('org_1', 'pet store'), RequestValidationError);
  });
});
