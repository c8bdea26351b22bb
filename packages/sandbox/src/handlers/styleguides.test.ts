import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 10, 12) });
const ORG = 'org_acme';
const SITE = 'site_docs';

const fixtures = {
  version: 1 as const,
  resources: [
    {
      family: '/v1/orgs/{organizationId}/styleguide-templates',
      scope: '',
      id: 'tpl_plain',
      value: { id: 'tpl_plain', title: 'Plain language', markdown: 'Write short sentences.\n' },
    },
    {
      family: '/v1/orgs/{organizationId}/sites/{siteId}/styleguide/runs',
      scope: `${ORG}/${SITE}`,
      id: 'sgrun_1',
      value: {
        object: 'styleguide-run',
        id: 'sgrun_1',
        site: SITE,
        styleguide: 'space_legal',
        spaces: ['space_handbook'],
        createdAt: '2026-03-01T09:00:00.000Z',
        createdBy: { object: 'user', id: 'user_ada', displayName: 'Ada Lovelace', urls: {} },
      },
    },
  ],
};

describe('style guides: spaces the sites point to, templates from fixtures', () => {
  it('creates the style guide space from a template once, then answers the same space', async () => {
    const { client } = setup({ fixtures });
    expect(
      (await client.organizations.listStyleguideTemplates(ORG)).templates.map((each) => each.id),
    ).toEqual(['tpl_plain']);
    const created = await client.sites.createStyleguide(ORG, SITE, { template: 'tpl_plain' });
    expect(created).toMatchObject({ title: 'Acme Docs style guide', organization: ORG });
    const pages = await client.spaces.content.listPages(created.id);
    expect(pages.pages.map((page) => page.title)).toEqual(['Plain language']);
    expect((await client.sites.get(ORG, SITE)).styleguide).toEqual({ kind: 'space', space: created.id });
    expect((await client.sites.createStyleguide(ORG, SITE)).id).toBe(created.id);

    const { data, response } = await client.organizations.listStyleguides(ORG).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(data.styleguides.map((each) => [each.space.id, each.sites.map((site) => site.id)])).toEqual([
      [created.id, [SITE]],
    ]);
  });

  it('answers 404 for a template, site or organization that does not exist; no templates by default', async () => {
    const { client } = setup();
    expect((await client.organizations.listStyleguideTemplates(ORG)).templates).toEqual([]);
    expect((await client.organizations.listStyleguides(ORG)).styleguides).toEqual([]);
    await failure(client.sites.createStyleguide(ORG, SITE, { template: 'tpl_missing' }), NotFoundError);
    await failure(client.sites.createStyleguide(ORG, 'site_missing'), NotFoundError);
    await failure(client.organizations.listStyleguideTemplates('org_missing'), NotFoundError);
    await failure(client.organizations.listStyleguides('org_missing'), NotFoundError);
  });

  it('lists the runs kept for the site', async () => {
    const { client } = setup({ fixtures });
    const runs = await client.sites.listStyleguideRuns(ORG, SITE);
    expect(runs.items.map((run) => run.id)).toEqual(['sgrun_1']);
    expect(runs.count).toBe(1);
    expect((await client.sites.listStyleguideRuns(ORG, 'site_internal')).items).toEqual([]);
    await failure(client.sites.listStyleguideRuns(ORG, 'site_missing'), NotFoundError);
  });

  it('starts a run: a draft change request per space, marked with the run; an open check is taken over', async () => {
    const { client, sandbox } = setup();
    await failure(client.sites.createStyleguideRun(ORG, SITE, { spaces: ['space_handbook'] }), NotFoundError);
    const styleguide = await client.sites.createStyleguide(ORG, SITE);
    const first = await client.sites.createStyleguideRun(ORG, SITE, {
      spaces: ['space_handbook', 'space_api'],
    });
    expect(first.run).toMatchObject({
      object: 'styleguide-run',
      site: SITE,
      styleguide: styleguide.id,
      spaces: ['space_handbook', 'space_api'],
    });
    expect(first.run.createdBy.id).toBe(sandbox.store.actor);
    expect(first.run.createdAt).toMatch(/^2026-03-10T12:00:/);
    expect(
      first.changeRequests.map((request) => [request.space, request.status, request.styleguide]),
    ).toEqual([
      ['space_handbook', 'draft', { site: SITE, run: first.run.id }],
      ['space_api', 'draft', { site: SITE, run: first.run.id }],
    ]);
    const kept = await client.changeRequests.get('space_api', first.changeRequests[1]!.id);
    expect(kept).toMatchObject({ status: 'draft', styleguide: { site: SITE, run: first.run.id } });

    const second = await client.sites.createStyleguideRun(ORG, SITE, { spaces: ['space_handbook'] });
    expect(second.changeRequests.map((request) => [request.id, request.styleguide?.run])).toEqual([
      [first.changeRequests[0]!.id, first.run.id],
    ]);
    const runs = await client.sites.listStyleguideRuns(ORG, SITE);
    expect(runs.items.map((run) => run.id)).toEqual([first.run.id, second.run.id]);
    await failure(client.sites.createStyleguideRun(ORG, SITE, { spaces: ['space_missing'] }), NotFoundError);
  });

  it('cannot apply the default documentation template offline', async () => {
    const { client } = setup();
    expect(await failure(client.sites.applyTemplate(ORG, SITE), BadRequestError)).toContain('offline');
    await failure(client.sites.applyTemplate(ORG, 'site_missing'), NotFoundError);
  });
});
