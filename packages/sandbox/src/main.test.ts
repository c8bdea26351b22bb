import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, parseSandboxArguments, USAGE, type MainIo } from './main.js';
import { createSandbox } from './sandbox.js';

/** Captures what `main` writes; `stop()` plays the SIGINT that ends serving. */
function fakeIo() {
  let stop = () => {};
  const io = {
    out: '',
    err: '',
    stopped: new Promise<void>((resolve) => (stop = resolve)),
  };
  const mainIo: MainIo = {
    stdout: (text) => void (io.out += text),
    stderr: (text) => void (io.err += text),
    stopped: () => io.stopped,
  };
  return { io, mainIo, stop: () => stop() };
}

describe('docs-sandbox arguments', () => {
  it('has defaults for everything', () => {
    expect(parseSandboxArguments([])).toEqual({
      kind: 'serve',
      options: { port: 0, host: '127.0.0.1', token: 'sandbox-token', seed: 'demo' },
    });
  });

  it('reads every option, and the port as the one argument', () => {
    expect(
      parseSandboxArguments([
        '--port',
        '4010',
        '--host',
        '::1',
        '--token',
        't0k',
        '--seed',
        'empty',
        '--rate-limit',
        '100/60s',
        '--cors',
        'http://localhost:5173',
        '--cors',
        'https://Docs.Example.com/',
      ]),
    ).toEqual({
      kind: 'serve',
      options: {
        port: 4010,
        host: '::1',
        token: 't0k',
        seed: 'empty',
        rateLimit: { limit: 100, windowMs: 60_000 },
        cors: { origins: ['http://localhost:5173', 'https://docs.example.com'] },
      },
    });
    expect(parseSandboxArguments(['--cors', '*'])).toMatchObject({ options: { cors: { origins: '*' } } });
    expect(parseSandboxArguments(['4011'])).toMatchObject({ options: { port: 4011 } });
    expect(parseSandboxArguments(['-p', '4012'])).toMatchObject({ options: { port: 4012 } });
    expect(parseSandboxArguments(['--help', '--bogus'])).toEqual({
      kind: 'error',
      message: expect.any(String) as unknown,
    });
    expect(parseSandboxArguments(['-h'])).toEqual({ kind: 'help' });
    expect(parseSandboxArguments(['--version'])).toEqual({ kind: 'version' });
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--port'], 'argument missing'],
    [['--port', '70000'], '--port must be an integer from 0 to 65535 (got "70000")'],
    [['--port', '-1'], '--port'],
    [['--port', '1e3'], '--port must be an integer'],
    [['abc'], '--port must be an integer'],
    [['4010', '4011'], "Unexpected argument '4011'"],
    [['4010', '--port', '4011'], 'Give the port once'],
    [['--seed', 'full'], '--seed must be demo or empty (got "full")'],
    [['--token', 'two words'], '--token must be one word'],
    [['--host', ''], '--host must not be empty'],
    [['--rate-limit', '100'], '--rate-limit: rate limit "100" must be <requests>/<window>'],
    [['--cors', 'localhost:5173'], '--cors: "localhost:5173" is not an origin'],
    [['--cors', 'http://localhost:5173/app'], '--cors: "http://localhost:5173/app" is not an origin'],
    [['--cors'], 'argument missing'],
    [['--help=yes'], '--help'],
  ])('refuses %j', (argv, message) => {
    const parsed = parseSandboxArguments(argv);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });
});

describe('docs-sandbox', () => {
  it('prints the usage with --help and exits 0', async () => {
    const { io, mainIo } = fakeIo();
    expect(await main(['--help'], mainIo)).toBe(0);
    expect(io.out).toBe(`${USAGE}\n`);
    expect(io.out).toContain('--rate-limit <n/window>');
    expect(io.out).toContain('--cors <origin>');
    expect(io.err).toBe('');
  });

  it('prints the package version with --version', async () => {
    const { io, mainIo } = fakeIo();
    expect(await main(['--version'], mainIo)).toBe(0);
    expect(io.out).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('exits 2 with one line on stderr for a bad flag', async () => {
    const { io, mainIo } = fakeIo();
    expect(await main(['--bogus'], mainIo)).toBe(2);
    expect(io.err).toBe("docs-sandbox: Unknown option '--bogus'. See docs-sandbox --help.\n");
    expect(io.out).toBe('');
  });

  it('exits 2 naming the file and the path for a fixture file that does not fit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-sandbox-main-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ version: 1, teams: [{ id: 't', organization: 'org_acme' }] }));
    const { io, mainIo } = fakeIo();
    expect(await main(['--fixtures', file], mainIo)).toBe(2);
    expect(io.err).toMatch(
      new RegExp(`^docs-sandbox: --fixtures: ${file.replace(/[.\\/]/g, '\\$&')}: teams\\[0\\]\\.title: `),
    );
    expect(io.out).toBe('');
  });

  it('loads --fixtures and keeps the state in --data across runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-sandbox-main-'));
    const fixtures = join(dir, 'fixtures.yaml');
    writeFileSync(
      fixtures,
      'version: 1\nbase: empty\nspaces:\n  - { id: space_yaml, title: From YAML, organization: org_acme }\n',
    );
    const headers = { authorization: 'Bearer sandbox-token', 'content-type': 'application/json' };
    const run = async (check: (url: string) => Promise<void>) => {
      const { io, mainIo, stop } = fakeIo();
      const exited = main(['--fixtures', fixtures, '--data', join(dir, 'data')], mainIo);
      await expect.poll(() => io.out).toContain('Data: ');
      await check(/Sandbox listening on (\S+)/.exec(io.out)?.[1] ?? '');
      stop();
      expect(await exited).toBe(0);
    };
    await run(async (url) => {
      expect((await fetch(`${url}/spaces/space_yaml`, { headers })).status).toBe(200);
      const patched = await fetch(`${url}/spaces/space_yaml`, {
        method: 'PATCH',
        headers,
        body: '{"title":"Renamed"}',
      });
      expect(patched.status).toBe(200);
    });
    await run(async (url) => {
      const space = (await (await fetch(`${url}/spaces/space_yaml`, { headers })).json()) as {
        title: string;
      };
      expect(space.title).toBe('Renamed');
    });
  });

  it('exits 1 with one line when the port is taken', async () => {
    const taken = await createSandbox().listen();
    try {
      const { io, mainIo } = fakeIo();
      expect(await main(['--port', String(taken.port)], mainIo)).toBe(1);
      expect(io.err).toBe(`docs-sandbox: cannot listen on 127.0.0.1:${taken.port}: EADDRINUSE\n`);
    } finally {
      await taken.close();
    }
  });

  it('serves with the options given until stopped', async () => {
    const { io, mainIo, stop } = fakeIo();
    const exited = main(['--token', 'tok_main', '--rate-limit', '1/60s', '--seed', 'empty'], mainIo);
    await expect.poll(() => io.out).toContain('Token: tok_main');
    const url = /Sandbox listening on (\S+)/.exec(io.out)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(io.out).toContain('Rate limit: 1 requests per 60000 ms');
    const headers = { authorization: 'Bearer tok_main' };
    const first = await fetch(`${url}/orgs/org_acme/sites`, { headers });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { count: number }).count).toBe(0);
    const second = await fetch(`${url}/orgs/org_acme/sites`, { headers });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    stop();
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/orgs/org_acme/sites`, { headers })).rejects.toThrow(TypeError);
  });

  it('answers the preflights of the --cors origins only, and says so', async () => {
    const { io, mainIo, stop } = fakeIo();
    const exited = main(['--cors', 'http://localhost:5173'], mainIo);
    await expect.poll(() => io.out).toContain('CORS: pages of http://localhost:5173 may call it');
    const url = /Sandbox listening on (\S+)/.exec(io.out)?.[1];
    const ask = (origin: string) =>
      fetch(`${url}/orgs/org_acme/sites`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    const allowed = await ask('http://localhost:5173');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    // The default (loopback origins) is replaced, not extended.
    expect((await ask('http://127.0.0.1:8080')).status).toBe(403);
    stop();
    expect(await exited).toBe(0);
  });

  it('allows loopback pages by default, and says so', async () => {
    const { io, mainIo, stop } = fakeIo();
    const exited = main([], mainIo);
    await expect.poll(() => io.out).toContain('CORS: pages on loopback origins');
    stop();
    expect(await exited).toBe(0);
  });
});
