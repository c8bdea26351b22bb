#!/usr/bin/env node
// A list walk that reads one page ahead (issue 28, item 8): `for await` over 20 pages of 100
// sites, each page answered after 20 ms (server.mjs's `org_slow_2000`), the caller working 10 ms
// on each page (0.1 ms of CPU per item), against the same walk done with raw sequential `fetch` +
// `JSON.parse` + the same work. Walks are taken in turns; the figure is the SDK's median time
// over the raw walk's (lower is better: the SDK overlaps the next page's latency with the work).
import { DocsClient } from '@docs-api/sdk';
import { figure, isMain, median, printFigures, startBenchServer } from './lib.mjs';

const TOKEN = 'bench-token';
const ORG = 'org_slow_2000';
const PAGE = 100;
const PAGES = 20;
const WORK_MS_PER_ITEM = 10 / PAGE;

/** The caller's work on one item: CPU time, as code that transforms or writes each item. */
function work(item) {
  const until = performance.now() + WORK_MS_PER_ITEM;
  let spin = 0;
  while (performance.now() < until) spin++;
  return item.id ? spin : 0;
}

export async function readAhead({ rounds = Number(process.env.BENCH_WALK_ROUNDS ?? 7) } = {}) {
  const server = await startBenchServer();
  try {
    const headers = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
    const client = new DocsClient({ token: TOKEN, baseUrl: server.url, responseValidation: 'strict' });
    const raw = async () => {
      let count = 0;
      let page;
      do {
        const query = new URLSearchParams({ limit: String(PAGE), ...(page ? { page } : {}) });
        const envelope = JSON.parse(
          await (await fetch(`${server.url}/orgs/${ORG}/sites?${query}`, { headers })).text(),
        );
        for (const site of envelope.items) {
          work(site);
          count++;
        }
        page = envelope.next?.page;
      } while (page);
      return count;
    };
    const sdk = async () => {
      let count = 0;
      for await (const site of client.sites.list(ORG, { limit: PAGE })) {
        work(site);
        count++;
      }
      return count;
    };
    const times = { raw: [], sdk: [] };
    const timed = async (fn, into) => {
      const start = performance.now();
      const count = await fn();
      into.push(performance.now() - start);
      if (count !== PAGE * PAGES) throw new Error(`walked ${count} items, expected ${PAGE * PAGES}`);
    };
    // One walk each to warm up, then in turns.
    await raw();
    await sdk();
    for (let round = 0; round < rounds; round++) {
      await timed(raw, times.raw);
      await timed(sdk, times.sdk);
    }
    const rawMs = median(times.raw);
    const sdkMs = median(times.sdk);
    const figures = [
      figure(
        `for await ${PAGES} pages at 20 ms, 10 ms work a page / raw`,
        sdkMs / rawMs,
        0.8,
        'lower',
        `${sdkMs.toFixed(0)} ms vs ${rawMs.toFixed(0)} ms a walk (raw: sequential fetch + JSON.parse + the same work)`,
      ),
    ];
    printFigures(`List walk reading one page ahead (median of ${rounds} walks each, in turns)`, figures);
    return figures;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await readAhead();
