import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, isOpenApiSpecFailed } from '@docs-api/sdk';
import { operations } from '@docs-api/sdk/contract';
import { failure, trackSandboxes } from '../../test-support/client.js';
import type { Sandbox } from '../sandbox.js';
import { PROCESSING_MS } from './openapi.js';

const ORG = 'org_acme';
const SOURCE = { url: 'https://api.acme.test/openapi/billing.yaml' };

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

/** A raw request below the SDK, for input the SDK itself would refuse to send. */
function raw(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<Response> {
  return sandbox.fetch(`http://sandbox.test${path}`, {
    method,
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function issuePaths(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: { issues?: Array<{ path: string }> } };
  return (body.error.issues ?? []).map((issue) => issue.path);
}

describe('openapi: the demo seed', () => {
  it('holds the public, processed petstore spec of org_acme', async () => {
    const { client } = setup();
    const page = await client.openapi.list(ORG);
    expect(page.items.map((s) => [s.id, s.slug, s.processingState, s.visibility])).toEqual([
      ['spec_petstore', 'petstore', 'complete', 'public'],
    ]);
    expect(await client.openapi.get(ORG, 'petstore')).toMatchObject({
      object: 'openapi-spec',
      sourceURL: 'https://api.acme.test/openapi/petstore.yaml',
      lastVersion: 'specv_petstore_1',
      lastProcessedAt: '2026-01-06T09:00:30.000Z',
      lastProcessedErrorCount: 0,
      permissions: { view: true, edit: true },
      urls: {
        location: 'http://sandbox.test/v1/orgs/org_acme/openapi/petstore',
        published: 'https://acme.sandbox.docs-api.local/openapi/petstore',
      },
    });
    expect((await client.openapi.list('org_beta')).items).toEqual([]);
  });
});

describe('openapi: processing', () => {
  // A clock that stands still unless the test moves it: processing ends by time, not by reads.
  const stillClock = () => setup({ clock: () => new Date(Date.UTC(2026, 2, 1)) });

  it('starts a new spec pending and private; reads show it as created until PROCESSING_MS pass on the clock', async () => {
    const { sandbox, client } = stillClock();
    const created = await client.openapi.create(ORG, { slug: 'billing-v2', source: SOURCE });
    expect(created).toMatchObject({
      processingState: 'pending',
      visibility: 'private',
      sourceURL: SOURCE.url,
    });
    expect(created.lastVersion).toBeUndefined();
    expect(created.urls?.published).toBeUndefined();

    // A get right after the create answers what the create did, however many reads.
    for (let read = 0; read < 3; read++) expect(await client.openapi.get(ORG, 'billing-v2')).toEqual(created);
    sandbox.clock.advance(PROCESSING_MS - 1);
    expect((await client.openapi.get(ORG, 'billing-v2')).processingState).toBe('pending');
    sandbox.clock.advance(1);
    const done = await client.openapi.get(ORG, 'billing-v2');
    expect(done.processingState).toBe('complete');
    expect(isOpenApiSpecFailed(done)).toBe(false);
    expect(done.lastVersion).toMatch(/^specv_/);
    expect(done.lastProcessedAt).toBe(done.updatedAt);
    expect(Date.parse(done.lastProcessedAt ?? '')).toBe(Date.parse(created.createdAt ?? '') + PROCESSING_MS);
  });

  it('a list holding the spec shows the same processing as a get', async () => {
    const { sandbox, client } = stillClock();
    const created = await client.openapi.create(ORG, { slug: 'billing', source: SOURCE });
    const listed = async () => (await client.openapi.list(ORG)).items.find((s) => s.slug === 'billing');
    expect(await listed()).toEqual(created);
    sandbox.clock.advance('2s');
    expect((await listed())?.processingState).toBe('complete');
  });

  it("waitUntilProcessed returns once processed, on the host's clock, at the waiter's default pace", async () => {
    const { sandbox, client } = setup({ clock: () => new Date() });
    const started = Date.now();
    await client.openapi.create(ORG, { slug: 'billing', source: SOURCE });
    const done = await client.openapi.waitUntilProcessed(ORG, 'billing');
    expect(done.processingState).toBe('complete');
    // Read at once (pending), then once more after the default 2 s interval.
    expect(sandbox.hits.get('openapi.get')).toBe(2);
    expect(Date.now() - started).toBeLessThan(PROCESSING_MS + 2_000);
  });

  it('fails a source on unreachable.test with FETCH_TIMEOUT and its errors', async () => {
    const { client } = setup();
    const url = 'https://unreachable.test/openapi.json';
    await client.openapi.create(ORG, { slug: 'broken', source: { url } });
    const done = await client.openapi.waitUntilProcessed(ORG, 'broken', { interval: 1 });
    expect(isOpenApiSpecFailed(done)).toBe(true);
    // The service has no failed state: the processing is complete, with an error code.
    expect(done).toMatchObject({
      processingState: 'complete',
      lastProcessErrorCode: 'FETCH_TIMEOUT',
      lastProcessedErrors: [{ code: 'FETCH_TIMEOUT', message: `Fetching ${url} timed out after 30 seconds` }],
      lastProcessedErrorCount: 1,
    });
    expect(done.lastVersion).toBeUndefined();
  });

  it('processes a spec sent as text: no sourceURL; a text that is no OpenAPI document fails with PARSE_ERROR', async () => {
    const { sandbox, client } = setup();
    const created = await client.openapi.create(ORG, {
      slug: 'inline',
      source: { text: 'openapi: 3.1.0\ninfo: { title: Inline, version: 1.0.0 }\npaths: {}' },
    });
    expect(created.sourceURL).toBeUndefined();
    expect(sandbox.store.openapiSpecs.get(created.id)?.sourceText).toContain('openapi: 3.1.0');
    const done = await client.openapi.waitUntilProcessed(ORG, 'inline', { interval: 1 });
    expect(isOpenApiSpecFailed(done)).toBe(false);
    expect(done.lastVersion).toMatch(/^specv_/);

    await client.openapi.replace(ORG, 'inline', { source: { text: 'just some notes' } });
    const failed = await client.openapi.waitUntilProcessed(ORG, 'inline', { interval: 1 });
    expect(failed).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
    expect(failed.lastVersion).toBe(done.lastVersion);

    // Back to a URL: the text is dropped.
    const replaced = await client.openapi.replace(ORG, 'inline', { source: SOURCE });
    expect(replaced.sourceURL).toBe(SOURCE.url);
    expect(sandbox.store.openapiSpecs.get(created.id)?.sourceText).toBeUndefined();
  });

  it('validates a text source against the OpenAPI schemas: an invalid spec ends with its errors', async () => {
    const { client } = setup();
    await client.openapi.create(ORG, {
      slug: 'broken',
      source: {
        text: 'openapi: 3.1.0\ninfo:\n  title: Broken\npaths:\n  /pets:\n    get:\n      responses: {}\n',
      },
    });
    const failed = await client.openapi.waitUntilProcessed(ORG, 'broken', { interval: 1 });
    expect(isOpenApiSpecFailed(failed)).toBe(true);
    expect(failed).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR' });
    expect(failed.lastVersion).toBeUndefined();
    expect(failed.lastProcessedErrors?.map((error) => error.message)).toContain(
      "/info: must have required property 'version'",
    );
    expect(failed.lastProcessedErrorCount).toBe(failed.lastProcessedErrors?.length);
  });

  it('fetches a loopback URL and validates what it serves; an unreachable one fails with FETCH_ERROR', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      if (request.url === '/valid.json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ openapi: '3.0.3', info: { title: 'Served', version: '1' }, paths: {} }),
        );
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const { client } = setup();
      await client.openapi.create(ORG, {
        slug: 'served',
        source: { url: `http://127.0.0.1:${port}/valid.json` },
      });
      const served = await client.openapi.waitUntilProcessed(ORG, 'served', { interval: 1 });
      expect(isOpenApiSpecFailed(served)).toBe(false);
      expect(served.lastVersion).toMatch(/^specv_/);

      await client.openapi.replace(ORG, 'served', {
        source: { url: `http://127.0.0.1:${port}/missing.yaml` },
      });
      const missing = await client.openapi.waitUntilProcessed(ORG, 'served', { interval: 1 });
      expect(missing).toMatchObject({ lastProcessErrorCode: 'FETCH_ERROR' });
      expect(missing.lastProcessedErrors?.[0]?.message).toMatch(/HTTP 404/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('PUT replaces the source and processes again, keeping the last good version through a failure', async () => {
    const { client } = setup();
    const replaced = await client.openapi.replace(ORG, 'petstore', {
      source: { url: 'https://unreachable.test/petstore.yaml' },
    });
    expect(replaced).toMatchObject({ id: 'spec_petstore', processingState: 'pending', visibility: 'public' });
    const failed = await client.openapi.waitUntilProcessed(ORG, 'petstore', { interval: 1 });
    expect(isOpenApiSpecFailed(failed)).toBe(true);
    expect(failed).toMatchObject({ processingState: 'complete', lastVersion: 'specv_petstore_1' });

    await client.openapi.replace(ORG, 'petstore', { source: SOURCE });
    const fixed = await client.openapi.waitUntilProcessed(ORG, 'petstore', { interval: 1 });
    expect(fixed.processingState).toBe('complete');
    expect(fixed.lastVersion).not.toBe('specv_petstore_1');
    expect(fixed.lastProcessErrorCode).toBeUndefined();
    expect(fixed.lastProcessedErrors).toBeUndefined();
    expect(fixed.lastProcessedErrorCount).toBe(0);
  });

  it('PUT creates the spec when the slug is free', async () => {
    const { client } = setup();
    const created = await client.openapi.replace(ORG, 'payments', { source: SOURCE });
    expect(created).toMatchObject({ slug: 'payments', processingState: 'pending', visibility: 'private' });
    expect((await client.openapi.list(ORG)).items.map((s) => s.slug)).toEqual(['petstore', 'payments']);
  });
});

describe('openapi: visibility, deletion and errors', () => {
  it('PATCH switches visibility, and the published URL follows', async () => {
    const { client } = setup();
    const hidden = await client.openapi.update(ORG, 'petstore', { visibility: 'private' });
    expect(hidden.visibility).toBe('private');
    expect(hidden.urls?.published).toBeUndefined();
    expect((await client.openapi.get(ORG, 'petstore')).visibility).toBe('private');
    const shown = await client.openapi.update(ORG, 'petstore', { visibility: 'public' });
    expect(shown.urls?.published).toBe('https://acme.sandbox.docs-api.local/openapi/petstore');
  });

  it('DELETE removes the spec, and succeeds again when it is already gone', async () => {
    const { client } = setup();
    await client.openapi.delete(ORG, 'petstore');
    expect(await failure(client.openapi.get(ORG, 'petstore'), NotFoundError)).toBe(
      'OpenAPI spec "petstore" was not found',
    );
    await expect(client.openapi.delete(ORG, 'petstore')).resolves.toBeUndefined();
    await expect(client.openapi.delete(ORG, 'never-was')).resolves.toBeUndefined();
  });

  it('answers 404 for GET and PATCH of an absent spec, and for another organization', async () => {
    const { client } = setup();
    await failure(client.openapi.get(ORG, 'nope'), NotFoundError);
    await failure(client.openapi.update(ORG, 'nope', { visibility: 'public' }), NotFoundError);
    await failure(client.openapi.get('org_beta', 'petstore'), NotFoundError);
    await failure(client.openapi.list('org_nope'), NotFoundError);
  });

  it('refuses a slug taken in the organization with 409; the same slug in another is fine', async () => {
    const { client } = setup();
    expect(
      await failure(client.openapi.create(ORG, { slug: 'petstore', source: SOURCE }), ConflictError),
    ).toContain('replace it with PUT');
    expect((await client.openapi.create('org_beta', { slug: 'petstore', source: SOURCE })).slug).toBe(
      'petstore',
    );
  });

  it('answers 400 naming the field for a bad slug, a bad URL or a bad visibility', async () => {
    const { sandbox } = setup();
    expect(
      await issuePaths(
        await raw(sandbox, 'POST', `/v1/orgs/${ORG}/openapi`, { slug: 'pet store', source: SOURCE }),
      ),
    ).toEqual(['body.slug']);
    expect(
      await issuePaths(
        await raw(sandbox, 'POST', `/v1/orgs/${ORG}/openapi`, { slug: 'pets', source: { url: 'not a url' } }),
      ),
    ).toEqual(['body.source.url']);
    expect(
      await issuePaths(await raw(sandbox, 'PUT', `/v1/orgs/${ORG}/openapi/pet_store`, { source: SOURCE })),
    ).toEqual(['path.specSlug']);
    expect(
      await issuePaths(
        await raw(sandbox, 'PATCH', `/v1/orgs/${ORG}/openapi/petstore`, { visibility: 'unlisted' }),
      ),
    ).toEqual(['body.visibility']);
    expect(sandbox.store.openapiSpecs.get('spec_petstore')?.visibility).toBe('public');
  });
});

describe('coverage', () => {
  it('served every OpenAPI specifications operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((op) => op.area === 'OpenAPI specifications').map((op) => op.id);
    expect(ids).toHaveLength(6);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
