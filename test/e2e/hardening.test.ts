import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closedPortOrigin } from '../faults/fault-server.js';
import { json, lines, useE2e } from './harness.js';

/*
 * The built `docs` binary refuses what it cannot do safely before sending anything: a token
 * that cannot be a header, an API URL with credentials, a destructive command without --yes
 * where no one can be asked. It never prints a secret, and keeps its config owner-only.
 */

const e2e = useE2e();
const SECRET_TOKEN = 'tok_e2e_Secret';
const configFile = () => join(e2e.configHome, 'docs', 'config.json');
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const mode = async (path: string) => (await stat(path)).mode & 0o777;

/** A loopback port that accepts connections, counts them and closes them unanswered. */
async function countingPort(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('docs auth login --with-token, end to end', () => {
  const env = { DOCS_API_TOKEN: undefined };

  it('refuses a token with a line break inside: exit 2, one line, never the token, nothing stored or sent', async () => {
    const before = e2e.totalRequests();
    const result = await e2e.docs(['auth', 'login', '--with-token'], { env, input: `${SECRET_TOKEN}\nx` });
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(/^Error: The API token contains a line break at position 15; /),
    ]);
    expect(result.stdout + result.stderr).not.toContain(SECRET_TOKEN);
    expect(result.stderr).not.toMatch(/TypeError|\n\s+at /);
    expect(await exists(configFile())).toBe(false);
    expect(e2e.totalRequests()).toBe(before);
  });

  it('takes the one line break echo adds, and tightens an existing 0755 config directory to 0700', async () => {
    const dir = join(e2e.configHome, 'docs');
    await mkdir(dir, { recursive: true, mode: 0o755 });
    await chmod(dir, 0o755);
    const login = await e2e.docs(['auth', 'login', '--with-token'], { env, input: `${e2e.running.token}\n` });
    expect(login.code, login.stderr).toBe(0);
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(configFile())).toBe(0o600);
    expect(JSON.parse(await readFile(configFile(), 'utf8'))).toMatchObject({ token: e2e.running.token });
    expect((await e2e.docs(['auth', 'logout'], { env })).code).toBe(0);
  });
});

describe('an API URL with credentials', () => {
  it('is refused with exit 2 by every command, never printed (also with --json and DOCS_DEBUG), and nothing is sent', async () => {
    const before = e2e.totalRequests();
    const url = e2e.running.url.replace('http://', 'http://ada:hunter22@');
    const runs = [
      await e2e.docs(['sites', 'list', '--api-url', url]),
      await e2e.docs(['sites', 'list', '--api-url', url, '--json'], { env: { DOCS_DEBUG: '1' } }),
      await e2e.docs(['sites', 'list'], { env: { DOCS_API_URL: url } }),
      await e2e.docs(['auth', 'status', '--json'], { env: { DOCS_API_URL: url } }),
      await e2e.docs(['auth', 'login', '--with-token', '--api-url', url], {
        env: { DOCS_API_TOKEN: undefined },
        input: `${e2e.running.token}\n`,
      }),
    ];
    for (const result of runs) {
      expect(result.code, result.stderr).toBe(2);
      expect(lines(result.stderr)).toEqual([
        expect.stringMatching(/^Error: baseUrl must not carry credentials/),
      ]);
      expect(result.stdout + result.stderr).not.toMatch(/hunter22|ada:/);
    }
    // No login stored (the logout above kept only the settings: `docs config`).
    const stored = (await exists(configFile())) ? await readFile(configFile(), 'utf8') : '';
    expect(stored).not.toMatch(/hunter22|ada:|"token"/);
    expect(e2e.totalRequests()).toBe(before);
  });
});

describe('DOCS_DEBUG=1', () => {
  it('shows each request without share keys or the token', async () => {
    const result = await e2e.docs(
      ['sites', 'published', 'site_docs', '--share-key', 'share_docs', '--json'],
      {
        env: { DOCS_DEBUG: '1' },
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /→ GET http:\/\/127\.0\.0\.1:\d+\/v1\/orgs\/org_acme\/sites\/site_docs\/published\?shareKey=\[redacted\]/,
    );
    expect(result.stderr).toMatch(/← 200 GET /);
    expect(result.stderr).not.toContain('share_docs');
    expect(result.stderr).not.toContain(e2e.running.token);
    // What was asked for is printed as it is.
    expect(json<{ site: { id: string } }>(result).site.id).toBe('site_docs');
  });
});

describe('destructive commands without --yes and no terminal', () => {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../packages/cli/oclif.manifest.json', import.meta.url)), 'utf8'),
  ) as {
    commands: Record<
      string,
      { args: Record<string, unknown>; flags: Record<string, { required?: boolean; type: string }> }
    >;
  };
  const destructive = Object.entries(manifest.commands).filter(([, command]) => command.flags.yes);

  // A file a required --file names must be readable and valid, and a folder argument a folder: the
  // command's own checks come before the confirmation (docs/cli.md, the order of usage errors).
  // Today: `sites redirects set`'s list of redirects, `push`'s folder.
  const validFile = join(mkdtempSync(join(tmpdir(), 'destructive-')), 'redirects.yaml');
  writeFileSync(validFile, '- source: /old-guide\n  destination: https://example.com/guide\n');

  // Commands whose --yes confirms one flag's deletions only: the flag is given.
  const deleting: Record<string, string[]> = { 'sites:redirects:set': ['--prune'] };

  /** The command's words, an argument for each of its arguments, and its required flags. */
  const argvOf = (id: string, command: (typeof destructive)[number][1]) => [
    ...id.split(':'),
    ...(deleting[id] ?? []),
    ...Object.keys(command.args).map((name) => (name === 'dir' ? dirname(validFile) : `${name}_1`)),
    ...Object.entries(command.flags)
      .filter(([, flag]) => flag.required)
      .flatMap(([name, flag]) =>
        flag.type === 'boolean' ? [`--${name}`] : [`--${name}`, name === 'file' ? validFile : 'x_1'],
      ),
  ];

  it('`docs cr merge` exits 2 against a closed port: it refuses before contacting the server', async () => {
    const result = await e2e.docs(['cr', 'merge', 'space_handbook', '1'], {
      env: { DOCS_API_URL: `${await closedPortOrigin()}/v1` },
    });
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'Error: Confirmation needed: `docs cr merge` changes data. Pass --yes to confirm when not at a terminal. Nothing was sent.',
    ]);
    expect(result.stdout).toBe('');
  });

  it('every one of them exits 2 and opens no connection', async () => {
    expect(destructive.length).toBeGreaterThanOrEqual(15);
    const server = await countingPort();
    try {
      for (const [id, command] of destructive) {
        const result = await e2e.docs(argvOf(id, command), {
          env: { DOCS_API_URL: `http://127.0.0.1:${server.port}/v1` },
        });
        expect(result.code, `${id}: ${result.stderr}`).toBe(2);
        expect(result.stderr, id).toContain(`\`docs ${id.replaceAll(':', ' ')}\` changes data. Pass --yes`);
      }
      expect(server.connections()).toBe(0);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('DOCS_MAX_RETRY_DELAY', () => {
  it('that is not a number of seconds is exit 2 naming it, and nothing is sent', async () => {
    const before = e2e.totalRequests();
    const result = await e2e.docs(['sites', 'list'], { env: { DOCS_MAX_RETRY_DELAY: '10m' } });
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'Error: DOCS_MAX_RETRY_DELAY must be a number of seconds from 0 to 86400 (got "10m").',
    ]);
    expect(e2e.totalRequests()).toBe(before);
  });
});

describe('--timeout, DOCS_TIMEOUT and DOCS_MAX_RETRIES', () => {
  it('bound a stalled request in all: --timeout is the time a request may take, retries included', async () => {
    // One attempt only (a retry would start after the 0.3 s): a second stall would be left for the
    // next test's request.
    e2e.sandbox.addFault({ operation: 'sites.list', latency: 5000, times: 1 });
    const started = Date.now();
    const result = await e2e.docs(['sites', 'list', '--timeout', '0.3'], { env: { DOCS_MAX_RETRIES: '1' } });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(result.code).toBe(1);
    // No retry: the first attempt used the whole 0.3 s (docs/architecture.md, "Time bounds").
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(/^Error: GET \S+\/v1\/orgs\/org_acme\/sites timed out after 0\.3 s in all, /),
    ]);
  });

  it('DOCS_TIMEOUT bounds the requests of a command whose --timeout is its --wait bound', async () => {
    e2e.sandbox.addFault({ operation: 'translations.get', latency: 5000, times: 1 });
    const started = Date.now();
    const result = await e2e.docs(['translations', 'view', 'tr_handbook_fr'], {
      env: { DOCS_TIMEOUT: '0.3', DOCS_MAX_RETRIES: '0' },
    });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(result.code).toBe(1);
  });

  it('that are not numbers in range are exit 2 naming them, and nothing is sent', async () => {
    const before = e2e.totalRequests();
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [
        ['--timeout', '0'],
        {},
        /--timeout must be a number of seconds more than 0 and at most 3600 \(got "0"\)/,
      ],
      [[], { DOCS_TIMEOUT: '5s' }, /DOCS_TIMEOUT must be a number of seconds/],
      [[], { DOCS_MAX_RETRIES: '-1' }, /DOCS_MAX_RETRIES must be a whole number from 0 to 10 \(got "-1"\)/],
    ];
    for (const [flags, env, message] of cases) {
      const result = await e2e.docs(['sites', 'list', ...flags], { env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(e2e.totalRequests()).toBe(before);
  });
});

// Needs the SDK of the sdk-net branch (onRetry, RateLimitError.retryAfterMs).
describe('rate-limited answers', () => {
  it('announce each wait of more than a second on stderr, with --json too', async () => {
    e2e.sandbox.addFault({ operation: 'sites.list', status: 429, retryAfter: 2 });
    const result = await e2e.docs(['sites', 'list', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stderr)).toEqual(['Rate limited (HTTP 429): waiting 2 s before retry 1 of 2…']);
    expect(json<unknown[]>(result).length).toBeGreaterThan(0);
  });

  it('longer than DOCS_MAX_RETRY_DELAY fail at once with exit 1, saying when to retry', async () => {
    e2e.sandbox.addFault({ operation: 'sites.list', status: 429, retryAfter: 120 });
    const started = Date.now();
    const result = await e2e.docs(['sites', 'list'], { env: { DOCS_MAX_RETRY_DELAY: '5' } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([expect.stringMatching(/HTTP 429.*; retry in 2 min \(at /)]);
  });
});

/** Starts a long-running process and resolves once `ready` matches its stdout. */
function startServing(args: string[], ready: RegExp) {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const started = new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = ready.exec(stdout);
      if (match) resolve(match);
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before serving: ${stderr}`)));
  });
  return { child, started, exited, stderr: () => stderr };
}

const SANDBOX_BIN = fileURLToPath(new URL('../../packages/sandbox/bin/docs-sandbox.js', import.meta.url));
const DOCS_BIN = fileURLToPath(new URL('../../packages/cli/bin/run.js', import.meta.url));

describe('docs-sandbox and docs sandbox', () => {
  const runOnce = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [SANDBOX_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  it('docs-sandbox --help prints the usage and exits 0', async () => {
    const result = await runOnce(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: docs-sandbox \[options\] \[port\]/);
    for (const flag of [
      '--port',
      '--host',
      '--token',
      '--seed',
      '--rate-limit',
      '--cors',
      '--help',
      '--version',
    ])
      expect(result.stdout).toContain(flag);
    expect(result.stderr).toBe('');
  });

  it.each([
    ['--bogus'],
    ['--port', 'abc'],
    ['--seed', 'full'],
    ['--rate-limit', 'lots'],
    ['--cors', 'example.com'],
  ])('docs-sandbox %s exits 2 with one line and no stack trace', async (...args) => {
    const result = await runOnce(args);
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(/^docs-sandbox: .*See docs-sandbox --help\.$/),
    ]);
    expect(result.stdout).toBe('');
  });

  it('docs-sandbox --rate-limit serves X-RateLimit headers and a 429 beyond the limit, until SIGTERM', async () => {
    const server = startServing(
      [SANDBOX_BIN, '--port', '0', '--rate-limit', '2/60s', '--token', 'tok_bin'],
      /listening on (\S+)\n/,
    );
    try {
      const [, url] = await server.started;
      const headers = { authorization: 'Bearer tok_bin' };
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 3; i++) {
        last = await fetch(`${url}/orgs/org_acme/sites`, { headers });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(last?.headers.get('x-ratelimit-limit')).toBe('2');
      expect(last?.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(Number(last?.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await last?.json()) as { error: { code: number } }).error.code).toBe(429);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
  });

  it('docs sandbox --rate-limit does the same through the CLI, and refuses a bad value with exit 2', async () => {
    const server = startServing([DOCS_BIN, 'sandbox', '--rate-limit', '1/1m'], /listening on (\S+)\n/);
    try {
      const [, url] = await server.started;
      const headers = { authorization: 'Bearer sandbox-token' };
      expect((await fetch(`${url}/orgs/org_acme/sites`, { headers })).status).toBe(200);
      const refused = await fetch(`${url}/orgs/org_acme/sites`, { headers });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-ratelimit-limit')).toBe('1');
    } finally {
      server.child.kill('SIGTERM');
    }
    await server.exited;

    const bad = await e2e.docs(['sandbox', '--rate-limit', 'lots']);
    expect(bad.code).toBe(2);
    expect(lines(bad.stderr)).toEqual([
      expect.stringMatching(/^Error: --rate-limit: rate limit "lots" must be/),
    ]);
  });

  /** A browser's preflight for a GET with a token, from the page at `origin`. */
  const preflight = (url: string, origin: string) =>
    fetch(`${url}/orgs/org_acme/sites`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it('docs-sandbox --cors answers the preflights of the origins given (repeatable), and refuses others', async () => {
    const server = startServing(
      [SANDBOX_BIN, '--cors', 'http://localhost:5173', '--cors', 'https://app.example.test'],
      /listening on (\S+)\n/,
    );
    try {
      const [, url = ''] = await server.started;
      for (const origin of ['http://localhost:5173', 'https://app.example.test']) {
        const allowed = await preflight(url, origin);
        expect(allowed.status).toBe(204);
        expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
        expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
      }
      expect((await preflight(url, 'http://localhost:8080')).status).toBe(403);
      const listed = await fetch(`${url}/orgs/org_acme/sites/site_nope`, {
        headers: { origin: 'https://app.example.test', authorization: 'Bearer sandbox-token' },
      });
      expect(listed.status).toBe(404);
      expect(listed.headers.get('access-control-expose-headers')).toContain('x-request-id');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  });

  it("docs sandbox --cors '*' lets any page call it, and refuses a bad origin with exit 2", async () => {
    const server = startServing([DOCS_BIN, 'sandbox', '--cors', '*'], /listening on (\S+)\n/);
    try {
      const [, url = ''] = await server.started;
      const allowed = await preflight(url, 'https://anywhere.example.test');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe('*');
    } finally {
      server.child.kill('SIGTERM');
    }
    await server.exited;
    expect(server.stderr()).toContain('CORS: pages of any origin may call it');

    const bad = await e2e.docs(['sandbox', '--cors', 'http://localhost:5173/app']);
    expect(bad.code).toBe(2);
    expect(lines(bad.stderr)).toEqual([
      expect.stringMatching(/^Error: --cors: "http:\/\/localhost:5173\/app" is not an origin/),
    ]);
  });
});
