import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { FixtureError, type Fixture } from './fixtures.js';
import { createSandbox, type Sandbox } from './sandbox.js';

/*
 * The state of sites (structure, share links, redirects, publishing), OpenAPI versions and
 * integration installations and events, as data: written in a fixture, checked on load, exported
 * and loaded again, kept in a data directory across a restart.
 */

const ORG = 'org_acme';

function clientOf(sandbox: Sandbox): DocsClient {
  return new DocsClient({
    token: sandbox.token,
    baseUrl: 'http://sandbox.test/v1',
    fetch: sandbox.fetch,
    maxRetries: 0,
  });
}

/** Changes one of every new kind of state through the API. */
async function changeEverything(client: DocsClient, sandbox: Sandbox) {
  await client.sites.publish(ORG, 'site_internal');
  await client.sites.spaces.add(ORG, 'site_docs', { spaceId: 'space_guides', draft: true });
  const link = await client.sites.shareLinks.create(ORG, 'site_docs', { name: 'Partners' });
  await client.sites.redirects.create(ORG, 'site_docs', {
    source: '/old',
    destination: { kind: 'site-section', siteSectionId: 'sitesc_developers' },
  });
  await client.openapi.replace(ORG, 'petstore', {
    source: { text: 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths: {}\n' },
  });
  // Processing takes two seconds of the sandbox's clock; the read after them finishes it.
  sandbox.clock.advance('3s');
  await client.openapi.get(ORG, 'petstore');
  await client.integrations.installOnSpace('analytics-pro', 'inst_analytics_pro', { space: 'space_api' });
  return { key: new URL(link.urls.published ?? '').searchParams.get('share') ?? '' };
}

/** What a client reads back of that state. */
async function readEverything(client: DocsClient) {
  return {
    published: (await client.sites.get(ORG, 'site_internal')).published,
    siteSpaces: (await client.sites.spaces.list(ORG, 'site_docs')).items.map((s) => [s.space.id, s.draft]),
    shareLinks: (await client.sites.shareLinks.list(ORG, 'site_docs')).items.map((l) => [
      l.name,
      l.urls.published,
    ]),
    redirects: (await client.sites.redirects.list(ORG, 'site_docs')).items.map((r) => r.source),
    versions: (await client.openapi.versions.list(ORG, 'petstore')).items.map((v) => v.id),
    latestRaw: (await client.openapi.versions.getLatestContentRaw(ORG, 'petstore')).text,
    spaceInstallations: (await client.integrations.listSpaceInstallations('analytics-pro')).items.map(
      (i) => i.space,
    ),
    events: (await client.integrations.listEvents('analytics-pro')).items.map((e) => e.payload.type),
  };
}

describe('site, OpenAPI version and installation state as data', () => {
  it('is exported and loads again to the same answers', async () => {
    const sandbox = createSandbox({ checkResponses: true });
    const { key } = await changeEverything(clientOf(sandbox), sandbox);
    const before = await readEverything(clientOf(sandbox));
    expect(before.shareLinks[0]?.[1]).toContain(key);
    const exported = sandbox.export();
    expect(exported.siteShareLinks).toHaveLength(1);
    expect(exported.siteRedirects).toHaveLength(1);
    expect(exported.openapiSpecVersions).toHaveLength(2);
    expect(exported.integrationEvents?.length).toBeGreaterThan(3);

    const again = createSandbox({
      checkResponses: true,
      fixtures: JSON.parse(JSON.stringify(exported)) as Fixture,
    });
    expect(await readEverything(clientOf(again))).toEqual(before);
    // The key still opens the site.
    expect((await clientOf(again).sites.getPublished(ORG, 'site_docs', { shareKey: key })).site.id).toBe(
      'site_docs',
    );
  });

  it('is kept in a data directory across a restart', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sandbox-site-state-')), 'data');
    const first = createSandbox({ data: dir });
    await changeEverything(clientOf(first), first);
    const before = await readEverything(clientOf(first));
    await first.close();
    const second = createSandbox({ data: dir });
    expect(await readEverything(clientOf(second))).toEqual(before);
    await second.close();
  });

  it('loads hand-written rows, filling defaults', async () => {
    const sandbox = createSandbox({
      checkResponses: true,
      fixtures: {
        version: 1,
        siteShareLinks: [
          { id: 'sharelink_review', site: 'site_docs', key: 'review-key-123', name: 'Review' },
        ],
        siteRedirects: [
          {
            id: 'redirect_blog',
            site: 'site_docs',
            source: '/blog/*',
            destination: { kind: 'external', url: 'https://blog.acme.test' },
          },
        ],
        integrationEvents: [
          {
            id: 'event_failed',
            integration: 'analytics-pro',
            status: 'failed',
            payload: {
              type: 'installation_setup',
              eventId: 'event_failed',
              installationId: 'inst_analytics_pro',
              status: 'active',
            },
          },
        ],
      },
    });
    const client = clientOf(sandbox);
    expect((await client.sites.shareLinks.list(ORG, 'site_docs')).items).toEqual([
      {
        object: 'share-link',
        id: 'sharelink_review',
        name: 'Review',
        active: true,
        createdAt: '2026-01-05T09:00:00.000Z',
        urls: { published: 'https://acme.sandbox.docs-api.local/docs?share=review-key-123' },
      },
    ]);
    expect(
      (await client.sites.redirects.getBySource(ORG, 'site_docs', { source: '/blog/2026/hello' })).target,
    ).toBe('https://blog.acme.test');
    expect((await client.integrations.getEvent('analytics-pro', 'event_failed')).event.status).toBe('failed');
  });

  it('refuses rows that do not fit, naming each', () => {
    let error: unknown;
    try {
      createSandbox({
        fixtures: {
          version: 1,
          siteShareLinks: [{ id: 'sharelink_x', site: 'site_nope', key: 'short' }],
          siteRedirects: [
            {
              id: 'redirect_a',
              site: 'site_docs',
              source: 'no-slash',
              destination: { kind: 'external', url: 'https://a.test' },
            },
            { id: 'redirect_b', site: 'site_docs', source: '/same', destination: { kind: 'wormhole' } },
          ],
          installations: [
            {
              id: 'inst_x',
              organization: ORG,
              integration: 'analytics-pro',
              target: 'site',
              status: 'active',
            },
          ],
        },
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FixtureError);
    expect((error as FixtureError).issues.map((issue) => issue.path)).toEqual([
      'siteShareLinks[0].key',
      'siteRedirects[0].source',
      'siteRedirects[1].destination.kind',
      'installations[0].site',
    ]);
  });

  it('checks references and one redirect per site, source and state after loading', () => {
    let error: unknown;
    try {
      createSandbox({
        fixtures: {
          version: 1,
          siteShareLinks: [{ id: 'sharelink_x', site: 'site_nope', key: 'long-enough-key' }],
          siteRedirects: [
            {
              id: 'redirect_a',
              site: 'site_docs',
              source: '/same',
              destination: { kind: 'external', url: 'https://a.test' },
            },
            {
              id: 'redirect_b',
              site: 'site_docs',
              source: '/same',
              destination: { kind: 'external', url: 'https://b.test' },
            },
          ],
          openapiSpecVersions: [{ id: 'specv_x', spec: 'spec_nope' }],
          integrationEvents: [
            {
              id: 'event_x',
              integration: 'nope',
              payload: { type: 'installation_setup', eventId: 'event_x' },
            },
          ],
        },
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FixtureError);
    expect((error as FixtureError).issues).toEqual([
      {
        path: 'openapiSpecVersions[0].spec',
        message: '"spec_nope" is not one of the openapiSpecs of this fixture or its base',
      },
      {
        path: 'siteShareLinks[0].site',
        message: '"site_nope" is not one of the sites of this fixture or its base',
      },
      {
        path: 'integrationEvents[0].integration',
        message: '"nope" is not one of the integrations of this fixture or its base',
      },
      {
        path: 'siteRedirects[1]',
        message: 'repeats a redirect of the same site, source and draft state ("redirect_a")',
      },
    ]);
  });
});
