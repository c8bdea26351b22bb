#!/usr/bin/env node
// SDK request overhead, over real loopback HTTP (test/bench/server.mjs, its own process):
// sequential requests through the SDK against the same requests made with `fetch` +
// `JSON.parse`, in turns. The figure is the SDK's throughput as a share of raw
// fetch's (1.00x = no overhead).
//  - 1-item: `client.sites.get()` against one site;
//  - 1000-item page: `client.sites.list(org, { limit: 1000 })`, validated under the `strict`
//    policy, every item carrying fields the contract does not name (which the SDK keeps).
import { DocsClient } from '@docs-api/sdk';
import { figure, isMain, median, printFigures, startBenchServer } from './lib.mjs';

const TOKEN = 'bench-token';

async function timed(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Median time of one request of `raw` and of `sdk`, taken in turns, one request each: a slow
 * moment of this machine (a block of requests here ranged from 3.5 to 6.5 ms a page) then falls
 * on both sides alike, and the figure holds to 0.01x between runs where blocks of 8 moved it
 * by 0.1x.
 */
async function compare(raw, sdk, { rounds, warmup }) {
  for (let i = 0; i < warmup; i++) {
    await raw();
    await sdk();
  }
  const rawTimes = [];
  const sdkTimes = [];
  for (let i = 0; i < rounds; i++) {
    rawTimes.push(await timed(raw));
    sdkTimes.push(await timed(sdk));
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
      { rounds: Math.round(4000 * scale), warmup: 500 },
    );

    const pageUrl = `${server.url}/orgs/org_1000/sites?limit=1000`;
    const first = await client.sites.list('org_1000', { limit: 1000 });
    if (first.items.length !== 1000 || first.items[999]?.region !== 'eu-west') {
      throw new Error('the SDK did not return the 1000 items with their unknown fields');
    }
    const page = await compare(
      () => rawGet(pageUrl),
      () => client.sites.list('org_1000', { limit: 1000 }),
      { rounds: Math.round(301 * scale), warmup: 20 },
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
    printFigures('SDK request throughput over loopback HTTP (medians of requests taken in turns)', figures);
    return figures;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await requestOverhead();
