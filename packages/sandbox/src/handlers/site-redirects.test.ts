import { describe, expect, it } from 'vitest';
import { BadRequestError, ConflictError, NotFoundError, RequestValidationError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { siteRedirectHandlers } from './site-redirects.js';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });
const ORG = 'org_acme';
const SITE = 'site_docs';
const SITE_URL = 'https://acme.sandbox.docs-api.local/docs';

describe('sites.redirects: create, read, resolve', () => {
  it('creates a redirect, then lists it, reads it by source and resolves its target', async () => {
    const { client } = setup();
    const redirect = await client.sites.redirects.create(ORG, SITE, {
      source: '/old-install',
      destination: { kind: 'site-page', siteSpaceId: 'sitesp_handbook', pageId: 'page_installation' },
      permanent: true,
    });
    expect(redirect).toEqual({
      object: 'site-redirect',
      id: expect.stringMatching(/^redirect_/) as unknown,
      source: '/old-install',
      draft: false,
      captureWildcard: false,
      permanent: true,
      destination: { kind: 'site-page', siteSpaceId: 'sitesp_handbook', pageId: 'page_installation' },
      createdAt: expect.stringMatching(/^2026-03-01T/) as unknown,
    });
    expect((await client.sites.redirects.list(ORG, SITE)).items).toEqual([redirect]);
    expect(await client.sites.redirects.getBySource(ORG, SITE, { source: '/old-install' })).toEqual({
      redirect,
      target: `${SITE_URL}/product/handbook/getting-started/installation`,
    });
  });

  it('resolves each kind of destination, and a page given by its path', async () => {
    const { client } = setup();
    const target = async (
      source: string,
      destination: Parameters<typeof client.sites.redirects.create>[2]['destination'],
    ) => {
      const created = await client.sites.redirects.create(ORG, SITE, { source, destination });
      return {
        stored: created.destination,
        target: (await client.sites.redirects.getBySource(ORG, SITE, { source })).target,
      };
    };
    expect(await target('/dev', { kind: 'site-section', siteSectionId: 'sitesc_developers' })).toEqual({
      stored: { kind: 'site-section', siteSectionId: 'sitesc_developers' },
      target: `${SITE_URL}/developers`,
    });
    expect((await target('/reference', { kind: 'site-space', siteSpaceId: 'sitesp_api' })).target).toBe(
      `${SITE_URL}/developers/api`,
    );
    expect((await target('/status', { kind: 'external', url: 'https://status.acme.test' })).target).toBe(
      'https://status.acme.test',
    );
    expect(
      await target('/config', {
        kind: 'path',
        spaceId: 'space_handbook',
        path: 'getting-started/configuration',
      }),
    ).toEqual({
      stored: { kind: 'site-page', siteSpaceId: 'sitesp_handbook', pageId: 'page_configuration' },
      target: `${SITE_URL}/product/handbook/getting-started/configuration`,
    });
  });

  it('refuses destinations outside the site, with the field named', async () => {
    const { client } = setup();
    const refused = (destination: Parameters<typeof client.sites.redirects.create>[2]['destination']) =>
      failure(client.sites.redirects.create(ORG, SITE, { source: '/x', destination }), BadRequestError);
    expect(await refused({ kind: 'site-section', siteSectionId: 'sitesc_internal' })).toMatch(
      /body\.destination: "sitesc_internal" is not a section of this site/,
    );
    expect(await refused({ kind: 'site-space', siteSpaceId: 'sitesp_guides' })).toMatch(
      /not a site space of this site/,
    );
    expect(
      await refused({ kind: 'site-page', siteSpaceId: 'sitesp_api', pageId: 'page_installation' }),
    ).toMatch(/page "page_installation" is not in the space of site space "sitesp_api"/);
    expect(await refused({ kind: 'path', spaceId: 'space_guides', path: 'anything' })).toMatch(
      /space "space_guides" is not published by this site/,
    );
    expect(await refused({ kind: 'path', spaceId: 'space_handbook', path: 'nope' })).toMatch(
      /no page of space/,
    );
    expect((await client.sites.redirects.list(ORG, SITE)).count).toBe(0);
  });

  it('keeps one live and one draft redirect per source: a second one is a 409', async () => {
    const { client } = setup();
    const destination = { kind: 'external' as const, url: 'https://www.acme.test/' };
    await client.sites.redirects.create(ORG, SITE, { source: '/home', destination });
    expect(
      await failure(
        client.sites.redirects.create(ORG, SITE, { source: '/home', destination }),
        ConflictError,
      ),
    ).toMatch(/already has a live redirect from \/home/);
    const draft = await client.sites.redirects.create(ORG, SITE, {
      source: '/home',
      destination,
      draft: true,
    });
    expect(draft.draft).toBe(true);
    // The list shows live redirects by default (the document's default), drafts on request.
    expect((await client.sites.redirects.list(ORG, SITE)).items.map((r) => r.draft)).toEqual([false]);
    expect((await client.sites.redirects.list(ORG, SITE, { draft: true })).items.map((r) => r.id)).toEqual([
      draft.id,
    ]);
    // Promoting the draft onto a taken live source is a 409 too.
    await failure(client.sites.redirects.update(ORG, SITE, draft.id, { draft: false }), ConflictError);
  });

  it('checks sources before sending (the document pattern), and captureWildcard against the source', async () => {
    const { client } = setup();
    const destination = { kind: 'external' as const, url: 'https://www.acme.test/' };
    await expect(
      client.sites.redirects.create(ORG, SITE, { source: 'no-slash', destination }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    await expect(
      client.sites.redirects.create(ORG, SITE, { source: '/a*b', destination }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    expect(
      await failure(
        client.sites.redirects.create(ORG, SITE, { source: '/plain', destination, captureWildcard: true }),
        BadRequestError,
      ),
    ).toMatch(/body\.captureWildcard/);
  });

  it('resolves a path through the longest wildcard, appending what it captured', async () => {
    const { client } = setup();
    await client.sites.redirects.create(ORG, SITE, {
      source: '/v1/*',
      destination: { kind: 'external', url: 'https://legacy.acme.test/v1' },
      captureWildcard: true,
    });
    await client.sites.redirects.create(ORG, SITE, {
      source: '/v1/api/*',
      destination: { kind: 'site-space', siteSpaceId: 'sitesp_api' },
    });
    expect((await client.sites.redirects.getBySource(ORG, SITE, { source: '/v1/guides/intro' })).target).toBe(
      'https://legacy.acme.test/v1/guides/intro',
    );
    const api = await client.sites.redirects.getBySource(ORG, SITE, { source: '/v1/api/users' });
    expect([api.redirect.source, api.target]).toEqual(['/v1/api/*', `${SITE_URL}/developers/api`]);
    await failure(client.sites.redirects.getBySource(ORG, SITE, { source: '/v2/x' }), NotFoundError);
  });
});

describe('sites.redirects: list, update, delete', () => {
  it('searches and orders the list', async () => {
    const { client } = setup();
    const destination = { kind: 'external' as const, url: 'https://www.acme.test/' };
    const b = await client.sites.redirects.create(ORG, SITE, { source: '/b-page', destination });
    const a = await client.sites.redirects.create(ORG, SITE, { source: '/a-page', destination });
    const c = await client.sites.redirects.create(ORG, SITE, { source: '/c-guide', destination });
    const ids = async (query: Parameters<typeof client.sites.redirects.list>[2]) =>
      (await client.sites.redirects.list(ORG, SITE, query)).items.map((r) => r.id);
    expect(await ids({})).toEqual([c.id, a.id, b.id]);
    expect(await ids({ orderBy: 'source' })).toEqual([a.id, b.id, c.id]);
    await client.sites.redirects.update(ORG, SITE, b.id, { permanent: true });
    expect(await ids({ orderBy: 'updatedAt' })).toEqual([b.id, c.id, a.id]);
    expect(await ids({ search: 'PAGE' })).toEqual([a.id, b.id]);
  });

  it('updates a redirect (updatedAt set) and deletes it; deleting an absent one succeeds', async () => {
    const { client } = setup();
    const redirect = await client.sites.redirects.create(ORG, SITE, {
      source: '/old',
      destination: { kind: 'external', url: 'https://www.acme.test/' },
    });
    expect(redirect).not.toHaveProperty('updatedAt');
    const updated = await client.sites.redirects.update(ORG, SITE, redirect.id, {
      source: '/older',
      destination: { kind: 'site-section', siteSectionId: 'sitesc_product' },
    });
    expect(updated).toMatchObject({
      source: '/older',
      destination: { kind: 'site-section', siteSectionId: 'sitesc_product' },
      updatedAt: expect.stringMatching(/^2026-03-01T/) as unknown,
    });
    expect((await client.sites.redirects.getBySource(ORG, SITE, { source: '/older' })).redirect).toEqual(
      updated,
    );
    await failure(client.sites.redirects.getBySource(ORG, SITE, { source: '/old' }), NotFoundError);

    await client.sites.redirects.delete(ORG, SITE, redirect.id);
    expect((await client.sites.redirects.list(ORG, SITE)).count).toBe(0);
    await client.sites.redirects.delete(ORG, SITE, redirect.id);
    await failure(client.sites.redirects.update(ORG, SITE, redirect.id, { permanent: true }), NotFoundError);
  });
});

describe('sites.redirects.bulkUpsert', () => {
  it('creates, updates, deletes and publishes in one request, one result per entry, errors on their own', async () => {
    const { client } = setup();
    const external = (url: string) => ({ kind: 'external' as const, url });
    const existing = await client.sites.redirects.create(ORG, SITE, {
      source: '/keep',
      destination: external('https://a.acme.test'),
    });
    const gone = await client.sites.redirects.create(ORG, SITE, {
      source: '/gone',
      destination: external('https://b.acme.test'),
    });
    const draft = await client.sites.redirects.create(ORG, SITE, {
      source: '/keep',
      destination: external('https://draft.acme.test'),
      draft: true,
    });
    const { results } = await client.sites.redirects.bulkUpsert(ORG, SITE, {
      redirects: [
        { source: '/new', destination: external('https://c.acme.test') },
        {
          source: '/new-draft',
          intent: 'draft',
          destination: { kind: 'site-space', siteSpaceId: 'sitesp_api' },
        },
        { source: '/gone', destination: null },
        { source: '/bad', destination: { kind: 'site-space', siteSpaceId: 'sitesp_nope' } },
        { source: '/missing', destination: null },
        { source: '/keep', intent: 'publish' },
        { source: '/new', destination: external('https://d.acme.test'), permanent: true },
      ],
    });
    const newId = (results[0] as { id: string }).id;
    expect(results).toEqual([
      { status: 'created', source: '/new', draft: false, id: newId },
      { status: 'created', source: '/new-draft', draft: true, id: expect.any(String) as unknown },
      { status: 'deleted', source: '/gone', draft: false },
      {
        status: 'error',
        source: '/bad',
        draft: false,
        error:
          'Invalid request: body.redirects[3].destination: "sitesp_nope" is not a site space of this site',
      },
      {
        status: 'error',
        source: '/missing',
        draft: false,
        error: 'no live redirect from /missing to delete',
      },
      { status: 'published', source: '/keep', draft: false, id: existing.id },
      { status: 'updated', source: '/new', draft: false, id: newId },
    ]);
    // Read back: the live list and the drafts.
    const live = (await client.sites.redirects.list(ORG, SITE, { orderBy: 'source' })).items;
    expect(live.map((r) => [r.source, r.destination, r.permanent])).toEqual([
      ['/keep', external('https://draft.acme.test'), false],
      ['/new', external('https://d.acme.test'), true],
    ]);
    expect(
      (await client.sites.redirects.list(ORG, SITE, { draft: true })).items.map((r) => r.source),
    ).toEqual(['/new-draft']);
    expect(live.map((r) => r.id)).not.toContain(gone.id);
    expect(live.map((r) => r.id)).not.toContain(draft.id);
  });

  it('publishes a draft with no live redirect of its source by making it live', async () => {
    const { client } = setup();
    const draft = await client.sites.redirects.create(ORG, SITE, {
      source: '/soon',
      destination: { kind: 'site-section', siteSectionId: 'sitesc_developers' },
      draft: true,
    });
    const { results } = await client.sites.redirects.bulkUpsert(ORG, SITE, {
      redirects: [
        { source: '/soon', intent: 'publish' },
        { source: '/never', intent: 'publish' },
      ],
    });
    expect(results).toEqual([
      { status: 'published', source: '/soon', draft: false, id: draft.id },
      { status: 'error', source: '/never', draft: false, error: 'no draft redirect from /never to publish' },
    ]);
    expect((await client.sites.redirects.getBySource(ORG, SITE, { source: '/soon' })).redirect.draft).toBe(
      false,
    );
  });

  it('takes at most 500 entries, checked before sending', async () => {
    const { client } = setup();
    const redirects = Array.from({ length: 501 }, (_, i) => ({
      source: `/p${i}`,
      destination: { kind: 'external' as const, url: 'https://www.acme.test/' },
    }));
    await expect(client.sites.redirects.bulkUpsert(ORG, SITE, { redirects })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const { results } = await client.sites.redirects.bulkUpsert(ORG, SITE, {
      redirects: redirects.slice(0, 500),
    });
    expect(results.filter((r) => r.status === 'created')).toHaveLength(500);
    expect((await client.sites.redirects.list(ORG, SITE, { limit: 1 })).count).toBe(500);
  });
});

describe('coverage', () => {
  it('served every redirect operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = siteRedirectHandlers.map((handler) => handler.operation.id);
    expect(ids).toHaveLength(6);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
