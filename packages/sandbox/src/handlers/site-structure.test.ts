import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  type PublishedContentSite,
  type SiteSection,
} from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { siteStructureHandlers } from './site-structure.js';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });
const ORG = 'org_acme';
const SITE = 'site_docs';

function sectionsOf(published: PublishedContentSite): SiteSection[] {
  return (published.structure as { structure: SiteSection[] }).structure;
}

/** `section: [site space ids]` of the published view. */
async function publishedLayout(
  client: ReturnType<typeof setup>['client'],
): Promise<Record<string, string[]>> {
  const sections = sectionsOf(await client.sites.getPublished(ORG, SITE));
  return Object.fromEntries(
    sections.map((s) => [s.id, (s.siteSpaces ?? []).map((siteSpace) => siteSpace.id)]),
  );
}

describe('sites.spaces', () => {
  it("lists the site's spaces as the published view shows them; `default` keeps or drops the default one", async () => {
    const { client } = setup();
    const page = await client.sites.spaces.list(ORG, SITE);
    expect(page.count).toBe(2);
    expect(page.items.map((s) => [s.id, s.space.id, s.section, s.path, s.default, s.draft])).toEqual([
      ['sitesp_handbook', 'space_handbook', 'sitesc_product', 'handbook', true, false],
      ['sitesp_api', 'space_api', 'sitesc_developers', 'api', false, false],
    ]);
    const published = sectionsOf(await client.sites.getPublished(ORG, SITE))[0]?.siteSpaces?.[0];
    expect(page.items[0]).toEqual(published);
    expect((await client.sites.spaces.list(ORG, SITE, { default: true })).items.map((s) => s.id)).toEqual([
      'sitesp_handbook',
    ]);
    expect((await client.sites.spaces.list(ORG, SITE, { default: false })).items.map((s) => s.id)).toEqual([
      'sitesp_api',
    ]);
    await failure(client.sites.spaces.list(ORG, 'site_nope'), NotFoundError);
  });

  it('adds a space to the default section, then reads it back in the list, the count and the published view', async () => {
    const { client } = setup();
    const added = await client.sites.spaces.add(ORG, SITE, { spaceId: 'space_guides' });
    expect(added).toMatchObject({
      object: 'site-space',
      title: 'Guides',
      path: 'guides',
      section: 'sitesc_product',
      default: false,
      draft: false,
      space: { id: 'space_guides' },
      urls: { published: 'https://acme.sandbox.docs-api.local/docs/product/guides' },
    });
    expect(added.id).toMatch(/^sitesp_/);
    expect((await client.sites.spaces.list(ORG, SITE)).items.map((s) => s.id)).toEqual([
      'sitesp_handbook',
      'sitesp_api',
      added.id,
    ]);
    expect((await client.sites.get(ORG, SITE)).siteSpaces).toBe(3);
    expect(await publishedLayout(client)).toEqual({
      sitesc_product: ['sitesp_handbook', added.id],
      sitesc_developers: ['sitesp_api'],
    });
    // The site is now found by that space.
    expect((await client.sites.list(ORG, { space: 'space_guides' })).items.map((s) => s.id)).toContain(SITE);
  });

  it('adds a draft with its own title to a named section: listed, not published until it goes live', async () => {
    const { client } = setup();
    const draft = await client.sites.spaces.add(ORG, SITE, {
      spaceId: 'space_handbook',
      sectionId: 'sitesc_developers',
      title: 'Handbook for developers',
      draft: true,
    });
    expect(draft).toMatchObject({
      title: 'Handbook for developers',
      path: 'handbook-for-developers',
      draft: true,
    });
    expect((await publishedLayout(client)).sitesc_developers).toEqual(['sitesp_api']);
    const live = await client.sites.spaces.update(ORG, SITE, draft.id, { draft: false });
    expect(live.draft).toBe(false);
    expect((await publishedLayout(client)).sitesc_developers).toEqual(['sitesp_api', draft.id]);
  });

  it('creates a new blank space for spaceId null', async () => {
    const { client } = setup();
    const added = await client.sites.spaces.add(ORG, SITE, { spaceId: null, title: 'Release notes' });
    expect(added.space).toMatchObject({ object: 'space', title: 'Release notes', organization: ORG });
    expect(added.path).toBe('release-notes');
    const space = await client.spaces.get(added.space.id);
    expect(space.title).toBe('Release notes');
    expect(
      await failure(
        client.sites.spaces.add(ORG, SITE, { spaceId: null, pageId: 'page_faq' }),
        BadRequestError,
      ),
    ).toMatch(/body\.pageId/);
  });

  it('refuses a space twice in a section, a space or section not of the site, a page not in the space', async () => {
    const { client } = setup();
    expect(
      await failure(client.sites.spaces.add(ORG, SITE, { spaceId: 'space_handbook' }), ConflictError),
    ).toMatch(/already in section "sitesc_product"/);
    expect(
      await failure(
        client.sites.spaces.add(ORG, SITE, { spaceId: 'space_guides', sectionId: 'sitesc_nope' }),
        BadRequestError,
      ),
    ).toMatch(/body\.sectionId/);
    expect(
      await failure(client.sites.spaces.add(ORG, SITE, { spaceId: 'space_nope' }), BadRequestError),
    ).toMatch(/body\.spaceId: space "space_nope" is not in organization "org_acme"/);
    expect(
      await failure(
        client.sites.spaces.add(ORG, SITE, { spaceId: 'space_guides', pageId: 'page_nope' }),
        BadRequestError,
      ),
    ).toMatch(/body\.pageId: page "page_nope" is not in space "space_guides"/);
    expect((await client.sites.get(ORG, SITE)).siteSpaces).toBe(2);
  });

  it('updates path, condition, root page, hidden and space; a path taken in the section is a 409', async () => {
    const { client } = setup();
    const updated = await client.sites.spaces.update(ORG, SITE, 'sitesp_handbook', {
      path: 'manual',
      condition: 'visitor.claims.isBetaUser === true',
      pageId: 'page_installation',
      hidden: true,
    });
    expect(updated).toMatchObject({
      path: 'manual',
      condition: 'visitor.claims.isBetaUser === true',
      pageId: 'page_installation',
      hidden: true,
      urls: { published: 'https://acme.sandbox.docs-api.local/docs/product/manual' },
    });
    expect((await client.sites.spaces.list(ORG, SITE)).items[0]).toEqual(updated);
    const cleared = await client.sites.spaces.update(ORG, SITE, 'sitesp_handbook', {
      condition: null,
      pageId: null,
    });
    expect(cleared).not.toHaveProperty('condition');
    expect(cleared).not.toHaveProperty('pageId');
    // Another space: the root page goes with the old one.
    await client.sites.spaces.update(ORG, SITE, 'sitesp_handbook', { pageId: 'page_installation' });
    const moved = await client.sites.spaces.update(ORG, SITE, 'sitesp_handbook', { spaceId: 'space_guides' });
    expect(moved.space.id).toBe('space_guides');
    expect(moved).not.toHaveProperty('pageId');

    const other = await client.sites.spaces.add(ORG, SITE, { spaceId: 'space_handbook' });
    expect(
      await failure(client.sites.spaces.update(ORG, SITE, other.id, { path: 'manual' }), ConflictError),
    ).toMatch(/Path "manual" is taken/);
    await failure(client.sites.spaces.update(ORG, SITE, 'sitesp_nope', { hidden: true }), NotFoundError);
  });

  it('removes a site space (and its default role); removing one the site does not have succeeds', async () => {
    const { client } = setup();
    await client.sites.update(ORG, SITE, { defaultSiteSpace: 'sitesp_api' });
    await client.sites.spaces.delete(ORG, SITE, 'sitesp_api');
    expect((await client.sites.spaces.list(ORG, SITE)).items.map((s) => [s.id, s.default])).toEqual([
      ['sitesp_handbook', true],
    ]);
    expect((await client.sites.get(ORG, SITE)).siteSpaces).toBe(1);
    expect(await publishedLayout(client)).toEqual({
      sitesc_product: ['sitesp_handbook'],
      sitesc_developers: [],
    });
    await client.sites.spaces.delete(ORG, SITE, 'sitesp_api');
    await failure(client.sites.spaces.delete(ORG, 'site_nope', 'sitesp_api'), NotFoundError);
  });

  it('takes a share key that opens the site, and refuses one that does not', async () => {
    const { client } = setup();
    expect((await client.sites.spaces.list(ORG, SITE, { shareKey: 'share_docs' })).count).toBe(2);
    await failure(client.sites.spaces.list(ORG, SITE, { shareKey: 'share_internal' }), PermissionDeniedError);
    await failure(client.sites.sections.list(ORG, SITE, { shareKey: 'nope' }), PermissionDeniedError);
  });
});

describe('sites.sections', () => {
  it('lists the sections with their site spaces, as the published view', async () => {
    const { client } = setup();
    const page = await client.sites.sections.list(ORG, SITE);
    expect(page.items.map((s) => [s.id, s.title, s.path, s.default, s.draft, s.siteSpaces?.length])).toEqual([
      ['sitesc_product', 'Product', 'product', true, false, 1],
      ['sitesc_developers', 'Developers', 'developers', false, false, 1],
    ]);
    expect(page.items).toEqual(sectionsOf(await client.sites.getPublished(ORG, SITE)));
    expect(page.items[0]?.urls).toEqual({ published: 'https://acme.sandbox.docs-api.local/docs/product' });
    // An unpublished site has no published URLs.
    const [internal] = (await client.sites.sections.list(ORG, 'site_internal')).items;
    expect(internal?.urls).toEqual({});
  });

  it('adds a section backed by a space, then reads it in the list and the published view', async () => {
    const { client } = setup();
    const section = await client.sites.sections.add(ORG, SITE, {
      spaceId: 'space_guides',
      title: 'Tutorials',
      icon: 'book',
    });
    expect(section).toMatchObject({
      object: 'site-section',
      title: 'Tutorials',
      path: 'tutorials',
      icon: 'book',
      default: false,
      draft: false,
      siteSpaces: [{ space: { id: 'space_guides' }, title: 'Guides', path: 'guides' }],
      urls: { published: 'https://acme.sandbox.docs-api.local/docs/tutorials' },
    });
    expect((await client.sites.sections.list(ORG, SITE)).items.map((s) => s.id)).toEqual([
      'sitesc_product',
      'sitesc_developers',
      section.id,
    ]);
    expect((await publishedLayout(client))[section.id]).toEqual([section.siteSpaces?.[0]?.id]);
    expect((await client.sites.get(ORG, SITE)).siteSpaces).toBe(3);

    // A draft section is listed, not published; a section named after a new space.
    const draft = await client.sites.sections.add(ORG, SITE, {
      spaceId: null,
      title: 'Tutorials',
      draft: true,
    });
    expect(draft).toMatchObject({
      path: 'tutorials-2',
      draft: true,
      siteSpaces: [{ draft: true, space: { title: 'Tutorials' } }],
    });
    expect(Object.keys(await publishedLayout(client))).not.toContain(draft.id);
  });

  it('refuses a section group the sandbox does not have, and a space of another organization', async () => {
    const { client } = setup();
    expect(
      await failure(
        client.sites.sections.add(ORG, SITE, { spaceId: 'space_guides', siteSectionGroupId: 'group_1' }),
        BadRequestError,
      ),
    ).toMatch(/body\.siteSectionGroupId/);
    await failure(client.sites.sections.add(ORG, SITE, { spaceId: 'space_nope' }), BadRequestError);
    expect((await client.sites.sections.list(ORG, SITE)).count).toBe(2);
  });
});

describe('coverage', () => {
  it('served every site structure operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = siteStructureHandlers.map((handler) => handler.operation.id);
    expect(ids).toHaveLength(6);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
