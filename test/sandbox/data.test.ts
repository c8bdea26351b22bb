/*
 * `docs sandbox --data <dir>`: the state survives a clean restart and a `kill -9` in the middle
 * of concurrent writes, with every write answered 2xx present after the restart (the handlers'
 * objects and the resource engine's, updates and deletes included).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { connectSandbox } from '@docs-api/sandbox/testing';
import { serveSandbox } from './serve.js';

const root = mkdtempSync(join(tmpdir(), 'sandbox-data-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const clientFor = (url: string) => new DocsClient({ token: 'sandbox-token', baseUrl: url, maxRetries: 0 });

async function teamTitles(url: string): Promise<Set<string>> {
  const titles = new Set<string>();
  for await (const team of clientFor(url).teams.list('org_acme')) if (team.title) titles.add(team.title);
  return titles;
}

describe('docs sandbox --data', () => {
  it('keeps the state, the clock and the id counter across a clean restart', async () => {
    const data = join(root, 'restart');
    const first = await serveSandbox(['--data', data]);
    const made = await clientFor(first.url).teams.create('org_acme', { title: 'Survives restart' });
    await clientFor(first.url).spaces.delete('space_legal');
    await connectSandbox(first.url).clock.advance('3d');
    expect(await first.stop()).toBe(0);

    const second = await serveSandbox(['--data', data]);
    try {
      expect(await teamTitles(second.url)).toContain('Survives restart');
      await expect(clientFor(second.url).spaces.get('space_legal')).rejects.toThrow(/deleted/);
      const now = await connectSandbox(second.url).clock.now();
      expect(now.getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
      const next = await clientFor(second.url).teams.create('org_acme', { title: 'After restart' });
      expect(next.id).not.toBe(made.id);
      // Reset goes back to the seed, and that too is kept.
      await connectSandbox(second.url).reset();
    } finally {
      await second.stop();
    }
    const third = await serveSandbox(['--data', data]);
    try {
      expect(await teamTitles(third.url)).not.toContain('Survives restart');
    } finally {
      await third.stop();
    }
  });

  it('loses no write answered 2xx when killed with SIGKILL during concurrent writes', async () => {
    const data = join(root, 'crash');
    const first = await serveSandbox(['--data', data]);
    const client = clientFor(first.url);
    // Objects the resource engine keeps, and a delete, answered before the crash.
    const font = await client.customFonts.create('org_acme', {
      fontFamily: 'Inter',
      fontFaces: [{ weight: 400, storageKey: 'inter-400.woff2' }],
    });
    await client.customFonts.update('org_acme', font.id, { fontFamily: 'Inter Display' });
    const gone = await client.customFonts.create('org_acme', {
      fontFamily: 'Gone',
      fontFaces: [{ weight: 700, storageKey: 'gone-700.woff2' }],
    });
    await client.customFonts.delete('org_acme', gone.id);
    const answered: string[] = [];
    let failed = 0;
    const WRITERS = 8;
    const PER_WRITER = 60;
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; i < PER_WRITER; i++) {
        const title = `w${w}-${i}`;
        try {
          await client.teams.create('org_acme', { title });
          answered.push(title);
        } catch {
          failed += 1;
          if (killed) return;
        }
        if (answered.length >= 120 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    await first.stop();
    expect(killed).toBe(true);
    expect(failed).toBeGreaterThan(0);

    const second = await serveSandbox(['--data', data]);
    try {
      const titles = await teamTitles(second.url);
      const lost = answered.filter((title) => !titles.has(title));
      expect(lost).toEqual([]);
      expect(answered.length).toBeGreaterThanOrEqual(120);
      const fonts = (await clientFor(second.url).customFonts.list('org_acme')).items;
      expect(fonts.map((item) => [item.id, item.fontFamily])).toEqual([[font.id, 'Inter Display']]);
      // Still writable after the recovery.
      await clientFor(second.url).teams.create('org_acme', { title: 'after the crash' });
    } finally {
      await second.stop();
    }
  });
});
