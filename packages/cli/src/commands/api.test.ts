import { describe, expect, it } from 'vitest';
import { useInProcessCli } from '../../test-support/run-command.js';
import Api from './api.js';

/* `docs api`: any endpoint through the SDK's auth, retries, errors and reading. */

const cli = useInProcessCli();

describe('docs api', () => {
  it('GETs a path under /v1, {org} replaced, and prints the answer as JSON', async () => {
    const result = await cli.run(Api, ['/orgs/{org}/sites', '-q', 'limit=1']);

    expect(result.code).toBe(0);
    const page = JSON.parse(result.stdout) as { items: Array<{ id: string }>; next?: { page: string } };
    expect(page.items.map((site) => site.id)).toEqual(['site_docs']);
    expect(page.next?.page).toBeTruthy();
    expect(cli.sandbox.hits.get('sites.list')).toBe(1);
  });

  it('follows every page with --paginate, one JSON document per item and line with --json', async () => {
    const result = await cli.run(Api, ['orgs/org_acme/sites', '-q', 'limit=1', '--paginate', '--json']);

    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual([
      'site_docs',
      'site_internal',
    ]);
    expect(cli.sandbox.hits.get('sites.list')).toBe(2);
  });

  it('sends -f strings and -F typed values as the JSON body; a body makes the method POST', async () => {
    const patched = await cli.run(Api, [
      '-X',
      'PATCH',
      '/v1/orgs/org_acme/sites/site_docs',
      '-f',
      'title=Acme Handbook',
      '-F',
      'adaptiveContent[enabled]=false',
      '--json',
    ]);
    expect(patched.code).toBe(0);
    expect(JSON.parse(patched.stdout)).toMatchObject({
      title: 'Acme Handbook',
      adaptiveContent: { enabled: false },
    });

    const created = await cli.run(Api, [
      '/orgs/org_acme/sites',
      '-f',
      'title=Partners',
      '-F',
      'spaces[]=space_api',
    ]);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ title: 'Partners', siteSpaces: 1 });
    expect(cli.sandbox.hits.get('sites.create')).toBe(1);
  });

  it('turns fields of a GET into query parameters, as gh api does', async () => {
    const result = await cli.run(Api, [
      '-X',
      'GET',
      '/orgs/org_acme/sites',
      '-F',
      'published=false',
      '--json',
    ]);

    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { items: Array<{ id: string }> }).items.map((s) => s.id)).toEqual([
      'site_internal',
    ]);
  });

  it('exits as every command does: 3 for a missing object, 1 for a refusal, 2 before sending', async () => {
    const missing = await cli.run(Api, ['/orgs/org_acme/sites/site_nope']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/site_nope/);

    const refused = await cli.run(Api, ['-X', 'POST', '/orgs/org_acme/sites', '-f', 'title=x']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/HTTP 400/);

    const before = cli.sandbox.requests.size;
    const usage = await cli.run(Api, ['/orgs/org_acme/sites', '-f', 'title']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/-f title: expected key=value/);
    const paginatePost = await cli.run(Api, ['-X', 'POST', '/orgs/org_acme/sites', '--paginate']);
    expect(paginatePost.code).toBe(2);
    const noOrg = await cli.run(Api, ['/orgs/{org}/sites', '--org', '']);
    expect(noOrg.code).toBe(2);
    expect(cli.sandbox.requests.size).toBe(before);
  });

  it('calls an operation by id: its path parameters are positionals, even when a flag repeats one', async () => {
    // The organization both as the argument and as --org's value (was "Unexpected argument org_acme").
    const result = await cli.run(Api, [
      'listSpacesInOrganizationById',
      'org_acme',
      '--org',
      'org_acme',
      '--json',
    ]);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const page = JSON.parse(result.stdout) as { items: Array<{ id: string }> };
    expect(page.items.length).toBeGreaterThan(0);
    expect(cli.sandbox.requests.get('listSpacesInOrganizationById')).toBe(1);
  });

  it('calls an operation by id with fields in its query and body, by its SDK name too', async () => {
    const site = await cli.run(Api, ['getSiteById', 'org_acme', 'site_docs', '--json']);
    expect(site.code).toBe(0);
    expect((JSON.parse(site.stdout) as { id: string }).id).toBe('site_docs');

    const renamed = await cli.run(Api, [
      'sites.update',
      'site_docs',
      '--org',
      'org_acme',
      '-f',
      'title=Acme Handbook',
      '--json',
    ]);
    expect(renamed.code).toBe(0);
    expect((JSON.parse(renamed.stdout) as { title: string }).title).toBe('Acme Handbook');

    const listed = await cli.run(Api, [
      'listSites',
      '--org',
      'org_acme',
      '-f',
      'limit=1',
      '--paginate',
      '--json',
    ]);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n')).toHaveLength(2);
    expect(cli.sandbox.hits.get('sites.list')).toBe(2);
  });

  it('refuses an extra argument and a bad field before sending, naming them', async () => {
    const before = cli.sandbox.requests.size;
    const extra = await cli.run(Api, ['getSiteById', 'org_acme', 'site_docs', 'site_other']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(
      /Unexpected argument site_other: getSiteById takes 2 \(organizationId, siteId\)/,
    );
    const bad = await cli.run(Api, ['listSites', '--org', 'org_acme', '-f', 'limit=many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/limit/);
    expect(cli.sandbox.requests.size).toBe(before);
  });
});
