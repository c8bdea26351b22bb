/*
 * A recorded session seeds a stateful sandbox: the SDK reads a demo sandbox (the fake upstream)
 * through the recording proxy, `docs sandbox cassette-to-fixtures` turns the cassette into a
 * fixture file, and a sandbox loaded from it gives the same objects back and takes writes.
 */
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { DocsClient } from '@docs-api/sdk';
import { createProxy, createSandbox } from '@docs-api/sandbox';
import { json, ok, runDocs } from './harness.js';

const TOKEN = 'gb_api_e2e_cassette_0123456789abcdef0123';

let root: string;
let upstream: ServerType;

const client = (baseUrl: string, fetchImpl?: typeof fetch) =>
  new DocsClient({ token: TOKEN, baseUrl, maxRetries: 0, ...(fetchImpl ? { fetch: fetchImpl } : {}) });

/** What a user's session reads: the same calls are made live and against the fixture. */
async function reads(sdk: DocsClient) {
  return {
    organization: await sdk.organizations.get('org_acme'),
    members: (await sdk.members.list('org_acme')).items,
    spaces: (await sdk.spaces.list('org_acme')).items,
    space: await sdk.spaces.get('space_handbook'),
    collections: (await sdk.collections.list('org_acme')).items,
    sites: (await sdk.sites.list('org_acme')).items,
    site: await sdk.sites.get('org_acme', 'site_docs'),
    teams: (await sdk.teams.list('org_acme')).items,
    teamMembers: await Promise.all(
      (await sdk.teams.list('org_acme')).items.map(
        async (team) => (await sdk.teams.members.list('org_acme', team.id)).items,
      ),
    ),
    changeRequests: (await sdk.changeRequests.list('space_handbook', { status: 'open' })).items,
    comments: (
      await Promise.all(
        (await sdk.changeRequests.list('space_handbook', { status: 'open' })).items.map(
          async (cr) => (await sdk.changeRequests.comments.list('space_handbook', cr.id)).items,
        ),
      )
    ).flat(),
    translations: (await sdk.translations.list('org_acme')).items,
    specs: (await sdk.openapi.list('org_acme')).items,
  };
}

type Reads = Awaited<ReturnType<typeof reads>>;
let live: Reads;
let fixtureFile: string;
let stderr: string;

/** An object without the fields the sandbox computes from the rest of its state. */
function stable(value: unknown): unknown {
  const { urls: _u, permissions: _p, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** A space without its counts of change requests and comments (of those the session read). */
function spaceStable(value: unknown): unknown {
  const {
    changeRequests: _c,
    changeRequestsOpen: _o,
    changeRequestsDraft: _d,
    comments: _m,
    ...rest
  } = stable(value) as Record<string, unknown>;
  return rest;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'docs-cassette-fixtures-'));
  const service = createSandbox({ token: TOKEN });
  upstream = await new Promise<ServerType>((resolve) => {
    const server = serve({ hostname: '127.0.0.1', port: 0, fetch: (request) => service.fetch(request) }, () =>
      resolve(server),
    );
  });
  const proxy = await createProxy({
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`,
    record: join(root, 'session.cassette.json'),
    report: { line: () => {} },
  });
  const running = await proxy.listen();
  // The same origin as the sandbox the fixture is loaded in, for the URLs the answers hold.
  live = JSON.parse(
    JSON.stringify(await reads(client(running.url))).replaceAll(
      `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      'http://sandbox.test',
    ),
  ) as Reads;
  await running.close();
  await proxy.close();
  fixtureFile = join(root, 'fixtures.json');
  const converted = ok(
    await runDocs(
      ['sandbox', 'cassette-to-fixtures', join(root, 'session.cassette.json'), '--out', fixtureFile],
      { PATH: process.env.PATH, HOME: root },
    ),
  );
  stderr = converted.stderr;
});

afterAll(async () => {
  (upstream as { closeAllConnections?: () => void }).closeAllConnections?.();
  await new Promise((resolve) => upstream.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('docs sandbox cassette-to-fixtures', () => {
  it('writes a fixture file of the recorded objects, on the empty base, and says what it left out', async () => {
    const fixture = JSON.parse(await readFile(fixtureFile, 'utf8')) as Record<string, unknown>;
    expect(fixture).toMatchObject({ version: 1, base: 'empty' });
    expect((fixture.sites as Array<{ site: { id: string } }>).map((row) => row.site.id).sort()).toEqual(
      live.sites.map((site) => site.id).sort(),
    );
    expect(fixture.spaces as unknown[]).toHaveLength(live.spaces.length);
    expect(stderr).toMatch(/\d+ spaces, .* from \d+ exchanges, on base empty, written to /);
    // What no row holds is named, not dropped silently: the demo's collections list holds
    // none of another kind, but a site's or space's revision content is not recorded.
    expect(stderr).toMatch(/added empty \(content is not recorded\): .*\(revisions\)/);
    expect(stderr).not.toContain(TOKEN);
    expect(await readFile(fixtureFile, 'utf8')).not.toContain(TOKEN);
  });

  it('seeds a stateful sandbox: the same objects read back, and writes work on top', async () => {
    // The session read something of every kind compared below.
    for (const list of [
      live.members,
      live.spaces,
      live.collections,
      live.sites,
      live.teams,
      live.teamMembers.flat(),
      live.changeRequests,
      live.comments,
      live.translations,
      live.specs,
    ])
      expect(list.length).toBeGreaterThan(0);
    const sandbox = createSandbox({ token: TOKEN, fixtures: fixtureFile });
    const sdk = client('http://sandbox.test/v1', (input, init) => sandbox.fetch(new Request(input, init)));
    const replayed = await reads(sdk);
    expect(stable(replayed.organization)).toEqual(stable(live.organization));
    // Site spaces are not in a site's answer (only their count): the site comes back without them.
    expect(stable(replayed.site)).toEqual(stable({ ...live.site, siteSpaces: 0 }));
    expect(replayed.sites.map(stable)).toEqual(live.sites.map((site) => stable({ ...site, siteSpaces: 0 })));
    expect(replayed.spaces.map(spaceStable)).toEqual(live.spaces.map(spaceStable));
    // The session read all of space_handbook's open change requests and their comments.
    expect(stable(replayed.space)).toEqual(stable(live.space));
    // Replies are not in a comment's answer (only their count): comments come back without them.
    const comment = (value: unknown) => {
      const { replies: _r, repliers: _s, ...rest } = value as Record<string, unknown>;
      return rest;
    };
    expect(replayed.comments.map(comment)).toEqual(live.comments.map(comment));
    expect(replayed.collections.map(stable)).toEqual(live.collections.map(stable));
    // Members who joined at the same time list in store order: compared by id.
    const member = (m: Reads['members'][number]) => [m.id, m.role, m.joinedAt, m.user?.displayName];
    expect(replayed.members.map(member).sort()).toEqual(live.members.map(member).sort());
    expect(replayed.changeRequests.map((cr) => [cr.id, cr.subject, cr.status, cr.createdBy?.id])).toEqual(
      live.changeRequests.map((cr) => [cr.id, cr.subject, cr.status, cr.createdBy?.id]),
    );
    // A team's spaces are not in its answers (only their count).
    const team = (t: Reads['teams'][number]) => [t.id, t.title, t.createdAt, t.members];
    expect(replayed.teams.map(team)).toEqual(live.teams.map(team));
    const teamMember = (m: Reads['teamMembers'][number][number]) => [m.organization.id, m.team?.role];
    expect(replayed.teamMembers.map((members) => members.map(teamMember))).toEqual(
      live.teamMembers.map((members) => members.map(teamMember)),
    );
    expect(replayed.translations.map(stable)).toEqual(live.translations.map(stable));
    expect(replayed.specs.map(stable)).toEqual(live.specs.map(stable));

    const renamed = await sdk.spaces.update('space_handbook', { title: 'Handbook, offline' });
    expect(renamed.title).toBe('Handbook, offline');
    expect((await sdk.spaces.get('space_handbook')).title).toBe('Handbook, offline');
    const created = await sdk.changeRequests.create('space_handbook', { subject: 'From the fixture' });
    expect((await sdk.changeRequests.get('space_handbook', created.id)).subject).toBe('From the fixture');
  });

  it('prints the fixture on stdout without --out, and names what it skipped and what holds [redacted]', async () => {
    const entry = (path: string, body: unknown) => ({
      startedAt: '2026-01-05T09:00:00.000Z',
      durationMs: 1,
      request: { method: 'GET', path, query: [] },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body },
    });
    const file = join(root, 'hand.cassette.json');
    await writeFile(
      file,
      JSON.stringify({
        format: 'docs-api-cassette',
        version: 1,
        recordedAt: '2026-01-05T09:00:00.000Z',
        entries: [
          entry('/v1/orgs/org_acme/members', {
            items: [
              {
                object: 'member',
                id: 'user_new',
                role: 'edit',
                joinedAt: '2026-01-05T09:00:00.000Z',
                user: { object: 'user', id: 'user_new', displayName: 'New', email: '[redacted]' },
              },
            ],
          }),
          entry('/v1/orgs/org_acme/sites/site_docs/published', { object: 'published-site-content', id: 'x' }),
        ],
      }),
    );
    const result = ok(
      await runDocs(['sandbox', 'cassette-to-fixtures', file, '--base', 'demo'], {
        PATH: process.env.PATH,
        HOME: root,
      }),
    );
    expect(json(result)).toMatchObject({
      version: 1,
      base: 'demo',
      users: [{ id: 'user_new', email: '[redacted]' }],
      members: [{ organization: 'org_acme', user: 'user_new', role: 'edit' }],
    });
    expect(result.stderr).toContain(
      'skipped published-site-content x: no row kind of the fixture format holds a "published-site-content" answered this way',
    );
    expect(result.stderr).toContain(
      'kept with [redacted] values (the cassette hid them; edit the file to set them): users user_new',
    );
    expect(result.stderr).toContain('1 users, 1 members from 2 exchanges, on base demo; 1 skipped');
  });
});
