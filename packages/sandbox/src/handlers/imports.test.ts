import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '@docs-api/sdk';
import { operations } from '@docs-api/sdk/contract';
import { failure, issuePaths, trackSandboxes } from '../../test-support/client.js';

const ORG = 'org_acme';
const WEBSITE = { type: 'website' as const, url: 'https://www.acme.test/docs/' };

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

describe('imports: starting a run', () => {
  it('answers a pending run with three pages derived from the URL, and stores the target', async () => {
    const { sandbox, client } = setup();
    const run = await client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_guides' } });
    expect(run).toMatchObject({
      object: 'import-run',
      status: 'pending',
      createdAt: '2026-03-01T00:00:00.000Z',
      startedAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
      source: WEBSITE,
      target: { space: 'space_guides' },
      // space_guides is on one site only: the run is listed under it.
      site: 'site_internal',
      createdBy: 'user_ada',
      urls: { location: `http://sandbox.test/v1/org/${ORG}/imports/${run.id}` },
    });
    expect(run.completedAt).toBeUndefined();
    expect(run.pages?.map((page) => [page.sourceURL, page.type, page.status])).toEqual([
      ['https://www.acme.test/docs/', 'page', 'pending'],
      ['https://www.acme.test/docs/getting-started', 'page', 'pending'],
      ['https://www.acme.test/docs/faq', 'page', 'pending'],
    ]);
    expect(new Set(run.pages?.map((page) => page.id)).size).toBe(3);
    expect(sandbox.store.importRuns.get(run.id)).toMatchObject({
      organization: ORG,
      target: { space: 'space_guides' },
      enhance: true,
    });
  });

  it('records enhance: false, and a change request (by number) and page of the target space', async () => {
    const { sandbox, client } = setup();
    const run = await client.imports.start(ORG, {
      source: { type: 'website', url: 'https://www.acme.test' },
      target: { space: 'space_handbook', changeRequest: '1', page: 'page_installation' },
      enhance: false,
    });
    expect(run.pages?.[0]?.sourceURL).toBe('https://www.acme.test/');
    expect(sandbox.store.importRuns.get(run.id)).toMatchObject({
      enhance: false,
      target: { space: 'space_handbook', changeRequest: '1', page: 'page_installation' },
    });
  });

  it('lists a run under the site given, and imports uploaded files one page each', async () => {
    const { client } = setup();
    const run = await client.imports.start(ORG, {
      source: { type: 'file', files: ['upload_1', 'upload_2'] },
      target: { space: 'space_guides' },
      site: 'site_docs',
    });
    expect(run).toMatchObject({
      site: 'site_docs',
      source: { type: 'file', files: ['upload_1', 'upload_2'] },
    });
    expect(run.pages?.map((page) => [page.type, page.status, page.sourceURL])).toEqual([
      ['page', 'pending', undefined],
      ['page', 'pending', undefined],
    ]);
    expect(
      await issuePaths(
        client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_guides' }, site: 'site_nope' }),
      ),
    ).toEqual(['body.site']);
  });

  it('refuses a target outside the organization, and a change request or page not in the space', async () => {
    const { sandbox, client } = setup();
    const start = (target: { space: string; changeRequest?: string; page?: string }) =>
      client.imports.start(ORG, { source: WEBSITE, target });
    expect(await issuePaths(start({ space: 'space_nope' }))).toEqual(['body.target.space']);
    expect(
      await issuePaths(
        client.imports.start('org_beta', { source: WEBSITE, target: { space: 'space_guides' } }),
      ),
    ).toEqual(['body.target.space']);
    expect(await issuePaths(start({ space: 'space_guides', changeRequest: 'cr_nope' }))).toEqual([
      'body.target.changeRequest',
    ]);
    expect(await issuePaths(start({ space: 'space_handbook', page: 'page_nope' }))).toEqual([
      'body.target.page',
    ]);
    expect([...sandbox.store.importRuns.keys()]).toEqual(['imp_guides_site', 'imp_api_site']);
  });

  it('refuses to import straight into a locked space, but not through a change request', async () => {
    const { client } = setup();
    expect(
      await failure(
        client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_legal' } }),
        ConflictError,
      ),
    ).toContain('is locked');
    // Through a change request, as any edit of a locked space.
    const run = await client.imports.start(ORG, {
      source: WEBSITE,
      target: { space: 'space_legal', changeRequest: 'cr_terms' },
    });
    expect(run.status).toBe('pending');
  });

  it('answers 404 for an organization the actor is not in', async () => {
    const { client } = setup();
    await failure(
      client.imports.start('org_nope', { source: WEBSITE, target: { space: 'space_guides' } }),
      NotFoundError,
    );
  });
});

describe('imports: cancelling', () => {
  it('cancels a pending run: its status and updatedAt change, its pages and completedAt do not', async () => {
    // The published document sets completedAt only for completed runs, and knows only the page
    // statuses pending and complete.
    const { client } = setup();
    const run = await client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_guides' } });
    const cancelled = await client.imports.cancel(ORG, run.id);
    expect(cancelled).toMatchObject({ id: run.id, status: 'cancelled', startedAt: run.startedAt });
    expect(Date.parse(cancelled.updatedAt ?? '')).toBeGreaterThan(Date.parse(run.startedAt ?? ''));
    expect(cancelled.completedAt).toBeUndefined();
    expect(cancelled.pages?.map((page) => page.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('cancels the seeded run in progress, keeping its imported page complete', async () => {
    const { client } = setup();
    const cancelled = await client.imports.cancel(ORG, 'imp_api_site');
    expect(cancelled).toMatchObject({ status: 'cancelled', site: 'site_docs' });
    expect(cancelled.pages?.map((page) => page.status)).toEqual(['complete', 'pending', 'pending']);
  });

  it('answers 409 for a run that is over: the seeded completed run, or one cancelled already', async () => {
    const { client } = setup();
    expect(await failure(client.imports.cancel(ORG, 'imp_guides_site'), ConflictError)).toBe(
      'Import run "imp_guides_site" is already completed: only a run under way can be cancelled',
    );
    const run = await client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_guides' } });
    await client.imports.cancel(ORG, run.id);
    expect(await failure(client.imports.cancel(ORG, run.id), ConflictError)).toContain('already cancelled');
  });

  it('answers 404 for an absent run and for a run of another organization', async () => {
    const { sandbox, client } = setup();
    await failure(client.imports.cancel(ORG, 'imp_nope'), NotFoundError);
    // org_beta has no space to import into: its run is put in the store directly.
    const seeded = sandbox.store.importRuns.get('imp_api_site');
    if (!seeded) throw new Error('the demo seed has no imp_api_site');
    sandbox.store.importRuns.set('imp_beta', {
      ...structuredClone(seeded),
      id: 'imp_beta',
      organization: 'org_beta',
    });
    await failure(client.imports.cancel(ORG, 'imp_beta'), NotFoundError);
    expect((await client.imports.cancel('org_beta', 'imp_beta')).status).toBe('cancelled');
  });
});

describe('imports: reading runs', () => {
  it('reads a started run back, pending until the clock is a minute past its start, then completed', async () => {
    const { sandbox, client } = setup();
    const run = await client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_guides' } });
    expect(await client.imports.get(ORG, run.id)).toEqual(run);
    sandbox.clock.advance('61s');
    const done = await client.imports.get(ORG, run.id);
    expect(done).toMatchObject({ status: 'completed', completedAt: '2026-03-01T00:01:00.000Z' });
    expect(done.pages?.every((page) => page.status === 'complete')).toBe(true);
    await failure(client.imports.get(ORG, 'imp_nope'), NotFoundError);
    await failure(client.imports.get('org_beta', run.id), NotFoundError);
  });

  it('lists runs newest first, by space, change request, site and status (active: under way)', async () => {
    const { client } = setup();
    const run = await client.imports.start(ORG, {
      source: WEBSITE,
      target: { space: 'space_handbook', changeRequest: '1' },
      site: 'site_docs',
    });
    const ids = async (query: Parameters<typeof client.imports.list>[1] = {}) =>
      (await client.imports.list(ORG, query)).items.map((item) => item.id);
    expect(await ids()).toEqual([run.id, 'imp_api_site', 'imp_guides_site']);
    expect(await ids({ space: 'space_guides' })).toEqual(['imp_guides_site']);
    expect(await ids({ changeRequest: '1' })).toEqual([run.id]);
    expect(await ids({ site: 'site_docs' })).toContain(run.id);
    expect(await ids({ status: 'active' })).toEqual([run.id, 'imp_api_site']);
    expect(await ids({ status: 'completed' })).toEqual(['imp_guides_site']);
    const first = await client.imports.list(ORG, { limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.next?.page).toBeDefined();
    await failure(client.imports.list('org_nope'), NotFoundError);
  });
});

describe('coverage', () => {
  it('served every Imports operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((op) => op.area === 'Imports').map((op) => op.id);
    expect(ids).toHaveLength(2);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
    // The reads of runs (the document's `imports` tag).
    expect(['getImportRun', 'listImportRuns'].filter((id) => !served.has(id))).toEqual([]);
  });
});
