#!/usr/bin/env node
// CLI start-up: the median wall time of `docs` commands against `node -e 0`, the floor any Node
// CLI pays, measured interleaved in the same run. `docs sites list --json` runs against the
// sandbox on a loopback port (its own process) and also reports its peak RSS. The untimed first
// round leaves the CLI's compile cache written, as any start after a user's first does; the
// help is also timed without it (NODE_DISABLE_COMPILE_CACHE), for the first start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DOCS_BIN,
  figure,
  isMain,
  medianWallTimes,
  mib,
  ms,
  peakRss,
  printFigures,
  startSandbox,
} from './lib.mjs';

export async function startup({ runs = Number(process.env.BENCH_RUNS ?? 21) } = {}) {
  const sandbox = await startSandbox();
  const home = mkdtempSync(join(tmpdir(), 'bench-home-'));
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: home,
    DOCS_API_URL: sandbox.url,
    DOCS_API_TOKEN: sandbox.token,
    DOCS_ORG: 'org_acme',
    CI: '1',
    NO_COLOR: '1',
  };
  try {
    const cases = [
      { label: 'node -e 0', args: ['-e', '0'] },
      { label: 'docs --version', args: [DOCS_BIN, '--version'] },
      { label: 'docs --help', args: [DOCS_BIN, '--help'] },
      { label: 'docs sites --help', args: [DOCS_BIN, 'sites', '--help'] },
      { label: 'docs sites list --json', args: [DOCS_BIN, 'sites', 'list', '--json'] },
      {
        label: 'docs --help, first start',
        args: [DOCS_BIN, '--help'],
        env: { NODE_DISABLE_COMPILE_CACHE: '1' },
      },
    ];
    // One untimed round first: the file system cache is warm for every case alike.
    medianWallTimes(cases, 1, { env });
    const [floor, ...times] = medianWallTimes(cases, runs, { env });
    const rss = peakRss([DOCS_BIN, 'sites', 'list', '--json'], 3, env);
    const rssFloor = peakRss(['-e', '0'], 3, env);
    const ratio = (index) => times[index] / floor;
    const figures = [
      figure(
        'docs sites list --json / node -e 0',
        ratio(3),
        3.0,
        'lower',
        `${ms(times[3])}, peak RSS ${mib(rss)} (node -e 0: ${mib(rssFloor)})`,
      ),
      figure('docs --version / node -e 0', ratio(0), 2.2, 'lower', ms(times[0])),
      figure(
        'docs --help / node -e 0',
        ratio(1),
        2.2,
        'lower',
        `${ms(times[1])}; a first start, no compile cache yet: ${ratio(4).toFixed(2)}x, ${ms(times[4])}`,
      ),
      figure('docs sites --help / node -e 0', ratio(2), 2.2, 'lower', ms(times[2])),
    ];
    printFigures(`CLI start-up (median of ${runs} interleaved runs; node -e 0: ${ms(floor)})`, figures);
    return figures;
  } finally {
    rmSync(home, { recursive: true, force: true });
    await sandbox.stop();
  }
}

if (isMain(import.meta.url)) await startup();
