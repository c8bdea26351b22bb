import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { createSandbox } from '../sandbox.js';
import { parseCassette, readCassette, type Cassette } from './cassette.js';
import { cassetteToFixtures } from './fixtures.js';
import { errorResponse, listenFetch, type RunningServer } from '../listen.js';
import { createProxy, ProxyOptionError, type RecordingProxy } from './proxy.js';
import { isSecretField } from './redact.js';
import { createReplay } from './replay.js';

/*
 * End to end on loopback: a fake upstream (a sandbox holding the "real" token, behind a server
 * that makes one answer drift), the proxy in front of it on its own port, the SDK as the caller;
 * then the cassette replayed offline to a second SDK client.
 */

const TOKEN = 'gb_api_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const INTEGRATION_SECRET = 'integration-secret-value-42';
const SITE_DOCS = '/v1/orgs/org_acme/sites/site_docs';

let directory: string;
let upstream: RunningServer;
let upstreamRequests: Array<{ method: string; path: string; authorization: string | null }>;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'docs-proxy-'));
  const service = createSandbox({ token: TOKEN });
  upstreamRequests = [];
  // The service, but its answer for site_docs has drifted: a count as a string (a wrong type,
  // for the contract and the document) and a visibility no enum lists (for the document only:
  // the contract's enums are open).
  upstream = await listenFetch(async (request) => {
    const url = new URL(request.url);
    upstreamRequests.push({
      method: request.method,
      path: url.pathname,
      authorization: request.headers.get('authorization'),
    });
    if (url.pathname === '/v1/broken') return errorResponse(500, 'upstream broke');
    const answer = await service.fetch(request);
    if (request.method !== 'GET' || url.pathname !== SITE_DOCS || answer.status !== 200) return answer;
    const site = (await answer.json()) as Record<string, unknown>;
    return Response.json({ ...site, siteSpaces: String(site.siteSpaces), visibility: 'members-only' });
  });
});

afterAll(async () => {
  await upstream.close();
  rmSync(directory, { recursive: true, force: true });
});

const clientOf = (baseUrl: string, fetchImpl?: typeof fetch) =>
  new DocsClient({
    token: TOKEN,
    baseUrl,
    maxRetries: 0,
    // The drift is the proxy's to report; the client reads what it gets.
    responseValidation: 'off',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });

/** The session every test below looks at: one run through the proxy, recorded. */
async function session(client: DocsClient) {
  const sites = await client.sites.list('org_acme');
  const before = await client.sites.get('org_acme', 'site_docs');
  const again = await client.sites.get('org_acme', 'site_docs');
  const updated = await client.sites.update('org_acme', 'site_docs', { title: 'Docs, renamed' });
  const after = await client.sites.get('org_acme', 'site_docs');
  const published = await client.sites.getPublished('org_acme', 'site_docs', { shareKey: 'share_docs' });
  const integration = await client.integrations.publish('status-badge', {
    title: 'Status Badge',
    description: 'Shows the service status on every page',
    script: 'export default { blocks: [] };',
    organization: 'org_acme',
    scopes: [],
    secrets: { API_KEY: INTEGRATION_SECRET },
  });
  return { sites, before, again, updated, after, published, integration };
}

describe('the recording, validating proxy', () => {
  let proxy: RecordingProxy;
  let running: RunningServer;
  const lines: string[] = [];
  let answers: Awaited<ReturnType<typeof session>>;
  const cassetteFile = () => join(directory, 'session.cassette.json');
  const reportFile = () => join(directory, 'report.jsonl');

  beforeAll(async () => {
    proxy = await createProxy({
      upstream: upstream.url,
      record: cassetteFile(),
      report: { line: (text) => lines.push(text), file: reportFile() },
    });
    running = await proxy.listen();
    answers = await session(clientOf(running.url));
    await proxy.close();
    await running.close();
  });

  it('forwards every request, with the caller’s token, and gives back the answers', () => {
    const forwarded = upstreamRequests.filter((request) => request.path !== '/v1/broken');
    expect(forwarded.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/orgs/org_acme/sites',
      `GET ${SITE_DOCS}`,
      `GET ${SITE_DOCS}`,
      `PATCH ${SITE_DOCS}`,
      `GET ${SITE_DOCS}`,
      `GET ${SITE_DOCS}/published`,
      'POST /v1/integrations/status-badge',
    ]);
    expect(forwarded.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(answers.before).toMatchObject({ id: 'site_docs', siteSpaces: '2', visibility: 'members-only' });
    expect(answers.after.title).toBe('Docs, renamed');
    expect(answers.integration.name).toBe('status-badge');
    expect(proxy.stats.exchanges).toBe(7);
  });

  it('reports each difference once, though the drifted answer came three times', () => {
    const drift = lines.filter((line) => line.includes('getSiteById'));
    expect(drift).toHaveLength(3);
    expect(drift).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^drift \(contract\) getSiteById response\.body body\.siteSpaces: .*expected number/,
        ),
        expect.stringMatching(
          /^drift \(document\) getSiteById response\.body body\.siteSpaces: must be number/,
        ),
        expect.stringMatching(
          /^drift \(document\) getSiteById response\.body body\.visibility: must be equal to one of the allowed values: "public", /,
        ),
      ]),
    );
    const records = readFileSync(reportFile(), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { source: string; operation: string; kind: string; path: string });
    expect(records.length).toBe(lines.length);
    expect(records).toContainEqual(
      expect.objectContaining({
        source: 'contract',
        operation: 'getSiteById',
        kind: 'response.body',
        path: 'body.siteSpaces',
      }),
    );
    // Differences are counted, repeats included, but reported once.
    expect(proxy.reporter.total).toBeGreaterThan(proxy.reporter.records.length);
  });

  it('records a cassette with no secret in it, nor in the report or the lines', async () => {
    const text = readFileSync(cassetteFile(), 'utf8');
    const cassette = await readCassette(cassetteFile());
    expect(
      cassette.entries.map((entry) => [entry.operation, entry.request.method, entry.response.status]),
    ).toEqual([
      ['listSites', 'GET', 200],
      ['getSiteById', 'GET', 200],
      ['getSiteById', 'GET', 200],
      ['updateSiteById', 'PATCH', 200],
      ['getSiteById', 'GET', 200],
      ['getPublishedContentSite', 'GET', 200],
      ['publishIntegration', 'POST', 200],
    ]);
    expect(cassette.entries[3]!.request.body).toEqual({ title: 'Docs, renamed' });
    expect(cassette.entries[5]!.request.query).toEqual([['shareKey', '[redacted]']]);
    expect(cassette.entries[6]!.request.body).toMatchObject({ secrets: '[redacted]' });
    for (const written of [text, readFileSync(reportFile(), 'utf8'), lines.join('\n')]) {
      expect(written).not.toContain(TOKEN);
      expect(written).not.toContain(INTEGRATION_SECRET);
      expect(written).not.toContain('share_docs');
      expect(written.toLowerCase()).not.toContain('authorization');
    }
    expect(Object.keys(cassette.entries[0]!.response.headers)).toContain('content-type');
  });

  it('replays the cassette offline: the same answers, in order', async () => {
    const replay = await createReplay(cassetteFile());
    const replayed = await session(
      clientOf('http://replay.test/v1', (input, init) => replay.fetch(new Request(input, init))),
    );
    // The same answers, but for the share key, a secret the cassette does not keep.
    expect(replayed).toEqual(JSON.parse(JSON.stringify(answers).replaceAll('share_docs', '[redacted]')));
    // The first two reads of the site are the recorded ones before the update, the third after it.
    expect(replayed.before.title).not.toBe('Docs, renamed');
    expect(replayed.after.title).toBe('Docs, renamed');
    expect(replay.stats).toEqual({ served: 7, missed: 0 });
  });

  it('serves the replay on a port, and answers 501 naming what it lacks', async () => {
    const replay = await createReplay(cassetteFile());
    const served = await replay.listen();
    try {
      const client = clientOf(served.url);
      expect((await client.sites.list('org_acme')).items.map((site) => site.id)).toEqual(
        answers.sites.items.map((site) => site.id),
      );
      const missing = await fetch(`${served.url}/orgs/org_acme/sites?limit=5`);
      expect(missing.status).toBe(501);
      const body = (await missing.json()) as { error: { message: string } };
      expect(body.error.message).toContain('has no answer for GET /v1/orgs/org_acme/sites?limit=5');
      expect(body.error.message).toContain('(no query)');
      const unknown = await fetch(`${served.url}/orgs/org_acme/spaces`);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain(
        'nothing was recorded for GET /v1/orgs/org_acme/spaces',
      );
    } finally {
      await served.close();
    }
  });

  it('turns the recorded reads into data rows by kind, the latest state winning', async () => {
    const rows = cassetteToFixtures(await readCassette(cassetteFile()));
    expect(Object.keys(rows.objects)).toEqual(expect.arrayContaining(['site']));
    const docs = rows.objects.site!.find((row) => row.data.id === 'site_docs');
    expect(docs?.data.title).toBe('Docs, renamed');
    expect(docs?.params).toEqual({ organizationId: 'org_acme', siteId: 'site_docs' });
    expect(rows.objects.site!.map((row) => row.data.id)).toEqual(
      [...new Set(answers.sites.items.map((site) => site.id))].sort(),
    );
  });
});

describe('proxy edges', () => {
  it('passes an upstream failure through, and says when the upstream cannot be reached', async () => {
    const proxy = await createProxy({ upstream: upstream.url, document: false });
    const broken = await proxy.fetch(
      new Request('http://proxy.test/v1/broken', { headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    expect(broken.status).toBe(500);
    const closed = await listenFetch(() => Promise.resolve(new Response(null)));
    await closed.close();
    const away = await createProxy({ upstream: closed.url, document: false });
    const answer = await away.fetch(
      new Request('http://proxy.test/v1/orgs', { headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    expect(answer.status).toBe(502);
    expect(await answer.text()).not.toContain(TOKEN);
    const outside = await away.fetch(new Request('http://proxy.test/admin'));
    expect(outside.status).toBe(404);
  });

  it('keeps every request on the upstream, whatever its path', async () => {
    const seen: string[] = [];
    const proxy = await createProxy({
      upstream: 'http://upstream.test',
      document: false,
      fetch: (input) => {
        // The proxy passes a URL.
        seen.push((input as URL).href);
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    await proxy.fetch(new Request('http://proxy.test/v1//evil.test/steal?x=1'));
    await proxy.fetch(new Request('http://proxy.test/v1/orgs/%2F%2Fevil.test'));
    expect(seen).toEqual([
      'http://upstream.test//evil.test/steal?x=1',
      'http://upstream.test/orgs/%2F%2Fevil.test',
    ]);
  });

  it('writes the cassette while the session goes on, not only when it stops', async () => {
    const { CassetteWriter, emptyCassette } = await import('./cassette.js');
    const file = join(directory, 'live.cassette.json');
    const writer = new CassetteWriter(file, 20);
    const recorded = emptyCassette();
    writer.save(recorded);
    recorded.entries.push({
      startedAt: '',
      durationMs: 1,
      request: { method: 'GET', path: '/v1/x', query: [] },
      response: { status: 204, headers: {} },
    });
    writer.save(recorded);
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      try {
        if ((await readCassette(file)).entries.length === 1) break;
      } catch {
        // Not written yet.
      }
    }
    expect((await readCassette(file)).entries).toHaveLength(1);
    await writer.flush();
  });

  it('names an operation the SDK lacks by its document id, so each is reported once', async () => {
    const lines: string[] = [];
    const proxy = await createProxy({
      upstream: 'http://upstream.test/v1',
      report: { line: (l) => lines.push(l) },
      fetch: () => Promise.resolve(new Response(null, { status: 204 })),
    });
    // Feedback to two sites' agents: an operation of the published document the contract leaves
    // out (internal, see the overlay).
    const feedback = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } };
    await proxy.fetch(new Request('http://proxy.test/v1/orgs/org_a/sites/site_a/agents/feedback', feedback));
    await proxy.fetch(new Request('http://proxy.test/v1/orgs/org_b/sites/site_b/agents/feedback', feedback));
    const unknown = lines.filter((line) => line.includes('unknown-operation'));
    expect(unknown).toEqual([
      expect.stringMatching(
        /^drift \(contract\) submitAgentFeedbackToSite unknown-operation: no contract operation/,
      ),
    ]);
  });

  it('matches a path parameter that is itself a path, slashes and all', async () => {
    const lines: string[] = [];
    const proxy = await createProxy({
      upstream: 'http://upstream.test/v1',
      document: false,
      report: { line: (l) => lines.push(l) },
      fetch: () => Promise.resolve(Response.json({ id: 'page_cli', title: 'CLI', type: 'document' })),
    });
    await proxy.fetch(
      new Request('http://proxy.test/v1/spaces/space_a/revisions/rev_1/path/getting-started/cli'),
    );
    expect(lines.filter((line) => line.includes('unknown-operation'))).toEqual([]);
  });

  it('refuses an upstream that is not an http(s) base URL, naming the option', async () => {
    await expect(createProxy({ upstream: 'ftp://example.test/v1' })).rejects.toThrow(ProxyOptionError);
    await expect(createProxy({ upstream: 'not a url' })).rejects.toThrow(
      /upstream: "not a url" is not a URL/,
    );
    await expect(createProxy({ upstream: 'https://api.example.test/v1?x=1' })).rejects.toThrow(
      /without a query/,
    );
  });

  it('checks against the contract alone when the document check is off', async () => {
    const lines: string[] = [];
    const proxy = await createProxy({
      upstream: upstream.url,
      document: false,
      report: { line: (l) => lines.push(l) },
    });
    await clientOf('http://proxy.test/v1', (input, init) => proxy.fetch(new Request(input, init))).sites.get(
      'org_acme',
      'site_docs',
    );
    expect(lines).toEqual([
      expect.stringMatching(/^drift \(contract\) getSiteById response\.body body\.siteSpaces/),
    ]);
  });

  it('reports a request the SDK would refuse, and an operation the contract lacks', async () => {
    const lines: string[] = [];
    const proxy = await createProxy({
      upstream: upstream.url,
      document: false,
      report: { line: (l) => lines.push(l) },
    });
    const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    await proxy.fetch(
      new Request(`http://proxy.test${SITE_DOCS}`, {
        method: 'PATCH',
        headers,
        body: '{"title":"x","colour":1}',
      }),
    );
    await proxy.fetch(new Request('http://proxy.test/v1/orgs/org_acme/widgets', { headers }));
    expect(lines).toEqual([
      expect.stringMatching(/^drift \(contract\) updateSiteById request\.body body\.title: /),
      expect.stringMatching(
        /^drift \(contract\) updateSiteById request\.body body\.colour: is not a known field/,
      ),
      expect.stringMatching(
        /^drift \(contract\) GET \/v1\/orgs\/org_acme\/widgets unknown-operation: no contract operation/,
      ),
    ]);
  });
});

describe('cassettes', () => {
  it('names the file, the place and what is allowed when one is malformed', () => {
    const good: Cassette = { format: 'docs-api-cassette', version: 1, recordedAt: '', entries: [] };
    expect(() => parseCassette({ ...good, version: 2 }, 'old.json')).toThrow('old.json: version: must be 1');
    expect(() =>
      parseCassette(
        {
          ...good,
          entries: [
            { request: { method: 'get', path: '/v1', query: [] }, response: { status: 200, headers: {} } },
          ],
        },
        'c.json',
      ),
    ).toThrow('c.json: entries[0].request.method: must be an HTTP method in capitals');
    expect(() =>
      parseCassette(
        { ...good, entries: [{ request: { method: 'GET', path: '/v1', query: [['a']] }, response: {} }] },
        'c.json',
      ),
    ).toThrow('c.json: entries[0].request.query: must be an array of [name, value] string pairs');
  });

  it('hides fields named like credentials, and only those', () => {
    for (const name of [
      'token',
      'shareKey',
      'apiKey',
      'client_secret',
      'secrets',
      'password',
      'certificate',
      'Cookie',
    ])
      expect(isSecretField(name), name).toBe(true);
    for (const name of ['title', 'id', 'organization', 'visibility', 'siteSpaces'])
      expect(isSecretField(name), name).toBe(false);
  });
});
