import { describe, expect, it } from 'vitest';
import { NotFoundError, RequestValidationError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

describe('published URLs', () => {
  it("resolve to the site, section, site space, space and page the sandbox's URLs show", async () => {
    const { sandbox, client } = setup();
    const siteSpaces = await client.sites.spaces.list('org_acme', 'site_docs');
    const handbook = siteSpaces.items.find((item) => item.id === 'sitesp_handbook');
    const spaceUrl = handbook?.urls.published ?? '';
    expect(spaceUrl).toBe('https://acme.sandbox.docs-api.local/docs/product/handbook');
    const url = `${spaceUrl}/getting-started/installation`;
    const { data, response } = await client.urls.getPublishedContent({ url }).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    const expected = {
      site: 'site_docs',
      siteSection: 'sitesc_product',
      siteSpace: 'sitesp_handbook',
      space: 'space_handbook',
      organization: 'org_acme',
      pathname: 'getting-started/installation',
      basePath: '/docs/product/handbook/',
      siteBasePath: '/docs/',
      apiToken: sandbox.token,
      complete: true,
      canonicalUrl: url,
    };
    expect(data).toEqual(expected);
    expect(await client.urls.resolvePublishedContent({ url })).toEqual(expected);
    // The site's root: its default section and site space, which more segments could still name.
    expect(
      await client.urls.getPublishedContent({ url: 'https://acme.sandbox.docs-api.local/docs' }),
    ).toMatchObject({
      siteSpace: 'sitesp_handbook',
      pathname: '',
      basePath: '/docs/',
      complete: false,
      canonicalUrl: spaceUrl,
    });
    // The other section's site space.
    expect(
      await client.urls.getPublishedContent({
        url: 'https://acme.sandbox.docs-api.local/docs/developers/api',
      }),
    ).toMatchObject({ siteSection: 'sitesc_developers', space: 'space_api', complete: true });
  });

  it('answers 404 for a page, site or host the sandbox does not publish, and 400 for what is not a URL', async () => {
    const { sandbox, client } = setup();
    const base = 'https://acme.sandbox.docs-api.local/docs/product/handbook';
    await failure(client.urls.getPublishedContent({ url: `${base}/no-such-page` }), NotFoundError);
    await failure(client.urls.resolvePublishedContent({ url: 'https://example.org/docs' }), NotFoundError);
    // site_internal is not published.
    await failure(
      client.urls.getPublishedContent({ url: 'https://acme.sandbox.docs-api.local/internal-handbook' }),
      NotFoundError,
    );
    // The SDK refuses it before sending: sent as is, the sandbox names the field.
    await expect(client.urls.getPublishedContent({ url: 'docs/page' })).rejects.toThrow(
      RequestValidationError,
    );
    const raw = await sandbox.fetch(
      new Request('http://sandbox.test/v1/urls/published?url=docs%2Fpage', {
        headers: { authorization: `Bearer ${sandbox.token}` },
      }),
    );
    expect(raw.status).toBe(400);
    expect(JSON.stringify(await raw.json())).toContain('query.url');
    // Unpublishing the site takes its URLs away.
    await client.sites.unpublish('org_acme', 'site_docs');
    await failure(client.urls.getPublishedContent({ url: base }), NotFoundError);
  });
});

describe('content by URL', () => {
  it('resolves the app URLs the sandbox gives and published URLs to the space, change request, collection and page', async () => {
    const { client } = setup();
    const space = await client.spaces.get('space_handbook');
    const { data, response } = await client.urls
      .getContent({ url: `${space.urls.app}/getting-started/installation` })
      .withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(data).toMatchObject({ space: { id: 'space_handbook' }, page: { id: 'page_installation' } });
    expect(await client.urls.getContent({ url: space.urls.app ?? '' })).toEqual({ space });
    const request = await client.changeRequests.create('space_handbook', { subject: 'Edit' });
    const shown = await client.urls.getContent({ url: `${request.urls.app}/getting-started` });
    expect(shown).toMatchObject({
      space: { id: 'space_handbook' },
      changeRequest: { id: request.id, number: request.number },
      page: { id: 'page_getting_started' },
    });
    const collections = await client.collections.list('org_acme');
    const [collection] = collections.items;
    expect(collection).toBeDefined();
    expect(await client.urls.getContent({ url: collection?.urls.app ?? '' })).toEqual({ collection });
    // A published URL.
    const published =
      'https://acme.sandbox.docs-api.local/docs/product/handbook/getting-started/configuration';
    expect(await client.urls.getContent({ url: published })).toMatchObject({
      space: { id: 'space_handbook' },
      page: { id: 'page_configuration' },
    });
    await failure(client.urls.getContent({ url: `${space.urls.app}/no-such-page` }), NotFoundError);
    await failure(
      client.urls.getContent({ url: 'https://app.sandbox.docs-api.local/s/space_missing' }),
      NotFoundError,
    );
    await failure(client.urls.getContent({ url: `${space.urls.app}/~/changes/999` }), NotFoundError);
    await failure(client.urls.getContent({ url: 'https://example.org/anything' }), NotFoundError);
    await failure(client.urls.getContent({ url: 'not a URL' }), NotFoundError);
  });
});
