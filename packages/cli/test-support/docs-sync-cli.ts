import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { BaseCommand } from '../src/base-command.js';
import Pull from '../src/commands/pull.js';
import { contentApi, type ContentApi } from './content-api.js';
import type { InProcessCli } from './run-command.js';

/*
 * In-process tests of `docs pull` and `docs push`: the content stand-in in front of each test's
 * sandbox (test-support/content-api.ts), scratch folders, and helpers to write and read them.
 */

export interface DocsSyncCli {
  readonly api: ContentApi;
  /** A new scratch folder, removed after the test. */
  folder(files?: Record<string, string | Uint8Array>): Promise<string>;
  /** Every file of a folder, by path (the mapping and temporary files left out unless asked). */
  read(dir: string, options?: { mapping?: boolean }): Promise<Record<string, string>>;
}

export function useDocsSync(cli: InProcessCli): DocsSyncCli {
  let api: ContentApi;
  const folders: string[] = [];
  beforeEach(() => {
    api = contentApi(cli.sandbox);
    BaseCommand.clientFactory = (options) =>
      new DocsClient({ ...options, baseUrl: 'http://sandbox.test/v1', fetch: api.fetch });
    Pull.download = async (file) => {
      if (!file.downloadURL) return undefined;
      const answer = await api.fetch(file.downloadURL);
      return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
    };
  });
  afterEach(async () => {
    for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  return {
    get api() {
      return api;
    },
    async folder(files = {}) {
      const dir = await mkdtemp(join(tmpdir(), 'docs-sync-'));
      folders.push(dir);
      for (const [path, data] of Object.entries(files)) {
        await mkdir(dirname(join(dir, path)), { recursive: true });
        await writeFile(join(dir, path), data);
      }
      return dir;
    },
    async read(dir, options = {}) {
      const out: Record<string, string> = {};
      const walk = async (at: string) => {
        for (const entry of await readdir(at, { withFileTypes: true })) {
          const full = join(at, entry.name);
          if (entry.isDirectory()) await walk(full);
          else {
            const path = relative(dir, full);
            if (!options.mapping && path === '.gitbook/docs-sync.json') continue;
            out[path] = path.endsWith('.png')
              ? (await readFile(full)).toString('base64')
              : await readFile(full, 'utf8');
          }
        }
      };
      await walk(dir);
      return out;
    },
  };
}
