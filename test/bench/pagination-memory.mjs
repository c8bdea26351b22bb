#!/usr/bin/env node
// Memory while paginating: walking 200 pages of 500 sites with `for await` keeps one page in
// memory; `toArray` keeps them all. Figures are live heap after a GC at each page boundary,
// so run with --expose-gc (npm run bench does).
import { DocsClient } from '@docs-api/sdk';

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const PAGE_SIZE = 500;
function pageBody(index) {
  const items = Array.from({ length: PAGE_SIZE }, (_, i) => ({
    object: 'site',
    id: `site_${index}_${i}`,
    type: 'basic',
    title: `Site ${index}-${i} ${'x'.repeat(200)}`,
    visibility: 'public',
    published: true,
    siteSpaces: 1,
    createdAt: '2026-01-05T09:00:00.000Z',
    agentsContext: 'included',
  }));
  return JSON.stringify({
    items,
    count: PAGES * PAGE_SIZE,
    ...(index + 1 < PAGES ? { next: { page: String(index + 1) } } : {}),
  });
}
const pagedFetch = async (request) => {
  const page = Number(new URL(request.url).searchParams.get('page') ?? 0);
  return new Response(pageBody(page), { status: 200, headers: { 'content-type': 'application/json' } });
};
const client = new DocsClient({ token: 'bench', baseUrl: 'http://bench.local/v1', fetch: pagedFetch });
const gc = globalThis.gc ?? (() => {});
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function peakDuring(fn) {
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const result = await fn(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  });
  return { result, growth: peak - base };
}

console.log(`pagination memory (${PAGES} pages x ${PAGE_SIZE} items)`);
const streamed = await peakDuring(async (sample) => {
  let count = 0;
  for await (const site of client.sites.list('org_bench', { limit: PAGE_SIZE })) {
    if (site.id) count += 1;
    if (count % PAGE_SIZE === 0) sample();
  }
  return count;
});
console.log(`  for await        ${streamed.result} items, live heap growth ${mb(streamed.growth)}`);
const collected = await peakDuring(async (sample) => {
  const all = await client.sites.list('org_bench', { limit: PAGE_SIZE }).toArray({ max: Infinity });
  sample();
  return all.length;
});
console.log(`  toArray          ${collected.result} items, live heap growth ${mb(collected.growth)}`);
