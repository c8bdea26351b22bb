import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { listenFetch } from '../listen.js';
import { createSandbox } from '../sandbox.js';
import { readCassette } from './cassette.js';
import { createProxy } from './proxy.js';
import { redactFields } from './redact.js';

/*
 * A share link's key is a secret: recorded through the proxy, it is in no cassette entry, no
 * report and no line, whichever answer carried it (the create answer, a list, a published view
 * opened with it) and whichever request sent it back.
 */

describe('recording share links', () => {
  it('keeps no share link key in the cassette or the report', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'docs-proxy-share-'));
    const service = createSandbox();
    const upstream = await listenFetch((request) => service.fetch(request));
    const cassetteFile = join(directory, 'session.cassette.json');
    const reportFile = join(directory, 'report.jsonl');
    const lines: string[] = [];
    const proxy = await createProxy({
      upstream: upstream.url,
      record: cassetteFile,
      report: { line: (text) => lines.push(text), file: reportFile },
      document: false,
    });
    const running = await proxy.listen();
    try {
      const client = new DocsClient({ token: service.token, baseUrl: running.url, maxRetries: 0 });
      const link = await client.sites.shareLinks.create('org_acme', 'site_docs', { name: 'Partners' });
      const key = new URL(link.urls.published ?? '').searchParams.get('share') ?? '';
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      await client.sites.shareLinks.list('org_acme', 'site_docs');
      await client.sites.getPublished('org_acme', 'site_docs', { shareKey: key });
      await client.sites.shareLinks.update('org_acme', 'site_docs', link.id, { active: false });
      await proxy.close();

      const cassette = await readCassette(cassetteFile);
      expect(cassette.entries.map((entry) => entry.operation)).toEqual([
        'createSiteShareLink',
        'listSiteShareLinks',
        'getPublishedContentSite',
        'updateSiteShareLinkById',
      ]);
      expect((cassette.entries[0]!.response.body as { urls: unknown }).urls).toEqual({
        published: '[redacted]',
      });
      expect(
        (cassette.entries[1]!.response.body as { items: Array<{ urls: unknown }> }).items[0]!.urls,
      ).toEqual({
        published: '[redacted]',
      });
      // The published view opened with the key: its URL is the share link's, hidden whole; the rest kept.
      const opened = cassette.entries[2]!.response.body as {
        site: { id: string; urls: { published: string } };
      };
      expect([opened.site.id, opened.site.urls.published]).toEqual(['site_docs', '[redacted]']);
      expect(cassette.entries[2]!.request.query).toEqual([['shareKey', '[redacted]']]);
      for (const written of [
        readFileSync(cassetteFile, 'utf8'),
        readFileSync(reportFile, 'utf8'),
        lines.join('\n'),
      ]) {
        expect(written).not.toContain(key);
      }
    } finally {
      await running.close();
      await upstream.close();
    }
  });

  it('finds the key in any URL of an answer that carries it as ?share=', () => {
    const found: string[] = [];
    const copy = redactFields(
      { site: { urls: { published: 'https://docs.acme.test/?share=abcdef123456' } } },
      found,
    );
    expect(found).toEqual(['abcdef123456']);
    // The field is kept; the proxy scrubs the value wherever it appears.
    expect(copy).toEqual({ site: { urls: { published: 'https://docs.acme.test/?share=abcdef123456' } } });
  });
});
