import { describe, expect, it } from 'vitest';
import { json, lines, ok, useE2e } from './harness.js';

/* `docs api` and a spec on standard input, through the built binary against the sandbox. */

const e2e = useE2e();

describe('docs api, end to end', () => {
  it('reads any endpoint, follows pages, and writes with typed fields', async () => {
    const page = json<{ items: Array<{ id: string }> }>(
      ok(await e2e.run('api', '/orgs/{org}/sites', '-q', 'limit=1')),
    );
    expect(page.items).toHaveLength(1);

    const items = lines(
      ok(await e2e.run('api', 'orgs/org_acme/sites', '-q', 'limit=1', '--paginate', '--json')).stdout,
    );
    expect(items.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual([
      'site_docs',
      'site_internal',
    ]);

    const renamed = json<{ title: string }>(
      ok(
        await e2e.run(
          'api',
          '-X',
          'PATCH',
          '/orgs/org_acme/sites/site_docs',
          '-f',
          'title=Acme Handbook',
          '--json',
        ),
      ),
    );
    expect(renamed.title).toBe('Acme Handbook');
  });

  it('calls an operation by its id, the organization given twice', async () => {
    const page = json<{ items: Array<{ id: string }> }>(
      ok(await e2e.run('api', 'listSpacesInOrganizationById', 'org_acme', '--org', 'org_acme', '--json')),
    );
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('exits 3 for a missing object and 2 for bad input, with one line on stderr', async () => {
    const missing = await e2e.run('api', '/orgs/org_acme/sites/site_nope');
    expect(missing.code).toBe(3);
    expect(lines(missing.stderr)).toHaveLength(1);
    const before = e2e.totalRequests();
    const bad = await e2e.run('api', '-X', 'TRACE', '/orgs/org_acme/sites');
    expect(bad.code).toBe(2);
    expect(e2e.totalRequests()).toBe(before);
  });
});

describe('docs openapi publish from standard input', () => {
  it('checks and sends the spec read from -', async () => {
    const spec = "openapi: 3.0.3\ninfo: {title: Billing, version: '2'}\npaths: {}\n";
    const published = await e2e.docs(
      ['openapi', 'publish', 'billing', '-', '--wait', '--interval', '1', '--json'],
      {
        input: spec,
      },
    );
    expect(json<{ processingState: string; lastVersion?: string }>(ok(published))).toMatchObject({
      processingState: 'complete',
    });

    const before = e2e.totalRequests();
    const invalid = await e2e.docs(['openapi', 'publish', 'billing', '-'], {
      input: 'openapi: 3.0.3\npaths: {}\n',
    });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain("stdin:1:1: must have required property 'info'");
    expect(e2e.totalRequests()).toBe(before);
  });
});
