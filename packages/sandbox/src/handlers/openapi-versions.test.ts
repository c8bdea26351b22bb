import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { PETSTORE_YAML } from '../seed-openapi.js';
import { openApiVersionHandlers } from './openapi-versions.js';

const ORG = 'org_acme';
const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

const BILLING = `openapi: 3.1.0
info:
  title: Billing
  version: 2.0.0
paths: {}
`;

type Client = ReturnType<typeof setup>['client'];

/** Reads the spec until its processing ends (the sandbox ends it on the second read). */
async function processed(client: Client, slug: string) {
  await client.openapi.get(ORG, slug);
  const spec = await client.openapi.get(ORG, slug);
  expect(spec.processingState).toBe('complete');
  return spec;
}

describe('openapi.versions: the demo seed', () => {
  it("lists petstore's version, and reads it, its content and its raw text", async () => {
    const { client } = setup();
    const page = await client.openapi.versions.list(ORG, 'petstore');
    expect(page.items).toEqual([
      {
        object: 'openapi-spec-version',
        id: 'specv_petstore_1',
        createdAt: '2026-01-06T09:00:30.000Z',
        url: 'https://api.acme.test/openapi/petstore.yaml',
        urls: { location: 'http://sandbox.test/v1/orgs/org_acme/openapi/petstore/versions/specv_petstore_1' },
      },
    ]);
    expect(await client.openapi.versions.get(ORG, 'petstore', 'specv_petstore_1')).toEqual(page.items[0]);
    expect(await client.openapi.versions.getLatest(ORG, 'petstore')).toEqual(page.items[0]);
    const content = await client.openapi.versions.getLatestContent(ORG, 'petstore');
    expect(content.urls).toEqual({
      source: 'https://api.acme.test/openapi/petstore.yaml',
      // A public spec from a URL: its source is its public URL.
      public: 'https://api.acme.test/openapi/petstore.yaml',
    });
    expect(content.filesystem).toMatchObject({
      'petstore.yaml': {
        openapi: '3.0.3',
        info: { title: 'Petstore' },
        paths: { '/pets': { get: { operationId: 'listPets' } } },
      },
    });
    expect(await client.openapi.versions.getContent(ORG, 'petstore', 'specv_petstore_1')).toEqual(content);
    expect(await client.openapi.versions.getLatestContentRaw(ORG, 'petstore')).toEqual({
      text: PETSTORE_YAML,
      format: 'yaml',
    });
  });

  it('404s for an unknown version, spec or organization', async () => {
    const { client } = setup();
    await failure(client.openapi.versions.get(ORG, 'petstore', 'specv_nope'), NotFoundError);
    await failure(client.openapi.versions.getContent(ORG, 'petstore', 'specv_nope'), NotFoundError);
    await failure(client.openapi.versions.list(ORG, 'nope'), NotFoundError);
    await failure(client.openapi.versions.getLatest('org_nope', 'petstore'), NotFoundError);
  });
});

describe('openapi.versions: recorded by processing', () => {
  it('records a version each time a replaced source is processed, newest first, with what was processed', async () => {
    const { client } = setup();
    const replaced = await client.openapi.replace(ORG, 'petstore', { source: { text: BILLING } });
    expect(replaced.processingState).toBe('pending');
    // Still pending: the latest version is the previous one.
    expect((await client.openapi.versions.getLatest(ORG, 'petstore')).id).toBe('specv_petstore_1');
    const spec = await processed(client, 'petstore');

    const versions = (await client.openapi.versions.list(ORG, 'petstore')).items;
    expect(versions.map((v) => v.id)).toEqual([spec.lastVersion, 'specv_petstore_1']);
    const latest = await client.openapi.versions.getLatest(ORG, 'petstore');
    expect(latest).toEqual(versions[0]);
    expect(latest.createdAt).toBe(spec.lastProcessedAt);
    // A spec sent as text: the sandbox's copy of it.
    expect(latest.url).toBe(`http://sandbox.test/_openapi/spec_petstore/${latest.id}/openapi.yaml`);
    const content = await client.openapi.versions.getLatestContent(ORG, 'petstore');
    expect(content).toEqual({
      filesystem: {
        'openapi.yaml': { openapi: '3.1.0', info: { title: 'Billing', version: '2.0.0' }, paths: {} },
      },
      urls: {
        source: latest.url,
        public: `https://acme.sandbox.docs-api.local/openapi/petstore/versions/${latest.id}/openapi.yaml`,
      },
    });
    expect(await client.openapi.versions.getLatestContentRaw(ORG, 'petstore')).toEqual({
      text: BILLING,
      format: 'yaml',
    });
    // The earlier version keeps its own content.
    expect(
      Object.keys((await client.openapi.versions.getContent(ORG, 'petstore', 'specv_petstore_1')).filesystem),
    ).toEqual(['petstore.yaml']);
  });

  it('records none when processing fails: the last good version stays the latest', async () => {
    const { client } = setup();
    await client.openapi.replace(ORG, 'petstore', { source: { text: 'title: not a spec' } });
    const spec = await processed(client, 'petstore');
    expect(spec.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect((await client.openapi.versions.list(ORG, 'petstore')).items.map((v) => v.id)).toEqual([
      'specv_petstore_1',
    ]);
    expect((await client.openapi.versions.getLatest(ORG, 'petstore')).id).toBe('specv_petstore_1');
  });

  it('gives a new spec no version until processed; a JSON text is read as JSON; a private spec has no public URL', async () => {
    const { client } = setup();
    const json = JSON.stringify({ openapi: '3.0.0', info: { title: 'Jobs', version: '1' }, paths: {} });
    await client.openapi.create(ORG, { slug: 'jobs', source: { text: json } });
    await failure(client.openapi.versions.getLatest(ORG, 'jobs'), NotFoundError);
    expect((await client.openapi.versions.list(ORG, 'jobs')).items).toEqual([]);
    await processed(client, 'jobs');
    const content = await client.openapi.versions.getLatestContent(ORG, 'jobs');
    expect(content.filesystem).toEqual({ 'openapi.json': JSON.parse(json) as unknown });
    expect(content.urls.public).toBeNull();
    expect(await client.openapi.versions.getLatestContentRaw(ORG, 'jobs')).toEqual({
      text: json,
      format: 'json',
    });
  });

  it('has no text for a URL it does not fetch: an empty filesystem, and no raw content', async () => {
    const { client } = setup();
    await client.openapi.create(ORG, {
      slug: 'remote',
      source: { url: 'https://api.acme.test/openapi/remote.yaml' },
    });
    await processed(client, 'remote');
    const latest = await client.openapi.versions.getLatest(ORG, 'remote');
    expect(latest.url).toBe('https://api.acme.test/openapi/remote.yaml');
    expect(await client.openapi.versions.getLatestContent(ORG, 'remote')).toEqual({
      filesystem: {},
      urls: { source: 'https://api.acme.test/openapi/remote.yaml', public: null },
    });
    await failure(client.openapi.versions.getLatestContentRaw(ORG, 'remote'), NotFoundError);
  });

  it('keeps what a loopback URL served', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/yaml' });
      response.end(BILLING);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const { client } = setup();
      await client.openapi.create(ORG, {
        slug: 'served',
        source: { url: `http://127.0.0.1:${port}/specs/billing.yaml` },
      });
      await processed(client, 'served');
      expect((await client.openapi.versions.getLatestContent(ORG, 'served')).filesystem).toEqual({
        'billing.yaml': { openapi: '3.1.0', info: { title: 'Billing', version: '2.0.0' }, paths: {} },
      });
      expect((await client.openapi.versions.getLatestContentRaw(ORG, 'served')).text).toBe(BILLING);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('deletes the versions with the spec', async () => {
    const { sandbox, client } = setup();
    await client.openapi.delete(ORG, 'petstore');
    expect(sandbox.store.openapiVersions.size).toBe(0);
    await failure(client.openapi.versions.list(ORG, 'petstore'), NotFoundError);
  });
});

describe('coverage', () => {
  it('served every OpenAPI version operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = openApiVersionHandlers.map((handler) => handler.operation.id);
    expect(ids).toHaveLength(6);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
