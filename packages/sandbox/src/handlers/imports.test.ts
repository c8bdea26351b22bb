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
      startedAt: '2026-03-01T00:00:00.000Z',
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
    expect([...sandbox.store.importRuns.keys()]).toEqual(['imp_guides_site']);
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
    await failure(client.imports.start('org_nope', { source: WEBSITE }), NotFoundError);
  });
});

describe('imports: cancelling', () => {
  it('cancels a pending run: status, completedAt and pending pages change', async () => {
    const { client } = setup();
    const run = await client.imports.start(ORG, { source: WEBSITE, target: { space: 'space_guides' } });
    const cancelled = await client.imports.cancel(ORG, run.id);
    expect(cancelled).toMatchObject({ id: run.id, status: 'cancelled', startedAt: run.startedAt });
    expect(Date.parse(cancelled.completedAt ?? '')).toBeGreaterThan(Date.parse(run.startedAt ?? ''));
    expect(cancelled.pages?.map((page) => page.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('answers 409 for a run that is over: the seeded completed run, or one cancelled already', async () => {
    const { client } = setup();
    expect(await failure(client.imports.cancel(ORG, 'imp_guides_site'), ConflictError)).toBe(
      'Import run "imp_guides_site" is already completed: only a run under way can be cancelled',
    );
    const run = await client.imports.start(ORG, { source: WEBSITE });
    await client.imports.cancel(ORG, run.id);
    expect(await failure(client.imports.cancel(ORG, run.id), ConflictError)).toContain('already cancelled');
  });

  it('answers 404 for an absent run and for a run of another organization', async () => {
    const { client } = setup();
    await failure(client.imports.cancel(ORG, 'imp_nope'), NotFoundError);
    const run = await client.imports.start('org_beta', { source: WEBSITE });
    await failure(client.imports.cancel(ORG, run.id), NotFoundError);
  });
});

describe('coverage', () => {
  it('served every Imports operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((op) => op.area === 'Imports').map((op) => op.id);
    expect(ids).toHaveLength(2);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
