import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_BASE_URL,
  DocsClient,
  DocsError,
  InternalServerError,
  InvalidBaseUrlError,
  InvalidTokenError,
  MissingTokenError,
  NotFoundError,
  ResponseValidationError,
  VERSION,
} from './index.js';
import { API, TOKEN, makeClient, rejection, siteFixture, useNockLifecycle } from '../test-support/nock.js';

const site = (id: string) => siteFixture(id, { title: 'Handbook' });

useNockLifecycle();
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('configuration from the environment', () => {
  it('uses DOCS_API_TOKEN and DOCS_API_URL when no options are given', async () => {
    vi.stubEnv('DOCS_API_TOKEN', 'tok_env');
    vi.stubEnv('DOCS_API_URL', 'https://env.test');
    nock('https://env.test')
      .get('/v1/orgs/org_1/sites/s1')
      .matchHeader('authorization', 'Bearer tok_env')
      .reply(200, site('s1'));

    const client = new DocsClient();
    expect(client.baseUrl).toBe('https://env.test');
    await expect(client.sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
  });

  it('prefers explicit options over the environment', async () => {
    vi.stubEnv('DOCS_API_TOKEN', 'tok_env');
    vi.stubEnv('DOCS_API_URL', 'https://env.test');
    nock(API)
      .get('/v1/orgs/org_1/sites/s1')
      .matchHeader('authorization', `Bearer ${TOKEN}`)
      .reply(200, site('s1'));

    await makeClient().sites.get('org_1', 's1');
  });

  it('falls back to the default base URL', () => {
    vi.stubEnv('DOCS_API_URL', '');
    const client = new DocsClient({ token: TOKEN });
    expect(`${client.baseUrl}/v1`).toBe(DEFAULT_BASE_URL);
    // The real service's root, from its published document.
    expect(DEFAULT_BASE_URL).toBe('https://api.gitbook.com/v1');
  });

  it.each([
    ['unset', undefined],
    ['empty', ''],
  ])('throws MissingTokenError when there is no token and DOCS_API_TOKEN is %s', (_case, value) => {
    vi.stubEnv('DOCS_API_TOKEN', value);

    let thrown: unknown;
    try {
      new DocsClient({ baseUrl: `${API}/v1` });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MissingTokenError);
    expect(thrown).toBeInstanceOf(DocsError);
    expect((thrown as Error).message).toContain('DOCS_API_TOKEN');
  });
});

describe('base URL', () => {
  it.each(['https://api.test', 'https://api.test/', 'https://api.test/v1', 'https://api.test/v1/'])(
    'reaches /v1/... from %s',
    async (baseUrl) => {
      nock(API).get('/v1/orgs/org_1/sites/s1').reply(200, site('s1'));

      const client = new DocsClient({ token: TOKEN, baseUrl });
      await expect(client.sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
    },
  );

  it('keeps a path prefix in front of /v1', async () => {
    nock('https://gateway.test').get('/docs-api/v1/orgs/org_1/sites/s1').reply(200, site('s1'));

    const client = new DocsClient({ token: TOKEN, baseUrl: 'https://gateway.test/docs-api/v1/' });
    await client.sites.get('org_1', 's1');
  });

  it('refuses a base URL that is not absolute', () => {
    expect(() => new DocsClient({ token: TOKEN, baseUrl: 'api.test/v1' })).toThrow(DocsError);
  });
});

describe('client.request', () => {
  it('reaches the URL with auth and the query, and returns the parsed JSON', async () => {
    nock(API)
      .get('/v1/custom')
      .query({ a: '1' })
      .matchHeader('authorization', `Bearer ${TOKEN}`)
      .matchHeader('accept', 'application/json')
      .reply(200, { hello: 'world', n: 1 });

    await expect(
      makeClient().request({ method: 'GET', path: '/v1/custom', query: { a: 1 } }),
    ).resolves.toEqual({
      hello: 'world',
      n: 1,
    });
  });

  it('adds the leading slash to a path without one', async () => {
    nock(API).get('/v1/custom').reply(200, { ok: true });

    await expect(makeClient().request({ method: 'GET', path: 'v1/custom' })).resolves.toEqual({ ok: true });
  });

  it('sends a JSON body', async () => {
    nock(API)
      .post('/v1/custom', { name: 'x', tags: ['a'] })
      .matchHeader('content-type', /application\/json/)
      .reply(201, { id: 'c1' });

    await expect(
      makeClient().request({ method: 'POST', path: '/v1/custom', body: { name: 'x', tags: ['a'] } }),
    ).resolves.toEqual({ id: 'c1' });
  });

  it('validates the answer with a zod schema', async () => {
    const schema = z.object({ count: z.number() });
    nock(API).get('/v1/custom').reply(200, { count: 3 });
    nock(API).get('/v1/custom').reply(200, { count: 'three' });

    const client = makeClient();
    const ok: { count: number } = await client.request({ method: 'GET', path: '/v1/custom', schema });
    expect(ok).toEqual({ count: 3 });

    const error = await rejection(
      client.request({ method: 'GET', path: '/v1/custom', schema }),
      ResponseValidationError,
    );
    expect(error.operation).toBe('GET /v1/custom');
    expect(error.issues.map((issue) => issue.path)).toEqual(['count']);
    expect(error.data).toEqual({ count: 'three' });
  });

  it('returns undefined for an empty answer', async () => {
    nock(API).delete('/v1/custom/1').reply(204);

    await expect(makeClient().request({ method: 'DELETE', path: '/v1/custom/1' })).resolves.toBeUndefined();
  });

  it('maps errors and retries like the resources do', async () => {
    nock(API).get('/v1/custom').reply(503, '', { 'retry-after': '0' });
    nock(API).get('/v1/custom').reply(404, { message: 'no such thing' });

    const error = await rejection(makeClient().request({ method: 'GET', path: '/v1/custom' }), NotFoundError);
    expect(error.message).toContain('no such thing');
  });

  it('does not retry a POST on 503', async () => {
    nock(API).post('/v1/custom').reply(503, '', { 'retry-after': '0' });

    await rejection(
      makeClient().request({ method: 'POST', path: '/v1/custom', body: {} }),
      InternalServerError,
    );
  });
});

describe('the token stays private', () => {
  it('is not in JSON.stringify(client)', () => {
    const client = makeClient();
    expect(JSON.stringify(client)).not.toContain(TOKEN);
    expect(JSON.parse(JSON.stringify(client))).toEqual({ baseUrl: API });
  });

  it('is not in what console.log(client) would print', () => {
    expect(inspect(makeClient(), { depth: 10, showHidden: true })).not.toContain(TOKEN);
  });
});

describe('VERSION', () => {
  it("equals packages/sdk/package.json's version", () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(manifest.version);
  });
});

describe('credentials are checked before any request, and never echoed', () => {
  it.each([
    ['a line break', 'tok_secret\nx'],
    ['a space', 'tok secret'],
    ['a tab', 'tok_secret\t'],
    ['a control character', 'tok_\u0000secret'],
    ['a non-ASCII character', 'tok_sécret'],
  ])('refuses a token with %s, naming the problem, not the token', (what, token) => {
    let thrown: unknown;
    try {
      new DocsClient({ token, baseUrl: `${API}/v1` });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidTokenError);
    expect((thrown as Error).message).toContain(what);
    expect((thrown as Error).message).not.toContain('secret');
    expect(inspect(thrown)).not.toContain('secret');
  });

  it('refuses a base URL that carries credentials, without repeating them', () => {
    let thrown: unknown;
    try {
      new DocsClient({ token: TOKEN, baseUrl: 'http://alice:hunter2@api.test/v1' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidBaseUrlError);
    expect((thrown as Error).message).toContain('credentials');
    expect(inspect(thrown)).not.toContain('hunter2');
  });

  it('refuses a base URL that is not http(s), and one that does not parse, without its credentials', () => {
    expect(() => new DocsClient({ token: TOKEN, baseUrl: 'ftp://api.test' })).toThrow(InvalidBaseUrlError);
    expect(() => new DocsClient({ token: TOKEN, baseUrl: 'alice:hunter2@nowhere' })).toThrow(
      InvalidBaseUrlError,
    );
    try {
      new DocsClient({ token: TOKEN, baseUrl: 'ht!tp://alice:hunter2@' });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});
