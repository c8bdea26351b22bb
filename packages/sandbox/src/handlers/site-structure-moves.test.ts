import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError, type SiteSection } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });
const ORG = 'org_acme';
const SITE = 'site_docs';

type Client = ReturnType<typeof setup>['client'];

/** `[section, [site spaces]]` in the order getSiteStructure gives. */
async function layout(client: Client): Promise<Array<[string, string[]]>> {
  const { data: structure, response } = await client.sites.structure.get(ORG, SITE).withResponse();
  expect(response.headers.get('x-sandbox-answer')).toBe('computed');
  expect(structure.type).toBe('sections');
  return (structure.structure as SiteSection[]).map((section) => [
    section.id,
    (section.siteSpaces ?? []).map((siteSpace) => siteSpace.id),
  ]);
}

describe('site structure: computed from state, moved in state', () => {
  it('getSiteStructure follows the sections and site spaces as they are kept', async () => {
    const { client } = setup();
    expect(await layout(client)).toEqual([
      ['sitesc_product', ['sitesp_handbook']],
      ['sitesc_developers', ['sitesp_api']],
    ]);
    const added = await client.sites.spaces.add(ORG, SITE, {
      spaceId: 'space_api',
      sectionId: 'sitesc_product',
    });
    expect(await layout(client)).toEqual([
      ['sitesc_product', ['sitesp_handbook', added.id]],
      ['sitesc_developers', ['sitesp_api']],
    ]);
  });

  it('moves a section before another, and the lists and the structure show it', async () => {
    const { client } = setup();
    const moved = await client.sites.sections.move(ORG, SITE, 'sitesc_developers', {
      position: { before: { type: 'site-section', siteSection: 'sitesc_product' } },
    });
    expect(moved.id).toBe('sitesc_developers');
    expect((await client.sites.sections.list(ORG, SITE)).items.map((section) => section.id)).toEqual([
      'sitesc_developers',
      'sitesc_product',
    ]);
    expect((await layout(client)).map(([id]) => id)).toEqual(['sitesc_developers', 'sitesc_product']);
    // Without a position: last.
    await client.sites.sections.move(ORG, SITE, 'sitesc_developers');
    expect((await layout(client)).map(([id]) => id)).toEqual(['sitesc_product', 'sitesc_developers']);
    await failure(
      client.sites.sections.move(ORG, SITE, 'sitesc_product', {
        position: { after: { type: 'site-section', siteSection: 'sitesc_nowhere' } },
      }),
      BadRequestError,
    );
    await failure(client.sites.sections.move(ORG, SITE, 'sitesc_missing'), NotFoundError);
  });

  it('moves a site space within its section; a site space of another section is no sibling (400)', async () => {
    const { client } = setup();
    const added = await client.sites.spaces.add(ORG, SITE, {
      spaceId: 'space_api',
      sectionId: 'sitesc_product',
    });
    const moved = await client.sites.spaces.move(ORG, SITE, added.id, {
      position: { before: { type: 'site-space', siteSpace: 'sitesp_handbook' } },
    });
    expect(moved).toMatchObject({ id: added.id, section: 'sitesc_product' });
    expect(await layout(client)).toEqual([
      ['sitesc_product', [added.id, 'sitesp_handbook']],
      ['sitesc_developers', ['sitesp_api']],
    ]);
    await failure(
      client.sites.spaces.move(ORG, SITE, added.id, {
        position: { after: { type: 'site-space', siteSpace: 'sitesp_api' } },
      }),
      BadRequestError,
    );
    const sorted = await client.sites.sortStructure(ORG, SITE, {
      item: { type: 'site-space', id: added.id },
      position: { after: { type: 'site-space', id: 'sitesp_handbook' } },
    });
    expect(sorted).toMatchObject({ object: 'site-space', id: added.id });
    expect((await layout(client))[0]).toEqual(['sitesc_product', ['sitesp_handbook', added.id]]);
    await failure(client.sites.sectionGroups.move(ORG, SITE, 'sitesg_missing', {}), NotFoundError);
  });

  it('duplicates a site space: a copy of its space, in a new section after its own when it is alone', async () => {
    const { client } = setup();
    const copy = await client.sites.spaces.duplicate(ORG, SITE, 'sitesp_api', { draft: true });
    expect(copy.space.id).not.toBe('space_api');
    expect(copy).toMatchObject({
      draft: true,
      space: { title: expect.stringMatching(/^Copy of /) as unknown },
    });
    expect((await client.spaces.get(copy.space.id)).id).toBe(copy.space.id);
    const sections = await layout(client);
    expect(sections.map(([, spaces]) => spaces)).toEqual([['sitesp_handbook'], ['sitesp_api'], [copy.id]]);
    expect(sections[2]![0]).toBe(copy.section);
    // Next to another site space of the section: the copy joins that section.
    const added = await client.sites.spaces.add(ORG, SITE, {
      spaceId: 'space_api',
      sectionId: 'sitesc_product',
    });
    const second = await client.sites.spaces.duplicate(ORG, SITE, 'sitesp_handbook');
    expect(second.section).toBe('sitesc_product');
    expect((await layout(client))[0]).toEqual(['sitesc_product', ['sitesp_handbook', second.id, added.id]]);
    await failure(client.sites.spaces.duplicate(ORG, SITE, 'sitesp_missing'), NotFoundError);
  });
});
