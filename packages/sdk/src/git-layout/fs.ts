/// <reference types="node" />
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/*
 * The file system the layout reader and writer use, injected so that tests run in memory.
 * Paths are POSIX, relative to the folder (`guides/README.md`), never absolute, never `..`.
 */

export interface DirEntry {
  name: string;
  kind: 'file' | 'dir';
}

export interface LayoutFs {
  /** The file's bytes; `undefined` when there is none. */
  read(path: string): Promise<Uint8Array | undefined>;
  /** The file's size in bytes; `undefined` when there is none. */
  size(path: string): Promise<number | undefined>;
  /** The entries of a folder (`''`: the top); empty when there is none. */
  list(dir: string): Promise<DirEntry[]>;
  /** Writes a file, making its folders. */
  write(path: string, data: Uint8Array | string): Promise<void>;
  /** Removes a file; nothing when there is none. */
  remove(path: string): Promise<void>;
}

const joinPath = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);

function checkPath(path: string): void {
  if (path.startsWith('/') || path.split('/').some((part) => part === '..')) {
    throw new Error(`not a path inside the folder: ${path}`);
  }
}

/** A file system in memory: a map of path to bytes. */
export class MemoryFs implements LayoutFs {
  readonly files = new Map<string, Uint8Array>();

  constructor(files: Record<string, string | Uint8Array> = {}) {
    for (const [path, data] of Object.entries(files)) this.files.set(path, toBytes(data));
  }

  read(path: string): Promise<Uint8Array | undefined> {
    return Promise.resolve(this.files.get(path));
  }

  size(path: string): Promise<number | undefined> {
    return Promise.resolve(this.files.get(path)?.byteLength);
  }

  list(dir: string): Promise<DirEntry[]> {
    const prefix = dir ? `${dir}/` : '';
    const entries = new Map<string, DirEntry['kind']>();
    for (const path of this.files.keys()) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) entries.set(rest, 'file');
      else entries.set(rest.slice(0, slash), 'dir');
    }
    return Promise.resolve([...entries].map(([name, kind]) => ({ name, kind })));
  }

  write(path: string, data: Uint8Array | string): Promise<void> {
    checkPath(path);
    this.files.set(path, toBytes(data));
    return Promise.resolve();
  }

  remove(path: string): Promise<void> {
    this.files.delete(path);
    return Promise.resolve();
  }

  /** A file's text (tests). */
  text(path: string): string | undefined {
    const data = this.files.get(path);
    return data && new TextDecoder().decode(data);
  }
}

const toBytes = (data: string | Uint8Array): Uint8Array =>
  typeof data === 'string' ? new TextEncoder().encode(data) : data;

let writes = 0;

/** The folder `root` on disk. */
export function nodeFs(root: string): LayoutFs {
  const full = (path: string) => {
    checkPath(path);
    return join(root, path);
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    async read(path) {
      try {
        return await readFile(full(path));
      } catch (error) {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
        throw error;
      }
    },
    async size(path) {
      try {
        const info = await stat(full(path));
        return info.isFile() ? info.size : undefined;
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async list(dir) {
      try {
        const entries = await readdir(full(dir), { withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile() || entry.isDirectory())
          .map((entry) => ({ name: entry.name, kind: entry.isDirectory() ? 'dir' : 'file' }));
      } catch (error) {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
        throw error;
      }
    },
    async write(path, data) {
      // Whole or not at all: written under a temporary name, then renamed over the file, so
      // that a push or pull killed mid-write never leaves half a mapping or half a page.
      const target = full(path);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}.tmp-${process.pid}-${(writes++).toString(36)}`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async remove(path) {
      await rm(full(path), { force: true });
    },
  };
}

/** Every file under `dir`, recursively, in name order (paths relative to the folder). */
export async function listFiles(fs: LayoutFs, dir: string): Promise<string[]> {
  const found: string[] = [];
  const entries = (await fs.list(dir)).sort((a, b) => compareNames(a.name, b.name));
  for (const entry of entries) {
    const path = joinPath(dir, entry.name);
    if (entry.kind === 'dir') found.push(...(await listFiles(fs, path)));
    else found.push(path);
  }
  return found;
}

/** Name order: by code point, so that it is the same on every machine and locale. */
export const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
