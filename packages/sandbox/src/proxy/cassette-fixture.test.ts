import { describe, expect, it } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { parseFixture } from '../fixtures.js';
import { createSandbox } from '../sandbox.js';
import type { Cassette, CassetteEntry } from './cassette.js';
import { cassetteToFixture } from './cassette-fixture.js';

const get = (path: string, body: unknown, status = 200): CassetteEntry => ({
  startedAt: '2026-01-05T09:00:00.000Z',
  durationMs: 1,
  request: { method: 'GET', path, query: [] },
  response: { status, headers: { 'content-type': 'application/json' }, body },
});

const cassette = (entries: CassetteEntry[]): Cassette => ({
  format: 'docs-api-cassette',
  version: 1,
  recordedAt: '2026-01-05T09:00:00.000Z',
  entries,
});

const T = '2026-02-01T10:00:00.000Z';
const org = { object: 'organization', id: 'org_x', title: 'X Corp', createdAt: T, urls: { location: 'u' } };
const site = (id: string, title: string) => ({
  object: 'site',
  id,
  title,
  type: 'basic',
  visibility: 'public',
  published: true,
  createdAt: T,
  siteSpaces: 3,
  urls: { location: 'u' },
  permissions: { admin: true },
});
const space = (id: string, organization: string) => ({
  object: 'space',
  id,
  title: `Space ${id}`,
  organization,
  visibility: 'private',
  revision: `rev_${id}`,
  changeRequests: 4,
  urls: { location: 'u', app: 'a' },
});

describe('cassetteToFixture', () => {
  const recorded = cassette([
    get('/v1/orgs/org_x', org),
    get('/v1/orgs/org_x/sites', { items: [site('site_a', 'Old title'), site('site_b', 'B')] }),
    // A later answer for the same object wins.
    get('/v1/orgs/org_x/sites/site_a', site('site_a', 'New title')),
    get('/v1/orgs/org_x/spaces', { items: [space('space_1', 'org_x')] }),
    // A space of an organization the cassette never read cannot load on the empty base.
    get('/v1/spaces/space_2', space('space_2', 'org_other')),
    get('/v1/orgs/org_x/members', {
      items: [
        {
          object: 'member',
          id: 'user_1',
          role: 'admin',
          joinedAt: T,
          user: { object: 'user', id: 'user_1', displayName: 'One', email: '[redacted]' },
        },
      ],
    }),
    get('/v1/orgs/org_x/teams/team_1', { object: 'team', id: 'team_1', title: 'Core', createdAt: T }),
    // A team's members list names members, not rows of their own: they fill the team's row.
    get('/v1/orgs/org_x/teams/team_1/members', {
      items: [
        {
          organization: {
            object: 'member',
            id: 'user_1',
            role: 'admin',
            joinedAt: T,
            user: { object: 'user', id: 'user_1', displayName: 'One', email: '[redacted]' },
          },
          team: { role: 'owner' },
        },
      ],
    }),
    // Neither a failed read nor a kind no row holds becomes a row.
    get('/v1/orgs/org_x/sites/site_gone', { error: { code: 404, message: 'nope' } }, 404),
    get('/v1/orgs/org_x/sites/site_a/published', {
      object: 'published-site-content',
      id: 'site_a',
    }),
  ]);

  it('maps recorded objects to the rows of a fixture that loads', () => {
    const { fixture, skipped, redacted, filled } = cassetteToFixture(recorded);
    expect(() => parseFixture(fixture)).not.toThrow();
    expect(fixture).toMatchObject({ version: 1, base: 'empty', actor: 'user_1' });
    expect(fixture.organizations).toEqual([
      { object: 'organization', id: 'org_x', title: 'X Corp', createdAt: T },
    ]);
    expect(
      fixture.sites?.map((row) => [(row.site as { id: string; title: string }).title, row.organization]),
    ).toEqual([
      ['New title', 'org_x'],
      ['B', 'org_x'],
    ]);
    // Derived fields (urls, permissions, counts) are the sandbox's to compute.
    expect(fixture.sites?.[0]?.site).not.toHaveProperty('siteSpaces');
    expect(fixture.spaces).toEqual([
      {
        object: 'space',
        id: 'space_1',
        title: 'Space space_1',
        organization: 'org_x',
        visibility: 'private',
        revision: 'rev_space_1',
      },
    ]);
    expect(fixture.revisions).toEqual([{ id: 'rev_space_1', space: 'space_1' }]);
    expect(filled).toEqual(['revision rev_space_1']);
    expect(fixture.members).toEqual([{ organization: 'org_x', user: 'user_1', role: 'admin', joinedAt: T }]);
    expect(fixture.teams).toEqual([
      {
        id: 'team_1',
        organization: 'org_x',
        title: 'Core',
        createdAt: T,
        members: [{ user: 'user_1', role: 'owner' }],
        spaces: [],
      },
    ]);
    expect(redacted).toEqual(['users user_1']);
    // What no row kind holds first, then the rows that would not load.
    expect(skipped).toEqual([
      {
        kind: 'published-site-content',
        id: 'site_a',
        reason: 'no row kind of the fixture format holds a "published-site-content" answered this way',
      },
      {
        kind: 'spaces',
        id: 'space_2',
        reason:
          'spaces[1].organization: "org_other" is not one of the organizations of this fixture or its base',
      },
    ]);
  });

  it('loads in a sandbox that reads them back and takes writes', async () => {
    const { fixture } = cassetteToFixture(recorded);
    const sandbox = createSandbox({ token: 't', fixtures: fixture });
    const sdk = new DocsClient({
      token: 't',
      baseUrl: 'http://sandbox.test/v1',
      maxRetries: 0,
      fetch: (input, init) => sandbox.fetch(new Request(input, init)),
    });
    expect((await sdk.sites.get('org_x', 'site_a')).title).toBe('New title');
    expect((await sdk.spaces.list('org_x')).items.map((s) => s.id)).toEqual(['space_1']);
    expect((await sdk.organizations.list()).items.map((o) => o.id)).toEqual(['org_x']);
    await sdk.spaces.update('space_1', { title: 'Renamed' });
    expect((await sdk.spaces.get('space_1')).title).toBe('Renamed');
  });

  it('on the demo base, a space of a demo organization loads too', () => {
    const { fixture, skipped } = cassetteToFixture(
      cassette([get('/v1/spaces/space_z', space('space_z', 'org_acme'))]),
      { base: 'demo' },
    );
    expect(fixture.base).toBe('demo');
    expect(fixture.spaces?.map((row) => row.id)).toEqual(['space_z']);
    expect(fixture).not.toHaveProperty('actor');
    expect(skipped).toEqual([]);
  });
});
