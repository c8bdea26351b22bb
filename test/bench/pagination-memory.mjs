#!/usr/bin/env node
// Memory while streaming a long list: the peak RSS of a process that walks 200 000 sites with
// `for await` through the SDK, against a process doing the same walk with raw `fetch` +
// `JSON.parse` (the floor), over the loopback server. The walk at 20 000 items shows that the
// SDK's peak does not grow with the length of the list (one page held at a time).
import { fileURLToPath } from 'node:url';
import { figure, isMain, mib, peakRss, printFigures, startBenchServer } from './lib.mjs';

const WALK = fileURLToPath(new URL('./walk.mjs', import.meta.url));

export async function paginationMemory({ runs = Number(process.env.BENCH_RSS_RUNS ?? 3) } = {}) {
  const server = await startBenchServer();
  try {
    const long = Number(process.env.BENCH_ITEMS ?? 200_000);
    const short = long / 10;
    const raw = peakRss([WALK, 'raw', server.url, String(long)], runs);
    const sdk = peakRss([WALK, 'sdk', server.url, String(long)], runs);
    const sdkShort = peakRss([WALK, 'sdk', server.url, String(short)], runs);
    const figures = [
      figure(
        `for await ${long} items: SDK / raw walk peak RSS`,
        sdk / raw,
        1.1,
        'lower',
        `${mib(sdk)} vs ${mib(raw)}`,
      ),
      figure(
        `SDK peak RSS, ${long} / ${short} items (flat)`,
        sdk / sdkShort,
        1.1,
        'lower',
        `${mib(sdk)} vs ${mib(sdkShort)}`,
      ),
    ];
    printFigures(`Pagination memory (pages of 1000; median peak RSS of ${runs} processes each)`, figures);
    return figures;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await paginationMemory();
