import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleScript, formatBytes } from '../../packages/cli/src/lib/integrations/integration-manifest.js';
import { startWorker, workerdUnavailable, type RunningWorker } from './workerd.js';

/*
 * Each fixture integration, bundled by the CLI's publish code, must start in workerd (the
 * Workers runtime) and answer an event: a bundle that cannot start fails here, not once
 * published. Skips with one line only where workerd's binary cannot run and CI is not set.
 */

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/integrations/${name}/src/index.ts`, import.meta.url));

const unavailable = await workerdUnavailable();
if (unavailable && process.env.CI === 'true') {
  throw new Error(`workerd must run in CI: ${unavailable}`);
}
if (unavailable) console.warn(`Skipping the workerd tests: ${unavailable}`);

const running: RunningWorker[] = [];
afterAll(async () => {
  await Promise.all(running.map((worker) => worker.stop()));
});

/** Bundles the fixture as `docs integrations publish` does, starts it, and says the figures. */
async function run(name: string): Promise<{ worker: RunningWorker; bundle: string }> {
  const bundle = await bundleScript(fixture(name));
  const worker = await startWorker(bundle);
  running.push(worker);
  console.info(
    `${name}: bundle ${formatBytes(Buffer.byteLength(bundle))}, workerd listening after ${worker.startMs.toFixed(0)} ms`,
  );
  return { worker, bundle };
}

describe.skipIf(unavailable)('fixture integrations run in workerd', () => {
  it('plain: an ES module answering fetch', async () => {
    const { worker } = await run('plain');
    const response = await fetch(`${worker.origin}/v1`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fixture: 'plain', path: '/v1' });
  });

  it('raw-snippet: *.raw.js and *.raw.css are text in the bundle, not code run at load', async () => {
    const { worker } = await run('raw-snippet');
    const response = await fetch(`${worker.origin}/v1`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    const served = await response.text();
    const snippet = await readFile(fixture('raw-snippet').replace('index.ts', 'snippet.raw.js'), 'utf8');
    expect(served).toContain(snippet);
    expect(served).toContain('.fixture-badge {');
  });

  it('build-mode: MODE and process.env.NODE_ENV are "production", and MODE gates the version as the runtime library does', async () => {
    const { worker } = await run('build-mode');
    const response = await fetch(`${worker.origin}/v1`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ mode: 'production', nodeEnv: 'production', version: 'v1' });
    const other = await fetch(`${worker.origin}/v2`, { signal: AbortSignal.timeout(10_000) });
    expect(other.status).toBe(400);
    expect(await other.text()).toBe('Unsupported version v2');
  });

  it('node-external: node:* and cloudflare:* stay imports the runtime resolves', async () => {
    const { worker, bundle } = await run('node-external');
    expect(bundle).toMatch(/from\s*"node:buffer"/);
    expect(bundle).toMatch(/from\s*"cloudflare:sockets"/);
    const response = await fetch(`${worker.origin}/v1`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ encoded: 'Zml4dHVyZQ==', sockets: 'function' });
  });

  it('the harness fails a bundle that cannot start: the snippet bundled as code stops the worker at load', async () => {
    // A `.raw.js` file bundled as code (the CLI's build before text loaders) runs when the worker loads.
    const result = await build({
      stdin: {
        contents: "import './snippet.raw.js';\nexport default { fetch: () => new Response('never') };\n",
        resolveDir: fileURLToPath(new URL('../fixtures/integrations/raw-snippet/src/', import.meta.url)),
      },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      logLevel: 'silent',
    });
    const bundle = result.outputFiles[0]!.text;
    await expect(startWorker(bundle)).rejects.toThrow(/window is not defined/);
  });

  it('the harness fails an event that throws: MODE left free is a ReferenceError at the first event', async () => {
    const result = await build({
      entryPoints: [fixture('build-mode')],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      logLevel: 'silent',
    });
    const worker = await startWorker(result.outputFiles[0]!.text);
    running.push(worker);
    const response = await fetch(`${worker.origin}/v1`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(500);
  });
});
