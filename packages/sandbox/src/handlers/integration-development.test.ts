import { describe, expect, it } from 'vitest';
import { NotFoundError, PermissionDeniedError, type PublishIntegrationBody } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const ORG = 'org_acme';
const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

const manifest: PublishIntegrationBody = {
  title: 'Status Badge',
  description: 'Shows the service status on every page',
  script: 'export default { blocks: [] };',
  organization: ORG,
  scopes: [],
  visibility: 'public',
};

type Client = ReturnType<typeof setup>['client'];

const eventsOf = async (client: Client, name: string) => (await client.integrations.listEvents(name)).items;

describe("an integration's development mode and tasks", () => {
  it('queues a task: the execution log shows it, with development mode on or off', async () => {
    const { client } = setup();
    await client.integrations.queueTask('analytics-pro', { task: { kind: 'reindex', page: 3 } });
    const [first] = await eventsOf(client, 'analytics-pro');
    expect(first?.payload).toMatchObject({ type: 'task', task: { kind: 'reindex', page: 3 } });
    expect(first?.status).toBe('success');

    await client.integrations.setDevelopmentMode('analytics-pro', {
      tunnelUrl: 'https://tunnel.acme.test/x',
    });
    await client.integrations.queueTask('analytics-pro', { task: { kind: 'again' }, schedule: 30 });
    const [second] = await eventsOf(client, 'analytics-pro');
    expect(second?.payload).toMatchObject({ type: 'task', task: { kind: 'again' } });

    await client.integrations.disableDevelopmentMode('analytics-pro');
    // Off again: disabling twice succeeds.
    await client.integrations.disableDevelopmentMode('analytics-pro');
  });

  it("keeps the tunnel on the integration's stored row, and disabling removes it", async () => {
    const { client, sandbox } = setup();
    await client.integrations.setDevelopmentMode('analytics-pro', {
      tunnelUrl: 'https://tunnel.acme.test/x',
      all: true,
    });
    // The stored row (as saved and exported): the API shows no development mode.
    const row = () => sandbox.store.integrations.get('analytics-pro');
    expect(row()?.devMode).toMatchObject({ tunnelUrl: 'https://tunnel.acme.test/x', all: true });
    await client.integrations.disableDevelopmentMode('analytics-pro');
    expect(row()?.devMode).toBeUndefined();
  });

  it("is the developer's: 403 for an integration of another organization, 404 for an unknown one", async () => {
    const { client } = setup();
    await failure(client.integrations.queueTask('support-chat', { task: {} }), PermissionDeniedError);
    await failure(
      client.integrations.setDevelopmentMode('support-chat', { tunnelUrl: 'https://t.test' }),
      PermissionDeniedError,
    );
    await failure(client.integrations.disableDevelopmentMode('nope'), NotFoundError);
    await failure(client.integrations.queueTask('nope', { task: {} }), NotFoundError);
  });

  it('creates an installation token for an installation of the integration, a new secret each time', async () => {
    const { client } = setup();
    const first = await client.integrations.createInstallationToken('analytics-pro', 'inst_analytics_pro');
    const second = await client.integrations.createInstallationToken('analytics-pro', 'inst_analytics_pro');
    expect(first.token).toMatch(/^gbi_[\w-]{32}$/);
    expect(second.token).not.toBe(first.token);
    await failure(client.integrations.createInstallationToken('analytics-pro', 'inst_nope'), NotFoundError);
    // An installation of another integration is not this one's.
    await failure(
      client.integrations.createInstallationToken('analytics-pro', 'inst_support_chat'),
      NotFoundError,
    );
  });
});

describe("an organization's integrations and installations", () => {
  it('lists the public integrations and its own, with the filters', async () => {
    const { client } = setup();
    await client.integrations.publish('in-house', { ...manifest, title: 'In House', visibility: 'private' });
    const names = async (org: string, query = {}) =>
      (await client.integrations.listForOrganization(org, query)).items.map((item) => item.name);
    expect(await names(ORG)).toEqual(['analytics-pro', 'support-chat', 'in-house']);
    expect(await names('org_beta')).toEqual(['analytics-pro', 'support-chat']);
    expect(await names(ORG, { search: 'house' })).toEqual(['in-house']);
    await failure(client.integrations.listForOrganization('org_nope'), NotFoundError);
  });

  it('lists its organization-wide installations with their integrations, and the status of one', async () => {
    const { client } = setup();
    const page = await client.integrations.listOrganizationInstallations(ORG);
    expect(
      page.items.map((item) => [item.installation.id, item.integration.name, item.installation.status]),
    ).toEqual([
      ['inst_analytics_pro', 'analytics-pro', 'active'],
      ['inst_support_chat', 'support-chat', 'active'],
    ]);
    expect(page.count).toBe(2);
    expect(await client.integrations.getInstallationStatus(ORG, 'analytics-pro')).toEqual({
      status: 'active',
    });

    await client.integrations.uninstall('analytics-pro', 'inst_analytics_pro');
    expect((await client.integrations.listOrganizationInstallations(ORG)).items).toHaveLength(1);
    expect(
      await failure(client.integrations.getInstallationStatus(ORG, 'analytics-pro'), NotFoundError),
    ).toContain('not installed');
    await failure(client.integrations.getInstallationStatus(ORG, 'nope'), NotFoundError);
    await failure(client.integrations.listOrganizationInstallations('org_nope'), NotFoundError);
  });
});

describe("a space's integration blocks", () => {
  it('lists the blocks of the integrations installed on the space', async () => {
    const { client } = setup();
    expect(await client.spaces.integrations.listBlocks('space_guides')).toEqual([]);
    await client.integrations.publish('status-badge', {
      ...manifest,
      blocks: [{ id: 'badge', title: 'Badge', urlUnfurl: ['https://status.acme.test/*'] }],
    });
    const installation = await client.integrations.install('status-badge', { organization: ORG });
    await client.integrations.installOnSpace('status-badge', installation.id, { space: 'space_guides' });
    const blocks = await client.spaces.integrations.listBlocks('space_guides');
    expect(blocks).toEqual([
      {
        name: 'status-badge',
        blocks: [{ id: 'badge', title: 'Badge', urlUnfurl: ['https://status.acme.test/*'] }],
      },
    ]);
    expect(await client.spaces.integrations.listBlocks('space_handbook')).toEqual([]);
    await failure(client.spaces.integrations.listBlocks('space_nope'), NotFoundError);
  });
});
