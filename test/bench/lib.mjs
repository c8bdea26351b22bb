// Helpers shared by the benchmarks: child processes, medians, the loopback servers, the report.
// Every figure is a ratio against a floor measured in the same run, so that a loaded machine
// moves both sides: times are printed for information, ratios are what the goals are about.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DOCS_BIN = join(ROOT, 'packages/cli/bin/run.js');
export const SANDBOX_BIN = join(ROOT, 'packages/sandbox/bin/docs-sandbox.js');

/** The site the benchmarks' answers carry: server.mjs's 1-item answer, the browser bundle's list. */
export const SITE = {
  object: 'site',
  id: 'site_docs',
  type: 'basic',
  title: 'Acme Docs',
  visibility: 'public',
  published: true,
  siteSpaces: 2,
  createdAt: '2026-01-05T09:00:00.000Z',
  agentsContext: 'included',
  // The rest of what the document requires of a site: the benchmarks' clients read strictly.
  appliedType: 'basic',
  defaultLevel: 'inherit',
  permissions: {
    view: true,
    access: true,
    edit: true,
    create: true,
    admin: true,
    installIntegration: true,
    viewAdaptiveSchema: true,
    editAdaptiveSchema: true,
  },
  features: [],
  urls: {
    location: 'https://api.example.com/v1/orgs/org_acme/sites/site_docs',
    app: 'https://app.example.com/o/org_acme/sites/site_docs',
    preview: 'https://preview.example.com/site_docs',
    published: 'https://acme.example/docs',
  },
};
const MAX_RSS_PRELOAD = fileURLToPath(new URL('./max-rss.cjs', import.meta.url));

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const ms = (value) => `${value.toFixed(1)} ms`;
export const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * Runs each case `runs` times, interleaved (a, b, c, a, b, c, ...) so that a change in the
 * machine's load hits every case alike; returns the median wall time of each, in ms.
 */
export function medianWallTimes(cases, runs, options = {}) {
  const times = cases.map(() => []);
  for (let run = 0; run < runs; run++) {
    cases.forEach(({ args, env }, index) => {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, ...options.env, ...env },
      });
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      if (result.status !== 0) {
        throw new Error(
          `node ${args.join(' ')} exited ${result.status}: ${String(result.stderr).slice(0, 500)}`,
        );
      }
      times[index].push(elapsed);
    });
  }
  return times.map(median);
}

/** Peak resident set size (bytes) of `node args`, median of `runs`. */
export function peakRss(args, runs, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rss-'));
  try {
    const peaks = [];
    for (let run = 0; run < runs; run++) {
      const file = join(dir, `rss-${run}`);
      const result = spawnSync(process.execPath, ['--require', MAX_RSS_PRELOAD, ...args], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, ...env, BENCH_RSS_FILE: file },
      });
      if (result.status !== 0)
        throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
      peaks.push(Number(readFileSync(file, 'utf8')) * 1024);
    }
    return median(peaks);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts `node script args` and resolves once it printed a line matching `ready`; the match
 * is returned with a `stop()`. Used for the sandbox and the loopback server, which run in
 * their own process so that they never share the measured process's event loop or CPU time.
 */
export function startProcess(script, args, ready) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = output.match(ready);
      if (!match) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      resolve({
        match,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill();
          }),
      });
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${script} exited ${code} before it was ready: ${output}`)),
    );
  });
}

/** The sandbox (demo data) on a loopback port, in its own process. */
export async function startSandbox(args = []) {
  const { match, stop } = await startProcess(SANDBOX_BIN, ['--port', '0', ...args], /listening on (\S+)/);
  return { url: match[1], token: 'sandbox-token', stop };
}

/** The benchmarks' own loopback HTTP server (test/bench/server.mjs), in its own process. */
export async function startBenchServer() {
  const script = fileURLToPath(new URL('./server.mjs', import.meta.url));
  const { match, stop } = await startProcess(script, [], /listening on (\S+)/);
  return { url: match[1], stop };
}

/**
 * One line of the summary: the figure, its goal and whether this run meets it. `better` says
 * which way is good ('lower' for times and sizes, 'higher' for throughput).
 */
export function figure(name, value, goal, better, detail = '') {
  const met = better === 'lower' ? value <= goal : value >= goal;
  return { name, value, goal, better, met, detail };
}

export function printFigures(title, figures, unit = 'x') {
  console.log(`\n${title}`);
  for (const { name, value, goal, better, met, detail } of figures) {
    const shown = unit === 'x' ? `${value.toFixed(2)}x` : `${value.toFixed(1)} ${unit}`;
    const wanted = `${better === 'lower' ? '<=' : '>='} ${unit === 'x' ? `${goal.toFixed(2)}x` : `${goal} ${unit}`}`;
    console.log(
      `  ${name.padEnd(44)} ${shown.padStart(9)}  (goal ${wanted}: ${met ? 'met' : 'NOT MET'})${detail ? `  ${detail}` : ''}`,
    );
  }
}

/** True when the module is the script node was started with (so each bench also runs alone). */
export const isMain = (url) => process.argv[1] && fileURLToPath(url) === process.argv[1];
