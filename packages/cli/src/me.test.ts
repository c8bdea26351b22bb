import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../test-support/run-command.js';
import { writeConfig } from './lib/config/config.js';
import AuthStatus from './commands/auth/status.js';
import AuthLogin from './commands/auth/login.js';
import CrList from './commands/cr/list.js';
import MembersView from './commands/members/view.js';
import TeamsCreate from './commands/teams/create.js';

/*
 * Who the token belongs to (issue 23, item 5): `auth login` and `auth status` name the user and
 * the default organization, and `@me` stands for that user wherever a user id is expected,
 * resolved with one read of the authenticated user per command.
 */

const cli = useInProcessCli();

describe('@me', () => {
  it('lists the change requests the caller is asked to review, reading the user once', async () => {
    const mine = await cli.run(CrList, ['--org', 'org_acme', '--reviewer', '@me', '--jq', '.[].subject']);
    expect(mine.code, mine.stderr).toBe(0);
    expect(mine.stdout).toBe('Add a quick-start guide\n');
    expect(cli.sandbox.requests.get('getAuthenticatedUser')).toBe(1);

    const byId = await cli.run(CrList, [
      '--org',
      'org_acme',
      '--reviewer',
      'user_ada',
      '--jq',
      '.[].subject',
    ]);
    expect(byId.stdout).toBe(mine.stdout);
  });

  it('names a member, and several users in one flag, with one read', async () => {
    const member = await cli.run(MembersView, ['@me', '--jq', '.id']);
    expect(member.code, member.stderr).toBe(0);
    expect(member.stdout).toBe('user_ada\n');

    const before = cli.sandbox.requests.get('getAuthenticatedUser') ?? 0;
    const team = await cli.run(TeamsCreate, [
      '--title',
      'Pairs',
      '--member',
      '@me',
      '--member',
      'user_grace',
      '--json',
    ]);
    expect(team.code, team.stderr).toBe(0);
    expect(cli.sandbox.requests.get('getAuthenticatedUser')).toBe(before + 1);
    const created = [...cli.sandbox.store.teams.values()].find((t) => t.title === 'Pairs');
    expect(created?.members.map((m) => m.user).sort()).toEqual(['user_ada', 'user_grace']);
  });

  it('is not read by a command given no @me', async () => {
    await cli.run(CrList, ['space_handbook', '--reviewer', 'user_grace']);
    expect(cli.sandbox.requests.get('getAuthenticatedUser')).toBeUndefined();
  });
});

describe('auth status and auth login name the user and the default organization', () => {
  it('status: the user, and the default organization with where it came from', async () => {
    const status = await cli.run(AuthStatus, []);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stderr).toContain('as Ada Lovelace (user_ada, ada@acme.test)');
    expect(status.stdout).toMatch(/Default organization:\s+org_acme \(Acme Inc\), from DOCS_ORG/);

    const json = JSON.parse((await cli.run(AuthStatus, ['--json'])).stdout) as unknown;
    expect(json).toMatchObject({
      user: { id: 'user_ada', displayName: 'Ada Lovelace' },
      defaultOrganization: { id: 'org_acme', title: 'Acme Inc', source: 'DOCS_ORG', reachable: true },
    });
  });

  it('status: a stored default the token does not reach is said so', async () => {
    vi.stubEnv('DOCS_ORG', undefined);
    await writeConfig(cli.configDir, { org: 'org_nope' });
    const status = await cli.run(AuthStatus, []);
    expect(status.stdout).toMatch(
      /Default organization:\s+org_nope, stored in .*config\.json; not among the organizations this token reaches/,
    );
    vi.stubEnv('DOCS_ORG', undefined);
    await writeConfig(cli.configDir, {});
    const none = await cli.run(AuthStatus, ['--org', 'org_beta', '--json']);
    expect((JSON.parse(none.stdout) as { defaultOrganization: unknown }).defaultOrganization).toMatchObject({
      id: 'org_beta',
      source: '--org',
    });
  });

  it('login: the user, and the default organization', async () => {
    vi.stubEnv('DOCS_API_TOKEN', undefined);
    cli.stdinIs(`${cli.sandbox.token}\n`);
    await writeConfig(cli.configDir, { org: 'org_acme' });
    const login = await cli.run(AuthLogin, ['--with-token']);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(
      'Logged in to http://sandbox.test as Ada Lovelace (user_ada, ada@acme.test)',
    );
    expect(login.stderr).toContain('Default organization: org_acme (Acme Inc)');
  });
});
