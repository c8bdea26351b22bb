import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeFetch } from './node-fetch.js';

/*
 * What the CLI's transport must do as fetch does, over real loopback sockets. The SDK's behaviour
 * through it under faults (timeouts, resets, aborts, redirects, retries) is test/faults' matrix.
 */

interface Seen {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(
  answer: (res: ServerResponse, seen: Seen) => void,
): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(request);
      answer(res, request);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/v1/things?page=2`, seen };
}

const THING = { id: 'thing_1', title: 'Ünïcode ✓' };

describe('nodeFetch', () => {
  it('sends the method, headers and body, and reads status, headers and JSON', async () => {
    const { url, seen } = await serve((res) => {
      res.setHeader('X-RateLimit-Remaining', '41');
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.writeHead(201, 'Created', { 'content-type': 'application/json' });
      res.end(JSON.stringify(THING));
    });

    const response = await nodeFetch(url, {
      method: 'POST',
      headers: { Authorization: 'Bearer tok_1', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'New' }),
      redirect: 'manual',
    });

    expect(seen).toEqual([
      {
        method: 'POST',
        headers: expect.objectContaining({
          authorization: 'Bearer tok_1',
          'content-type': 'application/json',
          'content-length': '15',
          'accept-encoding': 'gzip, deflate',
        }) as unknown,
        body: '{"title":"New"}',
      },
    ]);
    expect(response).toMatchObject({ status: 201, ok: true, url });
    expect(response.headers.get('x-ratelimit-remaining')).toBe('41');
    expect(response.headers.get('X-RATELIMIT-REMAINING')).toBe('41');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(response.headers.get('retry-after')).toBeNull();
    const names: string[] = [];
    response.headers.forEach((_value, name) => names.push(name));
    expect(names).toEqual([...names].sort());
    expect(names).toContain('x-ratelimit-remaining');
    expect(JSON.parse(await response.text())).toEqual(THING);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('decodes a %s body as fetch does', async (coding, compress) => {
    const { url } = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
      res.end(compress(Buffer.from(JSON.stringify(THING))));
    });

    const response = await nodeFetch(url);

    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(JSON.parse(await response.text())).toEqual(THING);
  });

  it('leaves a body in a coding it does not know as sent', async () => {
    const { url } = await serve((res) => {
      res.writeHead(200, { 'content-encoding': 'zstd' });
      res.end('raw bytes');
    });

    expect(await (await nodeFetch(url)).text()).toBe('raw bytes');
  });

  it('sends a text body of several MB in slices, byte for byte, with its Content-Length', async () => {
    const { url, seen } = await serve((res) => res.end());
    // A surrogate pair straddles the first slice's end (1 MiB of UTF-16 units), multibyte text all along.
    const prefix = '{"source":{"text":"';
    const text = `${'a'.repeat((1 << 20) - 1 - prefix.length)}😀${'é€'.repeat(1_500_000)}`;
    const body = JSON.stringify({ source: { text } });
    expect(body.charCodeAt((1 << 20) - 1)).toBe(0xd83d);

    const response = await nodeFetch(url, { method: 'PUT', body });

    expect(response.status).toBe(200);
    expect(seen[0]?.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(seen[0]?.headers['transfer-encoding']).toBeUndefined();
    expect(seen[0]?.body).toBe(body);
  });

  it('keeps an accept-encoding given', async () => {
    const { url, seen } = await serve((res) => res.end());

    await (await nodeFetch(url, { headers: { 'Accept-Encoding': 'identity' } })).text();

    expect(seen[0]?.headers['accept-encoding']).toBe('identity');
  });

  it('drops a byte-order mark from text, as fetch does', async () => {
    const { url } = await serve((res) => res.end(`\uFEFF${JSON.stringify(THING)}`));

    expect(JSON.parse(await (await nodeFetch(url)).text())).toEqual(THING);
  });

  it('gives a 204 and a HEAD no body, and an empty text', async () => {
    const { url } = await serve((res, seen) => {
      res.writeHead(seen.method === 'HEAD' ? 200 : 204, { 'content-length': '2' });
      res.end();
    });

    for (const method of ['DELETE', 'HEAD']) {
      const response = await nodeFetch(url, { method });
      expect(response.body).toBeNull();
      expect(await response.text()).toBe('');
    }
  });

  it('follows no redirect: the 3xx comes back with its location', async () => {
    const { url, seen } = await serve((res) => {
      res.writeHead(302, { location: '/v1/elsewhere' });
      res.end();
    });

    const response = await nodeFetch(url, { redirect: 'manual' });

    expect(response.status).toBe(302);
    expect(response.ok).toBe(false);
    expect(response.headers.get('location')).toBe('/v1/elsewhere');
    expect(seen).toHaveLength(1);
  });

  it('lets go of the connection when the body is cancelled', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const { url } = await serve((res) => {
      res.on('close', closed);
      res.writeHead(200);
      res.write('the beginning of a body that never ends');
    });

    const response = await nodeFetch(url);
    await response.body?.cancel();

    await connectionClosed;
  });

  it('rejects with the cause code when nothing listens, and with an AbortError when aborted', async () => {
    const refused = nodeFetch('http://127.0.0.1:2/v1');
    await expect(refused).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    const { url } = await serve(() => undefined);
    const controller = new AbortController();
    const pending = nodeFetch(url, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses what the SDK never sends: a stream body, another protocol', async () => {
    await expect(nodeFetch('http://127.0.0.1:2/', { method: 'POST', body: new Blob(['x']) })).rejects.toThrow(
      'the CLI transport sends a string or bytes as a request body',
    );
    await expect(nodeFetch('ftp://127.0.0.1/')).rejects.toThrow(
      'the CLI transport speaks http and https, not ftp:',
    );
  });
});
