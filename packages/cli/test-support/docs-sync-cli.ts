import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import Pull from '../src/commands/pull.js';
import type { InProcessCli } from './run-command.js';

/*
 * In-process tests of `docs pull` and `docs push` against each test's sandbox (its content
 * operations keep state), scratch folders, and helpers to write and read them.
 */

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export interface DocsSyncCli {
  /**
   * The fetch the commands' client uses: the sandbox's own, until a test wraps it (to fail a
   * request on its way, say). Put back before each test.
   */
  fetch: Fetch;
  /** Requests the sandbox received for an operation (the document's operationId), whatever their outcome. */
  sent(operationId: string): number;
  /** A new scratch folder, removed after the test. */
  folder(files?: Record<string, string | Uint8Array>): Promise<string>;
  /** Every file of a folder, by path (the mapping and temporary files left out unless asked). */
  read(dir: string, options?: { mapping?: boolean }): Promise<Record<string, string>>;
}

export function useDocsSync(cli: InProcessCli): DocsSyncCli {
  const folders: string[] = [];
  let fetch: Fetch = (input, init) => cli.sandbox.fetch(input, init);
  beforeEach(() => {
    fetch = (input, init) => cli.sandbox.fetch(input, init);
    cli.context.clientFactory = (options) =>
      new DocsClient({
        ...options,
        baseUrl: 'http://sandbox.test/v1',
        fetch: (input, init) => fetch(input, init),
      });
    // The sandbox serves its files' downloads itself, at the origin the request reached.
    Pull.download = async (file) => {
      if (!file.downloadURL) return undefined;
      const answer = await cli.sandbox.fetch(file.downloadURL);
      return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
    };
  });
  afterEach(async () => {
    for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  return {
    get fetch() {
      return fetch;
    },
    set fetch(value) {
      fetch = value;
    },
    sent: (operationId) => cli.sandbox.requests.get(operationId) ?? 0,
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
