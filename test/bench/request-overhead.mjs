#!/usr/bin/env node
// SDK request overhead, over real loopback HTTP (test/bench/server.mjs, its own process):
// sequential requests through the SDK against the same requests made with `fetch` +
// `JSON.parse`, in interleaved blocks. The figure is the SDK's throughput as a share of raw
// fetch's (1.00x = no overhead).
//  - 1-item: `client.sites.get()` against one site;
//  - 1000-item page: `client.sites.list(org, { limit: 1000 })`, validated under the `strict`
//    policy, every item carrying fields the contract does not name (which the SDK keeps).
import { DocsClient } from '@docs-api/sdk';
import { figure, isMain, median, printFigures, startBenchServer } from './lib.mjs';

const TOKEN = 'bench-token';

async function block(fn, count) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await fn();
  return Number(process.hrtime.bigint() - start) / 1e6 / count;
}

/** Median time per request of `raw` and `sdk`, measured in alternating blocks. */
async function compare(raw, sdk, { blocks, perBlock, warmup }) {
  for (let i = 0; i < warmup; i++) {
    await raw();
    await sdk();
  }
  const rawTimes = [];
  const sdkTimes = [];
  for (let i = 0; i < blocks; i++) {
    rawTimes.push(await block(raw, perBlock));
    sdkTimes.push(await block(sdk, perBlock));
  }
  return { raw: median(rawTimes), sdk: median(sdkTimes) };
}

export async function requestOverhead({ scale = Number(process.env.BENCH_SCALE ?? 1) } = {}) {
  const server = await startBenchServer();
  try {
    const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
    const rawGet = async (url) => JSON.parse(await (await fetch(url, { headers })).text());
    const client = new DocsClient({ token: TOKEN, baseUrl: server.url, responseValidation: 'strict' });

    const oneUrl = `${server.url}/orgs/org_acme/sites/site_docs`;
    const one = await compare(
      () => rawGet(oneUrl),
      () => client.sites.get('org_acme', 'site_docs'),
      { blocks: 15, perBlock: Math.round(400 * scale), warmup: 500 },
    );

    const pageUrl = `${server.url}/orgs/org_1000/sites?limit=1000`;
    const first = await client.sites.list('org_1000', { limit: 1000 });
    if (first.items.length !== 1000 || first.items[999]?.region !== 'eu-west') {
      throw new Error('the SDK did not return the 1000 items with their unknown fields');
    }
    const page = await compare(
      () => rawGet(pageUrl),
      () => client.sites.list('org_1000', { limit: 1000 }),
      { blocks: 15, perBlock: Math.round(8 * scale), warmup: 20 },
    );

    const us = (value) => `${(value * 1000).toFixed(0)} µs`;
    const figures = [
      figure(
        'SDK 1-item answer / fetch + JSON.parse',
        one.raw / one.sdk,
        0.75,
        'higher',
        `${us(one.sdk)} vs ${us(one.raw)} per request`,
      ),
      figure(
        'SDK 1000-item page, validated / raw',
        page.raw / page.sdk,
        0.9,
        'higher',
        `${page.sdk.toFixed(2)} ms vs ${page.raw.toFixed(2)} ms per page`,
      ),
    ];
    printFigures('SDK request throughput over loopback HTTP (median of 15 interleaved blocks)', figures);
    return figures;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await requestOverhead();
