#!/usr/bin/env node
// Memory while streaming a long list: the peak RSS of a process that walks 200 000 sites with
// `for await` through the SDK, against a process doing the same walk with raw `fetch` +
// `JSON.parse` (the floor), over the loopback server. The walk at 20 000 items shows that the
// SDK's peak does not grow with the length of the list (one page held at a time); the raw walk's
// own growth over the same lengths is shown beside it, as what V8's heap sizing adds alone.
import { fileURLToPath } from 'node:url';
import { figure, isMain, mib, peakRss, printFigures, startBenchServer } from './lib.mjs';

const WALK = fileURLToPath(new URL('./walk.mjs', import.meta.url));

// Five processes each: with three, the 20 000-item walk's median moved by 6 MiB between runs.
export async function paginationMemory({ runs = Number(process.env.BENCH_RSS_RUNS ?? 5) } = {}) {
  const server = await startBenchServer();
  try {
    const long = Number(process.env.BENCH_ITEMS ?? 200_000);
    const short = long / 10;
    const raw = peakRss([WALK, 'raw', server.url, String(long)], runs);
    const sdk = peakRss([WALK, 'sdk', server.url, String(long)], runs);
    const sdkShort = peakRss([WALK, 'sdk', server.url, String(short)], runs);
    const rawShort = peakRss([WALK, 'raw', server.url, String(short)], runs);
    const figures = [
      figure(
        `for await ${long} items: SDK / raw walk peak RSS`,
        sdk / raw,
        1.15,
        'lower',
        `${mib(sdk)} vs ${mib(raw)}`,
      ),
      figure(
        `SDK peak RSS, ${long} / ${short} items (flat)`,
        sdk / sdkShort,
        1.1,
        'lower',
        `${mib(sdk)} vs ${mib(sdkShort)}; the raw walk: ${(raw / rawShort).toFixed(2)}x, ${mib(raw)} vs ${mib(rawShort)}`,
      ),
    ];
    printFigures(`Pagination memory (pages of 1000; median peak RSS of ${runs} processes each)`, figures);
    return figures;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) await paginationMemory();
