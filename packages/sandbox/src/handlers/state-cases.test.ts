import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '@docs-api/sdk';
import { failure, sandboxWithClient, steppingClock } from '../../test-support/client.js';

/*
 * The cases of issue 29 that answered a value built from the schema: each now answers from the
 * sandbox's state, and what it changes shows everywhere.
 */

const ORG = 'org_acme';
const SITE = 'site_docs';
const setup = () => sandboxWithClient({ clock: steppingClock(Date.UTC(2026, 2, 1)) });

describe('answers from state, not from the schema', () => {
  it('sites.sections.update changes the title the list shows; delete removes the section and its site spaces', async () => {
    const { client } = setup();
    const [section] = (await client.sites.sections.list(ORG, SITE)).items;
    if (!section) throw new Error('the demo site has sections');
    const updated = await client.sites.sections.update(ORG, SITE, section.id, { title: 'Products' });
    expect(updated.title).toBe('Products');
    expect((await client.sites.sections.list(ORG, SITE)).items.find((s) => s.id === section.id)?.title).toBe(
      'Products',
    );
    const other = (await client.sites.sections.list(ORG, SITE)).items.find((s) => s.id !== section.id);
    if (other)
      await failure(client.sites.sections.update(ORG, SITE, section.id, { path: other.path }), ConflictError);
    const siteSpaces = (section.siteSpaces ?? []).map((siteSpace) => siteSpace.id);
    await client.sites.sections.delete(ORG, SITE, section.id);
    const after = await client.sites.sections.list(ORG, SITE);
    expect(after.items.map((s) => s.id)).not.toContain(section.id);
    const remaining = (await client.sites.spaces.list(ORG, SITE)).items.map((s) => s.id);
    for (const id of siteSpaces) expect(remaining).not.toContain(id);
    await failure(client.sites.sections.update(ORG, SITE, section.id, { title: 'Gone' }), NotFoundError);
    await failure(client.sites.sections.delete(ORG, SITE, 'sitesc_missing'), NotFoundError);
  });

  it('organizations.invites.create keeps the role sent (read), lists and gets it, updates it', async () => {
    const { client } = setup();
    const invite = await client.organizations.invites.create(ORG, { role: 'read' });
    expect(invite).toMatchObject({ object: 'invite', role: 'read' });
    const links = await client.organizations.invites.listLinks(ORG);
    expect(links.items.map((link) => link.id)).toContain(invite.id);
    expect(links.count).toBe(links.items.length);
    expect(await client.organizations.invites.getLink(ORG, invite.id)).toEqual(invite);
    const updated = await client.organizations.invites.update(ORG, invite.id, { role: 'edit' });
    expect(updated).toMatchObject({ id: invite.id, role: 'edit', redundant: false });
    await failure(client.organizations.invites.getLink(ORG, 'invite_missing'), NotFoundError);
  });

  it('spaces.permissions.invite then listUsers shows exactly the users invited, with their role', async () => {
    const { client } = setup();
    expect((await client.spaces.permissions.listUsers('space_handbook')).items).toEqual([]);
    await client.spaces.permissions.invite('space_handbook', { role: 'edit', users: ['user_grace'] });
    const listed = await client.spaces.permissions.listUsers('space_handbook');
    expect(listed.count).toBe(1);
    expect(listed.items.map((item) => [item.permission, item.user.id, item.user.displayName])).toEqual([
      ['edit', 'user_grace', 'Grace Hopper'],
    ]);
    await client.spaces.permissions.updateUser('space_handbook', 'user_grace', { role: 'read' });
    expect((await client.spaces.permissions.listUsers('space_handbook')).items[0]?.permission).toBe('read');
    await client.spaces.permissions.removeUser('space_handbook', 'user_grace');
    expect((await client.spaces.permissions.listUsers('space_handbook')).count).toBe(0);
    await failure(client.spaces.permissions.listUsers('space_missing'), NotFoundError);
  });

  it('organizations.create makes an organization the creator is admin of, listed among theirs', async () => {
    const { client } = setup();
    const created = await client.organizations.create({ title: 'Initech' });
    expect(created.id).not.toBe('string');
    expect(created).toMatchObject({ object: 'organization', title: 'Initech' });
    const mine = await client.organizations.list();
    expect(mine.items.map((organization) => organization.id)).toContain(created.id);
    expect((await client.organizations.get(created.id)).title).toBe('Initech');
  });

  it('spaces.integrations.list of a space that does not exist is 404', async () => {
    const { client } = setup();
    await failure(client.spaces.integrations.list('space_missing'), NotFoundError);
  });

  it("the demo's two files have bytes, served at download URLs on the sandbox's own host", async () => {
    const { client, sandbox } = setup();
    const files = (await client.spaces.content.listFiles('space_handbook')).items;
    expect(files.map((file) => file.name).sort()).toEqual(['guide.pdf', 'logo.png']);
    for (const file of files) {
      expect(file.downloadURL).toMatch(/^http:\/\/sandbox\.test\/_files\//);
      const response = await sandbox.fetch(file.downloadURL);
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBe(file.size);
      const magic = file.name.endsWith('.png') ? '\x89PNG' : '%PDF';
      expect(bytes.subarray(0, 4).toString('latin1')).toBe(magic);
    }
  });
});
