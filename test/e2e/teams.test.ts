import { describe, expect, it } from 'vitest';
import { areaOperationIds, json, lines, ok, useE2e } from './harness.js';

/*
 * Every `docs teams ...` command, run as the built binary (no TTY) against one sandbox on a
 * loopback port. The tests share the sandbox and run in order; each says what it starts from.
 * Seed: team_docs "Docs writers" (user_ada owner, user_linus member; 2 spaces) and
 * team_reviewers "Reviewers" (user_grace owner; 1 space).
 */

type Team = { id: string; title: string; members: number; spaces: number };
type Membership = { organization: { id: string; role: string | null }; team: { role: string } };

const e2e = useE2e();
const { run: docs, totalRequests } = e2e;

/** `user:teamRole` of every member of a team, through `docs teams members list --json`. */
async function roster(teamId: string): Promise<string[]> {
  const members = json<Membership[]>(ok(await docs('teams', 'members', 'list', teamId, '--json')));
  return members.map((m) => `${m.organization.id}:${m.team.role}`);
}

describe('docs teams list and view', () => {
  it('lists teams as tab-separated rows: id, title, members, spaces, created', async () => {
    const result = ok(await docs('teams', 'list'));
    expect(lines(result.stdout)).toEqual([
      'team_docs\tDocs writers\t2\t2\t2026-01-05T10:00:00.000Z',
      'team_reviewers\tReviewers\t1\t1\t2026-01-05T10:30:00.000Z',
    ]);
  });

  it('filters by owner and by title', async () => {
    const byOwner = json<Team[]>(ok(await docs('teams', 'list', '--owner', 'user_grace', '--json')));
    expect(byOwner.map((t) => t.id)).toEqual(['team_reviewers']);
    const byTitle = ok(await docs('teams', 'list', '--title', 'WRITERS'));
    expect(lines(byTitle.stdout)).toEqual([expect.stringMatching(/^team_docs\t/)]);
    const none = ok(await docs('teams', 'list', '--owner', 'user_linus'));
    expect(none.stdout).toBe('');
  });

  it('shows one team, and exits 3 for an absent one', async () => {
    const view = ok(await docs('teams', 'view', 'team_docs'));
    expect(view.stdout).toMatch(/Title:\s+Docs writers/);
    expect(view.stdout).toMatch(/Members:\s+2/);
    expect(view.stdout).toMatch(/Spaces:\s+2/);
    const asJson = json<Team>(ok(await docs('teams', 'view', 'team_reviewers', '--json')));
    expect(asJson).toMatchObject({ id: 'team_reviewers', title: 'Reviewers', members: 1, spaces: 1 });
    const gone = await docs('teams', 'view', 'team_nope');
    expect(gone.code).toBe(3);
    expect(gone.stderr).toMatch(/team "team_nope" was not found/);
  });

  it('lists members with user, name, email, team role and organization role', async () => {
    const result = ok(await docs('teams', 'members', 'list', 'team_docs'));
    expect(lines(result.stdout)).toEqual([
      'user_ada\tAda Lovelace\tada@acme.test\towner\tadmin',
      'user_linus\tLinus Torvalds\tlinus@acme.test\tmember\tedit',
    ]);
  });
});

describe('docs teams create, rename and delete', () => {
  it('creates a team with members, renames it and deletes it with --yes', async () => {
    const created = json<Team>(
      ok(
        await docs(
          'teams',
          'create',
          '--title',
          'Translators',
          '--member',
          'user_grace',
          '--member',
          'user_linus',
          '--json',
        ),
      ),
    );
    expect(created).toMatchObject({ title: 'Translators', members: 2, spaces: 0 });
    expect(await roster(created.id)).toEqual(['user_grace:member', 'user_linus:member']);

    const human = ok(await docs('teams', 'create', '--title', 'Empty'));
    expect(human.stderr).toMatch(/Created team team_\w+/);
    expect(human.stdout).toMatch(/Members:\s+0/);

    const renamed = ok(await docs('teams', 'rename', created.id, '--title', 'Localization'));
    expect(renamed.stderr).toContain(`Renamed team ${created.id}`);
    expect(renamed.stdout).toMatch(/Title:\s+Localization/);

    const refused = await docs('teams', 'delete', created.id);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(e2e.sandbox.store.teams.has(created.id)).toBe(true);
    const deleted = ok(await docs('teams', 'delete', created.id, '--yes'));
    expect(deleted.stderr).toContain(`Deleted team ${created.id}`);
    expect((await docs('teams', 'view', created.id)).code).toBe(3);
  });

  it('exits 1 with the server message when a member is not in the organization', async () => {
    const result = await docs('teams', 'create', '--title', 'Outsiders', '--member', 'user_nobody');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/body\.members: "user_nobody" is not a member of organization "org_acme"/);
    expect(result.stderr).toContain('HTTP 400');
  });
});

describe('docs teams members add, remove and set-role', () => {
  it('adds members by id or email through the bulk update', async () => {
    const added = ok(
      await docs(
        'teams',
        'members',
        'add',
        'team_reviewers',
        '--user',
        'ada@acme.test',
        '--user',
        'user_linus',
      ),
    );
    expect(added.stderr).toContain('Added ada@acme.test, user_linus to team team_reviewers');
    expect(await roster('team_reviewers')).toEqual([
      'user_grace:owner',
      'user_ada:member',
      'user_linus:member',
    ]);
  });

  it('sets a team role with the member endpoint, adding the member when needed', async () => {
    const promoted = json<{ role: string }>(
      ok(
        await docs(
          'teams',
          'members',
          'set-role',
          'team_reviewers',
          'user_linus',
          '--role',
          'owner',
          '--json',
        ),
      ),
    );
    expect(promoted).toEqual({ team: 'team_reviewers', user: 'user_linus', role: 'owner' });
    const joined = ok(
      await docs('teams', 'members', 'set-role', 'team_docs', 'user_grace', '--role', 'member'),
    );
    expect(joined.stderr).toContain('user_grace is now a member of team team_docs');
    expect(await roster('team_reviewers')).toEqual([
      'user_grace:owner',
      'user_ada:member',
      'user_linus:owner',
    ]);
    expect(await roster('team_docs')).toEqual(['user_ada:owner', 'user_linus:member', 'user_grace:member']);
    const owned = json<Team[]>(ok(await docs('teams', 'list', '--owner', 'user_linus', '--json')));
    expect(owned.map((t) => t.id)).toEqual(['team_reviewers']);
  });

  it('removes one member with the member endpoint, and several in one bulk update', async () => {
    const before = e2e.sandbox.hits.get('teams.members.remove') ?? 0;
    const one = ok(await docs('teams', 'members', 'remove', 'team_docs', '--user', 'user_grace', '--yes'));
    expect(one.stderr).toContain('Removed user_grace from team team_docs');
    expect(e2e.sandbox.hits.get('teams.members.remove')).toBe(before + 1);

    // Removing someone not in the team succeeds (the document's 204 "member was not part of the team").
    ok(await docs('teams', 'members', 'remove', 'team_docs', '--user', 'user_grace', '--yes'));

    const bulkBefore = e2e.sandbox.hits.get('teams.members.update') ?? 0;
    ok(
      await docs(
        'teams',
        'members',
        'remove',
        'team_reviewers',
        '--user',
        'ada@acme.test',
        '--user',
        'user_linus',
        '--yes',
      ),
    );
    expect(e2e.sandbox.hits.get('teams.members.update')).toBe(bulkBefore + 1);
    expect(await roster('team_reviewers')).toEqual(['user_grace:owner']);
  });

  it('asks for --yes before removing when no one can be asked', async () => {
    const refused = await docs('teams', 'members', 'remove', 'team_docs', '--user', 'user_linus');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    expect(await roster('team_docs')).toEqual(['user_ada:owner', 'user_linus:member']);
  });
});

describe('docs teams: bad input', () => {
  it('exits 2 naming the field or flag, and sends nothing', async () => {
    const requestsBefore = totalRequests();
    const empty = await docs('teams', 'create', '--title', '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/title: Too small/);
    const long = await docs('teams', 'rename', 'team_docs', '--title', 'x'.repeat(65));
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/title: Too big/);
    const noTitle = await docs('teams', 'create');
    expect(noTitle.code).toBe(2);
    expect(noTitle.stderr).toMatch(/^Error: Missing --title: /);
    const badRole = await docs('teams', 'members', 'set-role', 'team_docs', 'user_linus', '--role', 'admin');
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/--role/);
    const noUser = await docs('teams', 'members', 'add', 'team_docs');
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toMatch(/^Error: Missing --user: /);
    const noTeam = await docs('teams', 'view');
    expect(noTeam.code).toBe(2);
    expect(noTeam.stderr).toContain('Missing the team id');
    expect(totalRequests()).toBe(requestsBefore);
  });
});

describe('coverage through the CLI', () => {
  it('exercised every Teams and team members operation of the contract', () => {
    const teamOperations = areaOperationIds('Teams and team members');
    expect(teamOperations).toHaveLength(9);
    const missed = e2e.unhit(teamOperations);
    expect(missed).toEqual([]);
  });
});
