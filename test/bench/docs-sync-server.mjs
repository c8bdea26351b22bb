#!/usr/bin/env node
// The sandbox (its content operations keep state; it serves its files' downloads too), limited
// to <limit> requests a second as the sandbox's --rate-limit limits them (a fixed window aligned
// on the clock; 429 with Retry-After and X-RateLimit-* headers). GET /__count (not limited) says
// how many requests were served. Prints `ready <url> <token>`.
import { serve } from '@hono/node-server';
import { createSandbox } from '@docs-api/sandbox';

const [limitText = '100'] = process.argv.slice(2);
const limit = Number(limitText);
const sandbox = createSandbox();
let windowEnd = 0;
let used = 0;
let served = 0;
let refused = 0;

const server = serve({ fetch: handle, hostname: '127.0.0.1', port: 0 }, (info) => {
  console.log(`ready http://127.0.0.1:${info.port}/v1 ${sandbox.token}`);
});

async function handle(request) {
  const url = new URL(request.url);
  if (url.pathname === '/__count') return Response.json({ served, refused });
  const now = Date.now();
  if (now >= windowEnd) {
    windowEnd = (Math.floor(now / 1000) + 1) * 1000;
    used = 0;
  }
  const headers = {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(Math.max(0, limit - used - 1)),
    'x-ratelimit-reset': String(Math.ceil(windowEnd / 1000)),
  };
  if (used >= limit) {
    refused++;
    return Response.json(
      { error: { code: 429, message: 'Rate limit exceeded' } },
      {
        status: 429,
        headers: { ...headers, 'retry-after': String(Math.max(1, Math.ceil((windowEnd - now) / 1000))) },
      },
    );
  }
  used++;
  served++;
  const answer = await sandbox.fetch(request);
  const out = new Response(answer.body, answer);
  for (const [name, value] of Object.entries(headers)) out.headers.set(name, value);
  return out;
}

process.on('SIGTERM', () => server.close(() => process.exit(0)));
