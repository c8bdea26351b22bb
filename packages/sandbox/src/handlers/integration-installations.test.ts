import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  type PublishIntegrationBody,
} from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { integrationInstallationHandlers } from './integration-installations.js';

const ORG = 'org_acme';
const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

const manifest: PublishIntegrationBody = {
  title: 'Status Badge',
  description: 'Shows the service status on every page',
  script: 'export default { blocks: [] };',
  organization: ORG,
  scopes: [],
  visibility: 'public',
};

type Client = ReturnType<typeof setup>['client'];

/** Publishes status-badge (for all targets) as org_acme and installs it there. */
async function installed(client: Client) {
  await client.integrations.publish('status-badge', manifest);
  return client.integrations.install('status-badge', { organization: ORG });
}

async function eventTypes(client: Client, name: string): Promise<string[]> {
  return (await client.integrations.listEvents(name)).items.map((event) => String(event.payload.type));
}

describe('integrations: installations in an organization', () => {
  it("lists the demo's installations: the integration's developer sees every one, others their organization's", async () => {
    const { client } = setup({
      fixtures: {
        version: 1,
        installations: [
          {
            id: 'inst_gamma_chat',
            organization: 'org_gamma',
            integration: 'support-chat',
            target: 'organization',
            status: 'active',
          },
          {
            id: 'inst_gamma_analytics',
            organization: 'org_gamma',
            integration: 'analytics-pro',
            target: 'organization',
            status: 'paused',
          },
        ],
      },
    });
    const analytics = await client.integrations.listInstallations('analytics-pro');
    expect(
      analytics.items.map((i) => [i.id, i.status, i.target, i.space_selection, i.site_selection]),
    ).toEqual([
      ['inst_analytics_pro', 'active', { organization: ORG }, 'all', 'all'],
      // user_ada administers org_acme, which owns analytics-pro: she sees org_gamma's too.
      ['inst_gamma_analytics', 'paused', { organization: 'org_gamma' }, 'selected', 'selected'],
    ]);
    expect(analytics.items[0]).toMatchObject({
      spaces: 0,
      configuration: {},
      externalIds: [],
      createdAt: '2026-01-05T12:00:00.000Z',
      urls: {
        location: 'http://sandbox.test/v1/integrations/analytics-pro/installations/inst_analytics_pro',
        publicEndpoint:
          'https://integrations.sandbox.docs-api.local/v1/integrations/analytics-pro/installations/inst_analytics_pro',
      },
    });
    // support-chat belongs to org_beta: only org_acme's installation shows.
    expect((await client.integrations.listInstallations('support-chat')).items.map((i) => i.id)).toEqual([
      'inst_support_chat',
    ]);
    const sites = await client.integrations.listSiteInstallations('support-chat');
    expect(sites.items).toEqual([
      {
        integration: 'support-chat',
        installation: 'inst_support_chat',
        status: 'active',
        configuration: {},
        externalIds: [],
        site: 'site_docs',
        urls: {
          location:
            'http://sandbox.test/v1/integrations/support-chat/installations/inst_support_chat/sites/site_docs',
          publicEndpoint:
            'https://integrations.sandbox.docs-api.local/v1/integrations/support-chat/installations/inst_support_chat',
          publicContentEndpoint:
            'https://content.integrations.sandbox.docs-api.local/v1/integrations/support-chat/installations/inst_support_chat',
        },
      },
    ]);
  });

  it('installs an integration in an organization, then reads it in the lists, the status and the log', async () => {
    const { client } = setup();
    const installation = await installed(client);
    expect(installation).toMatchObject({
      status: 'active',
      target: { organization: ORG },
      spaces: 0,
      space_selection: 'selected',
      site_selection: 'selected',
    });
    expect(installation.id).toMatch(/^inst_/);
    expect((await client.integrations.listInstallations('status-badge')).items).toEqual([installation]);
    const status = await client.integrations.installationsStatus(ORG);
    expect(status.items.map((item) => item.integration?.name)).toContain('status-badge');

    const [event] = (await client.integrations.listEvents('status-badge')).items;
    expect(event).toMatchObject({
      integrationId: 'status-badge',
      installationId: installation.id,
      status: 'success',
      payload: { type: 'installation_setup', installationId: installation.id, status: 'active' },
    });
    const read = await client.integrations.getEvent('status-badge', event!.id);
    expect(read.event).toEqual(event);
    expect(read.trace?.logs.map((log) => [log.level, log.message])).toEqual([
      ['info', `Received installation_setup for installation ${installation.id}`],
      ['debug', 'Handled installation_setup'],
    ]);
  });

  it('refuses a second installation (409), an organization one does not administer (403) or belong to (400)', async () => {
    const { client } = setup();
    await installed(client);
    expect(
      await failure(client.integrations.install('status-badge', { organization: ORG }), ConflictError),
    ).toMatch(/installed in "org_acme" already/);
    await failure(
      client.integrations.install('status-badge', { organization: 'org_beta' }),
      PermissionDeniedError,
    );
    expect(
      await failure(
        client.integrations.install('status-badge', { organization: 'org_gamma' }),
        BadRequestError,
      ),
    ).toMatch(/body\.organization/);
    await failure(client.integrations.install('nope', { organization: ORG }), NotFoundError);
  });
});

describe('integrations: one installation, got and changed (answered from state, not the schema)', () => {
  it('gets and updates the organization installation, and the space and site installations under it', async () => {
    const { client } = setup();
    const parent = await installed(client);
    expect(await client.integrations.getInstallation('status-badge', parent.id)).toEqual(parent);
    const updated = await client.integrations.updateInstallation('status-badge', parent.id, {
      externalIds: ['acct-1'],
      configuration: { theme: 'dark' },
      space_selection: 'all',
    });
    expect(updated).toMatchObject({
      externalIds: ['acct-1'],
      configuration: { theme: 'dark' },
      space_selection: 'all',
    });
    expect((await client.integrations.listInstallations('status-badge')).items[0]).toEqual(updated);
    await failure(client.integrations.getInstallation('status-badge', 'inst_missing'), NotFoundError);

    await client.integrations.installOnSpace('status-badge', parent.id, { space: 'space_guides' });
    await client.integrations.installOnSite('status-badge', parent.id, { siteId: 'site_docs' });
    const spaces = await client.integrations.listInstallationSpaces('status-badge', parent.id);
    expect(spaces.items.map((item) => item.space)).toEqual(['space_guides']);
    const sites = await client.integrations.listInstallationSites('status-badge', parent.id);
    expect(sites.items.map((item) => item.site)).toEqual(['site_docs']);
    const onSpace = await client.integrations.updateSpaceInstallation(
      'status-badge',
      parent.id,
      'space_guides',
      {
        configuration: { badge: 'beta' },
      },
    );
    expect(onSpace.configuration).toEqual({ badge: 'beta' });
    expect(await client.integrations.getSpaceInstallation('status-badge', parent.id, 'space_guides')).toEqual(
      onSpace,
    );
    const onSite = await client.integrations.updateSiteInstallation('status-badge', parent.id, 'site_docs', {
      externalIds: ['site-1'],
    });
    expect(onSite.externalIds).toEqual(['site-1']);
    expect(await client.integrations.getSiteInstallation('status-badge', parent.id, 'site_docs')).toEqual(
      onSite,
    );
    await failure(
      client.integrations.getSpaceInstallation('status-badge', parent.id, 'space_handbook'),
      NotFoundError,
    );
  });
});

describe('integrations: installations on spaces and sites', () => {
  it('installs on a space, then reads it in the space installations, the count and the status', async () => {
    const { client } = setup();
    const parent = await installed(client);
    const onSpace = await client.integrations.installOnSpace('status-badge', parent.id, {
      space: 'space_guides',
    });
    expect(onSpace).toMatchObject({
      integration: 'status-badge',
      installation: parent.id,
      status: 'active',
      space: 'space_guides',
    });
    const extended = await client.integrations.listSpaceInstallations('status-badge', { extended: true });
    expect(extended.items.map((item) => item.space)).toEqual([
      expect.objectContaining({ object: 'space', id: 'space_guides' }),
    ]);
    expect((await client.integrations.listInstallations('status-badge')).items[0]?.spaces).toBe(1);
    const status = await client.integrations.installationsStatus(ORG, { space: 'space_guides' });
    expect(status.items.map((item) => [item.integration?.name, item.target])).toEqual([
      ['status-badge', { type: 'space', spaceId: 'space_guides' }],
    ]);
    expect(await eventTypes(client, 'status-badge')).toEqual([
      'space_installation_setup',
      'installation_setup',
    ]);

    expect(
      await failure(
        client.integrations.installOnSpace('status-badge', parent.id, { space: 'space_guides' }),
        ConflictError,
      ),
    ).toMatch(/installed on space "space_guides" already/);
    expect(
      await failure(
        client.integrations.installOnSpace('status-badge', parent.id, { space: 'space_nope' }),
        BadRequestError,
      ),
    ).toMatch(/body\.space/);
    await failure(
      client.integrations.installOnSpace('status-badge', 'inst_nope', { space: 'space_api' }),
      NotFoundError,
    );
  });

  it("installs on a site: the site's integrations and published scripts follow", async () => {
    const { client } = setup();
    const site = await client.integrations.installOnSite(
      'analytics-pro',
      'inst_analytics_pro',
      { siteId: 'site_internal' },
      { extended: true },
    );
    expect(site).toMatchObject({
      installation: 'inst_analytics_pro',
      site: { object: 'site', id: 'site_internal' },
    });
    expect((await client.sites.listIntegrations(ORG, 'site_internal')).items.map((i) => i.name)).toEqual([
      'analytics-pro',
    ]);
    expect((await client.sites.getPublished(ORG, 'site_internal')).scripts?.map((s) => s.script)).toEqual([
      'https://integrations.sandbox.docs-api.local/analytics-pro/script.js',
    ]);
    expect(
      (await client.integrations.listSiteInstallations('analytics-pro')).items.map((i) => i.site),
    ).toEqual(['site_internal']);
    expect(await eventTypes(client, 'analytics-pro')).toEqual([
      'site_installation_setup',
      'installation_setup',
    ]);
  });

  it('refuses a target the integration is not made for', async () => {
    const { client } = setup();
    // support-chat is for sites.
    expect(
      await failure(
        client.integrations.installOnSpace('support-chat', 'inst_support_chat', { space: 'space_api' }),
        BadRequestError,
      ),
    ).toMatch(/made for site installations, not spaces/);
  });

  it('uninstalls from a site and a space; uninstalling what is not installed succeeds', async () => {
    const { client } = setup();
    await client.integrations.uninstallFromSite('support-chat', 'inst_support_chat', 'site_docs');
    expect((await client.integrations.listSiteInstallations('support-chat')).items).toEqual([]);
    expect((await client.sites.listIntegrations(ORG, 'site_docs')).items.map((i) => i.name)).toEqual([
      'analytics-pro',
    ]);
    expect((await client.integrations.installationsStatus(ORG, { site: 'site_docs' })).items).toEqual([]);
    await client.integrations.uninstallFromSite('support-chat', 'inst_support_chat', 'site_docs');

    const parent = await installed(client);
    await client.integrations.installOnSpace('status-badge', parent.id, { space: 'space_api' });
    await client.integrations.uninstallFromSpace('status-badge', parent.id, 'space_api');
    expect((await client.integrations.listSpaceInstallations('status-badge')).items).toEqual([]);
    expect((await eventTypes(client, 'status-badge'))[0]).toBe('space_installation_deleted');
  });

  it("uninstalls an organization's installation with its space and site installations", async () => {
    const { client } = setup();
    const parent = await installed(client);
    await client.integrations.installOnSpace('status-badge', parent.id, { space: 'space_api' });
    await client.integrations.installOnSite('status-badge', parent.id, { siteId: 'site_docs' });
    await client.integrations.uninstall('status-badge', parent.id);
    expect((await client.integrations.listInstallations('status-badge')).items).toEqual([]);
    expect((await client.integrations.listSpaceInstallations('status-badge')).items).toEqual([]);
    expect((await client.integrations.listSiteInstallations('status-badge')).items).toEqual([]);
    expect((await client.sites.listIntegrations(ORG, 'site_docs')).items.map((i) => i.name)).not.toContain(
      'status-badge',
    );
    expect((await eventTypes(client, 'status-badge')).slice(0, 3)).toEqual([
      'installation_deleted',
      'site_installation_deleted',
      'space_installation_deleted',
    ]);
    await client.integrations.uninstall('status-badge', parent.id);
  });
});

describe('integrations: the execution log', () => {
  it("is the developer's: others get a 403; an unknown event is a 404", async () => {
    const { client } = setup();
    await failure(client.integrations.listEvents('support-chat'), PermissionDeniedError);
    await failure(client.integrations.getEvent('support-chat', 'event_chat_setup'), PermissionDeniedError);
    expect((await client.integrations.listEvents('analytics-pro')).items.map((e) => e.id)).toEqual([
      'event_analytics_setup',
    ]);
    await failure(client.integrations.getEvent('analytics-pro', 'event_chat_setup'), NotFoundError);
  });

  it('logs events failed, with an error in their trace, for an integration marked failEvents', async () => {
    const { sandbox } = setup();
    const row = structuredClone(sandbox.store.integrations.get('analytics-pro')!);
    const { client } = setup({
      fixtures: {
        version: 1,
        integrations: [{ ...row, failEvents: true }],
      },
    });
    await client.integrations.installOnSpace('analytics-pro', 'inst_analytics_pro', { space: 'space_api' });
    const [event] = (await client.integrations.listEvents('analytics-pro')).items;
    expect(event).toMatchObject({
      status: 'failed',
      payload: { type: 'space_installation_setup', spaceId: 'space_api' },
    });
    const { trace } = await client.integrations.getEvent('analytics-pro', event!.id);
    expect(trace?.logs.at(-1)).toMatchObject({ level: 'error' });
  });
});

describe('integrations.unpublish', () => {
  it('removes the integration from the catalogue, with its installations and its log', async () => {
    const { client } = setup();
    await client.integrations.unpublish('analytics-pro');
    expect((await client.integrations.list()).items.map((i) => i.name)).toEqual(['support-chat']);
    await failure(client.integrations.get('analytics-pro'), NotFoundError);
    expect(
      (await client.integrations.installationsStatus(ORG)).items.map((i) => i.integration?.name),
    ).toEqual(['support-chat']);
    expect((await client.sites.listIntegrations(ORG, 'site_docs')).items.map((i) => i.name)).toEqual([
      'support-chat',
    ]);
    await failure(client.integrations.listEvents('analytics-pro'), NotFoundError);
    // Gone: unpublishing it again succeeds.
    await client.integrations.unpublish('analytics-pro');
  });

  it("needs the admin role in the integration's owner", async () => {
    const { client } = setup();
    expect(await failure(client.integrations.unpublish('support-chat'), PermissionDeniedError)).toMatch(
      /admins of "org_beta"/,
    );
    expect((await client.integrations.get('support-chat')).name).toBe('support-chat');
  });
});

describe('coverage', () => {
  it('served every installation, log and unpublish operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = integrationInstallationHandlers.map((handler) => handler.operation.id);
    expect(ids).toHaveLength(20);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});

describe("spaces.integrations.list: a space's integrations, from its installations", () => {
  it('lists an integration once installed on the space (or for all spaces), not before; a missing space is 404', async () => {
    const { client } = setup();
    const parent = await installed(client);
    const names = async (spaceId: string, search?: string) =>
      (await client.spaces.integrations.list(spaceId, search === undefined ? {} : { search })).items.map(
        (integration) => integration.name,
      );
    const before = await names('space_guides');
    expect(before).not.toContain('status-badge');
    await client.integrations.installOnSpace('status-badge', parent.id, { space: 'space_guides' });
    const after = await names('space_guides');
    expect(after).toHaveLength(before.length + 1);
    expect(after).toEqual(expect.arrayContaining([...before, 'status-badge']));
    const listed = (await client.spaces.integrations.list('space_guides')).items.find(
      (i) => i.name === 'status-badge',
    );
    expect(listed).toEqual(await client.integrations.get('status-badge'));
    expect(await names('space_guides', 'status badge nothing like it')).toEqual([]);
    expect(await names('space_handbook')).not.toContain('status-badge');
    await client.integrations.updateInstallation('status-badge', parent.id, { space_selection: 'all' });
    expect(await names('space_handbook')).toContain('status-badge');
    await failure(client.spaces.integrations.list('space_missing'), NotFoundError);
  });
});
