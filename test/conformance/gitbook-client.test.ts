/*
 * The service's own generated client (`@gitbook/api`, the package that publishes the document)
 * pointed at the sandbox, running what a typical script does: it must work as against the
 * service, including the parameters the document has and the extract does not show (orderBy,
 * format=document, defaultLevel, sort=name, ...). The sandbox is reached in-process through the
 * client's `serviceBinding`, a fetch of its own.
 */
import { describe, expect, it } from 'vitest';
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { createSandbox } from '@docs-api/sandbox';
// The package's index.d.ts imports './client' without an extension, which NodeNext does not
// resolve: take the client's type from its file.
import type {
  Api,
  ChangeRequestOrderBy,
  ChangeRequestStatus,
  SiteType,
} from '../../node_modules/@gitbook/api/dist/client.js';

function gitbookClient() {
  const sandbox = createSandbox({ checkResponses: true });
  const api = new GitBookAPI({
    endpoint: 'http://sandbox.test',
    authToken: sandbox.token,
    serviceBinding: { fetch: sandbox.fetch },
  }) as unknown as Api<{ authToken?: string }>;
  return { sandbox, api };
}

describe("the service's own client against the sandbox", () => {
  it('reads organizations, sites, spaces and members with the document parameters', async () => {
    const { api, sandbox } = gitbookClient();
    const { data: orgs } = await api.orgs.listOrganizationsForAuthenticatedUser({ limit: 10 });
    expect(orgs.items.map((org) => org.id)).toContain('org_acme');

    const { data: sites } = await api.orgs.listSites('org_acme', {
      type: ['basic' as SiteType],
      published: true,
    });
    expect(sites.items.map((site) => site.id)).toEqual(['site_docs']);
    const { data: site } = await api.orgs.getSiteById('org_acme', 'site_docs');
    expect(site.urls.location).toBe('http://sandbox.test/v1/orgs/org_acme/sites/site_docs');

    const { data: updated } = await api.orgs.updateSiteById('org_acme', 'site_docs', {
      defaultLevel: 'inherit',
    });
    expect(updated.defaultLevel).toBe('inherit');

    const { data: space } = await api.spaces.getSpaceById('space_handbook');
    expect(space.title).toBe('Handbook');

    const { data: members } = await api.orgs.listMembersInOrganizationById('org_acme', {
      sort: 'name',
      order: 'asc',
    });
    expect(members.items.map((member) => member.user.displayName)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Linus Torvalds',
    ]);
    expect(sandbox.hits.get('members.list')).toBe(1);
  });

  it('works with change requests: list ordered, create, read a page as a document, comment, merge', async () => {
    const { api } = gitbookClient();
    const { data: requests } = await api.spaces.listChangeRequestsForSpace('space_handbook', {
      status: 'open' as ChangeRequestStatus,
      orderBy: 'updatedAt' as ChangeRequestOrderBy,
    });
    expect(requests.items.length).toBeGreaterThan(0);

    const { data: created } = await api.spaces.createChangeRequest('space_handbook', {
      subject: 'Fix typos',
    });
    expect(created).toMatchObject({ object: 'change-request', subject: 'Fix typos', status: 'open' });

    const { data: page } = await api.spaces.getPageInChangeRequestById(
      'space_handbook',
      'cr_cli',
      'page_getting_started',
      {
        format: 'document',
      },
    );
    expect(page.id).toBe('page_getting_started');

    const { data: comments } = await api.spaces.listCommentsInChangeRequest('space_handbook', 'cr_cli', {
      format: 'markdown',
      status: 'open',
    });
    expect(Array.isArray(comments.items)).toBe(true);

    const { data: merged } = await api.spaces.mergeChangeRequest('space_handbook', created.id);
    expect(merged.result).toBe('merge');
  });

  it('updates a collection with a document-only default level, and gets the service error shape on a miss', async () => {
    const { api } = gitbookClient();
    const { data: collections } = await api.orgs.listCollectionsInOrganizationById('org_acme', {
      nested: true,
    });
    const [first] = collections.items;
    expect(first).toBeDefined();
    const { data: collection } = await api.collections.updateCollectionById(first?.id ?? '', {
      defaultLevel: 'inherit',
    });
    expect(collection.defaultLevel).toBe('inherit');

    const error = await api.orgs.getSiteById('org_acme', 'site_nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as { code?: number }).code).toBe(404);
    expect((error as Error).message).toMatch(/site_nope/);
  });
});
