import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox.js';
import { FixtureError, fixtureJsonSchema, parseFixture, type Fixture } from './fixtures.js';
import { ROW_KIND_NAMES, ROW_KINDS } from './fixture-rows.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-fixtures-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const auth = { headers: { authorization: 'Bearer sandbox-token' } };

describe('fixtures', () => {
  it('lists the row kinds (fixture-kinds.ts) as their schemas (fixture-rows.ts), in the same order', () => {
    expect(Object.keys(ROW_KINDS)).toEqual(ROW_KIND_NAMES);
  });

  it('loads a short hand-written file on top of the demo seed, filling defaults', async () => {
    const path = file('short.json', {
      version: 1,
      spaces: [{ id: 'space_fixture', title: 'From a fixture', organization: 'org_acme' }],
      remove: { spaces: ['space_legal'] },
    });
    const sandbox = createSandbox({ fixtures: path });
    expect(sandbox.store.spaces.get('space_fixture')).toMatchObject({ object: 'space', editMode: 'live' });
    expect(sandbox.store.spaces.has('space_legal')).toBe(false);
    expect(sandbox.store.spaces.has('space_handbook')).toBe(true);
    const response = await sandbox.fetch('http://sandbox.test/v1/spaces/space_fixture', auth);
    expect(await response.json()).toMatchObject({ id: 'space_fixture', title: 'From a fixture' });
  });

  it('names the file, the path and what is allowed', () => {
    const path = file('bad.json', {
      version: 1,
      spaces: [
        { id: 'space_a', title: 'A', organization: 'org_acme' },
        { id: 'space_b', title: 7, organization: 'org_acme' },
      ],
      changeRequests: [
        {
          id: 'cr_x',
          space: 'space_handbook',
          number: 9,
          status: 'pending',
          subject: 'x',
          createdBy: 'user_ada',
          revision: 'r',
          revisionInitial: 'r',
        },
      ],
    });
    const error = (() => {
      try {
        createSandbox({ fixtures: path });
      } catch (caught) {
        return caught as FixtureError;
      }
      throw new Error('no error');
    })();
    expect(error).toBeInstanceOf(FixtureError);
    expect(error.file).toBe(path);
    expect(error.message).toContain(path);
    const messages = Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]));
    expect(messages['spaces[1].title']).toMatch(/expected string/);
    expect(messages['changeRequests[0].status']).toMatch(/"draft".*"open".*"archived".*"merged"/);
  });

  it('refuses an unknown top-level field, a wrong version, a repeated row and a dangling reference', () => {
    expect(() => parseFixture({ version: 1, spacez: [] }, 'f.json')).toThrow(
      /spacez: is not part of the fixture format: use version, base/,
    );
    expect(() => parseFixture({ version: 2 }, 'f.json')).toThrow(/f\.json: version: must be 1/);
    expect(() =>
      parseFixture({
        version: 1,
        users: [
          { id: 'u', displayName: 'U' },
          { id: 'u', displayName: 'V' },
        ],
      }),
    ).toThrow(/users\[1\]: repeats "u" of users\[0\]/);
    expect(() =>
      createSandbox({
        fixtures: { version: 1, spaces: [{ id: 's', title: 'S', organization: 'org_nope' }] },
      }),
    ).toThrow(/spaces\[0\]\.organization: "org_nope" is not one of the organizations/);
  });

  it('loads YAML, and chains files through base (relative to the file naming it)', () => {
    file('base.yaml', 'version: 1\nbase: empty\nusers:\n  - id: user_yaml\n    displayName: Yaml User\n');
    const top = file('top.json', {
      version: 1,
      base: './base.yaml',
      members: [{ organization: 'org_acme', user: 'user_yaml', role: 'edit' }],
    });
    const sandbox = createSandbox({ fixtures: top });
    expect(sandbox.store.users.has('user_yaml')).toBe(true);
    // `empty` underneath: no demo spaces.
    expect(sandbox.store.spaces.size).toBe(0);
    expect(sandbox.store.members.find((m) => m.user === 'user_yaml')?.role).toBe('edit');
    const loop = file('loop.json', { version: 1, base: './loop.json' });
    expect(() => createSandbox({ fixtures: loop })).toThrow(/leads back to itself/);
  });

  it('exports a state reached by hand, which loads back to the same state', async () => {
    const sandbox = createSandbox();
    const put = await sandbox.fetch('http://sandbox.test/v1/orgs/org_acme/teams', {
      method: 'PUT',
      headers: { ...auth.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Exported team' }),
    });
    expect(put.status).toBe(201);
    await sandbox.fetch('http://sandbox.test/v1/spaces/space_guides', { method: 'DELETE', ...auth });
    const exported = sandbox.export();
    expect(Object.keys(exported)).toEqual(['version', 'base', 'actor', 'sequence', ...ROW_KIND_NAMES]);
    const path = file('exported.json', exported);
    const again = createSandbox({ fixtures: path });
    expect(again.export()).toEqual(exported);
    expect([...again.store.teams.values()].some((team) => team.title === 'Exported team')).toBe(true);
    expect(again.store.deletedSpaces.has('space_guides')).toBe(true);
    // The id counter came along: the next id made is new.
    expect(again.store.newId('team')).toBe(sandbox.store.newId('team'));
  });

  it('publishes a JSON Schema of the format, kept equal to fixture.schema.json', () => {
    const schema = fixtureJsonSchema() as { properties: Record<string, unknown>; required: string[] };
    const published: unknown = JSON.parse(
      readFileSync(new URL('../fixture.schema.json', import.meta.url), 'utf8'),
    );
    // Regenerate: node -e "import('@docs-api/sandbox').then(...fixtureJsonSchema()...)" (see docs/sandbox.md).
    expect(published).toEqual(schema);
    expect(schema.required).toContain('version');
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['base', 'spaces', 'changeRequests']),
    );
  });

  it('takes fields a row kind does not list (loose rows)', () => {
    const fixture: Fixture = {
      version: 1,
      changeRequests: [
        {
          id: 'cr_extra',
          space: 'space_handbook',
          number: 99,
          status: 'open',
          subject: 'Extra field',
          createdBy: 'user_ada',
          revision: 'rev_handbook_1',
          revisionInitial: 'rev_handbook_1',
          someFutureField: { conflicts: true },
        },
      ],
    };
    const sandbox = createSandbox({ fixtures: fixture });
    expect(sandbox.store.changeRequests.get('cr_extra')).toMatchObject({
      someFutureField: { conflicts: true },
    });
  });
});
