import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import TeamsDelete from './delete.js';
import TeamsMembersRemove from './members/remove.js';
import TeamsMembersSetRole from './members/set-role.js';

/* The teams commands at a terminal: the team and member pickers and the confirmations. */

const cli = useInProcessCli();

const roles = (teamId: string) =>
  cli.sandbox.store.teams.get(teamId)?.members.map((m) => `${m.user}:${m.role}`);

describe('docs teams at a terminal', () => {
  it('picks the team from a list, asks before deleting and keeps it on "no"', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValueOnce('team_reviewers');
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await cli.run(TeamsDelete, []);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cancelled.');
    expect(select.mock.calls[0]?.[0]).toBe('Team');
    expect(select.mock.calls[0]?.[1]).toEqual([
      { name: 'Docs writers (team_docs)', value: 'team_docs', description: '2 members' },
      { name: 'Reviewers (team_reviewers)', value: 'team_reviewers', description: '1 member' },
    ]);
    expect(confirm).toHaveBeenCalledWith('Delete team team_reviewers?');
    expect(cli.sandbox.store.teams.has('team_reviewers')).toBe(true);
    expect(cli.sandbox.requests.get('teams.delete')).toBeUndefined();
  });

  it('deletes on "yes"', async () => {
    vi.spyOn(prompts, 'confirm').mockResolvedValue(true);
    const result = await cli.run(TeamsDelete, ['team_reviewers']);
    expect(result.code).toBe(0);
    expect(cli.sandbox.store.teams.has('team_reviewers')).toBe(false);
  });

  it('set-role picks the member from the team when the user is omitted', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValueOnce('user_linus');

    const result = await cli.run(TeamsMembersSetRole, ['team_docs', '--role', 'owner']);

    expect(result.code).toBe(0);
    expect(select.mock.calls[0]?.[0]).toBe('Member');
    expect(select.mock.calls[0]?.[1]).toEqual([
      { name: 'Ada Lovelace (user_ada, owner)', value: 'user_ada' },
      { name: 'Linus Torvalds (user_linus, member)', value: 'user_linus' },
    ]);
    expect(roles('team_docs')).toEqual(['user_ada:owner', 'user_linus:owner']);
  });

  it('asks before removing members and removes nothing on "no"', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await cli.run(TeamsMembersRemove, ['team_docs', '--user', 'user_linus']);

    expect(result.code).toBe(2);
    expect(confirm).toHaveBeenCalledWith('Remove user_linus from team team_docs?');
    expect(roles('team_docs')).toEqual(['user_ada:owner', 'user_linus:member']);
  });
});
