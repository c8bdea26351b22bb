import { describe, expect, it, vi } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { useInProcessCli } from '../test-support/run-command.js';
import SitesList from './commands/sites/list.js';

/*
 * The CLI over the SDK's retry and validation behaviour, with the real SDK client: retry
 * notices from `onRetry`, the bound DOCS_MAX_RETRY_DELAY puts on waits, and the `warn`
 * response-validation policy. These need the SDK of the sdk-net branch (`onRetry`,
 * `responseValidation`, `RateLimitError.retryAfterMs`); before it is merged they fail.
 */

const cli = useInProcessCli();

/** The sandbox, with the JSON of every `sites.list` answer changed by `change` on the way back. */
function driftingSiteList(change: (body: { items: Array<Record<string, unknown>> }) => void) {
  cli.context.clientFactory = (options) =>
    new DocsClient({
      ...options,
      baseUrl: 'http://sandbox.test/v1',
      fetch: async (input, init) => {
        const response = await cli.sandbox.fetch(input, init);
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (!/\/orgs\/[^/]+\/sites$/.test(url.pathname) || !response.ok) return response;
        const body = (await response.json()) as { items: Array<Record<string, unknown>> };
        change(body);
        return Response.json(body, { status: response.status, headers: response.headers });
      },
    });
}

const WARNING =
  /^Warning: the API answered listSites with a shape this CLI does not know \(items\.0\.hostname: [^)]+\); continuing\.$/;

describe('an answer the CLI does not know (responseValidation: warn)', () => {
  const drift = (body: { items: Array<Record<string, unknown>> }) => {
    const [first] = body.items;
    if (!first) throw new Error('the seed has sites');
    first.visibility = 'partners-only'; // an enum value this CLI has not seen: no drift, enums are open
    first.hostname = 42; // an optional field of the wrong type: one drift
  };

  it('prints the JSON as received, exits 0, and one warning line per drift on stderr', async () => {
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', ''); // unset (the tests' setup sets strict)
    driftingSiteList(drift);
    const result = await cli.run(SitesList, ['--json']);
    expect(result.code, result.stderr).toBe(0);
    const sites = JSON.parse(result.stdout) as Array<Record<string, unknown>>;
    expect(sites[0]).toMatchObject({ id: 'site_docs', visibility: 'partners-only', hostname: 42 });
    expect(sites).toHaveLength(2);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(WARNING);
  });

  it('prints the rows as received when piped', async () => {
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', ''); // unset (the tests' setup sets strict)
    driftingSiteList(drift);
    const result = await cli.run(SitesList, []);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^site_docs\tAcme Docs\tpartners-only\tyes\t2\t/),
      expect.stringMatching(/^site_internal\t/),
    ]);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([expect.stringMatching(WARNING)]);
  });

  it('fails on it when the user asks for the strict policy', async () => {
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', 'strict');
    driftingSiteList(drift);
    const result = await cli.run(SitesList, ['--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/items\.0\.hostname/);
  });
});

describe('retry waits', () => {
  it('announce a wait longer than a second on stderr, once per wait, and keep stdout JSON', async () => {
    cli.sandbox.addFault({ operation: 'sites.list', status: 429, retryAfter: 2 });
    const result = await cli.run(SitesList, ['--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('Rate limited (HTTP 429): waiting 2 s before retry 1 of 2…\n');
    expect(JSON.parse(result.stdout)).toHaveLength(2);
  });

  it('longer than DOCS_MAX_RETRY_DELAY are not waited: exit 1 at once, saying when to retry', async () => {
    vi.stubEnv('DOCS_MAX_RETRY_DELAY', '1');
    cli.sandbox.addFault({ operation: 'sites.list', status: 429, retryAfter: 30 });
    const started = Date.now();
    const result = await cli.run(SitesList, []);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: .*HTTP 429.*; retry in 30 s \(at \d{4}-\d\d-\d\dT[\d:.]+Z\)\./);
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(cli.sandbox.requests.get('sites.list')).toBe(1);
  });
});
