import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 10, 12) });
const ORG = 'org_acme';
const SITE = 'site_docs';

describe("a site's advertising settings, kept in the site", () => {
  it('puts the site in review with a topic; the site shows it; disabling needs an ad zone', async () => {
    const { client, sandbox } = setup();
    expect(
      await failure(client.sites.ads.update(ORG, SITE, { status: 'in-review' }), BadRequestError),
    ).toContain('topic');
    await client.sites.ads.update(ORG, SITE, { status: 'in-review', topic: 'webdev' });
    expect((await client.sites.get(ORG, SITE)).ads).toEqual({ status: 'in-review', topic: 'webdev' });
    await client.sites.ads.update(ORG, SITE, { topic: 'crypto' });
    expect((await client.sites.get(ORG, SITE)).ads).toEqual({ status: 'in-review', topic: 'crypto' });
    expect(
      await failure(client.sites.ads.update(ORG, SITE, { status: 'disabled' }), BadRequestError),
    ).toContain('ad zone');

    // A site whose ads went live (as a fixture would load it) can be disabled, keeping its zone.
    sandbox.store.sites.get(SITE)!.site.ads = { status: 'live', topic: 'webdev', zoneId: 'zone_acme' };
    await client.sites.ads.update(ORG, SITE, { status: 'disabled' });
    expect((await client.sites.get(ORG, SITE)).ads).toEqual({
      status: 'disabled',
      topic: 'webdev',
      zoneId: 'zone_acme',
    });
    await failure(
      client.sites.ads.update(ORG, 'site_missing', { status: 'in-review', topic: 'webdev' }),
      NotFoundError,
    );
  });
});

describe("a site's publishing preview URL", () => {
  it("is the site's preview address with what is previewed, expiring in an hour", async () => {
    const { client } = setup();
    const site = await client.sites.get(ORG, SITE);
    const { url } = await client.sites.preview.get(ORG, SITE, {
      siteSpace: 'sitesp_api',
      draft: true,
      claims: '{"plan":"pro"}',
    });
    const preview = new URL(url);
    expect(`${preview.origin}${preview.pathname}`).toBe(site.urls.preview);
    expect(preview.searchParams.get('siteSpace')).toBe('sitesp_api');
    expect(preview.searchParams.get('draft')).toBe('true');
    expect(preview.searchParams.get('claims')).toBe('{"plan":"pro"}');
    const expires = Date.parse(preview.searchParams.get('expires') ?? '');
    expect(expires - Date.UTC(2026, 2, 10, 12)).toBeGreaterThanOrEqual(60 * 60 * 1000);
    expect(expires - Date.UTC(2026, 2, 10, 12)).toBeLessThan(61 * 60 * 1000);

    await failure(client.sites.preview.get(ORG, SITE, { siteSpace: 'sitesp_guides' }), NotFoundError);
    expect(
      await failure(client.sites.preview.get(ORG, SITE, { claims: 'plan=pro' }), BadRequestError),
    ).toContain('claims');
    await failure(client.sites.preview.get(ORG, 'site_missing'), NotFoundError);
  });
});
