import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  DocsClient,
  RunFailedError,
  WaitTimeoutError,
  type ContentImportRun,
  type GitSyncState,
} from '@docs-api/sdk';
import { sandboxWithClient } from '../test-support/client.js';

/*
 * The SDK's waiters, one shape (issue 28, item 6): `waitUntilDone(..., { timeout, signal,
 * onProgress })`, a failure a `RunFailedError` naming the run. Against the in-process sandbox
 * where it models the run (import runs on its clock, Git Sync operations, translations, OpenAPI
 * processing); against nock where it does not (a failed import run's reason, site scans).
 */

const ORG = 'org_acme';
const WEBSITE = { type: 'website' as const, url: 'https://www.acme.test/docs' };

describe('imports.waitUntilDone', () => {
  it("returns the run once the sandbox's clock completes it, with every read in onProgress", async () => {
    const { sandbox, client } = sandboxWithClient();
    const run = await client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_guides' } });
    const seen: ContentImportRun['status'][] = [];
    const done = await client.imports.waitUntilDone(ORG, run.id, {
      interval: 1,
      onProgress: (read) => {
        seen.push(read.status);
        // The run completes a minute on: move the clock after the first read.
        if (seen.length === 1) sandbox.clock.advance('2m');
      },
    });
    expect(done.status).toBe('completed');
    expect(seen).toEqual(['pending', 'completed']);
  });

  it('a cancelled run is a RunFailedError naming it', async () => {
    const { client } = sandboxWithClient();
    const run = await client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_guides' } });
    await client.imports.cancel(ORG, run.id);
    const error = await client.imports.waitUntilDone(ORG, run.id, { interval: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunFailedError);
    expect(error).toMatchObject({ run: `import run ${run.id}`, state: 'cancelled' });
    expect((error as Error).message).toBe(`import run ${run.id} ended cancelled`);
  });

  it('times out with the last run read, and stops on its signal', async () => {
    const { client } = sandboxWithClient();
    const run = await client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_guides' } });
    const late = await client.imports
      .waitUntilDone(ORG, run.id, { interval: 5, timeout: 20 })
      .catch((e: unknown) => e);
    expect(late).toBeInstanceOf(WaitTimeoutError);
    expect((late as WaitTimeoutError<ContentImportRun>).last.status).toBe('pending');
    expect((late as Error).message).toMatch(new RegExp(`import run ${run.id}.*status pending`));

    const controller = new AbortController();
    const waiting = client.imports.waitUntilDone(ORG, run.id, { interval: 50, signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
  });
});

describe('nock: a failed import run and a site scan', () => {
  const API = 'https://api.test';
  const client = new DocsClient({ token: 'tok_test', baseUrl: `${API}/v1`, maxRetries: 0 });
  afterEach(() => {
    expect(nock.pendingMocks()).toEqual([]);
    nock.cleanAll();
  });

  it('a failed import run is a RunFailedError with the reason the service gave', async () => {
    nock.disableNetConnect();
    const run = { object: 'import-run', id: 'imp_9', startedAt: '2026-01-01T00:00:00.000Z', pages: [] };
    nock(API)
      .get('/v1/org/org_1/imports/imp_9')
      .reply(200, { ...run, status: 'in-progress' })
      .get('/v1/org/org_1/imports/imp_9')
      .reply(200, { ...run, status: 'failed', reason: 'the site answered 403' });
    const error = await client.imports
      .waitUntilDone('org_1', 'imp_9', { interval: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunFailedError);
    expect(error).toMatchObject({ state: 'failed', reason: 'the site answered 403' });
    expect((error as Error).message).toBe('import run imp_9 ended failed: the site answered 403');
  });

  it('sites.context.waitUntilScanDone: done, or a failed scan with its failureMessage', async () => {
    const scan = {
      object: 'site-scan',
      id: 'scan_1',
      topic: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      findings: { low: 0, medium: 0, high: 0 },
      urls: { location: `${API}/v1/orgs/org_1/sites/site_1/scans/scan_1` },
    };
    const path = '/v1/orgs/org_1/sites/site_1/scans/scan_1';
    nock(API)
      .get(path)
      .reply(200, { ...scan, status: 'pending' })
      .get(path)
      .reply(200, { ...scan, status: 'running' })
      .get(path)
      .reply(200, { ...scan, status: 'done' });
    const statuses: string[] = [];
    const done = await client.sites.context.waitUntilScanDone('org_1', 'site_1', 'scan_1', {
      interval: 1,
      onProgress: (read) => statuses.push(String(read.status)),
    });
    expect(done.status).toBe('done');
    expect(statuses).toEqual(['pending', 'running', 'done']);

    nock(API)
      .get(path)
      .reply(200, { ...scan, status: 'failed', failureMessage: 'the site could not be crawled' });
    await expect(
      client.sites.context.waitUntilScanDone('org_1', 'site_1', 'scan_1', { interval: 1 }),
    ).rejects.toMatchObject({
      name: 'RunFailedError',
      run: 'scan scan_1 of site site_1',
      reason: 'the site could not be crawled',
    });
  });
});

describe('nock: a context connection sync', () => {
  const API = 'https://api.test';
  const client = new DocsClient({ token: 'tok_test', baseUrl: `${API}/v1`, maxRetries: 0 });
  const path = '/v1/orgs/org_1/sites/site_1/context-connections/conn_1';
  const connection = {
    object: 'context-connection',
    id: 'conn_1',
    createdAt: '2026-01-01T00:00:00.000Z',
    records: 3,
    usageSettings: { changeRequests: true, search: true, sync: false, searchBoost: 'x1.0' },
    urls: { location: `${API}${path}` },
    connector: 'builtin:email',
  };
  afterEach(() => {
    expect(nock.pendingMocks()).toEqual([]);
    nock.cleanAll();
  });

  it('waitUntilSyncDone: past the previous sync (syncedAfter) to this one, or its failure', async () => {
    nock.disableNetConnect();
    nock(API)
      .get(path)
      .reply(200, { ...connection, status: 'succeeded', syncedAt: '2026-01-01T00:00:00.000Z' })
      .get(path)
      .reply(200, { ...connection, status: 'syncing', syncedAt: '2026-01-01T00:00:00.000Z' })
      .get(path)
      .reply(200, { ...connection, status: 'succeeded', syncedAt: '2026-01-02T00:00:05.000Z' });
    const synced = await client.sites.context.waitUntilSyncDone('org_1', 'site_1', 'conn_1', {
      syncedAfter: '2026-01-02T00:00:00.000Z',
      interval: 1,
    });
    expect(synced.syncedAt).toBe('2026-01-02T00:00:05.000Z');

    nock(API)
      .get(path)
      .reply(200, {
        ...connection,
        status: 'failed',
        failureReason: 'authentication',
        syncedAt: '2026-01-02T00:00:05.000Z',
      });
    await expect(
      client.sites.context.waitUntilSyncDone('org_1', 'site_1', 'conn_1', { interval: 1 }),
    ).rejects.toMatchObject({
      name: 'RunFailedError',
      run: 'the sync of context connection conn_1 of site site_1',
      state: 'failed',
      reason: 'authentication',
    });
  });
});

describe('spaces.git.waitUntilDone', () => {
  it('follows the Git info after an export that answered 204: the operation in success', async () => {
    const { client } = sandboxWithClient();
    const dir = mkdtempSync(join(tmpdir(), 'sdk-waiter-git-'));
    await client.spaces.git.exportToRepository('space_handbook', {
      url: pathToFileURL(dir).href,
      ref: 'refs/heads/main',
      commitMessage: 'Export',
    });
    const states: string[] = [];
    const info = await client.spaces.git.waitUntilDone('space_handbook', {
      direction: 'export',
      interval: 1,
      onProgress: (read: GitSyncState) => states.push(String(read.operation?.state)),
    });
    expect(info.operation).toMatchObject({ direction: 'export', state: 'success' });
    expect(states).toEqual(['running', 'success']);
  });

  it('an operation in failure is a RunFailedError with its error', async () => {
    const { client } = sandboxWithClient();
    await client.spaces.git.importRepository('space_guides', {
      url: 'https://github.com/acme/guides.git',
      ref: 'refs/heads/main',
    });
    const error = await client.spaces.git
      .waitUntilDone('space_guides', { direction: 'import', interval: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunFailedError);
    expect(error).toMatchObject({ run: 'the Git Sync import of space space_guides', state: 'failure' });
    expect((error as RunFailedError).reason).toMatch(/the sandbox has no network/);
  });

  it('a space without a Git provider (404) is a RunFailedError in state no-provider', async () => {
    const { client } = sandboxWithClient();
    const error = await client.spaces.git
      .waitUntilDone('space_handbook', { interval: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunFailedError);
    expect(error).toMatchObject({ state: 'no-provider' });
    expect((error as Error).message).toMatch(
      /space space_handbook ended no-provider: the space has no Git provider/,
    );
  });

  it('waits past an operation of the other direction, or one started before startedAfter', async () => {
    const { sandbox, client } = sandboxWithClient();
    const dir = mkdtempSync(join(tmpdir(), 'sdk-waiter-git-'));
    await client.spaces.git.exportToRepository('space_handbook', {
      url: pathToFileURL(dir).href,
      ref: 'refs/heads/main',
      commitMessage: 'Export',
    });
    await client.spaces.git.waitUntilDone('space_handbook', { interval: 1 });
    // The export is over; an import was asked for and has not shown yet: not the export's end.
    const other = await client.spaces.git
      .waitUntilDone('space_handbook', { direction: 'import', interval: 2, timeout: 15 })
      .catch((e: unknown) => e);
    expect(other).toBeInstanceOf(WaitTimeoutError);
    expect((other as Error).message).toMatch(/export success/);
    const later = new Date(Date.parse(sandbox.clock.now().toISOString()) + 60_000);
    const stale = await client.spaces.git
      .waitUntilDone('space_handbook', { startedAfter: later, interval: 2, timeout: 15 })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(WaitTimeoutError);
    await expect(client.spaces.git.waitUntilDone('space_handbook', { startedAfter: 'soon' })).rejects.toThrow(
      /startedAfter must be a date \(got soon\)/,
    );
  });
});

describe('translations and OpenAPI: the same shape', () => {
  it('translations.waitUntilDone returns the completed translation, onProgress seeing each read', async () => {
    const { client } = sandboxWithClient();
    await client.translations.run(ORG, 'tr_handbook_fr');
    const seen: string[] = [];
    const done = await client.translations.waitUntilDone(ORG, 'tr_handbook_fr', {
      interval: 1,
      onProgress: (read) => seen.push(String(read.status)),
    });
    expect(done.status).toBe('completed');
    expect(seen.at(-1)).toBe('completed');
    expect(seen.length).toBeGreaterThan(1);
  });

  it('openapi.waitUntilDone: a failed processing is a RunFailedError; waitUntilProcessed still returns it', async () => {
    const url = 'https://unreachable.test/openapi.json';
    const { client } = sandboxWithClient();
    await client.openapi.create(ORG, { slug: 'broken', source: { url } });
    const error = await client.openapi.waitUntilDone(ORG, 'broken', { interval: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunFailedError);
    expect(error).toMatchObject({
      run: 'the processing of OpenAPI spec broken',
      state: 'FETCH_TIMEOUT',
      reason: `Fetching ${url} timed out after 30 seconds`,
    });
    const { client: again } = sandboxWithClient();
    await again.openapi.create(ORG, { slug: 'broken', source: { url } });
    const returned = await again.openapi.waitUntilProcessed(ORG, 'broken', { interval: 1 });
    expect(returned.lastProcessErrorCode).toBe('FETCH_TIMEOUT');
  });
});
