import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, NotFoundError } from '@docs-api/sdk';
import { failure, sandboxWithClient, steppingClock } from '../../test-support/client.js';

const ORG = 'org_acme';
const SITE = 'site_docs';
const setup = () => sandboxWithClient({ clock: steppingClock(Date.UTC(2026, 2, 1)) });

describe('the resource engine', () => {
  it('customFonts: create keeps the weight sent, list holds exactly it with a true count, update and delete show', async () => {
    const { client, sandbox } = setup();
    const created = await client.customFonts.create(ORG, {
      fontFamily: 'Inter',
      fontFaces: [{ weight: 400, storageKey: 'fonts/inter-400.woff2' }],
    });
    expect(created.id).toMatch(/^font_/);
    expect(created.fontFamily).toBe('Inter');
    expect(created.custom).toBe(true);
    expect(created.fontFaces).toEqual([
      { weight: 400, sources: [{ url: 'http://sandbox.test/_storage/fonts%2Finter-400.woff2' }] },
    ]);
    const listed = await client.customFonts.list(ORG);
    expect(listed.count).toBe(1);
    expect(listed.items).toEqual([created]);
    expect(await client.customFonts.get(ORG, created.id)).toEqual(created);
    const updated = await client.customFonts.update(ORG, created.id, { fontFamily: 'Inter Display' });
    expect(updated.fontFamily).toBe('Inter Display');
    expect((await client.customFonts.list(ORG)).items[0]?.fontFamily).toBe('Inter Display');
    await client.customFonts.delete(ORG, created.id);
    expect((await client.customFonts.list(ORG)).count).toBe(0);
    await failure(client.customFonts.get(ORG, created.id), NotFoundError);
    await failure(client.customFonts.get(ORG, 'font_missing'), NotFoundError);
    await failure(client.customFonts.list('org_missing'), NotFoundError);
    const response = await sandbox.fetch(`http://sandbox.test/v1/orgs/${ORG}/fonts`, {
      headers: { authorization: `Bearer ${sandbox.token}` },
    });
    expect(response.headers.get('x-sandbox-answer')).toBe('state');
  });

  it('sites.channels: the created channel is listed, got, updated and deleted; a missing site is 404', async () => {
    const { client } = setup();
    const channel = await client.sites.channels.create(ORG, SITE, {
      type: 'builtin:slack',
      role: 'support',
      setupSettings: { allowedChannels: ['C0docs'] },
    });
    expect(channel).toMatchObject({
      object: 'site-channel',
      type: 'builtin:slack',
      role: 'support',
      status: 'pending',
      answers: 0,
      createdAt: '2026-03-01T00:00:00.000Z',
      setupSettings: { allowedChannels: ['C0docs'] },
    });
    expect(channel.urls.location).toBe(
      `http://sandbox.test/v1/orgs/${ORG}/sites/${SITE}/channels/${channel.id}`,
    );
    expect((await client.sites.channels.list(ORG, SITE)).items).toEqual([channel]);
    const updated = await client.sites.channels.update(ORG, SITE, channel.id, { role: 'collaborator' });
    expect(updated.role).toBe('collaborator');
    expect(await client.sites.channels.get(ORG, SITE, channel.id)).toEqual(updated);
    await client.sites.channels.delete(ORG, SITE, channel.id);
    expect((await client.sites.channels.list(ORG, SITE)).count).toBe(0);
    await failure(client.sites.channels.get(ORG, SITE, channel.id), NotFoundError);
    await failure(client.sites.channels.list(ORG, 'site_missing'), NotFoundError);
  });

  it('Git Sync installations: answered from what was sent, the clock and the actor; no placeholder values', async () => {
    const { client } = setup();
    const installation = await client.gitSync.installProviderOnTarget({
      provider: 'github',
      target: { type: 'space', spaceId: 'space_handbook' },
    });
    const text = JSON.stringify(installation);
    expect(text).not.toMatch(/"string"|example\.com|2019-08-24/);
    expect(installation).toMatchObject({
      object: 'git-sync-installation',
      provider: 'github',
      target: { type: 'space', spaceId: 'space_handbook' },
      status: 'unauthenticated',
      createdBy: 'user_ada',
    });
    expect(await client.gitSync.getInstallation(installation.id)).toEqual(installation);
    await client.gitSync.uninstallInstallation(installation.id);
    await failure(client.gitSync.getInstallation(installation.id), NotFoundError);
  });

  it("Git Sync: a site's installations are those installed on it; the provider's repositories cannot be had offline (401)", async () => {
    const { client } = setup();
    const installation = await client.gitSync.installProviderOnTarget({
      provider: 'github',
      target: { type: 'site', siteId: SITE },
    });
    const listed = await client.gitSync.listInstallations(ORG, SITE);
    expect(listed.items.map((item) => item.id)).toEqual([installation.id]);
    await failure(client.gitSync.listInstallations(ORG, 'site_missing'), NotFoundError);
    await failure(client.gitSync.listGitHubRepositories(installation.id), AuthenticationError);
    await failure(client.gitSync.listGitHubRepositories('gitInstallation_missing'), NotFoundError);
  });

  it('keeps its objects (and the permissions given) in --data across a restart', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'sandbox-engine-')), 'data');
    const first = sandboxWithClient({ data: dir });
    const font = await first.client.customFonts.create(ORG, {
      fontFamily: 'Inter',
      fontFaces: [{ weight: 700, storageKey: 'inter-700.woff2' }],
    });
    await first.client.spaces.permissions.invite('space_handbook', {
      role: 'comment',
      users: ['user_grace'],
    });
    await first.sandbox.close();
    const second = sandboxWithClient({ data: dir });
    expect((await second.client.customFonts.list(ORG)).items.map((item) => item.id)).toEqual([font.id]);
    expect((await second.client.spaces.permissions.listUsers('space_handbook')).items[0]?.permission).toBe(
      'comment',
    );
    await second.sandbox.close();
  });
});
