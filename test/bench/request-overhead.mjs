#!/usr/bin/env node
// SDK request overhead, over real loopback HTTP (test/bench/server.mjs, its own process):
// sequential requests through the SDK against the same requests made with a bare ky call (the
// SDK's HTTP layer: what the SDK adds on top of it) and with `fetch` + `JSON.parse` (printed for
// the record), in turns. A figure is the SDK's throughput as a share of the other's (1.00x = no
// overhead).
//  - 1-item: `client.sites.get()` against one site;
//  - 1000-item page: `client.sites.list(org, { limit: 1000 })`, validated under the `strict`
//    policy, every item carrying fields the contract does not name (which the SDK keeps);
//  - 1-item and 1000-item page at 20 ms of server latency, against raw `fetch` + `JSON.parse`:
//    what a user of a real network feels, and the goals (issue 24). The loopback figures are
//    printed as records: a call's CPU cost on loopback is not what a user waits for.
import { DocsClient } from '@docs-api/sdk';
import ky from 'ky';
import { figure, isMain, median, printFigures, startBenchServer } from './lib.mjs';

const TOKEN = 'bench-token';

async function timed(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Median time of one request of each side, taken in turns, one request each: a slow moment of
 * this machine then falls on every side alike (a block of requests here ranged from 3.5 to 6.5 ms
 * a page; in turns the figure holds to 0.01x between runs). Sides: raw fetch, bare ky, the SDK.
 */
async function compare3(raw, bareKy, sdk, { rounds, warmup }) {
  for (let i = 0; i < warmup; i++) {
    await raw();
    await bareKy();
    await sdk();
  }
  const times = { raw: [], ky: [], sdk: [] };
  for (let i = 0; i < rounds; i++) {
    times.raw.push(await timed(raw));
    times.ky.push(await timed(bareKy));
    times.sdk.push(await timed(sdk));
  }
  return { raw: median(times.raw), ky: median(times.ky), sdk: median(times.sdk) };
}

export async function requestOverhead({ scale = Number(process.env.BENCH_SCALE ?? 1) } = {}) {
  const server = await startBenchServer();
  try {
    const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
    const rawGet = async (url) => JSON.parse(await (await fetch(url, { headers })).text());
    const client = new DocsClient({ token: TOKEN, baseUrl: server.url, responseValidation: 'strict' });

    // A bare ky call of the same request: ky's defaults, the same headers.
    const bare = ky.create({ prefixUrl: server.url, headers });
    const kyGet = async (path) => JSON.parse(await bare.get(path).text());

    const oneUrl = `${server.url}/orgs/org_acme/sites/site_docs`;
    const one = await compare3(
      () => rawGet(oneUrl),
      () => kyGet('orgs/org_acme/sites/site_docs'),
      () => client.sites.get('org_acme', 'site_docs'),
      { rounds: Math.round(3000 * scale), warmup: 500 },
    );

    const pageUrl = `${server.url}/orgs/org_1000/sites?limit=1000`;
    const first = await client.sites.list('org_1000', { limit: 1000 });
    if (first.items.length !== 1000 || first.items[999]?.region !== 'eu-west') {
      throw new Error('the SDK did not return the 1000 items with their unknown fields');
    }
    const page = await compare3(
      () => rawGet(pageUrl),
      () => kyGet('orgs/org_1000/sites?limit=1000'),
      () => client.sites.list('org_1000', { limit: 1000 }),
      { rounds: Math.round(251 * scale), warmup: 20 },
    );

    const slowUrl = `${server.url}/orgs/org_slow/sites/site_docs`;
    const slow = await compare3(
      () => rawGet(slowUrl),
      () => kyGet('orgs/org_slow/sites/site_docs'),
      () => client.sites.get('org_slow', 'site_docs'),
      { rounds: Math.round(150 * scale), warmup: 10 },
    );

    const slowPageUrl = `${server.url}/orgs/org_slow/sites?limit=1000`;
    const slowPage = await compare3(
      () => rawGet(slowPageUrl),
      () => kyGet('orgs/org_slow/sites?limit=1000'),
      () => client.sites.list('org_slow', { limit: 1000 }),
      { rounds: Math.round(120 * scale), warmup: 10 },
    );

    const us = (value) => `${(value * 1000).toFixed(0)} µs`;
    const figures = [
      figure(
        'SDK 1-item at 20 ms latency / raw fetch',
        slow.raw / slow.sdk,
        0.98,
        'higher',
        `${slow.sdk.toFixed(2)} ms vs ${slow.raw.toFixed(2)} ms per request`,
      ),
      figure(
        'SDK 1000-item page, validated, at 20 ms / raw',
        slowPage.raw / slowPage.sdk,
        0.9,
        'higher',
        `${slowPage.sdk.toFixed(2)} ms vs ${slowPage.raw.toFixed(2)} ms per page (raw: fetch + JSON.parse)`,
      ),
    ];
    // For the record, not goals: loopback, where the SDK's CPU cost is all there is.
    const record = [
      ['SDK 1-item answer / bare ky call', one.ky / one.sdk, `${us(one.sdk)} vs ${us(one.ky)}`],
      [
        'SDK 1000-item page, validated / ky + JSON.parse',
        page.ky / page.sdk,
        `${page.sdk.toFixed(2)} ms vs ${page.ky.toFixed(2)} ms`,
      ],
      ['SDK 1-item answer / fetch + JSON.parse', one.raw / one.sdk, `${us(one.sdk)} vs ${us(one.raw)}`],
      ['bare ky 1-item / fetch + JSON.parse', one.raw / one.ky, `${us(one.ky)} vs ${us(one.raw)}`],
      [
        'SDK 1000-item page / fetch + JSON.parse',
        page.raw / page.sdk,
        `${page.sdk.toFixed(2)} ms vs ${page.raw.toFixed(2)} ms`,
      ],
    ];
    printFigures('SDK request throughput over loopback HTTP (medians of requests taken in turns)', figures);
    for (const [name, value, detail] of record) {
      console.log(
        `  ${name.padEnd(44)} ${`${value.toFixed(2)}x`.padStart(9)}  (for the record)  ${detail} per request`,
      );
    }
    return figures;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await requestOverhead();
