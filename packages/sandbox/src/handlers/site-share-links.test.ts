import { describe, expect, it } from 'vitest';
import { NotFoundError, PermissionDeniedError, RequestValidationError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { siteShareLinkHandlers } from './site-share-links.js';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });
const ORG = 'org_acme';
const SITE = 'site_docs';
const SITE_URL = 'https://acme.sandbox.docs-api.local/docs';

/** The key in a share link's URL. */
function keyOf(url: string | undefined): string {
  const key = new URL(url ?? 'https://x.test').searchParams.get('share');
  if (!key) throw new Error(`no key in ${url}`);
  return key;
}

describe('sites.shareLinks', () => {
  it('creates a link, then lists it with its URL; its key opens the published site', async () => {
    const { client } = setup();
    const link = await client.sites.shareLinks.create(ORG, SITE, { name: 'Reviewers' });
    expect(link).toMatchObject({
      object: 'share-link',
      name: 'Reviewers',
      active: true,
      createdAt: expect.stringMatching(/^2026-03-01T/) as unknown,
    });
    expect(link.id).toMatch(/^sharelink_/);
    expect(link.urls.published).toMatch(new RegExp(`^${SITE_URL}\\?share=[0-9a-f]{32}$`));
    const key = keyOf(link.urls.published);

    const page = await client.sites.shareLinks.list(ORG, SITE);
    expect(page.items).toEqual([link]);

    const opened = await client.sites.getPublished(ORG, SITE, { shareKey: key });
    expect(opened.site.urls?.published).toBe(`${SITE_URL}?share=${key}`);
    expect((await client.sites.spaces.list(ORG, SITE, { shareKey: key })).count).toBe(2);
    // Another site's keys do not open this one.
    await failure(client.sites.getPublished(ORG, 'site_internal', { shareKey: key }), PermissionDeniedError);
  });

  it('gives every link its own random key', async () => {
    const { client } = setup();
    const a = await client.sites.shareLinks.create(ORG, SITE, { name: 'A' });
    const b = await client.sites.shareLinks.create(ORG, SITE, { name: 'B' });
    expect(keyOf(a.urls.published)).not.toBe(keyOf(b.urls.published));
  });

  it('searches by a part of the name (any case) or by the whole key', async () => {
    const { client } = setup();
    const partners = await client.sites.shareLinks.create(ORG, SITE, { name: 'Partners' });
    await client.sites.shareLinks.create(ORG, SITE, { name: 'Press' });
    const names = async (search: string) =>
      (await client.sites.shareLinks.list(ORG, SITE, { search })).items.map((link) => link.name);
    expect(await names('PART')).toEqual(['Partners']);
    expect(await names('p')).toEqual(['Partners', 'Press']);
    expect(await names(keyOf(partners.urls.published))).toEqual(['Partners']);
    expect(await names(keyOf(partners.urls.published).slice(0, 8))).toEqual([]);
  });

  it('deactivates a link (its key stops opening the site) and renames it; the update answer shows no key', async () => {
    const { client } = setup();
    const link = await client.sites.shareLinks.create(ORG, SITE, { name: 'Beta' });
    const key = keyOf(link.urls.published);
    const updated = await client.sites.shareLinks.update(ORG, SITE, link.id, {
      active: false,
      name: 'Beta (closed)',
    });
    expect(updated).toMatchObject({ id: link.id, active: false, name: 'Beta (closed)', urls: {} });
    expect(JSON.stringify(updated)).not.toContain(key);
    const error = await client.sites.getPublished(ORG, SITE, { shareKey: key }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    // Neither the error's message nor its body holds the key.
    expect(JSON.stringify((error as PermissionDeniedError).body)).not.toContain(key);
    expect((error as Error).message).not.toContain(key);

    await client.sites.shareLinks.update(ORG, SITE, link.id, { active: true });
    expect((await client.sites.getPublished(ORG, SITE, { shareKey: key })).site.id).toBe(SITE);
    expect((await client.sites.shareLinks.list(ORG, SITE)).items[0]).toMatchObject({
      name: 'Beta (closed)',
      active: true,
    });
  });

  it('deletes a link (its key no longer opens the site); deleting an absent one succeeds', async () => {
    const { client } = setup();
    const link = await client.sites.shareLinks.create(ORG, SITE, { name: 'Temporary' });
    await client.sites.shareLinks.delete(ORG, SITE, link.id);
    expect((await client.sites.shareLinks.list(ORG, SITE)).items).toEqual([]);
    await failure(
      client.sites.getPublished(ORG, SITE, { shareKey: keyOf(link.urls.published) }),
      PermissionDeniedError,
    );
    await client.sites.shareLinks.delete(ORG, SITE, link.id);
    await failure(client.sites.shareLinks.update(ORG, SITE, link.id, { active: true }), NotFoundError);
  });

  it("keeps a site's links to that site, and removes them with it", async () => {
    const { sandbox, client } = setup();
    const link = await client.sites.shareLinks.create(ORG, SITE, { name: 'Docs' });
    expect((await client.sites.shareLinks.list(ORG, 'site_internal')).items).toEqual([]);
    await failure(
      client.sites.shareLinks.update(ORG, 'site_internal', link.id, { active: false }),
      NotFoundError,
    );
    await client.sites.delete(ORG, SITE);
    expect(sandbox.store.siteShareLinks.size).toBe(0);
  });

  it('checks the name before sending (at most 50 characters)', async () => {
    const { client } = setup();
    await expect(client.sites.shareLinks.create(ORG, SITE, { name: 'x'.repeat(51) })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
  });
});

describe('coverage', () => {
  it('served every share link operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = siteShareLinkHandlers.map((handler) => handler.operation.id);
    expect(ids).toHaveLength(4);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
