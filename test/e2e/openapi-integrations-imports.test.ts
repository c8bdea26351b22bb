import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { areaOperationIds, json, lines, ok, useE2e } from './harness.js';

/*
 * Every `docs openapi ...`, `docs integrations ...` and `docs imports ...` command, run as the
 * built binary (no TTY, CI set: as in a pipeline) against one sandbox on a loopback port.
 * The tests share the sandbox and run in order.
 */

type Spec = {
  slug: string;
  processingState: string;
  visibility: string;
  sourceURL?: string;
  lastVersion?: string;
  lastProcessErrorCode?: string;
  lastProcessedErrors?: Array<{ code: string; message: string }>;
};
type Integration = {
  name: string;
  version: number;
  title: string;
  owner?: { id: string };
  visibility?: string;
};
type InstallationStatus = { status: string; integration: Integration; target: { type: string } };
type ImportRun = {
  id: string;
  status: string;
  completedAt?: string;
  updatedAt?: string;
  pages: Array<{ sourceURL: string; status: string }>;
};

const e2e = useE2e();
const { run: docs, totalRequests, file } = e2e;

describe('docs openapi', () => {
  it('lists specs as tab-separated rows, and shows one', async () => {
    const list = ok(await docs('openapi', 'list'));
    expect(lines(list.stdout)).toEqual([
      'petstore\tcomplete\tpublic\tspecv_petstore_1\t2026-01-06T09:00:30.000Z\thttps://api.acme.test/openapi/petstore.yaml',
    ]);
    const view = ok(await docs('openapi', 'view', 'petstore'));
    expect(view.stdout).toMatch(/^State:\s+complete$/m);
    expect(view.stdout).toMatch(
      /^Published:\s+https:\/\/acme\.sandbox\.docs-api\.local\/openapi\/petstore$/m,
    );

    const missing = await docs('openapi', 'view', 'nope');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('OpenAPI spec "nope" was not found');
    const noArg = await docs('openapi', 'view');
    expect(noArg.code).toBe(2);
    expect(noArg.stderr).toContain('Missing the slug of the OpenAPI spec');
  });

  it('publish --wait creates a spec under a free slug and waits until it is processed', async () => {
    const readsBefore = e2e.sandbox.requests.get('openapi.get') ?? 0;
    const spec = json<Spec>(
      ok(
        await docs(
          'openapi',
          'publish',
          'billing-v2',
          '--url',
          'https://api.acme.test/openapi/billing.yaml',
          '--wait',
          '--interval',
          '1',
          '--json',
        ),
      ),
    );
    expect(spec).toMatchObject({ slug: 'billing-v2', processingState: 'complete', visibility: 'private' });
    expect(spec.lastVersion).toMatch(/^specv_/);
    // Read pending at least once, then complete: processing takes two seconds of the sandbox's clock.
    expect(e2e.sandbox.requests.get('openapi.get')).toBeGreaterThanOrEqual(readsBefore + 2);
  });

  it('publish replaces the source of an existing spec; without --wait it says processing started', async () => {
    const result = ok(
      await docs('openapi', 'publish', 'petstore', '--url', 'https://api.acme.test/openapi/petstore-v2.yaml'),
    );
    expect(result.stderr).toContain('Published OpenAPI spec petstore: processing started');
    expect(result.stdout).toMatch(/^State:\s+pending$/m);
    expect(result.stdout).toMatch(/^Source:\s+https:\/\/api\.acme\.test\/openapi\/petstore-v2\.yaml$/m);
    expect(json<Spec>(ok(await docs('openapi', 'view', 'petstore', '--json'))).processingState).toBe(
      'pending',
    );
    // Processing ends by time on the sandbox's clock: move it rather than wait.
    e2e.sandbox.clock.advance('2s');
    const later = json<Spec>(ok(await docs('openapi', 'view', 'petstore', '--json')));
    expect(later.processingState).toBe('complete');
    expect(later.lastVersion).not.toBe('specv_petstore_1');
  });

  it('publish --wait exits 1 when processing fails, with the errors on stderr (and the spec on stdout with --json)', async () => {
    const url = 'https://unreachable.test/openapi.yaml';
    const human = await docs('openapi', 'publish', 'flaky', '--url', url, '--wait', '--interval', '1');
    expect(human.code).toBe(1);
    expect(human.stdout).toBe('');
    // The service has no failed state: a failed processing is complete, with an error code.
    expect(human.stderr).toMatch(/^State:\s+complete$/m);
    expect(human.stderr).toMatch(/^Error:\s+FETCH_TIMEOUT$/m);
    expect(human.stderr).toContain(`FETCH_TIMEOUT: Fetching ${url} timed out after 30 seconds`);
    expect(human.stderr).toContain('Processing of OpenAPI spec flaky failed (FETCH_TIMEOUT).');

    const asJson = await docs(
      'openapi',
      'publish',
      'flaky',
      '--url',
      url,
      '--wait',
      '--interval',
      '1',
      '--json',
    );
    expect(asJson.code).toBe(1);
    expect(json<Spec>(asJson)).toMatchObject({
      processingState: 'complete',
      lastProcessErrorCode: 'FETCH_TIMEOUT',
    });
  });

  it('create refuses a slug in use (exit 1, 409) and creates under a free one', async () => {
    const taken = await docs(
      'openapi',
      'create',
      'petstore',
      '--url',
      'https://api.acme.test/openapi/x.yaml',
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/already has an OpenAPI spec "petstore".*HTTP 409/);
    const created = ok(
      await docs(
        'openapi',
        'create',
        'payments',
        '--url',
        'https://api.acme.test/openapi/payments.yaml',
        '--wait',
      ),
    );
    expect(created.stderr).toContain('Created OpenAPI spec payments');
    expect(created.stdout).toMatch(/^State:\s+complete$/m);
  });

  it('exits 2 on a bad slug, a bad URL or a misused flag, naming the field and sending nothing', async () => {
    const before = totalRequests();
    const badSlug = await docs('openapi', 'create', 'pet store', '--url', 'https://api.acme.test/x.yaml');
    expect(badSlug.code).toBe(2);
    expect(badSlug.stderr).toContain(
      'Invalid input, nothing was sent. slug: Invalid string: must match pattern',
    );
    const badPathSlug = await docs(
      'openapi',
      'publish',
      'pet_store',
      '--url',
      'https://api.acme.test/x.yaml',
    );
    expect(badPathSlug.code).toBe(2);
    expect(badPathSlug.stderr).toContain('specSlug: Invalid string: must match pattern');
    const badUrl = await docs('openapi', 'publish', 'petstore', '--url', 'api.acme.test/x.yaml');
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('source.url: Invalid URL');
    const noUrl = await docs('openapi', 'publish', 'petstore');
    expect(noUrl.code).toBe(2);
    const intervalAlone = await docs(
      'openapi',
      'publish',
      'petstore',
      '--url',
      'https://a.test/x',
      '--interval',
      '1',
    );
    expect(intervalAlone.code).toBe(2);
    const badVisibility = await docs('openapi', 'visibility', 'petstore', 'unlisted');
    expect(badVisibility.code).toBe(2);
    expect(totalRequests()).toBe(before);
  });

  it('sets visibility', async () => {
    const hidden = json<Spec>(ok(await docs('openapi', 'visibility', 'petstore', 'private', '--json')));
    expect(hidden.visibility).toBe('private');
    const shown = ok(await docs('openapi', 'visibility', 'petstore', 'public'));
    expect(shown.stderr).toContain('OpenAPI spec petstore is now public');
    const missing = await docs('openapi', 'visibility', 'nope', 'public');
    expect(missing.code).toBe(3);
  });

  it('delete needs --yes away from a terminal, and succeeds again once the spec is gone', async () => {
    const refused = await docs('openapi', 'delete', 'payments');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(
      json<{ deleted: string }>(ok(await docs('openapi', 'delete', 'payments', '--yes', '--json'))),
    ).toEqual({
      deleted: 'payments',
    });
    expect((await docs('openapi', 'view', 'payments')).code).toBe(3);
    ok(await docs('openapi', 'delete', 'payments', '--yes'));
    const slugs = json<Spec[]>(ok(await docs('openapi', 'list', '--json'))).map((s) => s.slug);
    expect(slugs).toEqual(['petstore', 'billing-v2', 'flaky']);
  });
});

describe('docs integrations', () => {
  it('lists integrations as tab-separated rows', async () => {
    const all = ok(await docs('integrations', 'list'));
    expect(lines(all.stdout)).toEqual([
      'analytics-pro\tAnalytics Pro\t3\torg_acme\tpublic\tanalytics',
      'support-chat\tSupport Chat\t1\torg_beta\tpublic\tother',
    ]);
  });

  it('filters the list, and checks --block-domain before sending', async () => {
    const names = async (...filters: string[]) =>
      json<Integration[]>(ok(await docs('integrations', 'list', ...filters, '--json'))).map((i) => i.name);
    expect(await names('--search', 'chat')).toEqual(['support-chat']);
    expect(await names('--category', 'analytics', '--scope', 'space:content:read')).toEqual([
      'analytics-pro',
    ]);
    expect(await names('--owner', 'org_beta', '--target', 'site')).toEqual(['support-chat']);
    expect(await names('--blocks')).toEqual([]);
    expect(await names('--no-content-sources', '--limit', '1')).toEqual(['analytics-pro']);
    expect(await names('--block-domain', 'status.acme-corp.io')).toEqual([]);

    const before = totalRequests();
    const badDomain = await docs('integrations', 'list', '--block-domain', 'https://acme.test/');
    expect(badDomain.code).toBe(2);
    expect(badDomain.stderr).toContain('blockDomain: Invalid string: must match pattern');
    // Only the published document's categories.
    const badCategory = await docs('integrations', 'list', '--category', 'support');
    expect(badCategory.code).toBe(2);
    expect(badCategory.stderr).toContain('analytics');
    expect(totalRequests()).toBe(before);
  });

  it('shows one integration; an absent one exits 3', async () => {
    const view = ok(await docs('integrations', 'view', 'analytics-pro'));
    expect(view.stdout).toMatch(/^Version:\s+3$/m);
    expect(view.stdout).toMatch(/^Owner:\s+org_acme$/m);
    const missing = await docs('integrations', 'view', 'nope');
    expect(missing.code).toBe(3);
    const badName = await docs('integrations', 'view', 'my integration');
    expect(badName.code).toBe(2);
  });

  it('publishes from a manifest file and a script file, bumping the version each time', async () => {
    await writeFile(
      file('manifest.json'),
      JSON.stringify({
        name: 'status-badge',
        title: 'Status Badge',
        description: 'Shows the service status on every page',
        visibility: 'public',
        // The published document requires scopes (possibly none) and lists the categories.
        scopes: ['site:script:inject'],
        categories: ['other'],
        blocks: [{ id: 'badge', title: 'Badge', urlUnfurl: ['https://status.acme-corp.io/*'] }],
      }),
    );
    await writeFile(file('script.js'), 'export default { blocks: ["badge"] };\n');

    const first = json<Integration>(
      ok(
        await docs(
          'integrations',
          'publish',
          '--file',
          file('manifest.json'),
          '--script',
          file('script.js'),
          '--json',
        ),
      ),
    );
    expect(first).toMatchObject({ name: 'status-badge', version: 1, owner: { id: 'org_acme' } });
    expect(e2e.sandbox.store.integrations.get('status-badge')?.scriptSource).toBe(
      'export default { blocks: ["badge"] };\n',
    );

    const second = ok(
      await e2e.docs(
        ['integrations', 'publish', 'status-badge', '--file', file('manifest.json'), '--script', '-'],
        {
          input: 'export default {};',
        },
      ),
    );
    expect(second.stderr).toContain('Published integration status-badge version 2');
    expect(second.stdout).toMatch(/^Blocks:\s+badge$/m);
    const names = async (...filters: string[]) =>
      json<Integration[]>(ok(await docs('integrations', 'list', ...filters, '--json'))).map((i) => i.name);
    expect(await names('--block-domain', 'acme-corp.io', '--blocks')).toEqual(['status-badge']);
  });

  it('exits 2 on a manifest that breaks a limit or is not JSON, naming the field and sending nothing', async () => {
    const before = totalRequests();
    await writeFile(
      file('long.json'),
      JSON.stringify({ title: 'A title much longer than thirty characters', description: 'x'.repeat(101) }),
    );
    const long = await docs(
      'integrations',
      'publish',
      'status-badge',
      '--file',
      file('long.json'),
      '--script',
      file('script.js'),
    );
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/Invalid input, nothing was sent\. title: .*; description: /);
    // The published document requires scopes: a manifest without them is refused before sending.
    expect(long.stderr).toContain('scopes: is required');

    await writeFile(
      file('images.json'),
      JSON.stringify({ title: 'Status', description: 'd', previewImages: ['aGk=', 'aGk=', 'aGk=', 'aGk='] }),
    );
    const images = await docs(
      'integrations',
      'publish',
      'status-badge',
      '--file',
      file('images.json'),
      '--script',
      file('script.js'),
    );
    expect(images.code).toBe(2);
    expect(images.stderr).toContain('previewImages:');

    await writeFile(file('bad.json'), '{ "title": ');
    const notJson = await docs(
      'integrations',
      'publish',
      'status-badge',
      '--file',
      file('bad.json'),
      '--script',
      file('script.js'),
    );
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('is not valid JSON');
    const otherName = await docs(
      'integrations',
      'publish',
      'other',
      '--file',
      file('manifest.json'),
      '--script',
      file('script.js'),
    );
    expect(otherName.code).toBe(2);
    expect(otherName.stderr).toContain('The manifest names "status-badge", not "other"');
    const noScript = await docs('integrations', 'publish', 'status-badge', '--file', file('manifest.json'));
    expect(noScript.code).toBe(2);
    const noOrg = await e2e.docs(
      ['integrations', 'publish', '--file', file('manifest.json'), '--script', file('script.js')],
      { env: { DOCS_ORG: undefined } },
    );
    expect(noOrg.code).toBe(2);
    expect(noOrg.stderr).toContain('Missing --org');
    expect(totalRequests()).toBe(before);
  });

  it('exits 1 when publishing an integration another organization owns (403)', async () => {
    await writeFile(
      file('chat.json'),
      JSON.stringify({ title: 'Support Chat', description: 'Mine now', scopes: [] }),
    );
    const result = await docs(
      'integrations',
      'publish',
      'support-chat',
      '--file',
      file('chat.json'),
      '--script',
      file('script.js'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/belongs to another organization.*HTTP 403/);
  });

  it("lists the organization's installations, by target", async () => {
    const result = ok(await docs('integrations', 'installations'));
    // support-chat is installed in the organization, and enabled on site_docs only.
    expect(lines(result.stdout)).toEqual([
      'analytics-pro\tAnalytics Pro\tactive\t3',
      'support-chat\tSupport Chat\tactive\t1',
    ]);
    const sites = json<InstallationStatus[]>(
      ok(await docs('integrations', 'installations', '--target', 'site', '--json')),
    );
    expect(sites.map((item) => [item.status, item.integration.name, item.target.type])).toEqual([
      ['active', 'support-chat', 'site'],
    ]);
    const onSite = json<InstallationStatus[]>(
      ok(await docs('integrations', 'installations', '--site', 'site_docs', '--json')),
    );
    expect(onSite.map((item) => item.integration.name)).toEqual(['support-chat']);
  });
});

describe('docs imports', () => {
  let runId = '';

  it('starts an import into a space and prints the run with its pages', async () => {
    const run = json<ImportRun>(
      ok(
        await docs(
          'imports',
          'start',
          '--url',
          'https://www.acme.test/docs',
          '--space',
          'space_guides',
          '--json',
        ),
      ),
    );
    expect(run.status).toBe('pending');
    expect(run.pages.map((page) => page.sourceURL)).toEqual([
      'https://www.acme.test/docs',
      'https://www.acme.test/docs/getting-started',
      'https://www.acme.test/docs/faq',
    ]);
    expect(e2e.sandbox.store.importRuns.get(run.id)?.enhance).toBe(true);
    runId = run.id;

    const human = ok(
      await docs(
        'imports',
        'start',
        '--url',
        'https://www.acme.test/',
        '--space',
        'space_legal',
        '--change-request',
        'cr_terms',
        '--no-enhance',
      ),
    );
    expect(human.stderr).toMatch(/Started import run imp_\w+: 3 pages/);
    expect(human.stdout).toMatch(/^Status:\s+pending$/m);
    expect(human.stdout).toContain('  pending\thttps://www.acme.test/faq');
    const id = /^ID:\s+(\S+)$/m.exec(human.stdout)?.[1] ?? '';
    expect(e2e.sandbox.store.importRuns.get(id)).toMatchObject({
      enhance: false,
      target: { space: 'space_legal', changeRequest: 'cr_terms' },
    });
  });

  it('exits 2 on a bad URL or a change request without a space, and 1 when the sandbox refuses the target', async () => {
    const before = totalRequests();
    const badUrl = await docs('imports', 'start', '--url', 'www.acme.test', '--space', 'space_guides');
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain('source.url: Invalid URL');
    const noSpace = await docs(
      'imports',
      'start',
      '--url',
      'https://www.acme.test',
      '--change-request',
      'cr_terms',
    );
    expect(noSpace.code).toBe(2);
    expect(totalRequests()).toBe(before);

    const otherOrg = await docs(
      'imports',
      'start',
      '--url',
      'https://www.acme.test',
      '--space',
      'space_nope',
    );
    expect(otherOrg.code).toBe(1);
    expect(otherOrg.stderr).toMatch(
      /target\.space: space "space_nope" is not in organization "org_acme".*HTTP 400/,
    );
    const locked = await docs('imports', 'start', '--url', 'https://www.acme.test', '--space', 'space_legal');
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(/is locked.*HTTP 409/);
  });

  it('cancels a run under way; a run that is over exits 1, an absent one 3', async () => {
    const cancelled = json<ImportRun>(ok(await docs('imports', 'cancel', runId, '--json')));
    expect(cancelled.status).toBe('cancelled');
    // The published document sets completedAt only for completed runs, and has no cancelled page status.
    expect(cancelled.completedAt).toBeUndefined();
    expect(cancelled.updatedAt).toBeDefined();
    expect(cancelled.pages.map((page) => page.status)).toEqual(['pending', 'pending', 'pending']);

    const again = await docs('imports', 'cancel', runId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is already cancelled.*HTTP 409/);
    const done = await docs('imports', 'cancel', 'imp_guides_site');
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('Import run "imp_guides_site" is already completed');
    expect((await docs('imports', 'cancel', 'imp_nope')).code).toBe(3);
    expect((await docs('imports', 'cancel')).code).toBe(2);
  });
});

describe('coverage through the CLI', () => {
  it('exercised every OpenAPI specifications, Integrations and Imports operation of the contract', () => {
    const ids = areaOperationIds('OpenAPI specifications', 'Integrations', 'Imports');
    expect(ids).toHaveLength(12);
    expect(e2e.unhit(ids)).toEqual([]);
  });
});
