/*
 * `docs sandbox --proxy/--record/--replay` as a user runs them: the "Try it on loopback" block of
 * docs/sandbox.md in bash, as written, and the built CLI proxying a fake upstream whose answer
 * has drifted, with the CLI's own stderr and files searched for the token.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { createSandbox } from '@docs-api/sandbox';
import { DOCS_BIN, json, ok, runDocs } from './harness.js';

const SANDBOX_DOC = fileURLToPath(new URL('../../docs/sandbox.md', import.meta.url));
const TOKEN = 'gb_api_e2e_0123456789abcdef0123456789abcdef';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'docs-proxy-e2e-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs bash in its own process group, so every background job it starts can be stopped. */
function bash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-c', script], {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      resolve({ code, stdout, stderr });
    });
  });
}

describe('docs/sandbox.md: proxy, record and replay', () => {
  it('runs the "Try it on loopback" block as written', async () => {
    const markdown = await readFile(SANDBOX_DOC, 'utf8');
    const section = markdown.slice(markdown.indexOf('### Try it on loopback'));
    const script = /```bash\n([\s\S]*?)```/.exec(section)?.[1];
    expect(script).toBeDefined();
    const cwd = join(root, 'doc');
    const bin = join(cwd, 'bin');
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, 'docs'), `#!/bin/sh\nexec "${process.execPath}" "${DOCS_BIN}" "$@"\n`);
    await chmod(join(bin, 'docs'), 0o755);
    const result = await bash(script!, cwd, { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: cwd });
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('site_docs\tAcme Docs');
    expect(result.stdout).toContain('the replay gave the same answer');
    const cassette = await readFile(join(cwd, 'try.cassette.json'), 'utf8');
    expect(JSON.parse(cassette)).toMatchObject({ format: 'docs-api-cassette', version: 1 });
    expect(cassette).not.toContain('sandbox-token');
    // The fixture file loads, and the seeded sandbox gives the recorded site back, then renames it.
    const fixture = JSON.parse(await readFile(join(cwd, 'fixtures.json'), 'utf8')) as {
      version: number;
      sites: Array<{ site: { id: string } }>;
    };
    expect(fixture.version).toBe(1);
    expect(fixture.sites.map((row) => row.site.id)).toEqual(['site_docs', 'site_internal']);
    const live = JSON.parse(await readFile(join(cwd, 'live.json'), 'utf8')) as Record<string, unknown>;
    const seeded = JSON.parse(await readFile(join(cwd, 'seeded.json'), 'utf8')) as Record<string, unknown>;
    const stable = ({ urls: _u, siteSpaces: _s, ...rest }: Record<string, unknown>) => rest;
    expect(stable(seeded)).toEqual(stable(live));
    expect(JSON.parse(await readFile(join(cwd, 'renamed.json'), 'utf8'))).toMatchObject({
      id: 'site_docs',
      title: 'Acme Docs, offline',
    });
  });
});

describe('docs sandbox --proxy in front of a drifted upstream', () => {
  let upstream: ServerType;
  let upstreamUrl: string;

  beforeAll(async () => {
    // The service, but its answer for a site has a count as a string: the drift to report.
    const service = createSandbox({ token: TOKEN });
    upstream = await new Promise<ServerType>((resolve) => {
      const server = serve(
        {
          hostname: '127.0.0.1',
          port: 0,
          fetch: async (request: Request) => {
            const answer = await service.fetch(request);
            if (request.method !== 'GET' || !/\/sites\/site_docs$/.test(new URL(request.url).pathname))
              return answer;
            const site = (await answer.json()) as Record<string, unknown>;
            return Response.json({ ...site, siteSpaces: String(site.siteSpaces) }, { status: answer.status });
          },
        },
        () => resolve(server),
      );
    });
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    (upstream as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('reports the drift once, records a cassette, and writes the token nowhere', async () => {
    const cwd = join(root, 'drift');
    await mkdir(cwd, { recursive: true });
    const cassette = join(cwd, 'drift.cassette.json');
    const report = join(cwd, 'drift.jsonl');
    const proxy = spawn(
      process.execPath,
      [DOCS_BIN, 'sandbox', '--proxy', upstreamUrl, '--port', '0', '--record', cassette, '--report', report],
      { cwd, env: { PATH: process.env.PATH ?? '', HOME: cwd }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    proxy.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proxy.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => proxy.on('close', resolve));
    try {
      for (let i = 0; i < 100 && !stdout.includes('listening'); i++)
        await new Promise((r) => setTimeout(r, 100));
      const url = /Proxy listening on (\S+)/.exec(stdout)?.[1];
      expect(url, stderr).toBeDefined();
      const env = {
        PATH: process.env.PATH,
        HOME: cwd,
        DOCS_API_URL: url,
        DOCS_API_TOKEN: TOKEN,
        DOCS_ORG: 'org_acme',
      };
      for (let i = 0; i < 3; i++) {
        const site = json<{ siteSpaces: unknown }>(
          ok(await runDocs(['sites', 'view', 'site_docs', '--json'], env)),
        );
        expect(site.siteSpaces).toBe('2');
      }
      ok(await runDocs(['sites', 'list'], env));
    } finally {
      proxy.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    const drift = stderr.split('\n').filter((line) => line.includes('drift ('));
    expect(drift.filter((line) => line.includes('body.siteSpaces'))).toEqual([
      expect.stringMatching(
        /drift \(contract\) getSiteById response\.body body\.siteSpaces: .*expected number/,
      ),
      expect.stringMatching(/drift \(document\) getSiteById response\.body body\.siteSpaces: must be number/),
    ]);
    expect(stderr).toMatch(/4 exchanges \(the proxy added [\d.]+ ms per request, median\)/);
    const written = [stderr, stdout, await readFile(cassette, 'utf8'), await readFile(report, 'utf8')];
    for (const text of written) expect(text).not.toContain(TOKEN);
    const entries = (JSON.parse(written[2]!) as { entries: Array<{ operation: string }> }).entries;
    // Each exchange is named by its operation's public id.
    expect(entries.map((entry) => entry.operation)).toEqual([
      'getSiteById',
      'getSiteById',
      'getSiteById',
      'listSites',
    ]);
  });
});
