import { describe, expect, it } from 'vitest';
import { areaOperationIds, json, ok, useE2e } from './harness.js';

/*
 * Every `docs orgs ...` and `docs members ...` command, run as the built binary (no TTY)
 * against one sandbox on a loopback port. The tests share the sandbox and run in order; each
 * says what it starts from. Seed: org_acme (user_ada admin, user_grace review, user_linus edit;
 * invite link invite_1), org_beta (user_ada reads), and org_gamma, which allows acme.test
 * emails and which user_ada is not in.
 */

type Organization = {
  id: string;
  title: string;
  defaultRole: string | null;
  emailDomains: string[];
  defaultContent?: { type: string; site: string };
  ai?: boolean;
  mergeRules?: { type: string; rules: Array<{ rule: string; users: string[] }> };
};
type Member = { id: string; role: string | null; sso: boolean; lastSeenAt?: string };
type SearchItem = { id: string; pages: Array<{ id: string; sections: Array<{ id: string }> }> };

const e2e = useE2e();
const { run: docs, totalRequests } = e2e;
/** Output lines; a row's trailing tab (an empty last column) is kept. */
const lines = (text: string) => text.replace(/\n$/, '').split('\n');

async function memberIds(...args: string[]): Promise<string[]> {
  return json<Member[]>(ok(await docs('members', 'list', '--json', ...args))).map((m) => m.id);
}

describe('docs orgs list, view and edit', () => {
  it('lists your organizations as rows, and those that allow an email domain', async () => {
    const mine = ok(await docs('orgs', 'list'));
    expect(lines(mine.stdout)).toEqual([
      'org_acme\tAcme Inc\tacme\tacme.test\tfree_2024',
      'org_beta\tBeta Labs\tbeta\tbeta.test\tfree_2024',
    ]);
    const byDomain = json<Organization[]>(
      ok(await docs('orgs', 'list', '--email-domain', 'acme.test', '--json')),
    );
    expect(byDomain.map((org) => org.id)).toEqual(['org_acme', 'org_gamma']);
  });

  it('shows the organization of --org', async () => {
    const view = ok(await docs('orgs', 'view'));
    expect(view.stdout).toMatch(/^ID:\s+org_acme$/m);
    expect(view.stdout).toMatch(/^Default role:\s+read$/m);
    const beta = ok(await docs('orgs', 'view', '--org', 'org_beta'));
    expect(beta.stdout).toMatch(/^Title:\s+Beta Labs$/m);
  });

  it('edits only the settings given', async () => {
    const edited = json<Organization>(
      ok(
        await docs(
          'orgs',
          'edit',
          '--title',
          'Acme Corp',
          '--default-role',
          'guest',
          '--email-domain',
          'acme.test',
          '--email-domain',
          'acme-corp.test',
          '--default-site',
          'site_docs',
          '--no-ai',
          '--require-reviewer',
          'user_grace',
          '--json',
        ),
      ),
    );
    expect(edited).toMatchObject({
      title: 'Acme Corp',
      defaultRole: null,
      emailDomains: ['acme.test', 'acme-corp.test'],
      defaultContent: { type: 'site', site: 'site_docs' },
      ai: false,
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['user_grace'] }] },
    });
    const view = ok(await docs('orgs', 'view'));
    expect(view.stdout).toMatch(/^Default role:\s+guest$/m);
    expect(view.stdout).toMatch(/^Merge rules:\s+require_specific_reviewers \(user_grace\)$/m);
  });

  it('fails (exit 1) on default content that is not a site of the organization', async () => {
    const refused = await docs('orgs', 'edit', '--default-site', 'site_nope');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('invalid default content');
    const readerOnly = await docs('orgs', 'edit', '--org', 'org_beta', '--title', 'Mine');
    expect(readerOnly.code).toBe(1);
    expect(readerOnly.stderr).toContain('403');
  });
});

describe('docs orgs join and ping', () => {
  it('joins an organization that allows acme.test; joining again is harmless; an absent one exits 3', async () => {
    ok(await docs('orgs', 'join', 'org_gamma'));
    const again = ok(await docs('orgs', 'join', 'org_gamma', '--json'));
    expect(json(again)).toEqual({ joined: 'org_gamma' });
    const mine = json<Organization[]>(ok(await docs('orgs', 'list', '--json')));
    expect(mine.map((org) => org.id)).toEqual(['org_acme', 'org_beta', 'org_gamma']);
    const gammaMembers = await memberIds('--org', 'org_gamma');
    expect(gammaMembers[0]).toBe('user_ada');
    expect((await docs('orgs', 'join', 'org_nope')).code).toBe(3);
  });

  it('pings: the service visitor claims (a JWT) on stdout, and the caller is seen now', async () => {
    const before = Date.now();
    const ping = ok(await docs('orgs', 'ping'));
    expect(ping.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]*\n$/);
    const ada = json<Member>(ok(await docs('members', 'view', 'user_ada', '--json')));
    expect(Date.parse(ada.lastSeenAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('docs orgs search', () => {
  it('prints one row per matching page, with its parents and URL', async () => {
    const result = ok(await docs('orgs', 'search', 'bearer'));
    expect(lines(result.stdout)).toEqual([
      'space_api\tpage_api_auth\tAuthentication\tauthentication\thttps://app.sandbox.docs-api.local/s/space_api/authentication',
    ]);
    const nested = ok(await docs('orgs', 'search', 'npm install', '--limit', '1'));
    expect(lines(nested.stdout)).toEqual([
      'space_handbook\tpage_installation\tGetting started › Installation\tgetting-started/installation\thttps://app.sandbox.docs-api.local/s/space_handbook/getting-started/installation',
    ]);
  });

  it('prints the results per space with their sections under --json', async () => {
    const items = json<SearchItem[]>(ok(await docs('orgs', 'search', 'install', '--all', '--json')));
    expect(items.map((item) => item.id)).toEqual(['space_handbook', 'space_handbook_fr']);
    expect(items[0]?.pages.map((page) => page.id)).toEqual([
      'page_getting_started',
      'page_installation',
      'page_configuration',
    ]);
    const none = ok(await docs('orgs', 'search', 'no such words anywhere'));
    expect(none.stdout).toBe('');
  });
});

describe('docs orgs invites and agent-instructions', () => {
  it('deletes an invite link with --yes only; deleting it again succeeds', async () => {
    const refused = await docs('orgs', 'invites', 'delete', 'invite_1');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    expect(e2e.sandbox.store.invites.has('invite_1')).toBe(true);
    ok(await docs('orgs', 'invites', 'delete', 'invite_1', '--yes'));
    expect(e2e.sandbox.store.invites.has('invite_1')).toBe(false);
    const again = ok(await docs('orgs', 'invites', 'delete', 'invite_1', '--yes', '--json'));
    expect(json(again)).toEqual({ deleted: 'invite_1' });
  });

  it('views the empty instructions, sets them from stdin and views them as text', async () => {
    const empty = ok(await docs('orgs', 'agent-instructions', 'view'));
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain('has no agent instructions');

    const set = await e2e.docs(['orgs', 'agent-instructions', 'set', '--file', '-'], {
      input: 'Answer in English.\nLink the page you quote.\n',
    });
    ok(set);
    const view = ok(await docs('orgs', 'agent-instructions', 'view'));
    expect(view.stdout).toBe('Answer in English.\nLink the page you quote.\n');
    // `updatedBy` is a member id in the published document (the extract left its type open).
    expect(view.stderr).toMatch(/Updated .* by user_ada/);
    const document = json<{ instructions: { nodes: unknown[] } }>(
      ok(await docs('orgs', 'agent-instructions', 'view', '--json')),
    );
    expect(document.instructions.nodes).toHaveLength(2);
  });
});

describe('docs members', () => {
  it('lists members as rows: user, name, email, role, sso, joined, last seen', async () => {
    const result = ok(await docs('members', 'list', '--order', 'asc'));
    const rows = lines(result.stdout);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toBe(
      'user_grace\tGrace Hopper\tgrace@acme.test\treview\tno\t2026-01-05T09:00:00.000Z\t2026-01-09T17:30:00.000Z',
    );
    expect(rows[2]).toBe('user_linus\tLinus Torvalds\tlinus@acme.test\tedit\tno\t2026-01-05T09:00:00.000Z\t');
  });

  it('filters by role and text, and sorts by last activity (active members only)', async () => {
    expect(await memberIds('--role', 'review')).toEqual(['user_grace']);
    expect(await memberIds('--search', 'HOPPER')).toEqual(['user_grace']);
    expect(await memberIds('--sort', 'last-seen', '--order', 'asc')).toEqual(['user_grace', 'user_ada']);
  });

  it('shows a member with counts', async () => {
    const view = ok(await docs('members', 'view', 'user_grace'));
    expect(view.stdout).toMatch(/^Role:\s+review$/m);
    expect(view.stdout).toMatch(/^Spaces:\s+5$/m);
    expect(view.stdout).toMatch(/^Teams:\s+1$/m);
    expect((await docs('members', 'view', 'user_hedy')).code).toBe(3);
  });

  it("lists a member's spaces with the permission, and teams with the team role", async () => {
    const spaces = ok(await docs('members', 'spaces', 'user_grace', '--order', 'asc', '--limit', '2'));
    expect(lines(spaces.stdout)).toEqual([
      'space_handbook\tHandbook\treview',
      'space_api\tAPI Reference\treview',
    ]);
    const teams = ok(await docs('members', 'teams', 'user_ada', '--title', 'DOCS'));
    expect(lines(teams.stdout)).toEqual(['team_docs\tDocs writers\towner']);
  });

  it('sets a role, guest included', async () => {
    const review = json<Member>(
      ok(await docs('members', 'set-role', 'user_linus', '--role', 'review', '--json')),
    );
    expect(review.role).toBe('review');
    const guest = ok(await docs('members', 'set-role', 'user_linus', '--role', 'guest'));
    expect(guest.stderr).toContain('user_linus is now guest in org_acme');
    expect(await memberIds('--role', 'review')).toEqual(['user_grace']);
  });

  it('adds an SSO member, who joins with the default role (guest since the edit above)', async () => {
    const added = json<Member>(ok(await docs('members', 'add-sso', 'user_hedy', '--json')));
    expect(added).toMatchObject({ id: 'user_hedy', role: null, sso: true });
    expect((await memberIds())[0]).toBe('user_hedy');
  });

  it('removes a member with --yes only', async () => {
    const refused = await docs('members', 'remove', 'user_linus');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes');
    ok(await docs('members', 'remove', 'user_linus', '--yes'));
    expect(await memberIds()).not.toContain('user_linus');
    const lastAdmin = await docs('members', 'remove', 'user_ada', '--yes');
    expect(lastAdmin.code).toBe(1);
    expect(lastAdmin.stderr).toContain('last admin');
  });
});

describe('docs orgs and members: bad input', () => {
  it('exits 2 naming the field or flag, and sends nothing', async () => {
    const requestsBefore = totalRequests();
    // (0.1 also refused a logo URL other than http(s), an email domain with `@` and a blank query:
    // rules of its own, not the extract's nor the document's, which the generated contract drops.)
    const logo = await docs('orgs', 'edit', '--logo', 'not a url');
    expect(logo.code).toBe(2);
    expect(logo.stderr).toContain('logo');
    const empty = await docs('orgs', 'search', '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('query');
    const nothing = await docs('orgs', 'edit');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to change');
    const role = await docs('members', 'set-role', 'user_grace', '--role', 'owner');
    expect(role.code).toBe(2);
    expect(role.stderr).toMatch(/--role/);
    // `name` is a sort of the published document; `title` is none.
    const sort = await docs('members', 'list', '--sort', 'title');
    expect(sort.code).toBe(2);
    expect(sort.stderr).toMatch(/--sort/);
    const noUser = await docs('members', 'view');
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toContain('Missing the user id');
    const noFile = await docs('orgs', 'agent-instructions', 'set', '--file', '/nonexistent/instructions.txt');
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('cannot read');
    expect(totalRequests()).toBe(requestsBefore);
  });
});

describe('coverage through the CLI', () => {
  it('exercised every Organizations, members, search operation of the contract', () => {
    const areaOperations = areaOperationIds('Organizations, members, search');
    expect(areaOperations).toHaveLength(17);
    const missed = e2e.unhit(areaOperations);
    expect(missed).toEqual([]);
  });
});
