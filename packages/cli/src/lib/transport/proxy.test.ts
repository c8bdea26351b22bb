import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeFetch } from './node-fetch.js';
import { redact } from './redact.js';

/*
 * The CLI's transport behind a proxy, as on a CI runner with HTTP(S)_PROXY and NO_PROXY set: a
 * loopback proxy that forwards absolute-form requests and refuses CONNECT tunnels (so no test
 * can reach past this machine), and a loopback API behind it.
 */

const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An API that answers every request with what it saw. */
async function api(): Promise<{ origin: string; hits: string[] }> {
  const hits: string[] = [];
  const origin = await listen(
    createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url }));
    }),
  );
  return { origin: `http://${origin}`, hits };
}

/** A forward proxy: absolute-form requests are passed on; CONNECT is refused with 403. */
async function proxy(): Promise<{ address: string; seen: string[]; authorizations: string[] }> {
  const seen: string[] = [];
  const authorizations: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    authorizations.push(req.headers['proxy-authorization'] ?? '');
    const target = new URL(req.url ?? '');
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  server.on('connect', (req, socket) => {
    seen.push(`CONNECT ${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  return { address: await listen(server), seen, authorizations };
}

beforeEach(() => {
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'ALL_PROXY']) {
    vi.stubEnv(name, '');
    vi.stubEnv(name.toLowerCase(), '');
  }
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

describe('requests behind a proxy', () => {
  it('go through HTTP_PROXY for an http API', async () => {
    const target = await api();
    const forward = await proxy();
    vi.stubEnv('HTTP_PROXY', `http://${forward.address}`);

    const response = await nodeFetch(`${target.origin}/v1/orgs?limit=2`);

    expect(response.status).toBe(200);
    expect(JSON.parse(await response.text())).toEqual({ path: '/v1/orgs?limit=2' });
    expect(forward.seen).toEqual([`GET ${target.origin}/v1/orgs?limit=2`]);
    expect(target.hits).toEqual(['GET /v1/orgs?limit=2']);
  });

  it('go straight to a host NO_PROXY names', async () => {
    const target = await api();
    const forward = await proxy();
    vi.stubEnv('HTTP_PROXY', `http://${forward.address}`);
    vi.stubEnv('NO_PROXY', 'localhost,127.0.0.1');

    const response = await nodeFetch(`${target.origin}/v1/orgs`);

    expect(response.status).toBe(200);
    expect(forward.seen).toEqual([]);
    expect(target.hits).toEqual(['GET /v1/orgs']);
  });

  it('tunnel an https API through HTTPS_PROXY with CONNECT', async () => {
    const forward = await proxy();
    vi.stubEnv('HTTPS_PROXY', `http://${forward.address}`);

    // https-proxy-agent answers with the proxy's refusal rather than an error.
    const refused = await nodeFetch('https://api.example.test/v1/orgs');
    expect(refused.status).toBe(403);
    expect(forward.seen).toEqual(['CONNECT api.example.test:443']);
  });

  it("send the proxy's credentials to the proxy only, and keep them out of every printed line", async () => {
    const target = await api();
    const forward = await proxy();
    vi.stubEnv('HTTP_PROXY', `http://ci-user:s3cret-pass@${forward.address}`);

    await nodeFetch(`${target.origin}/v1/orgs`);

    expect(forward.authorizations).toEqual([
      `Basic ${Buffer.from('ci-user:s3cret-pass').toString('base64')}`,
    ]);
    expect(redact(`proxy http://ci-user:s3cret-pass@${forward.address} refused`)).not.toContain(
      's3cret-pass',
    );
  });
});
