import { describe, expect, it } from 'vitest';
import { NotFoundError, type Site } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { planAllows, sitePublishingHandlers } from './site-publishing.js';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });
const ORG = 'org_acme';

/** The answer is the site, not a checkout. */
function asSite(answer: unknown): Site {
  expect((answer as Site).object).toBe('site');
  return answer as Site;
}

describe('sites.publish and sites.unpublish', () => {
  it('publishes a new site: published, with its published URLs; unpublishing takes them away', async () => {
    const { client } = setup();
    const created = await client.sites.create(ORG, { title: 'Partner Portal', spaces: ['space_api'] });
    expect(created.published).toBe(false);

    const published = asSite(await client.sites.publish(ORG, created.id));
    expect(published.published).toBe(true);
    expect(published.urls?.published).toBe('https://acme.sandbox.docs-api.local/partner-portal');
    // Read back: the site, the list's filter, and the published view follow.
    expect((await client.sites.get(ORG, created.id)).urls?.published).toBe(
      'https://acme.sandbox.docs-api.local/partner-portal',
    );
    expect((await client.sites.list(ORG, { published: true })).items.map((site) => site.id)).toContain(
      created.id,
    );
    const view = await client.sites.getPublished(ORG, created.id);
    const [section] = (
      view.structure as {
        structure: Array<{
          urls?: { published?: string };
          siteSpaces?: Array<{ urls?: { published?: string } }>;
        }>;
      }
    ).structure;
    expect(section?.urls?.published).toBe(
      'https://acme.sandbox.docs-api.local/partner-portal/partner-portal',
    );
    expect(section?.siteSpaces?.[0]?.urls?.published).toBe(
      'https://acme.sandbox.docs-api.local/partner-portal/partner-portal/api-reference',
    );

    const unpublished = await client.sites.unpublish(ORG, created.id);
    expect(unpublished.published).toBe(false);
    expect(unpublished.urls).not.toHaveProperty('published');
    const again = await client.sites.get(ORG, created.id);
    expect(again.published).toBe(false);
    const [hidden] = (await client.sites.spaces.list(ORG, created.id)).items;
    expect(hidden?.urls).toEqual({});
  });

  it("answers a checkout for a site type the organization's plan does not include; the site stays unpublished", async () => {
    const { client } = setup();
    // org_acme is on the free plan: a premium site needs a checkout.
    const premium = await client.sites.create(ORG, { title: 'Premium docs', type: 'premium' });
    const answer = await client.sites.publish(ORG, premium.id);
    expect(answer).toEqual({ type: 'checkout', sessionId: expect.stringMatching(/^cs_test_/) as unknown });
    expect((await client.sites.get(ORG, premium.id)).published).toBe(false);
  });

  it('publishes the same site once a fixture puts the organization on a plan that includes it', async () => {
    const demo = setup().sandbox.store;
    const internal = structuredClone(demo.sites.get('site_internal')!);
    // site_internal made an ultimate site: on the demo's free plan, a checkout.
    const ultimate = { ...internal, site: { ...internal.site, type: 'ultimate' } } as unknown as Record<
      string,
      unknown
    >;
    const { client: free } = setup({ fixtures: { version: 1, sites: [ultimate] } });
    expect(await free.sites.publish(ORG, 'site_internal')).toMatchObject({ type: 'checkout' });

    const organization = { ...demo.organizations.get(ORG)!, plan: 'pro_2024' } as Record<string, unknown>;
    const { client: pro } = setup({
      fixtures: { version: 1, organizations: [organization], sites: [ultimate] },
    });
    expect(asSite(await pro.sites.publish(ORG, 'site_internal')).published).toBe(true);
  });

  it('knows which plans publish which types', () => {
    const plan = (name: string) => ({ plan: name }) as Parameters<typeof planAllows>[0];
    expect(planAllows(plan('free_2024'), 'basic')).toBe(true);
    expect(planAllows(plan('free_2024'), 'premium')).toBe(false);
    expect(planAllows(plan('plus_2024'), 'premium')).toBe(true);
    expect(planAllows(plan('plus_2024'), 'ultimate')).toBe(false);
    expect(planAllows(plan('enterprise_2024'), 'ultimate')).toBe(true);
    // Types of past plans are kept by their sites; a plan the sandbox does not know allows all.
    expect(planAllows(plan('free'), 'legacy-premium')).toBe(true);
    expect(planAllows(plan('platinum_2030'), 'ultimate')).toBe(true);
  });

  it('404s for a site of another organization or an absent one', async () => {
    const { client } = setup();
    expect(await failure(client.sites.publish('org_beta', 'site_docs'), NotFoundError)).toBe(
      'site "site_docs" was not found',
    );
    await failure(client.sites.unpublish(ORG, 'site_nope'), NotFoundError);
  });
});

describe('coverage', () => {
  it('served every publishing operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = sitePublishingHandlers.map((handler) => handler.operation.id);
    expect(ids).toEqual(['publishSite', 'unpublishSite']);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
