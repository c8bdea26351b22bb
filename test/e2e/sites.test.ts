import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOperationIds, json, useE2e } from './harness.js';

type Site = { id: string; title: string; visibility: string; proxy?: { origin: string } };

const e2e = useE2e();
const { totalRequests } = e2e;

describe('docs sites, end to end', () => {
  it('lists sites as tab-separated rows when piped, and as JSON with --json', async () => {
    const plain = await e2e.docs(['sites', 'list']);
    expect(plain.code).toBe(0);
    expect(plain.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^site_docs\tAcme Docs\tpublic\tyes\t2\t/),
      // Unpublished: no published URL, as the service answers.
      expect.stringMatching(/^site_internal\tInternal Handbook\tvisitor-auth\tno\t1\s*$/),
    ]);
    const asJson = json<Site[]>(await e2e.docs(['sites', 'list', '--json', '--no-published']));
    expect(asJson.map((s) => s.id)).toEqual(['site_internal']);
  });

  it('walks every page with --all and stops at --limit otherwise', async () => {
    for (let i = 0; i < 3; i++) {
      const created = await e2e.docs(['sites', 'create', '--title', `Paged ${i}`, '--json']);
      expect(created.code).toBe(0);
    }
    const limited = json<Site[]>(await e2e.docs(['sites', 'list', '--limit', '2', '--json']));
    expect(limited).toHaveLength(2);
    const all = json<Site[]>(await e2e.docs(['sites', 'list', '--all', '--json', '--title', 'Paged']));
    expect(all.map((s) => s.title)).toEqual(['Paged 0', 'Paged 1', 'Paged 2']);
  });

  it('creates, views, updates and deletes a site', async () => {
    const created = json<Site>(
      await e2e.docs([
        'sites',
        'create',
        '--title',
        'Partner Docs',
        '--visibility',
        'unlisted',
        '--space',
        'space_api',
        '--json',
      ]),
    );
    expect(created).toMatchObject({ title: 'Partner Docs', visibility: 'unlisted', siteSpaces: 1 });

    const view = await e2e.docs(['sites', 'view', created.id]);
    expect(view.code).toBe(0);
    expect(view.stdout).toMatch(/Title:\s+Partner Docs/);

    const updated = json<Site>(
      await e2e.docs([
        'sites',
        'update',
        created.id,
        '--title',
        'Partners',
        '--proxy',
        'example.com/partners',
        '--json',
      ]),
    );
    expect(updated.title).toBe('Partners');
    expect(updated.proxy?.origin).toBe('example.com/partners');
    const unproxied = json<Site>(await e2e.docs(['sites', 'update', created.id, '--remove-proxy', '--json']));
    expect(unproxied.proxy).toBeUndefined();

    const refused = await e2e.docs(['sites', 'delete', created.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const deleted = await e2e.docs(['sites', 'delete', created.id, '--yes']);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain(`Deleted site ${created.id}`);
    const gone = await e2e.docs(['sites', 'view', created.id]);
    expect(gone.code).toBe(3);
    expect(gone.stderr).toMatch(/not found/);
  });

  it('shows the published structure, scripts, integrations and template conditions', async () => {
    const published = await e2e.docs(['sites', 'published', 'site_docs']);
    expect(published.code).toBe(0);
    expect(published.stdout).toContain('Developers\t/developers/api\tAPI Reference\tspace_api');
    const shared = json<{ site: { urls: { published: string } } }>(
      await e2e.docs(['sites', 'published', 'site_docs', '--share-key', 'share_docs', '--json']),
    );
    expect(shared.site.urls.published).toContain('share=share_docs');

    const scripts = json<Array<{ script: string }>>(
      await e2e.docs(['sites', 'scripts', 'site_docs', '--json']),
    );
    expect(scripts.map((s) => s.script)).toHaveLength(2);

    const integrations = await e2e.docs(['sites', 'integrations', 'site_docs', '--search', 'chat']);
    expect(integrations.stdout.trim()).toMatch(/^support-chat\tSupport Chat/);

    const conditions = await e2e.docs(['sites', 'adaptive-schema', 'conditions', 'site_docs']);
    expect(conditions.stdout).toContain('visitor.claims.isBetaUser === true');
  });

  it('round-trips the adaptive schema through a file and stdin', async () => {
    const original = await e2e.docs(['sites', 'adaptive-schema', 'view', 'site_internal']);
    const schema = JSON.parse(original.stdout) as { properties: Record<string, unknown> };
    schema.properties.isEmployee = { type: 'boolean', description: 'Works here' };
    const file = join(e2e.configHome, 'schema.json');
    await writeFile(file, JSON.stringify(schema));
    const set = await e2e.docs(['sites', 'adaptive-schema', 'set', 'site_internal', '--file', file]);
    expect(set.code).toBe(0);
    const conditions = json<Array<{ condition: string }>>(
      await e2e.docs(['sites', 'adaptive-schema', 'conditions', 'site_internal', '--json']),
    );
    expect(conditions.map((c) => c.condition)).toEqual(['visitor.claims.isEmployee === true']);

    const fromStdin = await e2e.docs(['sites', 'adaptive-schema', 'set', 'site_internal', '--file', '-'], {
      input: '{"type":"object","properties":{},"additionalProperties":false}',
    });
    expect(fromStdin.code).toBe(0);
    // The published document's rules are checked before sending: claims need a description.
    const requestsBefore = totalRequests();
    const undescribed = await e2e.docs(['sites', 'adaptive-schema', 'set', 'site_internal', '--file', '-'], {
      input: '{"type":"object","properties":{"isAdmin":{"type":"boolean"}},"additionalProperties":false}',
    });
    expect(undescribed.code).toBe(2);
    expect(undescribed.stderr).toMatch(/jsonSchema\.properties\.isAdmin/);
    expect(totalRequests()).toBe(requestsBefore);
    const notJson = await e2e.docs(['sites', 'adaptive-schema', 'set', 'site_internal', '--file', '-'], {
      input: '{',
    });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/--file: - is not valid JSON/);
  });

  it('exits 2 on bad input, naming the field, and sends nothing', async () => {
    const requestsBefore = totalRequests();
    const tooShort = await e2e.docs(['sites', 'create', '--title', 'x']);
    expect(tooShort.code).toBe(2);
    expect(tooShort.stderr).toMatch(/title: Too small/);
    const badProxy = await e2e.docs(['sites', 'update', 'site_docs', '--proxy', 'not a proxy']);
    expect(badProxy.code).toBe(2);
    expect(badProxy.stderr).toMatch(/proxy: Invalid string: must match pattern/);
    const badOption = await e2e.docs(['sites', 'create', '--visibility', 'secret']);
    expect(badOption.code).toBe(2);
    const nothing = await e2e.docs(['sites', 'update', 'site_docs']);
    expect(nothing.code).toBe(2);
    expect(totalRequests()).toBe(requestsBefore);
  });

  it('exits 2 naming the argument or flag when a person cannot be asked', async () => {
    const noSite = await e2e.docs(['sites', 'view']);
    expect(noSite.code).toBe(2);
    expect(noSite.stderr).toContain('Missing the site id');
    const noOrg = await e2e.docs(['sites', 'list'], { env: { DOCS_ORG: undefined } });
    expect(noOrg.code).toBe(2);
    expect(noOrg.stderr).toContain('--org');
  });

  it('exits 4 without a token, and 4 with a token the API refuses, never printing it', async () => {
    const missing = await e2e.docs(['sites', 'list'], { env: { DOCS_API_TOKEN: undefined } });
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('docs auth login');
    const wrong = await e2e.docs(['sites', 'list'], { env: { DOCS_API_TOKEN: 'tok_wrong_secret' } });
    expect(wrong.code).toBe(4);
    // A login cannot help while the variable is set: the message says it is in use.
    expect(wrong.stderr).toContain('DOCS_API_TOKEN');
    expect(wrong.stderr).not.toContain('Run `docs auth login`');
    expect(wrong.stderr + wrong.stdout).not.toContain('tok_wrong_secret');
  });
});

describe('docs auth, end to end', () => {
  it('logs in from stdin, stores the token with mode 0600, reports status and logs out', async () => {
    const env = { DOCS_API_TOKEN: undefined, DOCS_API_URL: undefined };
    const before = await e2e.docs(['auth', 'status'], { env });
    expect(before.code).toBe(4);

    const login = await e2e.docs(['auth', 'login', '--with-token', '--api-url', e2e.running.url], {
      env,
      input: `${e2e.running.token}\n`,
    });
    expect(login.code).toBe(0);
    expect(login.stdout + login.stderr).not.toContain(e2e.running.token);
    const file = join(e2e.configHome, 'docs', 'config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const status = json<{ loggedIn: boolean; tokenSource: string }>(
      await e2e.docs(['auth', 'status', '--json'], { env }),
    );
    expect(status).toMatchObject({ loggedIn: true, tokenSource: 'config' });
    const listed = await e2e.docs(['sites', 'list'], { env });
    expect(listed.code).toBe(0);

    const logout = await e2e.docs(['auth', 'logout'], { env });
    expect(logout.code).toBe(0);
    expect((await e2e.docs(['auth', 'status'], { env })).code).toBe(4);
  });

  it('refuses a bad token at login with exit 4 and stores nothing', async () => {
    const env = { DOCS_API_TOKEN: undefined };
    const login = await e2e.docs(['auth', 'login', '--with-token'], { env, input: 'tok_bad' });
    expect(login.code).toBe(4);
    expect((await e2e.docs(['auth', 'status'], { env })).code).toBe(4);
  });

  it('without --with-token and no terminal, exits 2 instead of waiting for a prompt', async () => {
    const login = await e2e.docs(['auth', 'login'], { env: { DOCS_API_TOKEN: undefined } });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('--with-token');
  });
});

describe('coverage through the CLI', () => {
  it('exercised every Sites operation of the contract', () => {
    const siteOperations = areaOperationIds('Sites');
    expect(siteOperations).toHaveLength(11);
    const missed = e2e.unhit(siteOperations);
    expect(missed).toEqual([]);
  });
});
