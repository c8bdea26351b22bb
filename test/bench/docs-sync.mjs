#!/usr/bin/env node
// `docs push` and `docs pull` of 200 and 2,000 pages (the Git Sync layout of
// test/fixtures/docs-folder.mjs) against the sandbox limited to 100 requests a second, each the
// built `docs` in its own process. Figures, as ratios in the run: the wall time of each over the
// limit's floor (the requests it made, at 100 a second: no client can be faster), goal <= 1.2x;
// and the peak memory of 2,000 pages over 200 pages, goal <= 1.2x (flat in the number of pages).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { docsFolder } from '../fixtures/docs-folder.mjs';
import { DOCS_BIN, figure, isMain, mib, printFigures, ROOT, startProcess } from './lib.mjs';

const LIMIT = 100;
const SIZES = [200, 2000];

/** Runs the built docs; resolves with its wall time, peak RSS (bytes) and output. */
function docs(args, env) {
  return new Promise((resolve, reject) => {
    const rssFile = join(env.HOME, `rss-${Date.now()}`);
    const child = spawn(
      process.execPath,
      ['--require', join(ROOT, 'test/bench/max-rss.cjs'), DOCS_BIN, ...args],
      {
        env: { ...process.env, ...env, BENCH_RSS_FILE: rssFile, CI: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const started = performance.now();
    child.on('error', reject);
    child.on('close', async (code) => {
      const ms = performance.now() - started;
      if (code !== 0)
        return reject(new Error(`docs ${args.join(' ')} exited ${code}: ${stderr.slice(-800)}`));
      const { readFile } = await import('node:fs/promises');
      resolve({ ms, rss: Number(await readFile(rssFile, 'utf8')) * 1024, stdout, stderr });
    });
  });
}

export async function docsSync() {
  const work = await mkdtemp(join(tmpdir(), 'bench-docs-sync-'));
  const server = await startProcess(
    join(ROOT, 'test/bench/docs-sync-server.mjs'),
    [String(LIMIT)],
    /ready (\S+) (\S+)/,
  );
  const [, url, token] = server.match;
  const counted = async () => (await (await fetch(new URL('/__count', url))).json()).served;
  const env = {
    HOME: work,
    XDG_CONFIG_HOME: work,
    DOCS_API_URL: url,
    DOCS_API_TOKEN: token,
    DOCS_ORG: 'org_acme',
  };
  const results = {};
  try {
    for (const size of SIZES) {
      const dir = join(work, `folder-${size}`);
      for (const [path, data] of Object.entries(docsFolder(size, { groups: false }).files)) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), data);
      }
      const made = await docs(['spaces', 'create', '--title', `Bench ${size}`, '--json'], env);
      const space = JSON.parse(made.stdout).id;
      // A fresh window, so each run starts alike.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      let before = await counted();
      const push = await docs(
        ['push', space, dir, '--subject', `Bench ${size}`, '--yes', '--merge', '--json'],
        env,
      );
      const pushRequests = (await counted()) - before - 1;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      before = await counted();
      const pull = await docs(['pull', space, join(work, `pulled-${size}`)], env);
      const pullRequests = (await counted()) - before - 1;
      results[size] = { push, pull, pushRequests, pullRequests };
      console.log(
        `  ${size} pages: push ${(push.ms / 1000).toFixed(1)} s for ${pushRequests} requests (floor ${(pushRequests / LIMIT).toFixed(1)} s), peak ${mib(push.rss)}; pull ${(pull.ms / 1000).toFixed(1)} s for ${pullRequests} requests (floor ${(pullRequests / LIMIT).toFixed(1)} s), peak ${mib(pull.rss)}`,
      );
    }
  } finally {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
  const big = results[2000];
  const small = results[200];
  return [
    figure(
      `push 2,000 pages at ${LIMIT}/s: time / the limit's floor`,
      big.push.ms / ((big.pushRequests / LIMIT) * 1000),
      1.2,
      'lower',
      `${big.pushRequests} requests`,
    ),
    figure(
      `pull 2,000 pages at ${LIMIT}/s: time / the limit's floor`,
      big.pull.ms / ((big.pullRequests / LIMIT) * 1000),
      1.2,
      'lower',
      `${big.pullRequests} requests`,
    ),
    figure(
      'push peak memory, 2,000 pages / 200 pages',
      big.push.rss / small.push.rss,
      1.2,
      'lower',
      `${mib(small.push.rss)} -> ${mib(big.push.rss)}`,
    ),
    figure(
      'pull peak memory, 2,000 pages / 200 pages',
      big.pull.rss / small.pull.rss,
      1.2,
      'lower',
      `${mib(small.pull.rss)} -> ${mib(big.pull.rss)}`,
    ),
  ];
}

if (isMain(import.meta.url)) printFigures('docs pull and docs push', await docsSync());
