#!/usr/bin/env node
// SDK per-request overhead: time of `client.sites.get()` (validation, ky, zod parsing) over a
// fetch that answers instantly, minus the time of calling that fetch directly.
import { DocsClient } from '@docs-api/sdk';

const site = {
  object: 'site',
  id: 'site_docs',
  type: 'basic',
  title: 'Acme Docs',
  visibility: 'public',
  published: true,
  siteSpaces: 2,
  createdAt: '2026-01-05T09:00:00.000Z',
  agentsContext: 'included',
  urls: { published: 'https://acme.example/docs' },
};
const body = JSON.stringify(site);
const instantFetch = async () =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
const client = new DocsClient({ token: 'bench', baseUrl: 'http://bench.local/v1', fetch: instantFetch });
const iterations = Number(process.env.BENCH_ITERATIONS ?? 5000);

async function measure(label, fn) {
  for (let i = 0; i < 200; i++) await fn(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn();
  const perCall = Number(process.hrtime.bigint() - start) / 1e3 / iterations;
  console.log(`  ${label.padEnd(34)} ${perCall.toFixed(1)} µs/request`);
  return perCall;
}

console.log(`request overhead (${iterations} sequential requests)`);
const raw = await measure('raw fetch + JSON.parse', async () => (await instantFetch()).json());
const sdk = await measure('client.sites.get()', () => client.sites.get('org_acme', 'site_docs'));
console.log(`  SDK overhead                       ${(sdk - raw).toFixed(1)} µs/request`);
