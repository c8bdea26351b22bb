import { afterEach, describe, expect, it } from 'vitest';
import { DocsClient, NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../test-support/client.js';
import { flattenPages } from './content.js';
import type { Sandbox } from './sandbox.js';

/*
 * Every URL an answer holds that a client would fetch is served by the sandbox (downloads.ts):
 * fetched in process (`sandbox.fetch`) and over loopback (`sandbox.listen()`).
 */

// A clock that moves on each reading: an OpenAPI spec's processing ends as time passes.
const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });
const HANDBOOK = 'space_handbook';
const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A client of the sandbox over loopback, and a plain fetch of what its answers name. */
async function overLoopback(sandbox: Sandbox) {
  const server = await sandbox.listen({ host: '127.0.0.1', port: 0 });
  running.push(server);
  const client = new DocsClient({ token: server.token, baseUrl: server.url, maxRetries: 0 });
  return { client, origin: new URL(server.url).origin };
}

/**
 * Checks the PDF's structure as a reader would (each xref offset is its object, `startxref` is
 * the table, each stream's `/Length` is its bytes) and answers the text its `Tj` operators print.
 */
function pdfText(bytes: Buffer): string {
  const pdf = bytes.toString('latin1');
  expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
  expect(pdf.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
  expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(pdf.slice(startxref)) ?? [];
  expect(first).toBe('0');
  const entries = pdf
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, index) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(pdf.slice(offset, offset + `${index + 1} 0 obj\n`.length)).toBe(`${index + 1} 0 obj\n`);
  });
  expect(pdf).toContain(`/Size ${count} /Root 1 0 R`);
  for (const match of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    expect(pdf.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
  }
  return [...pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)]
    .map((match) => match[1]!.replace(/\\(.)/g, '$1'))
    .join('\n');
}

/** The pages of change request #1's revision, from the sandbox's state. */
function crPages(sandbox: Sandbox) {
  const row = sandbox.store.changeRequests.get('cr_cli')!;
  return flattenPages(sandbox.store.revisions.get(row.revision)!.pages);
}

async function download(fetcher: typeof fetch, url: string) {
  const response = await fetcher(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('PDF exports', () => {
  it("a change request's PDF URL is on the sandbox's host and downloads its pages' titles and text", async () => {
    const { client, sandbox } = setup();
    const { url } = await client.changeRequests.getPdf(HANDBOOK, 1);
    expect(url).toMatch(/^http:\/\/sandbox\.test\/_pdf\/spaces\/space_handbook\/change-requests\/1\//);
    const pdf = await download(sandbox.fetch, url);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf' });
    const text = pdfText(pdf.bytes);
    const pages = crPages(sandbox);
    expect(pages.length).toBeGreaterThan(1);
    for (const { page } of pages) expect(text).toContain(page.title);
    expect(text).toContain((await client.changeRequests.get(HANDBOOK, 1)).subject);
    // The page's text, not only its title: a sentence of page_cli's markdown.
    const cli = pages.find(({ page }) => page.id === 'page_cli')!.page;
    const sentence = cli
      .markdown!.split('\n')
      .find((line) => /^[A-Za-z]/.test(line) && !line.includes('{{'))!;
    expect(text).toContain(sentence.replace(/[*_`]/g, '').slice(0, 40));
  });

  it('with page and only: that page alone; with page: that page and its sub-pages', async () => {
    const { client, sandbox } = setup();
    const only = await client.changeRequests.getPdf(HANDBOOK, 1, { page: 'page_cli', only: true });
    const text = pdfText((await download(sandbox.fetch, only.url)).bytes);
    const pages = crPages(sandbox);
    expect(text).toContain(pages.find(({ page }) => page.id === 'page_cli')!.page.title);
    for (const { page } of pages.filter((entry) => entry.page.id !== 'page_cli'))
      expect(text.split('\n')).not.toContain(page.title);
  });

  it("the space's PDF is served too, over loopback as in process, and expires after the hour", async () => {
    const { sandbox } = setup();
    const { client, origin } = await overLoopback(sandbox);
    const { url } = await client.spaces.content.getPdf(HANDBOOK);
    expect(url.startsWith(`${origin}/_pdf/spaces/space_handbook/`)).toBe(true);
    const pdf = await download(fetch, url);
    expect(pdf.status).toBe(200);
    const space = await client.spaces.get(HANDBOOK);
    expect(pdfText(pdf.bytes)).toContain(space.title);
    sandbox.clock.advance('61m');
    expect((await download(fetch, url)).status).toBe(410);
  });

  it('404s for a page the space does not have', async () => {
    const { client } = setup();
    await failure(client.spaces.content.getPdf(HANDBOOK, { page: 'page_nope' }), NotFoundError);
  });
});

describe('OpenAPI spec versions', () => {
  const ORG = 'org_acme';
  const BILLING = 'openapi: 3.1.0\ninfo:\n  title: Billing\n  version: 2.0.0\npaths: {}\n';

  it('a version of a spec sent as text is served at its url with the text processed, over loopback as in process', async () => {
    const { sandbox, client: inProcess } = setup();
    const { client, origin } = await overLoopback(sandbox);
    for (const [reader, base, fetcher] of [
      [inProcess, 'http://sandbox.test', sandbox.fetch],
      [client, origin, fetch],
    ] as const) {
      await reader.openapi.replace(ORG, 'petstore', { source: { text: BILLING } });
      // The sandbox ends a processing on the second read.
      await reader.openapi.get(ORG, 'petstore');
      expect((await reader.openapi.get(ORG, 'petstore')).processingState).toBe('complete');
      const latest = await reader.openapi.versions.getLatest(ORG, 'petstore');
      expect(latest.url.startsWith(`${base}/_openapi/spec_petstore/${latest.id}/`)).toBe(true);
      const content = await reader.openapi.versions.getLatestContent(ORG, 'petstore');
      expect(content.urls.source).toBe(latest.url);
      const served = await download(fetcher, latest.url);
      expect(served).toMatchObject({ status: 200, type: 'application/yaml' });
      expect(served.bytes.toString('utf8')).toBe(BILLING);
    }
    const missing = await sandbox.fetch('http://sandbox.test/_openapi/spec_petstore/specv_nope/openapi.yaml');
    expect(missing.status).toBe(404);
  });
});

describe("integrations' images", () => {
  const PNG = Buffer.from('\x89PNG\r\n\x1a\nicon', 'latin1');

  it('a published icon and previews are served, over loopback as in process, at the origin each reached', async () => {
    const { sandbox, client: inProcess } = setup();
    const { client, origin } = await overLoopback(sandbox);
    const published = await client.integrations.publish('status-badge', {
      title: 'Status Badge',
      description: 'Shows the service status on every page',
      script: 'export default { blocks: [] };',
      organization: 'org_acme',
      scopes: [],
      icon: PNG.toString('base64'),
      previewImages: [Buffer.from('preview').toString('base64')],
    });
    expect(published.urls.icon?.startsWith(`${origin}/_files/`)).toBe(true);
    const icon = await download(fetch, published.urls.icon!);
    expect(icon).toMatchObject({ status: 200, type: 'image/png' });
    expect(icon.bytes.equals(PNG)).toBe(true);
    expect((await download(fetch, published.previewImages[0]!)).bytes.toString()).toBe('preview');
    // Read in process: the same bytes at the in-process origin.
    const read = await inProcess.integrations.get('status-badge');
    expect(read.urls.icon?.startsWith('http://sandbox.test/_files/')).toBe(true);
    expect((await download(sandbox.fetch, read.urls.icon!)).bytes.equals(PNG)).toBe(true);
  });
});
