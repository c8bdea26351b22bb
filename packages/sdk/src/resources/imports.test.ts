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
  it('reads a run with statuses, sources and fields it does not know', async () => {
    nock(API)
      .post(`${IMPORTS}/imp_1/cancel`)
      .reply(200, run({ id: 'imp_1' }))
      .post(`${IMPORTS}/imp_2/cancel`)
      .reply(
        200,
        run({ id: 'imp_2', status: 'paused', source: { type: 'git', repo: 'acme/docs' }, extra: 1 }),
      );

    expect(await client.imports.cancel('org_1', 'imp_1')).toEqual(run({ id: 'imp_1' }));
    const read = await client.imports.cancel('org_1', 'imp_2');
    expect(read).toMatchObject({ status: 'paused', source: { type: 'git', repo: 'acme/docs' }, extra: 1 });
  });

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

  it('sends no site or enhance when not given: the server applies its defaults', async () => {
    const body = {
      source: { type: 'website' as const, url: 'https://www.acme.test/' },
      target: { space: 'space_1' },
    };
    nock(API).post(IMPORTS, body).reply(201, run());

    await client.imports.start('org_1', body);
  });

  it('sends a site, and uploaded files as the source (published document)', async () => {
    const body = {
      source: { type: 'file' as const, files: ['upload_1', 'upload_2'] },
      target: { space: 'space_1' },
      site: 'site_1',
    };
    nock(API)
      .post(IMPORTS, body)
      .reply(201, run({ source: body.source, target: body.target, site: 'site_1' }));

    const started = await client.imports.start('org_1', body);
    expect(started.source).toEqual({ type: 'file', files: ['upload_1', 'upload_2'] });
    expect(started.site).toBe('site_1');
  });

  it('requires a target, as the published document does, and at most 50 files', async () => {
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', { source: { type: 'website', url: 'https://acme.test' } } as never),
      ),
    ).toEqual(['body.target']);
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', {
          source: { type: 'file', files: Array.from({ length: 51 }, (_, i) => `upload_${i}`) },
          target: { space: 'space_1' },
        }),
      ),
      // A source is one of the document's forms, told apart by its type: the issue names the field
      // of the form chosen that does not fit (as 0.1 did).
    ).toEqual(['body.source.files']);
  });

  it('refuses a target without a space, which the published document requires', async () => {
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', {
          source: { type: 'website', url: 'https://acme.test' },
          target: { page: 'page_1' },
        } as never),
      ),
    ).toEqual(['body.target.space']);
  });

  it('refuses a missing or unknown source, a bad URL and unknown keys', async () => {
    expect(await invalidPaths(() => client.imports.start('org_1', {} as never))).toEqual([
      'body.source',
      'body.target',
    ]);
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', {
          source: { type: 'git', url: 'https://acme.test' },
          target: { space: 'space_1' },
        } as never),
      ),
    ).toEqual(['body.source.type']);
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', {
          source: { type: 'website', url: 'www.acme.test' },
          target: { space: 'space_1' },
        }),
      ),
    ).toEqual(['body.source.url']);
    expect(
      await invalidPaths(() =>
        client.imports.start('org_1', {
          source: { type: 'website', url: 'https://acme.test' },
          target: { space: 'space_1' },
          enhance: 'yes',
          depth: 2,
        } as never),
      ),
    ).toEqual(['body.enhance', 'body.depth']);
  });

  it('cancels with an empty POST and reads the run; a 409 becomes ConflictError', async () => {
    nock(API)
      .post(`${IMPORTS}/imp_1/cancel`, (body) => body === '' || body === undefined)
      .reply(200, run({ status: 'cancelled', updatedAt: '2026-01-01T00:01:00.000Z' }))
      .post(`${IMPORTS}/imp_2/cancel`)
      .reply(409, { error: { message: 'Import run "imp_2" is already completed' } });

    const cancelled = await client.imports.cancel('org_1', 'imp_1');
    expect(cancelled).toMatchObject({ status: 'cancelled', updatedAt: '2026-01-01T00:01:00.000Z' });

    const error = await rejection(client.imports.cancel('org_1', 'imp_2'), ConflictError);
    expect(error.serverMessage).toContain('already completed');
  });
});
