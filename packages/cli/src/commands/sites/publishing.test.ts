import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import SitesPublish from './publish.js';
import SitesUnpublish from './unpublish.js';
import SitesSpacesAdd from './spaces/add.js';
import SitesSpacesList from './spaces/list.js';
import SitesSpacesRemove from './spaces/remove.js';
import SitesSectionsList from './sections/list.js';
import SitesShareLinksCreate from './share-links/create.js';
import SitesShareLinksDelete from './share-links/delete.js';
import SitesShareLinksList from './share-links/list.js';
import SitesRedirectsList from './redirects/list.js';
import SitesRedirectsSet from './redirects/set.js';

/* Publishing from the command line, against the sandbox in-process (issue 22, item 5). */

const cli = useInProcessCli();
type Statuses = { results: Array<{ status: string }> };
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docs-redirects-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('docs sites publish and unpublish', () => {
  it('publishes a site and prints it; unpublish asks first and takes it offline', async () => {
    const published = await cli.run(SitesPublish, ['site_internal']);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stderr).toContain('Published site site_internal');
    expect(cli.sandbox.store.sites.get('site_internal')?.site.published).toBe(true);

    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);
    const refused = await cli.run(SitesUnpublish, ['site_internal']);
    expect(refused.code).toBe(2);
    expect(confirm).toHaveBeenCalledWith('Unpublish site site_internal? Its URL stops serving it.');
    expect(cli.sandbox.store.sites.get('site_internal')?.site.published).toBe(true);

    const json = await cli.run(SitesUnpublish, ['site_internal', '--yes', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: 'site_internal', published: false });
  });

  it('a publish answered with a checkout exits 1 and says where to finish it', async () => {
    const row = cli.sandbox.store.sites.get('site_internal')!;
    row.site.type = 'premium'; // not in org_acme's free plan: the sandbox answers a checkout
    const result = await cli.run(SitesPublish, ['site_internal']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Site site_internal was not published: .*checkout \(session cs_test_\w+\)/);
    expect(result.stderr).toMatch(
      /Choose a plan for the site (at \S+|in the application), then run `docs sites publish site_internal` again\./,
    );
    expect(row.site.published).toBe(false);

    const json = await cli.run(SitesPublish, ['site_internal', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      published: false,
      site: 'site_internal',
      checkout: { sessionId: expect.stringMatching(/^cs_test_/) as unknown },
    });
  });

  it('unpublish in a pipeline needs --yes and sends nothing without it', async () => {
    cli.canPrompt.mockReturnValue(false);
    const result = await cli.run(SitesUnpublish, ['site_docs']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Pass --yes');
    expect(cli.totalRequests()).toBe(0);
  });
});

describe('docs sites spaces and sections', () => {
  it('lists, adds and removes site spaces; a space id names its site space', async () => {
    const listed = await cli.run(SitesSpacesList, ['site_docs', '--json']);
    expect((JSON.parse(listed.stdout) as Array<{ id: string }>).map((s) => s.id)).toEqual([
      'sitesp_handbook',
      'sitesp_api',
    ]);

    const added = await cli.run(SitesSpacesAdd, [
      'site_docs',
      'space_guides',
      '--section',
      'sitesc_developers',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const siteSpace = JSON.parse(added.stdout) as { id: string; space: { id: string }; section: string };
    expect(siteSpace).toMatchObject({ space: { id: 'space_guides' }, section: 'sitesc_developers' });

    const removed = await cli.run(SitesSpacesRemove, ['site_docs', 'space_guides', '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toContain(`site space ${siteSpace.id}`);

    const missing = await cli.run(SitesSpacesRemove, ['site_docs', 'space_nope', '--yes']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('Site site_docs publishes no site space or space space_nope');
  });

  it('lists sections, piped as tab-separated rows', async () => {
    const result = await cli.run(SitesSectionsList, ['site_docs']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^sitesc_product\tProduct\t\/product\t/);
  });
});

describe('docs sites share-links', () => {
  it('create prints the link, alone on stdout; list never shows it, not even with --json', async () => {
    const created = await cli.run(SitesShareLinksCreate, ['site_docs', '--name', 'Reviewers']);
    expect(created.code, created.stderr).toBe(0);
    const link = created.stdout.trim();
    expect(link).toMatch(/\?share=[0-9a-f]{32}$/);
    expect(created.stderr).not.toContain(link);
    const key = link.slice(link.indexOf('=') + 1);

    const table = await cli.run(SitesShareLinksList, ['site_docs']);
    const json = await cli.run(SitesShareLinksList, ['site_docs', '--json']);
    for (const out of [table.stdout, table.stderr, json.stdout]) expect(out).not.toContain(key);
    const [listed] = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(listed).toMatchObject({ name: 'Reviewers', active: true });
    expect(listed).not.toHaveProperty('urls');

    const deleted = await cli.run(SitesShareLinksDelete, ['site_docs', listed!.id as string, '--yes']);
    expect(deleted.code).toBe(0);
    expect(cli.sandbox.store.siteShareLinks.size).toBe(0);
  });
});

describe('docs sites redirects', () => {
  const YAML = [
    'redirects:',
    '  - source: /old-guide',
    '    destination: https://example.com/guide',
    '  - source: /legacy/*',
    '    destination: { kind: site-space, siteSpaceId: sitesp_api }',
    '    permanent: true',
    '',
  ].join('\n');

  it('sets redirects from a YAML file, leaves unchanged ones alone, lists them', async () => {
    const path = await file('redirects.yaml', YAML);
    const first = await cli.run(SitesRedirectsSet, ['site_docs', '--file', path, '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect((JSON.parse(first.stdout) as Statuses).results.map((r) => r.status)).toEqual([
      'created',
      'created',
    ]);

    const again = await cli.run(SitesRedirectsSet, ['site_docs', '--file', path]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('has the 2 redirects of');
    expect(cli.sandbox.requests.get('bulkUpsertSiteRedirects')).toBe(1);

    const listed = await cli.run(SitesRedirectsList, [
      'site_docs',
      '--order-by',
      'source',
      '--jq',
      '.[].source',
    ]);
    expect(listed.stdout).toBe('/legacy/*\n/old-guide\n');
  });

  it('checks every entry before sending: errors name the file, the line and the entry', async () => {
    const path = await file(
      'bad.yaml',
      [
        '- source: old-no-slash',
        '  destination: https://example.com',
        '- source: /ok',
        '  destinaton: https://example.com',
        '- source: /ok',
        '  destination: { kind: site-space }',
        '',
      ].join('\n'),
    );
    const result = await cli.run(SitesRedirectsSet, ['site_docs', '--file', path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${path} has 5 problems, nothing was sent:`);
    expect(result.stderr).toContain(
      `${path}:1: entry 1 (old-no-slash): source: must be a path such as /old-page or /guides/*`,
    );
    expect(result.stderr).toContain(`${path}:3: entry 2 (/ok): unknown field destinaton`);
    expect(result.stderr).toContain(`${path}:3: entry 2 (/ok): destination is missing`);
    expect(result.stderr).toContain(
      `${path}:5: entry 3 (/ok): a destination of kind site-space needs siteSpaceId`,
    );
    expect(result.stderr).toContain(`${path}:5: entry 3 (/ok): source /ok is also entry 2`);
    expect(cli.totalRequests()).toBe(0);
  });

  it('--prune lists the others first, asks, and deletes them; in a pipeline it needs --yes', async () => {
    await cli.run(SitesRedirectsSet, ['site_docs', '--file', await file('two.yaml', YAML)]);
    const one = await file('one.yaml', '- source: /old-guide\n  destination: https://example.com/guide\n');

    cli.canPrompt.mockReturnValue(false);
    const before = cli.totalRequests();
    const refused = await cli.run(SitesRedirectsSet, ['site_docs', '--file', one, '--prune']);
    expect(refused.code).toBe(2);
    expect(cli.totalRequests()).toBe(before);

    const dry = await cli.run(SitesRedirectsSet, ['site_docs', '--file', one, '--prune', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('  - /legacy/* → site space sitesp_api');

    cli.canPrompt.mockReturnValue(true);
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(true);
    const pruned = await cli.run(SitesRedirectsSet, ['site_docs', '--file', one, '--prune']);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(pruned.stderr.indexOf('- /legacy/*')).toBeGreaterThan(-1);
    expect(confirm).toHaveBeenCalledWith(`Delete 1 redirect of site site_docs that ${one} does not name?`);
    expect([...cli.sandbox.store.siteRedirects.values()].map((r) => r.source)).toEqual(['/old-guide']);
  });

  it('reads back what list --json prints', async () => {
    await cli.run(SitesRedirectsSet, ['site_docs', '--file', await file('three.yaml', YAML)]);
    const listed = await cli.run(SitesRedirectsList, ['site_docs', '--json']);
    cli.stdinIs(listed.stdout);
    const copied = await cli.run(SitesRedirectsSet, ['site_internal', '--file', '-', '--json']);
    // site_internal has no site space sitesp_api: the service refuses that one entry (exit 1).
    expect(copied.code).toBe(1);
    expect(copied.stderr).toMatch(
      /The service refused 1 redirect:\nstandard input:\d+: entry \d \(\/legacy\/\*\): /,
    );
    expect((JSON.parse(copied.stdout) as Statuses).results.map((r) => r.status).sort()).toEqual([
      'created',
      'error',
    ]);
  });
});
