#!/usr/bin/env node
// The benchmarks' loopback API: answers as fast as node:http can, so that what the client side
// does is what is measured. Runs in its own process (started by lib.mjs).
//   GET /v1/orgs/{org}/sites/{site}          one site (the 1-item answer)
//   GET /v1/orgs/{org}/sites?limit=&page=    pages of sites; `org_<n>` holds n sites, and
//                                            every item carries fields the contract does not name
//   GET /v1/orgs/org_slow/sites/{site}       one site after 20 ms (a real network's latency)
//   GET /v1/orgs/org_slow/sites?limit=1000   a 1000-item page after 20 ms
//   GET /v1/orgs/org_slow_<n>/sites?limit=&page=  pages of a list of n sites, each after 20 ms
import { createServer } from 'node:http';
import { SITE } from './lib.mjs';

const oneSite = Buffer.from(JSON.stringify(SITE));

/** A site of a page, with fields unknown to the contract (which the SDK must keep). */
function pageItem(index) {
  return {
    object: 'site',
    id: `site_${index}`,
    type: index % 7 === 0 ? 'premium' : 'basic',
    title: `Site ${index}`,
    hostname: index % 3 === 0 ? `docs${index}.example.com` : null,
    visibility: 'public',
    published: index % 2 === 0,
    siteSpaces: index % 5,
    createdAt: '2026-01-05T09:00:00.000Z',
    appliedType: 'basic',
    defaultLevel: 'inherit',
    permissions: {
      view: true,
      access: true,
      edit: index % 2 === 0,
      create: false,
      admin: false,
      installIntegration: false,
      viewAdaptiveSchema: true,
      editAdaptiveSchema: false,
    },
    features: [],
    urls: {
      location: `https://api.example.com/v1/orgs/org/sites/site_${index}`,
      app: `https://app.example.com/s/${index}`,
      preview: `https://preview.example.com/site_${index}`,
    },
    // Unknown to the contract: kept as received.
    theme: { accent: '#3366ff', fonts: ['Inter', 'Mono'] },
    region: 'eu-west',
  };
}

const pages = new Map();
function page(total, offset, limit) {
  const key = `${total}/${offset}/${limit}`;
  let body = pages.get(key);
  if (!body) {
    const end = Math.min(total, offset + limit);
    const items = [];
    for (let index = offset; index < end; index++) items.push(pageItem(index));
    body = Buffer.from(
      JSON.stringify({ items, count: total, ...(end < total ? { next: { page: String(end) } } : {}) }),
    );
    // Pages are cached only for small lists: a long walk must not grow this process forever.
    if (total <= 20_000) pages.set(key, body);
  }
  return body;
}

const server = createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  const parts = url.pathname.split('/');
  // ['', 'v1', 'orgs', org, 'sites', site?]
  let body;
  if (parts[5]) body = oneSite;
  else {
    const total = Number(parts[3]?.replace(/^org_(slow_)?/, '')) || 1000;
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('page') ?? 0);
    body = page(total, offset, limit);
  }
  const answer = () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    response.end(body);
  };
  if (parts[3]?.startsWith('org_slow')) setTimeout(answer, 20);
  else answer();
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}/v1`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
