import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import OrgsInvitesDelete from '../orgs/invites/delete.js';
import MembersRemove from './remove.js';
import MembersSetRole from './set-role.js';

/* The members commands at a terminal: the member picker and the confirmations. */

const cli = useInProcessCli();

const acmeMembers = () =>
  cli.sandbox.store.members.filter((m) => m.organization === 'org_acme').map((m) => `${m.user}:${m.role}`);

describe('docs members at a terminal', () => {
  it('picks the member from a list, asks before removing and keeps them on "no"', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValueOnce('user_linus');
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await cli.run(MembersRemove, []);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cancelled.');
    expect(select.mock.calls[0]?.[0]).toBe('Member');
    expect(select.mock.calls[0]?.[1]).toEqual([
      { name: 'Linus Torvalds (user_linus, edit)', value: 'user_linus', description: 'linus@acme.test' },
      { name: 'Grace Hopper (user_grace, review)', value: 'user_grace', description: 'grace@acme.test' },
      { name: 'Ada Lovelace (user_ada, admin)', value: 'user_ada', description: 'ada@acme.test' },
    ]);
    expect(confirm).toHaveBeenCalledWith('Remove user_linus from organization org_acme?');
    expect(acmeMembers()).toContain('user_linus:edit');
    expect(cli.sandbox.requests.get('members.delete')).toBeUndefined();
  });

  it('removes on "yes"', async () => {
    vi.spyOn(prompts, 'confirm').mockResolvedValue(true);
    const result = await cli.run(MembersRemove, ['user_linus']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Removed user_linus from org_acme');
    expect(acmeMembers()).toEqual(['user_ada:admin', 'user_grace:review']);
  });

  it('set-role picks the member when the user is omitted, and guest means no role', async () => {
    vi.spyOn(prompts, 'select').mockResolvedValueOnce('user_grace');

    const result = await cli.run(MembersSetRole, ['--role', 'guest']);

    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Role:\s+guest/);
    expect(acmeMembers()).toContain('user_grace:null');
  });

  it('asks before deleting an invite link', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValueOnce(false).mockResolvedValueOnce(true);

    expect((await cli.run(OrgsInvitesDelete, ['invite_1'])).code).toBe(2);
    expect(cli.sandbox.store.invites.has('invite_1')).toBe(true);
    expect((await cli.run(OrgsInvitesDelete, ['invite_1'])).code).toBe(0);
    expect(cli.sandbox.store.invites.has('invite_1')).toBe(false);
    expect(confirm).toHaveBeenCalledWith('Delete invite link invite_1 of org_acme?');
  });
});
