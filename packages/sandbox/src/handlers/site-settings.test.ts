import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });
const ORG = 'org_acme';
const SITE = 'site_docs';

/** No value a schema sampler makes: `"string"`, example.com, its date. */
function expectNoPlaceholder(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain('"string"');
  expect(text).not.toContain('example.com');
  expect(text).not.toContain('2019-08-24');
}

describe('site settings kept in state', () => {
  it('customization: the defaults with the site title, then an update shows on every read', async () => {
    const { client } = setup();
    const { data: initial, response } = await client.sites.customization.get(ORG, SITE).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('state');
    const site = await client.sites.get(ORG, SITE);
    expect(initial).toMatchObject({ title: site.title, styling: { theme: 'clean', font: 'Inter' } });
    expectNoPlaceholder(initial);

    // What was read, sent back with two changes: the document types the answer's colours as
    // optional and the update's as required, and the sandbox answered every one.
    const updated = await client.sites.customization.update(ORG, SITE, {
      ...initial,
      title: 'Acme handbook',
      styling: { ...initial.styling, theme: 'bold', primaryColor: { light: '#112233', dark: '#445566' } },
    } as Parameters<typeof client.sites.customization.update>[2]);
    expect(updated.styling.theme).toBe('bold');
    expect(updated.updatedAt).toMatch(/^2026-03-01T/);
    const read = await client.sites.customization.get(ORG, SITE);
    expect(read).toEqual(updated);
    expect(read.styling.primaryColor).toEqual({ light: '#112233', dark: '#445566' });
    // Another site keeps its own.
    expect((await client.sites.customization.get(ORG, 'site_internal')).styling.theme).toBe('clean');
  });

  it('a site space overrides the site customization; deleting the override leaves the site one', async () => {
    const { client } = setup();
    const [siteSpace] = (await client.sites.spaces.list(ORG, SITE)).items;
    const id = siteSpace!.id;
    expect((await client.sites.customization.getForSiteSpace(ORG, SITE, id)).styling.theme).toBe('clean');
    const overridden = await client.sites.customization.overrideForSiteSpace(ORG, SITE, id, {
      styling: { theme: 'muted' },
    });
    expect(overridden.styling).toMatchObject({ theme: 'muted', font: 'Inter' });
    expect((await client.sites.customization.getForSiteSpace(ORG, SITE, id)).styling.theme).toBe('muted');
    expect((await client.sites.customization.get(ORG, SITE)).styling.theme).toBe('clean');
    await client.sites.customization.deleteForSiteSpace(ORG, SITE, id);
    expect((await client.sites.customization.getForSiteSpace(ORG, SITE, id)).styling.theme).toBe('clean');
    await failure(client.sites.customization.getForSiteSpace(ORG, SITE, 'sitesp_missing'), NotFoundError);
  });

  it('agent settings: defaults, a merge that shows on read, who changed them and when', async () => {
    const { client } = setup();
    const initial = await client.sites.agentSettings.get(ORG, SITE);
    expect(initial).toMatchObject({ object: 'site-agent-settings', scans: { topics: 'auto' } });
    expect(initial.urls.location).toMatch(/\/orgs\/org_acme\/sites\/site_docs\/agent-settings$/);
    expectNoPlaceholder(initial);
    const updated = await client.sites.agentSettings.update(ORG, SITE, {
      scans: { topics: 'never' },
      // The answer's optional fields are the update's required ones: the sandbox answered them all.
      findings: initial.findings as Parameters<typeof client.sites.agentSettings.update>[2]['findings'],
      editing: { customInstructions: { object: 'document', data: {}, nodes: [] } },
    });
    expect(updated).toMatchObject({
      scans: { topics: 'never' },
      updatedAt: expect.stringMatching(/^2026-03-01T/) as unknown,
    });
    expect(updated.updatedBy).toBe((await client.users.getAuthenticated()).id);
    expect(await client.sites.agentSettings.get(ORG, SITE)).toEqual(updated);
  });

  it('publishing auth: one key until regenerated; an update keeps it', async () => {
    const { client } = setup();
    const first = await client.sites.publishingAuth.get(ORG, SITE);
    expect(first).toMatchObject({ object: 'publishing-auth', backend: 'custom' });
    expect(first.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect((await client.sites.publishingAuth.get(ORG, SITE)).privateKey).toBe(first.privateKey);
    const updated = await client.sites.publishingAuth.update(ORG, SITE, {
      backend: 'custom',
      fallbackURL: 'https://login.acme.test/fallback',
    });
    expect(updated).toMatchObject({
      privateKey: first.privateKey,
      fallbackURL: 'https://login.acme.test/fallback',
    });
    const regenerated = await client.sites.publishingAuth.regenerate(ORG, SITE);
    expect(regenerated.privateKey).not.toBe(first.privateKey);
    expect(regenerated.fallbackURL).toBe('https://login.acme.test/fallback');
    expect((await client.sites.publishingAuth.get(ORG, SITE)).privateKey).toBe(regenerated.privateKey);
    await failure(client.sites.publishingAuth.get(ORG, 'site_missing'), NotFoundError);
  });

  it('a subdomain answers its organization; an unknown one is 404; the API information is the sandbox version', async () => {
    const { client } = setup();
    const organization = await client.organizations.get(ORG);
    const subdomain = await client.subdomains.get(organization.hostname!);
    expect(subdomain).toEqual({
      object: 'subdomain',
      subdomain: organization.hostname,
      target: { type: 'organization', organization: ORG },
      isActive: true,
    });
    await failure(client.subdomains.get('nobody-here'), NotFoundError);
    const { data: info, response } = await client.system.getApiInformation().withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expectNoPlaceholder(info);
  });
});
