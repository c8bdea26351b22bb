import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  type ApiPromise,
  type PublishedContentSite,
  type Site,
  type SiteSection,
} from '@docs-api/sdk';
import { operations } from '@docs-api/sdk/contract';
import { trackSandboxes } from '../../test-support/client.js';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

async function idsOf(pages: AsyncIterable<Site>): Promise<string[]> {
  const ids: string[] = [];
  for await (const site of pages) ids.push(site.id);
  return ids;
}

/** The sandbox publishes its sites as sections. */
function sectionsOf(published: PublishedContentSite): SiteSection[] {
  expect(published.structure.type).toBe('sections');
  return (published.structure as { structure: SiteSection[] }).structure;
}

async function rejection(promise: ApiPromise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('sites.list', () => {
  it('lists the organization sites with a count', async () => {
    const { client } = setup();
    const page = await client.sites.list('org_acme');
    expect(page.count).toBe(2);
    expect(page.next).toBeUndefined();
    expect(page.items.map((site) => [site.id, site.title, site.published, site.siteSpaces])).toEqual([
      ['site_docs', 'Acme Docs', true, 2],
      ['site_internal', 'Internal Handbook', false, 1],
    ]);
    expect(page.items[0]?.urls).toEqual({
      location: 'http://sandbox.test/v1/orgs/org_acme/sites/site_docs',
      app: 'https://app.sandbox.docs-api.local/o/org_acme/sites/site_docs',
      preview: 'https://preview.sandbox.docs-api.local/site_docs',
      published: 'https://acme.sandbox.docs-api.local/docs',
    });
    // An unpublished site has no published URL, as the service answers.
    expect(page.items[1]?.urls).not.toHaveProperty('published');
  });

  it('filters by space, title (case-insensitive substring) and published state', async () => {
    const { client } = setup();
    const ids = async (query: Parameters<typeof client.sites.list>[1]) =>
      (await client.sites.list('org_acme', query)).items.map((site) => site.id);
    expect(await ids({ space: 'space_api' })).toEqual(['site_docs']);
    expect(await ids({ space: 'space_guides' })).toEqual(['site_internal']);
    expect(await ids({ space: 'space_nope' })).toEqual([]);
    expect(await ids({ title: 'HANDBOOK' })).toEqual(['site_internal']);
    expect(await ids({ title: 'acme' })).toEqual(['site_docs']);
    expect(await ids({ published: true })).toEqual(['site_docs']);
    expect(await ids({ published: false })).toEqual(['site_internal']);
    expect(await ids({ published: true, space: 'space_guides' })).toEqual([]);
    const filtered = await client.sites.list('org_acme', { published: false });
    expect(filtered.count).toBe(1);
  });

  it('pages with limit=1 and for-await walks every site, one request per page', async () => {
    const { sandbox, client } = setup();
    const first = await client.sites.list('org_acme', { limit: 1 });
    expect(first.items.map((site) => site.id)).toEqual(['site_docs']);
    expect(first.count).toBe(2);
    expect(first.next?.page).toEqual(expect.any(String));

    sandbox.resetHits();
    expect(await idsOf(client.sites.list('org_acme', { limit: 1 }))).toEqual(['site_docs', 'site_internal']);
    expect(sandbox.hits.get('sites.list')).toBe(2);
  });

  it('answers 404 for an organization the caller does not belong to', async () => {
    const { client } = setup();
    expect(await rejection(client.sites.list('org_nope'))).toBeInstanceOf(NotFoundError);
  });
});

describe('sites.create', () => {
  it('applies the documented defaults and builds site spaces from the given spaces', async () => {
    const { client } = setup();
    const site = await client.sites.create('org_acme', {
      title: 'Partner Portal',
      spaces: ['space_api', 'space_guides'],
    });
    expect(site).toMatchObject({
      object: 'site',
      type: 'basic',
      title: 'Partner Portal',
      visibility: 'public',
      published: false,
      siteSpaces: 2,
      createdAt: expect.stringMatching(/^2026-03-01T/) as unknown,
    });
    expect(site.id).toMatch(/^site_/);
    expect(site.urls?.published).toBeUndefined();

    // The new site is real state: readable, listed, and laid out from its spaces.
    expect(await client.sites.get('org_acme', site.id)).toEqual(site);
    const page = await client.sites.list('org_acme');
    expect(page.count).toBe(3);
    expect(page.items.map((s) => s.id)).toContain(site.id);
    const published = await client.sites.getPublished('org_acme', site.id);
    const sections = sectionsOf(published);
    expect(sections).toHaveLength(1);
    expect(sections[0]?.title).toBe('Partner Portal');
    expect(sections[0]?.path).toBe('partner-portal');
    expect(sections[0]?.siteSpaces?.map((s) => [s.space.id, s.path])).toEqual([
      ['space_api', 'api-reference'],
      ['space_guides', 'guides'],
    ]);
  });

  it('creates an empty site with no body, and honours type and visibility', async () => {
    const { client } = setup();
    const empty = await client.sites.create('org_acme');
    expect(empty).toMatchObject({ type: 'basic', visibility: 'public', published: false, siteSpaces: 0 });
    const custom = await client.sites.create('org_acme', { title: 'Secret', visibility: 'share-link' });
    expect(custom).toMatchObject({ title: 'Secret', visibility: 'share-link', siteSpaces: 0 });
    expect(custom.id).not.toBe(empty.id);
  });

  it('refuses an unknown space or a space of another organization, and creates nothing', async () => {
    const { sandbox, client } = setup();
    const api = sandbox.store.spaces.get('space_api');
    if (!api) throw new Error('seed has no space_api');
    sandbox.store.spaces.set('space_beta', { ...api, id: 'space_beta', organization: 'org_beta' });

    const unknown = await rejection(
      client.sites.create('org_acme', { title: 'Nope', spaces: ['space_nope'] }),
    );
    expect(unknown).toBeInstanceOf(BadRequestError);
    expect((unknown as BadRequestError).serverMessage).toContain('space_nope');
    const foreign = await rejection(
      client.sites.create('org_acme', { title: 'Nope', spaces: ['space_api', 'space_beta'] }),
    );
    expect(foreign).toBeInstanceOf(BadRequestError);
    expect((await client.sites.list('org_acme')).count).toBe(2);

    // The same space is fine in its own organization.
    const beta = await client.sites.create('org_beta', { title: 'Beta Docs', spaces: ['space_beta'] });
    expect(beta.siteSpaces).toBe(1);
  });
});

describe('sites.get', () => {
  it('reads a seeded site', async () => {
    const { client } = setup();
    const site = await client.sites.get('org_acme', 'site_internal');
    expect(site).toMatchObject({
      id: 'site_internal',
      title: 'Internal Handbook',
      visibility: 'visitor-auth',
      published: false,
      siteSpaces: 1,
      agentsContext: 'excluded',
      adaptiveContent: { enabled: false },
    });
  });

  it('answers 404 for an unknown id and for a site of another organization', async () => {
    const { client } = setup();
    const unknown = await rejection(client.sites.get('org_acme', 'site_nope'));
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 404 } } });

    expect(await rejection(client.sites.get('org_beta', 'site_docs'))).toBeInstanceOf(NotFoundError);
    const beta = await client.sites.create('org_beta', { title: 'Beta Docs' });
    expect(await rejection(client.sites.get('org_acme', beta.id))).toBeInstanceOf(NotFoundError);
    expect((await client.sites.get('org_beta', beta.id)).title).toBe('Beta Docs');
    expect((await client.sites.list('org_acme')).items.map((s) => s.id)).not.toContain(beta.id);
  });
});

describe('sites.update', () => {
  it('changes title, visibility, basename, agentsContext and adaptiveContent, and keeps them', async () => {
    const { client } = setup();
    const updated = await client.sites.update('org_acme', 'site_docs', {
      title: 'Acme Developer Docs',
      visibility: 'unlisted',
      basename: 'developers',
      agentsContext: 'excluded',
      adaptiveContent: { enabled: false },
    });
    const expected = {
      id: 'site_docs',
      title: 'Acme Developer Docs',
      visibility: 'unlisted',
      basename: 'developers',
      agentsContext: 'excluded',
      adaptiveContent: { enabled: false },
      published: true,
      siteSpaces: 2,
    };
    expect(updated).toMatchObject(expected);
    expect(updated.urls?.published).toBe('https://acme.sandbox.docs-api.local/developers');
    expect(await client.sites.get('org_acme', 'site_docs')).toMatchObject(expected);

    // A partial update leaves the other fields alone.
    const retitled = await client.sites.update('org_acme', 'site_docs', { title: 'Docs' });
    expect(retitled).toMatchObject({ ...expected, title: 'Docs' });
  });

  it('sets a proxy, and null removes it', async () => {
    const { client } = setup();
    const proxied = await client.sites.update('org_acme', 'site_docs', { proxy: 'acme.test/docs' });
    // The origin is the proxy location as given (the document's SiteProxyOrigin has no scheme).
    expect(proxied.proxy).toEqual({
      origin: 'acme.test/docs',
      target: 'https://acme.sandbox.docs-api.local/docs',
    });
    expect((await client.sites.get('org_acme', 'site_docs')).proxy).toEqual(proxied.proxy);

    const removed = await client.sites.update('org_acme', 'site_docs', { proxy: null });
    expect(removed.proxy).toBeUndefined();
    expect(await client.sites.get('org_acme', 'site_docs')).not.toHaveProperty('proxy');
  });

  it('accepts a site space of the site as defaultSiteSpace and refuses any other', async () => {
    const { client } = setup();
    const ok = await client.sites.update('org_acme', 'site_docs', { defaultSiteSpace: 'sitesp_api' });
    expect(ok.id).toBe('site_docs');

    const unknown = await rejection(
      client.sites.update('org_acme', 'site_docs', { defaultSiteSpace: 'sitesp_nope' }),
    );
    expect(unknown).toBeInstanceOf(BadRequestError);
    expect((unknown as BadRequestError).serverMessage).toContain('defaultSiteSpace');
    // A site space of another site is not one of this site's.
    const other = await rejection(
      client.sites.update('org_acme', 'site_docs', { defaultSiteSpace: 'sitesp_guides' }),
    );
    expect(other).toBeInstanceOf(BadRequestError);
    const section = await rejection(
      client.sites.update('org_acme', 'site_docs', { defaultSiteSection: 'sitesc_internal' }),
    );
    expect(section).toBeInstanceOf(BadRequestError);
  });

  it('changes nothing when the update is refused', async () => {
    const { client } = setup();
    const refused = await rejection(
      client.sites.update('org_acme', 'site_docs', { title: 'Renamed', defaultSiteSpace: 'sitesp_nope' }),
    );
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((await client.sites.get('org_acme', 'site_docs')).title).toBe('Acme Docs');
  });

  it('answers 404 for a site of another organization', async () => {
    const { client } = setup();
    expect(
      await rejection(client.sites.update('org_beta', 'site_docs', { title: 'Hijacked' })),
    ).toBeInstanceOf(NotFoundError);
    expect((await client.sites.get('org_acme', 'site_docs')).title).toBe('Acme Docs');
  });
});

describe('sites.delete', () => {
  it('removes the site: get answers 404 and list no longer shows it', async () => {
    const { client } = setup();
    await expect(client.sites.delete('org_acme', 'site_internal')).resolves.toBeUndefined();
    expect(await rejection(client.sites.get('org_acme', 'site_internal'))).toBeInstanceOf(NotFoundError);
    const page = await client.sites.list('org_acme');
    expect(page.count).toBe(1);
    expect(page.items.map((site) => site.id)).toEqual(['site_docs']);
    expect(await rejection(client.sites.delete('org_acme', 'site_internal'))).toBeInstanceOf(NotFoundError);
  });

  it('does not delete a site through another organization', async () => {
    const { client } = setup();
    expect(await rejection(client.sites.delete('org_beta', 'site_docs'))).toBeInstanceOf(NotFoundError);
    expect((await client.sites.get('org_acme', 'site_docs')).id).toBe('site_docs');
  });
});

describe('sites.adaptiveSchema', () => {
  it('starts from the default schema, replaces it, and derives one template condition per boolean claim', async () => {
    const { client } = setup();
    const before = await client.sites.adaptiveSchema.get('org_acme', 'site_internal');
    expect(before.object).toBe('site-adaptive-schema');
    expect(before.jsonSchema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: { unsigned: { type: 'object', properties: {}, additionalProperties: false } },
    });
    expect(Object.keys(before.jsonSchema.properties as object)).toEqual(['unsigned']);
    expect(
      (await client.sites.adaptiveSchema.listTemplateConditions('org_acme', 'site_internal')).items,
    ).toEqual([]);

    const jsonSchema = {
      type: 'object' as const,
      additionalProperties: false as const,
      properties: {
        isEmployee: { type: 'boolean' as const, description: 'The visitor works at Acme' },
        plan: { type: 'string' as const, description: 'Not a boolean: no condition' },
        unsigned: {
          type: 'object' as const,
          description: 'Unsigned claims of the site visitor.' as const,
          additionalProperties: false as const,
          properties: {
            betaOptIn: { type: 'boolean' as const, description: 'The visitor opted into beta content' },
            locale: { type: 'string' as const, description: 'Preferred language' },
          },
        },
      },
    };
    const replaced = await client.sites.adaptiveSchema.update('org_acme', 'site_internal', { jsonSchema });
    expect(replaced.jsonSchema).toEqual(jsonSchema);

    const after = await client.sites.adaptiveSchema.get('org_acme', 'site_internal');
    expect(after.jsonSchema).toEqual(jsonSchema);
    expect(Date.parse(after.updatedAt ?? '')).toBeGreaterThan(Date.parse(before.updatedAt ?? ''));

    const conditions = await client.sites.adaptiveSchema.listTemplateConditions('org_acme', 'site_internal');
    expect(conditions.items).toEqual(
      expect.arrayContaining([
        { description: 'The visitor works at Acme', condition: 'visitor.claims.isEmployee === true' },
        {
          description: 'The visitor opted into beta content',
          condition: 'visitor.claims.unsigned.betaOptIn === true',
        },
      ]),
    );
    expect(conditions.items).toHaveLength(2);

    // The other site's schema is untouched.
    const docs = await client.sites.adaptiveSchema.listTemplateConditions('org_acme', 'site_docs');
    expect(docs.items.map((item) => item.condition)).toEqual(['visitor.claims.isBetaUser === true']);
  });

  it('answers 404 for the schema of an unknown site', async () => {
    const { client } = setup();
    expect(await rejection(client.sites.adaptiveSchema.get('org_acme', 'site_nope'))).toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('sites.published', () => {
  it('shows the sections with their site spaces and nested spaces', async () => {
    const { client } = setup();
    const published = await client.sites.getPublished('org_acme', 'site_docs');
    expect(published.object).toBe('published-content-site');
    expect(published.site.id).toBe('site_docs');
    expect(published.site.urls?.published).toBe('https://acme.sandbox.docs-api.local/docs');
    expect(published.structure.type).toBe('sections');
    const sections = sectionsOf(published);
    expect(sections.map((s) => [s.id, s.title, s.path, s.default, s.description])).toEqual([
      ['sitesc_product', 'Product', 'product', true, undefined],
      ['sitesc_developers', 'Developers', 'developers', false, 'APIs and SDKs'],
    ]);
    expect(sections[0]?.siteSpaces).toHaveLength(1);
    expect(sections[0]?.siteSpaces?.[0]).toMatchObject({
      object: 'site-space',
      id: 'sitesp_handbook',
      title: 'Handbook',
      path: 'handbook',
      section: 'sitesc_product',
      default: true,
      draft: false,
      space: { object: 'space', id: 'space_handbook', title: 'Handbook', organization: 'org_acme' },
      urls: { published: 'https://acme.sandbox.docs-api.local/docs/product/handbook' },
    });
    // What the document requires besides the structure: customizations and scripts.
    expect(published.customizations).toMatchObject({ site: { styling: { theme: 'clean' } }, siteSpaces: {} });
    expect(published.scripts?.map((script) => script.script)).toEqual([
      'https://integrations.sandbox.docs-api.local/analytics-pro/script.js',
      'https://integrations.sandbox.docs-api.local/support-chat/widget.js',
    ]);
    expect(sections[1]?.siteSpaces?.map((s) => [s.id, s.path, s.space.id, s.space.title])).toEqual([
      ['sitesp_api', 'api', 'space_api', 'API Reference'],
    ]);
  });

  it('moves the default flag when defaultSiteSection changes', async () => {
    const { client } = setup();
    await client.sites.update('org_acme', 'site_docs', { defaultSiteSection: 'sitesc_developers' });
    const sections = sectionsOf(await client.sites.getPublished('org_acme', 'site_docs'));
    expect(sections.map((s) => [s.id, s.default])).toEqual([
      ['sitesc_product', false],
      ['sitesc_developers', true],
    ]);
  });

  it('accepts the right share key and puts it in the published URL; a wrong key is refused', async () => {
    const { client } = setup();
    const shared = await client.sites.getPublished('org_acme', 'site_docs', { shareKey: 'share_docs' });
    expect(shared.site.urls?.published).toBe('https://acme.sandbox.docs-api.local/docs?share=share_docs');

    const wrong = await rejection(
      client.sites.getPublished('org_acme', 'site_docs', { shareKey: 'share_internal' }),
    );
    expect(wrong).toBeInstanceOf(PermissionDeniedError);
    expect(wrong).toMatchObject({ status: 403 });

    // The key did not stick to the site.
    const plain = await client.sites.getPublished('org_acme', 'site_docs');
    expect(plain.site.urls?.published).toBe('https://acme.sandbox.docs-api.local/docs');
  });
});

describe('sites.integrationScripts', () => {
  it('returns a bare array of the scripts of the enabled integrations', async () => {
    const { client } = setup();
    const scripts = await client.sites.listIntegrationScripts('org_acme', 'site_docs');
    expect(scripts).toEqual([
      {
        script: 'https://integrations.sandbox.docs-api.local/analytics-pro/script.js',
        cookies: true,
        contentSecurityPolicy: 'script-src https://integrations.sandbox.docs-api.local',
      },
      {
        script: 'https://integrations.sandbox.docs-api.local/support-chat/widget.js',
        cookies: false,
        contentSecurityPolicy: 'script-src https://integrations.sandbox.docs-api.local',
      },
    ]);
    expect(await client.sites.listIntegrationScripts('org_acme', 'site_internal')).toEqual([]);
  });
});

describe('sites.integrations', () => {
  it('lists the enabled integrations and filters them by name or title', async () => {
    const { client } = setup();
    const all = await client.sites.listIntegrations('org_acme', 'site_docs');
    expect(all.count).toBe(2);
    expect(all.items.map((i) => i.name)).toEqual(['analytics-pro', 'support-chat']);
    expect(all.items[0]).toMatchObject({ object: 'integration', title: 'Analytics Pro', verified: true });

    const names = async (search: string) =>
      (await client.sites.listIntegrations('org_acme', 'site_docs', { search })).items.map((i) => i.name);
    expect(await names('chat')).toEqual(['support-chat']);
    expect(await names('ANALYTICS PRO')).toEqual(['analytics-pro']);
    expect(await names('nothing')).toEqual([]);
    expect((await client.sites.listIntegrations('org_acme', 'site_internal')).items).toEqual([]);

    const paged: string[] = [];
    for await (const integration of client.sites.listIntegrations('org_acme', 'site_docs', { limit: 1 })) {
      paged.push(integration.name);
    }
    expect(paged).toEqual(['analytics-pro', 'support-chat']);
  });
});

describe('coverage', () => {
  it('served every sites operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((operation) => operation.area === 'Sites').map((operation) => operation.id);
    expect(ids).toHaveLength(11);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
