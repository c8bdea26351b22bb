import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { ConflictError, RequestValidationError } from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';

const IMPORTS = '/v1/org/org_1/imports';

const client = makeClient({ maxRetries: 0 });

function run(overrides: Record<string, unknown> = {}) {
  return {
    id: 'imp_1',
    startedAt: '2026-01-01T00:00:00.000Z',
    status: 'pending',
    pages: [{ id: 'p1', sourceURL: 'https://www.acme.test/', type: 'page', status: 'pending' }],
    ...overrides,
  };
}

/** Calls `fn`, which must throw a RequestValidationError, and returns the offending paths. */
async function invalidPaths(fn: () => PromiseLike<unknown>): Promise<string[]> {
  const error = await rejection(fn, RequestValidationError);
  return error.issues.map((issue) => issue.path);
}

useNockLifecycle();

describe('client.imports', () => {
  it('starts with POST on /v1/org/{id}/imports (org singular), sending the body as given', async () => {
    const body = {
      source: { type: 'website' as const, url: 'https://www.acme.test/docs' },
      target: { space: 'space_1', changeRequest: 'cr_1', page: 'page_1' },
      enhance: false,
    };
    nock(API).post(IMPORTS, body).reply(201, run());

    const started = await client.imports.start('org_1', body);

    expect(started).toMatchObject({ id: 'imp_1', status: 'pending' });
    expect(started.pages?.[0]?.sourceURL).toBe('https://www.acme.test/');
  });

  it('sends no target or enhance when not given: the server applies its defaults', async () => {
    nock(API)
      .post(IMPORTS, { source: { type: 'website', url: 'https://www.acme.test/' } })
      .reply(201, run());

    await client.imports.start('org_1', { source: { type: 'website', url: 'https://www.acme.test/' } });
  });

  it('refuses a missing or non-website source, a bad URL, a target without a space and unknown keys', async () => {
    expect(await invalidPaths(() => client.imports.start('org_1', {} as never))).toEqual(['body.source']);
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', { source: { type: 'git', url: 'https://acme.test' } } as never),
      ),
    ).toEqual(['body.source.type']);
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', { source: { type: 'website', url: 'www.acme.test' } }),
      ),
    ).toEqual(['body.source.url']);
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', {
          source: { type: 'website', url: 'https://acme.test' },
          target: { page: 'page_1' },
        } as never),
      ),
    ).toEqual(['body.target.space']);
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', {
          source: { type: 'website', url: 'https://acme.test' },
          enhance: 'yes',
          depth: 2,
        } as never),
      ),
    ).toEqual(['body.enhance', 'body.depth']);
  });

  it('cancels with an empty POST and reads the run; a 409 becomes ConflictError', async () => {
    nock(API)
      .post(`${IMPORTS}/imp_1/cancel`, (body) => body === '' || body === undefined)
      .reply(200, run({ status: 'cancelled', completedAt: '2026-01-01T00:01:00.000Z' }))
      .post(`${IMPORTS}/imp_2/cancel`)
      .reply(409, { error: { message: 'Import run "imp_2" is already completed' } });

    const cancelled = await client.imports.cancel('org_1', 'imp_1');
    expect(cancelled).toMatchObject({ status: 'cancelled', completedAt: '2026-01-01T00:01:00.000Z' });

    const error = await rejection(client.imports.cancel('org_1', 'imp_2'), ConflictError);
    expect(error.serverMessage).toContain('already completed');
  });
});
