import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workerdUnavailable } from '../../packages/cli/src/lib/integrations/workerd.js';
import { DOCS_BIN, json, lines, ok, useE2e } from './harness.js';

/*
 * Issue 22's publishing, integration and output commands and issue 23's `@me`, end to end: the
 * built `docs` against a sandbox on a loopback port, with no TTY, as a pipeline runs them.
 */

const e2e = useE2e();

describe('--jq, with no jq installed', () => {
  it("runs the issue's example: docs cr list space_handbook --json --jq '.[].number'", async () => {
    const result = ok(await e2e.run('cr', 'list', 'space_handbook', '--json', '--jq', '.[].number'));
    expect(lines(result.stdout).every((line) => /^\d+$/.test(line))).toBe(true);
    expect(result.stderr).toBe('');
  });

  it('a syntax error is exit 2 naming the expression, nothing sent', async () => {
    const before = e2e.totalRequests();
    const result = await e2e.run('sites', 'list', '--jq', '.[');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Error: --jq "\.\[": syntax error/);
    expect(e2e.totalRequests()).toBe(before);
  });
});

describe('who: auth status and @me', () => {
  it('names the user and the default organization', async () => {
    const status = ok(await e2e.run('auth', 'status'));
    expect(status.stderr).toContain('as Ada Lovelace (user_ada, ada@acme.test)');
    expect(status.stdout).toMatch(/Default organization:\s+org_acme \(Acme Inc\), from DOCS_ORG/);
    expect(ok(await e2e.run('members', 'view', '@me', '--jq', '.id')).stdout).toBe('user_ada\n');
  });
});

describe('publishing a site', () => {
  it('publishes and unpublishes (--yes in a pipeline)', async () => {
    expect(
      json<{ published: boolean }>(ok(await e2e.run('sites', 'publish', 'site_internal', '--json')))
        .published,
    ).toBe(true);
    const refused = await e2e.run('sites', 'unpublish', 'site_internal');
    expect(refused.code).toBe(2);
    expect(
      ok(await e2e.run('sites', 'unpublish', 'site_internal', '--yes', '--jq', '.published')).stdout,
    ).toBe('false\n');
  });

  it('keeps a share link secret: printed once by create, never by list', async () => {
    const created = ok(await e2e.run('sites', 'share-links', 'create', 'site_docs', '--name', 'Reviewers'));
    const link = created.stdout.trim();
    const key = new URL(link).searchParams.get('share');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    for (const format of [[], ['--json']]) {
      const listed = ok(await e2e.run('sites', 'share-links', 'list', 'site_docs', ...format));
      expect(listed.stdout).toContain('Reviewers');
      expect(listed.stdout + listed.stderr).not.toContain(key!);
    }
  });

  it('sets redirects from a file, checked first; --prune deletes the others', async () => {
    const bad = e2e.file('bad-redirects.yaml');
    await writeFile(
      bad,
      '- source: /a\n  destination: https://example.com/a\n- source: nope\n  destination: https://example.com/b\n',
    );
    const before = e2e.totalRequests();
    const refused = await e2e.run('sites', 'redirects', 'set', 'site_docs', '--file', bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${bad}:3: entry 2 (nope): source: must be a path`);
    expect(e2e.totalRequests()).toBe(before);

    const good = e2e.file('redirects.yaml');
    await writeFile(
      good,
      '- source: /a\n  destination: https://example.com/a\n- source: /b/*\n  destination: { kind: site-section, siteSectionId: sitesc_product }\n',
    );
    ok(await e2e.run('sites', 'redirects', 'set', 'site_docs', '--file', good));
    await writeFile(good, '- source: /a\n  destination: https://example.com/a\n');
    expect((await e2e.run('sites', 'redirects', 'set', 'site_docs', '--file', good, '--prune')).code).toBe(2);
    const pruned = ok(
      await e2e.run('sites', 'redirects', 'set', 'site_docs', '--file', good, '--prune', '--yes'),
    );
    expect(pruned.stderr).toContain('  - /b/* → section sitesc_product');
    expect(ok(await e2e.run('sites', 'redirects', 'list', 'site_docs', '--jq', '.[].source')).stdout).toBe(
      '/a\n',
    );
  });

  it('lists and changes the spaces a site publishes, and its sections', async () => {
    ok(await e2e.run('sites', 'spaces', 'add', 'site_docs', 'space_guides'));
    expect(
      ok(await e2e.run('sites', 'spaces', 'list', 'site_docs', '--jq', '.[].space.id')).stdout,
    ).toContain('space_guides\n');
    ok(await e2e.run('sites', 'spaces', 'remove', 'site_docs', 'space_guides', '--yes'));
    expect(ok(await e2e.run('sites', 'sections', 'list', 'site_docs', '--jq', '.[].id')).stdout).toBe(
      'sitesc_product\nsitesc_developers\n',
    );
  });
});

describe('OpenAPI versions and integrations', () => {
  it("lists a spec's versions and prints the latest raw text", async () => {
    expect(ok(await e2e.run('openapi', 'versions', 'petstore', '--jq', '.[].id')).stdout).toBe(
      'specv_petstore_1\n',
    );
    expect(ok(await e2e.run('openapi', 'versions', 'petstore', 'latest', '--raw')).stdout).toMatch(
      /^openapi: /,
    );
  });

  it('installs an integration on a space, reads its log, and follows it until Ctrl-C (exit 0)', async () => {
    ok(await e2e.run('integrations', 'install', 'analytics-pro', '--space', 'space_api'));
    expect(
      ok(await e2e.run('integrations', 'events', 'analytics-pro', '--jq', '.[].payload.type')).stdout,
    ).toContain('space_installation_setup\n');

    const child = spawn(
      process.execPath,
      [DOCS_BIN, 'integrations', 'events', 'analytics-pro', '--follow', '--limit', '1'],
      {
        env: {
          PATH: process.env.PATH,
          HOME: e2e.configHome,
          XDG_CONFIG_HOME: e2e.configHome,
          DOCS_API_URL: e2e.running.url,
          DOCS_API_TOKEN: e2e.running.token,
          CI: '1',
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (stderr.includes('Following the events')) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
    });
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/space_installation_setup {2}\w+\n {2}\[info\] /);
    expect(stderr).toContain('Stopped following.');
  });

  it('unpublishes an integration with --yes', async () => {
    ok(await e2e.run('integrations', 'unpublish', 'analytics-pro', '--yes'));
    expect((await e2e.run('integrations', 'view', 'analytics-pro')).code).toBe(3);
  });
});

describe('Git Sync', () => {
  it('imports a repository with --wait, the URL in DOCS_GIT_URL; a failed run is exit 1 and never shows the token', async () => {
    const repo = e2e.file('handbook-repo');
    await mkdir(join(repo, 'guides'), { recursive: true });
    await writeFile(join(repo, 'README.md'), '# Welcome\n\nFrom Git.\n');
    await writeFile(join(repo, 'guides', 'setup.md'), '# Setup\n\nInstall it.\n');
    const imported = await e2e.docs(
      ['spaces', 'git', 'import', 'space_handbook', '--wait', '--interval', '1', '--json'],
      {
        env: { DOCS_GIT_URL: pathToFileURL(repo).href },
      },
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(json<{ info: { operation: { state: string } } }>(imported).info.operation.state).toBe('success');
    expect(
      ok(await e2e.run('spaces', 'git', 'info', 'space_handbook', '--jq', '.operation.direction')).stdout,
    ).toBe('import\n');

    const secret = 'ghp_s3cr3tT0kenValue';
    const failed = await e2e.docs(
      ['spaces', 'git', 'export', 'space_handbook', '--wait', '--interval', '1'],
      {
        env: {
          DOCS_GIT_URL: `https://x-access-token:${secret}@github.com/acme/handbook.git`,
          DOCS_DEBUG: '1',
        },
      },
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/Error: The export of space_handbook ended failure: /);
    expect(failed.stdout + failed.stderr).not.toContain(secret);
  });
});

const unavailable = await workerdUnavailable();

describe.skipIf(unavailable && process.env.CI !== 'true')('docs integrations check', () => {
  it('builds, starts in workerd and answers an event, with no login and nothing sent', async () => {
    const dir = e2e.file('status-badge');
    await mkdir(join(dir, 'src'), { recursive: true });
    await writeFile(
      join(dir, 'gitbook-manifest.yaml'),
      'name: status-badge\ntitle: Status Badge\nscript: ./src/index.ts\nscopes: []\n',
    );
    await writeFile(join(dir, 'src/index.ts'), "export default { fetch: () => new Response('up') };\n");
    const before = e2e.totalRequests();
    const result = await e2e.docs(['integrations', 'check', dir, '--json'], {
      env: { DOCS_API_TOKEN: undefined },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(json(result)).toMatchObject({
      ok: true,
      name: 'status-badge',
      event: 'fetch',
      response: { status: 200, body: 'up' },
    });
    expect(e2e.totalRequests()).toBe(before);
  });
});
