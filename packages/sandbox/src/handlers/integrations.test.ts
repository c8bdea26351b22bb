import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  type Integration,
  type ListIntegrationsQuery,
  type PublishIntegrationBody,
} from '@docs-api/sdk';
import { operations } from '@docs-api/sdk/contract';
import { failure, trackSandboxes } from '../../test-support/client.js';

const ORG = 'org_acme';

const { setup, servedOperationIds } = trackSandboxes();

const manifest: PublishIntegrationBody = {
  title: 'Status Badge',
  description: 'Shows the service status on every page',
  script: 'export default { blocks: [] };',
  organization: ORG,
  scopes: [],
};

const names = (items: readonly Integration[]) => items.map((i) => i.name);

describe('integrations: the catalogue', () => {
  it('lists the demo integrations, with their owners, and reads one', async () => {
    const { client } = setup();
    const page = await client.integrations.list();
    expect(page.items.map((i) => [i.name, i.version, i.owner?.id, i.permissions?.admin])).toEqual([
      ['analytics-pro', 3, 'org_acme', true],
      ['support-chat', 1, 'org_beta', false],
    ]);
    expect(await client.integrations.get('support-chat')).toMatchObject({
      title: 'Support Chat',
      target: 'site',
      owner: { id: 'org_beta', title: 'Beta Labs' },
    });
    expect(await failure(client.integrations.get('nope'), NotFoundError)).toBe(
      'integration "nope" was not found',
    );
  });

  it('answers complete integrations: owner organization, URLs at the origin reached, required lists', async () => {
    const { client } = setup();
    const integration = await client.integrations.get('analytics-pro');
    expect(integration).toMatchObject({
      previewImages: [],
      externalLinks: [{ url: 'https://www.acme.test/analytics-pro', label: 'Documentation' }],
      urls: {
        location: 'http://sandbox.test/v1/integrations/analytics-pro',
        app: 'https://app.sandbox.docs-api.local/integrations/analytics-pro',
        assets: 'https://integrations.sandbox.docs-api.local/analytics-pro/v3',
        publicEndpoint:
          'https://integrations.sandbox.docs-api.local/v1/integrations/analytics-pro/integration',
        publicContentEndpoint:
          'https://content.integrations.sandbox.docs-api.local/v1/integrations/analytics-pro/integration',
      },
      owner: {
        object: 'organization',
        id: 'org_acme',
        title: 'Acme Inc',
        urls: { location: 'http://sandbox.test/v1/orgs/org_acme' },
        permissions: { admin: true, installIntegration: true },
      },
    });
    // The caller only reads org_beta: the owner of support-chat says so.
    expect((await client.integrations.get('support-chat')).owner?.permissions).toMatchObject({
      view: true,
      admin: false,
    });
  });

  it('filters by search, category, scope, owner and target', async () => {
    const { client } = setup();
    const list = async (query: ListIntegrationsQuery) => names((await client.integrations.list(query)).items);
    expect(await list({ search: 'CHAT' })).toEqual(['support-chat']);
    expect(await list({ search: 'search analytics' })).toEqual(['analytics-pro']);
    expect(await list({ category: 'analytics' })).toEqual(['analytics-pro']);
    expect(await list({ scope: 'site:script:inject' })).toEqual(['support-chat']);
    expect(await list({ owner: 'org_beta' })).toEqual(['support-chat']);
    // An integration for `all` targets matches every target.
    expect(await list({ target: 'site' })).toEqual(['analytics-pro', 'support-chat']);
    expect(await list({ target: 'space' })).toEqual(['analytics-pro']);
    expect(await list({ category: 'analytics', owner: 'org_beta' })).toEqual([]);
  });

  it('filters by blocks, content sources and the domain a block unfurls', async () => {
    const { client } = setup();
    await client.integrations.publish('status-badge', {
      ...manifest,
      visibility: 'public',
      blocks: [{ id: 'badge', title: 'Badge', urlUnfurl: ['https://status.acme-corp.io/*'] }],
    });
    await client.integrations.publish('wiki-sync', {
      ...manifest,
      title: 'Wiki Sync',
      contentSources: [{ id: 'pages', title: 'Wiki pages', configuration: { componentId: 'pages-config' } }],
    });
    const list = async (query: ListIntegrationsQuery) => names((await client.integrations.list(query)).items);
    expect(await list({ blocks: true })).toEqual(['status-badge']);
    expect(await list({ blocks: false })).toEqual(['analytics-pro', 'support-chat', 'wiki-sync']);
    expect(await list({ contentSources: true })).toEqual(['wiki-sync']);
    expect(await list({ blockDomain: 'status.acme-corp.io' })).toEqual(['status-badge']);
    expect(await list({ blockDomain: 'acme-corp.io' })).toEqual(['status-badge']);
    expect(await list({ blockDomain: 'corp.io' })).toEqual([]);
  });

  it('pages through the catalogue', async () => {
    const { client } = setup();
    const first = await client.integrations.list({ limit: 1 });
    expect(names(first.items)).toEqual(['analytics-pro']);
    expect(first.next?.page).toBeDefined();
    expect(names(await client.integrations.list({ limit: 1 }).toArray({ max: 10 }))).toEqual([
      'analytics-pro',
      'support-chat',
    ]);
  });
});

describe('integrations: publishing', () => {
  it('creates a new integration at version 1, private and owned by the organization', async () => {
    const { sandbox, client } = setup();
    const published = await client.integrations.publish('status-badge', {
      ...manifest,
      icon: 'iVBORw0KGgo=',
      previewImages: ['aGVsbG8=', 'd29ybGQ='],
      secrets: { TOKEN: 's3cret' },
    });
    expect(published).toMatchObject({
      object: 'integration',
      name: 'status-badge',
      version: 1,
      title: 'Status Badge',
      target: 'all',
      verified: false,
      visibility: 'private',
      owner: { id: ORG },
      permissions: { admin: true },
    });
    // The icon and previews sent are served by the sandbox (more in downloads.test.ts).
    expect(published.urls.icon).toMatch(/^http:\/\/sandbox\.test\/_files\/[0-9a-f]{64}\/icon\.png$/);
    expect(published.previewImages).toEqual([
      expect.stringMatching(/^http:\/\/sandbox\.test\/_files\/[0-9a-f]{64}\/preview-1\.png$/),
      expect.stringMatching(/^http:\/\/sandbox\.test\/_files\/[0-9a-f]{64}\/preview-2\.png$/),
    ]);
    const preview = await sandbox.fetch(published.previewImages[0]!);
    expect(Buffer.from(await preview.arrayBuffer()).toString()).toBe('hello');
    expect(published).not.toHaveProperty('secrets');
    expect(sandbox.store.integrations.get('status-badge')).toMatchObject({
      scriptSource: manifest.script,
      secrets: { TOKEN: 's3cret' },
    });
    // No site script is invented for it (a URL on a host that does not exist).
    expect(sandbox.store.integrations.get('status-badge')).not.toHaveProperty('script');
    // Private, but its owner's members see it.
    expect(names((await client.integrations.list({ owner: ORG })).items)).toEqual([
      'analytics-pro',
      'status-badge',
    ]);
  });

  it('bumps the version of an integration the organization owns and replaces its manifest', async () => {
    const { client } = setup();
    const published = await client.integrations.publish('analytics-pro', {
      ...manifest,
      title: 'Analytics Pro',
      description: 'Now with funnels',
      organization: 'acme',
    });
    expect(published).toMatchObject({
      version: 4,
      description: 'Now with funnels',
      verified: true,
      visibility: 'public',
      categories: [],
    });
    const again = await client.integrations.publish('analytics-pro', { ...manifest, visibility: 'unlisted' });
    expect(again).toMatchObject({ version: 5, visibility: 'unlisted' });
    expect((await client.integrations.get('analytics-pro')).version).toBe(5);
  });

  it('keeps the site script URL of an integration already enabled on sites', async () => {
    const { client } = setup();
    await client.integrations.publish('analytics-pro', manifest);
    const scripts = await client.sites.listIntegrationScripts(ORG, 'site_docs');
    expect(scripts.map((s) => s.script)).toContain(
      'https://integrations.sandbox.docs-api.local/analytics-pro/script.js',
    );
  });

  it('refuses an integration owned by another organization, and an organization the actor only reads', async () => {
    const { client } = setup();
    expect(
      await failure(client.integrations.publish('support-chat', manifest), PermissionDeniedError),
    ).toContain('belongs to another organization');
    expect(
      await failure(
        client.integrations.publish('beta-tool', { ...manifest, organization: 'org_beta' }),
        PermissionDeniedError,
      ),
    ).toContain('needs the admin role');
    expect((await client.integrations.get('support-chat')).version).toBe(1);
    await failure(client.integrations.get('beta-tool'), NotFoundError);
  });

  it('answers 400 naming body.organization for an organization the actor is not in', async () => {
    const { client } = setup();
    const issue = async (body: PublishIntegrationBody) => {
      try {
        await client.integrations.publish('status-badge', body);
      } catch (error) {
        expect(error).toBeInstanceOf(BadRequestError);
        return (
          (error as BadRequestError).body as { error: { issues: Array<{ path: string }> } }
        ).error.issues.map((i) => i.path);
      }
      throw new Error('expected a 400');
    };
    expect(await issue({ ...manifest, organization: 'org_nope' })).toEqual(['body.organization']);
  });

  it('takes both runtimes of the published document, and keeps the last one given', async () => {
    const { sandbox, client } = setup();
    await client.integrations.publish('status-badge', { ...manifest, runtime: 'v2' });
    expect(sandbox.store.integrations.get('status-badge')?.runtime).toBe('v2');
    await client.integrations.publish('status-badge', manifest);
    expect(sandbox.store.integrations.get('status-badge')?.runtime).toBe('v2');
  });

  it('hides a private integration from people outside its owner', async () => {
    const { sandbox, client } = setup();
    await client.integrations.publish('status-badge', manifest);
    // Someone who belongs to no organization of the demo.
    sandbox.store.users.set('user_guest', {
      object: 'user',
      id: 'user_guest',
      displayName: 'Guest',
      urls: { location: sandbox.store.apiUrl('/users/user_guest') },
    });
    sandbox.store.actor = 'user_guest';
    await failure(client.integrations.get('status-badge'), NotFoundError);
    expect(names((await client.integrations.list()).items)).toEqual(['analytics-pro', 'support-chat']);
  });
});

describe('integrations: installations status', () => {
  it("lists org_acme's organization-wide installations by default, others by target", async () => {
    const { client } = setup();
    const defaults = await client.integrations.installationsStatus(ORG);
    // support-chat is installed in the organization too (its site installation hangs off that).
    expect(defaults.items.map((item) => [item.status, item.integration?.name, item.target])).toEqual([
      ['active', 'analytics-pro', { type: 'organization', organizationId: ORG }],
      ['active', 'support-chat', { type: 'organization', organizationId: ORG }],
    ]);
    const sites = await client.integrations.installationsStatus(ORG, { target: 'site' });
    expect(sites.items.map((item) => [item.integration?.name, item.target])).toEqual([
      ['support-chat', { type: 'site', siteId: 'site_docs' }],
    ]);
    expect((await client.integrations.installationsStatus(ORG, { target: 'space' })).items).toEqual([]);
    expect((await client.integrations.installationsStatus('org_beta')).items).toEqual([]);
    await failure(client.integrations.installationsStatus('org_nope'), NotFoundError);
  });

  it('keeps the installations on one site or space; the filter implies its target', async () => {
    const { sandbox, client } = setup();
    const onSite = async (site: string) =>
      (await client.integrations.installationsStatus(ORG, { site })).items.map((i) => i.integration?.name);
    expect(await onSite('site_docs')).toEqual(['support-chat']);
    expect(await onSite('site_internal')).toEqual([]);
    expect((await client.integrations.installationsStatus(ORG, { space: 'space_handbook' })).items).toEqual(
      [],
    );
    // Without the SDK's help: `?site=` alone still means site installations.
    const response = await sandbox.fetch(
      `http://sandbox.test/v1/orgs/${ORG}/integrations/installations-status?site=site_docs`,
      { headers: { authorization: `Bearer ${sandbox.token}` } },
    );
    const body = (await response.json()) as { items: Array<{ integration: { name: string } }> };
    expect(body.items.map((i) => i.integration.name)).toEqual(['support-chat']);
  });

  it('shows the installed integration as it is now, after a publish', async () => {
    const { client } = setup();
    await client.integrations.publish('analytics-pro', manifest);
    const [item] = (await client.integrations.installationsStatus(ORG)).items;
    expect(item?.integration?.name).toBe('analytics-pro');
    expect(item?.integration?.version).toBe(4);
  });
});

describe('coverage', () => {
  it('served every Integrations operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((op) => op.area === 'Integrations').map((op) => op.id);
    expect(ids).toHaveLength(4);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
