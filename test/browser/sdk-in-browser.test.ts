import { access, constants, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type RunningSandbox, type Sandbox } from '@docs-api/sandbox';
import type * as Sdk from '@docs-api/sdk';

/*
 * The SDK in a real page: Debian's Chromium, headless, driven by playwright-core (no browser is
 * downloaded). The SDK package as built is bundled for the browser with esbuild, served from a
 * loopback page server; the sandbox allows that page's origin (CORS) on another port. A second
 * page server, of an origin the sandbox does not allow, shows what a blocked call looks like.
 * Everything binds 127.0.0.1 on ephemeral ports, and every wait is bounded.
 */

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The longest any one step in the browser may take. */
const STEP_MS = 15_000;

/** What the page's script leaves on `window`: the bundled SDK. */
type PageWindow = Window & { sdk: typeof Sdk };

const PAGE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>SDK in a page</title></head>
<body><script type="module">
  import * as sdk from '/sdk.js';
  window.sdk = sdk;
</script></body></html>`;

interface Served {
  server: Server;
  origin: string;
}

/** Serves the page and the SDK bundle on 127.0.0.1, on a free port. */
async function servePage(bundle: string): Promise<Served> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE_HTML);
    } else if (path === '/sdk.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

function closeServer(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Settles with `work`, or rejects after `ms` saying what did not finish. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The SDK package as a user's bundler sees it (its `exports`, the built files), for a browser.
 * esbuild refuses to bundle for the browser a Node built-in it cannot resolve, so a bundle made
 * is a bundle free of them.
 */
async function bundleSdk(): Promise<{ text: string; inputs: string[] }> {
  const result = await build({
    stdin: { contents: "export * from '@docs-api/sdk';", resolveDir: ROOT, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  }).catch((error: Error) => {
    throw new Error(`esbuild could not bundle @docs-api/sdk for a browser (is it built?): ${error.message}`);
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no bundle');
  return { text: output.text, inputs: Object.keys(result.metafile.inputs) };
}

async function chromiumIsInstalled(): Promise<boolean> {
  try {
    await access(CHROMIUM, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

let sandbox: Sandbox;
let running: RunningSandbox | undefined;
let allowed: Served | undefined;
let blocked: Served | undefined;
let context: BrowserContext | undefined;
let userDataDir: string | undefined;
let bundle = { text: '', inputs: [] as string[] };

/** Opens a page of `origin` and waits until the SDK is loaded in it. */
async function openPage(origin: string): Promise<{ page: Page; console: string[] }> {
  if (!context) throw new Error('the browser is not running');
  const page = await within(STEP_MS, 'opening a page', context.newPage());
  page.setDefaultTimeout(STEP_MS);
  const console: string[] = [];
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
  await within(STEP_MS, `loading the page of ${origin}`, page.goto(`${origin}/`));
  await page.waitForFunction(() => 'sdk' in window);
  return { page, console };
}

// A newcomer's `npm test` needs only Node and npm: without Chromium this suite is skipped with one
// line saying so. CI (CI set) installs Chromium in .ci/run and requires it, so there it fails instead.
const browserMissing = !(await chromiumIsInstalled());
const MISSING_BROWSER = `The browser tests need Debian's Chromium at ${CHROMIUM}, which is not installed: run \`apt-get install -y --no-install-recommends chromium\` as root (CI does so in .ci/run). No browser is downloaded.`;
if (browserMissing && !process.env.CI) {
  process.stderr.write(`browser tests skipped: ${MISSING_BROWSER}\n`);
}
const suite = browserMissing && !process.env.CI ? describe.skip : describe;

beforeAll(async () => {
  if (browserMissing) {
    if (!process.env.CI) return;
    throw new Error(MISSING_BROWSER);
  }
  bundle = await bundleSdk();
  allowed = await servePage(bundle.text);
  blocked = await servePage(bundle.text);
  sandbox = createSandbox({
    checkResponses: true,
    cors: { origins: [allowed.origin] },
    rateLimit: { limit: 1000, windowMs: 60_000 },
  });
  running = await sandbox.listen();
  userDataDir = await mkdtemp(join(tmpdir(), 'docs-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
}, 60_000);

afterAll(async () => {
  await within(10_000, 'closing Chromium', context?.close() ?? Promise.resolve()).catch(() => undefined);
  await Promise.all([running?.close(), closeServer(allowed?.server), closeServer(blocked?.server)]);
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
}, 20_000);

suite('the SDK bundled for a browser', () => {
  it('is made of the built package and its dependencies, with no Node built-in', () => {
    expect(bundle.inputs).toContain('packages/sdk/dist/index.js');
    expect(bundle.inputs.filter((input) => !/^(packages\/sdk\/dist|node_modules)\//.test(input))).toEqual([
      '<stdin>',
    ]);
    // Asserted as booleans: a failure must not print the whole bundle.
    expect(/\bfrom\s*["']node:|\brequire\(/.test(bundle.text)).toBe(false);
    expect(/\bDocsClient\b/.test(bundle.text)).toBe(true);
  });
});

suite('a page of an origin the sandbox allows', () => {
  it('lists, creates, paginates and catches a typed error, reading the headers CORS exposes', async () => {
    const { page, console } = await openPage(allowed!.origin);
    sandbox.resetHits();
    const result = await within(
      STEP_MS,
      'the calls in the page',
      page.evaluate(
        async ({ url, token }) => {
          const { DocsClient, DocsError, NotFoundError } = (window as unknown as PageWindow).sdk;
          const client = new DocsClient({ token, baseUrl: url });
          const first = await client.sites.list('org_acme');
          const created = await client.sites.create('org_acme', { title: 'Made in a browser' });
          const walked: string[] = [];
          for await (const site of client.sites.list('org_acme', { limit: 1 })) walked.push(site.id);
          const pages: number[] = [];
          for await (const one of client.sites.list('org_acme', { limit: 1 }).pages())
            pages.push(one.items.length);
          const { rateLimit } = await client.sites.get('org_acme', created.id).withResponse();
          let caught: Record<string, unknown> = { thrown: false };
          try {
            await client.sites.get('org_acme', 'site_missing');
          } catch (error) {
            caught = {
              thrown: true,
              notFound: error instanceof NotFoundError,
              docsError: error instanceof DocsError,
              name: (error as Error).name,
              status: (error as { status?: number }).status,
              requestId: (error as { requestId?: string }).requestId,
              message: (error as Error).message,
            };
          }
          return {
            listed: first.items.map((site) => site.id),
            count: first.count,
            created: { id: created.id, title: created.title },
            walked,
            pages,
            rateLimit: { limit: rateLimit?.limit, remaining: rateLimit?.remaining },
            caught,
          };
        },
        { url: running!.url, token: running!.token },
      ),
    );

    expect(result.listed).toEqual(['site_docs', 'site_internal']);
    expect(result.count).toBe(2);
    expect(result.created.title).toBe('Made in a browser');
    expect(result.walked).toEqual([...result.listed, result.created.id]);
    expect(result.pages).toEqual([1, 1, 1]);
    // X-RateLimit-* are readable only because the sandbox exposes them.
    expect(result.rateLimit.limit).toBe(1000);
    expect(result.rateLimit.remaining).toBeGreaterThan(0);
    expect(result.caught).toEqual({
      thrown: true,
      notFound: true,
      docsError: true,
      name: 'NotFoundError',
      status: 404,
      requestId: expect.stringMatching(/^req_\d+$/) as unknown,
      message: expect.stringContaining('/v1/orgs/org_acme/sites/site_missing failed with 404') as unknown,
    });
    // Preflights are not counted: one routed request per call the page made.
    expect(sandbox.requests.get('sites.create')).toBe(1);
    expect(sandbox.requests.get('sites.get')).toBe(2);
    expect(console.filter((line) => /CORS|pageerror/.test(line))).toEqual([]);
    await page.close();
  });
});

suite('a page of an origin the sandbox does not allow', () => {
  it("fails with the SDK's ConnectionError naming CORS, not a raw TypeError, and reaches no operation", async () => {
    const { page, console } = await openPage(blocked!.origin);
    sandbox.resetHits();
    const result = await within(
      STEP_MS,
      'the blocked call in the page',
      page.evaluate(
        async ({ url, token }) => {
          const { ConnectionError, DocsClient } = (window as unknown as PageWindow).sdk;
          const client = new DocsClient({ token, baseUrl: url, maxRetries: 0 });
          try {
            await client.sites.list('org_acme');
            return { thrown: false };
          } catch (error) {
            return {
              thrown: true,
              connectionError: error instanceof ConnectionError,
              typeError: error instanceof TypeError,
              name: (error as Error).name,
              message: (error as Error).message,
              cause: String((error as Error).cause),
            };
          }
        },
        { url: running!.url, token: running!.token },
      ),
    );

    expect(result).toEqual({
      thrown: true,
      connectionError: true,
      typeError: false,
      name: 'ConnectionError',
      message: `GET ${running!.url}/orgs/org_acme/sites failed: could not reach the server, or the browser blocked the call (CORS: the server must allow this page's origin, ${blocked!.origin}; the browser's console says which) (Failed to fetch)`,
      cause: 'TypeError: Failed to fetch',
    });
    expect(sandbox.requests.size).toBe(0);
    // The browser says why in its console, where the page cannot read it.
    await expect.poll(() => console.join('\n'), { timeout: 5_000 }).toMatch(/blocked by CORS policy/);
    await page.close();
  });
});
