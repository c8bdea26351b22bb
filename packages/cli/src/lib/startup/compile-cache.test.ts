import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMPORTER_PARAMETER, compileCacheDirectory, requireCompiled } from './compile-cache.js';

/*
 * The loader the built CLI uses for its oclif bundle on Node 20. Node 22 and later have their own
 * compile cache; on them `requireCompiled` is a plain require, which test:runtimes covers. That V8
 * takes a saved entry, and compiles again over one it refuses, needs fresh processes (in one,
 * V8 reuses what it compiled already): test/e2e/start-up.test.ts runs the built CLI for that.
 */
const nodeHasItsOwn = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

let dir: string;
let cache: string;
let saves: Array<() => void>;
const atExit = (save: () => void) => void saves.push(save);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
  cache = join(dir, 'cache', 'v20');
  saves = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeModule(source: string): string {
  const file = join(dir, 'bundle.cjs');
  writeFileSync(join(dir, 'helper.cjs'), 'module.exports = { answer: 42 };');
  writeFileSync(file, source);
  return file;
}

const MODULE = `
'use strict';
const helper = require('./helper.cjs');
exports.answer = helper.answer;
exports.where = [__filename, __dirname];
exports.strict = (function () { return this === undefined; })();
exports.importPath = () => ${IMPORTER_PARAMETER}('node:path');
`;

describe.skipIf(nodeHasItsOwn)('requireCompiled', () => {
  it('loads a CommonJS module as require does, with an importer for ES modules', async () => {
    const file = writeModule(MODULE);

    const loaded = requireCompiled(file, { directory: cache, atExit }) as {
      answer: number;
      where: string[];
      strict: boolean;
      importPath: () => Promise<{ sep: string }>;
    };

    expect(loaded.answer).toBe(42);
    expect(loaded.where).toEqual([file, dir]);
    expect(loaded.strict).toBe(true);
    expect((await loaded.importPath()).sep).toBe('/');
  });

  it('saves the compiled code at exit, in an owner-only entry named by the file', () => {
    const file = writeModule(MODULE);
    requireCompiled(file, { directory: cache, atExit });
    expect(saves).toHaveLength(1);
    expect(readdirSync(dir)).not.toContain('cache');

    saves[0]!();

    const [entry, ...others] = readdirSync(cache);
    expect(others).toEqual([]);
    const { size } = statSync(file);
    expect(entry).toMatch(new RegExp(`^bundle\\.cjs-[0-9a-z]+-${size}-\\d+\\.bin$`));
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(statSync(join(cache, entry!)).mode & 0o777).toBe(0o600);
    expect(statSync(join(cache, entry!)).size).toBeGreaterThan(100);
  });

  it('drops the entries of earlier builds of the file when it saves', () => {
    const file = writeModule(MODULE);
    requireCompiled(file, { directory: cache, atExit });
    saves[0]!();
    const [first] = readdirSync(cache);

    writeModule(`${MODULE}\nexports.more = true;`);
    saves = [];
    requireCompiled(file, { directory: cache, atExit });
    saves[0]!();

    const entries = readdirSync(cache);
    expect(entries).toHaveLength(1);
    expect(entries[0]).not.toBe(first);
  });

  it('keeps the entries of the same file installed elsewhere', () => {
    const file = writeModule(MODULE);
    requireCompiled(file, { directory: cache, atExit });
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    const other = join(elsewhere, 'bundle.cjs');
    writeFileSync(join(elsewhere, 'helper.cjs'), 'module.exports = { answer: 42 };');
    writeFileSync(other, MODULE);
    requireCompiled(other, { directory: cache, atExit });

    for (const save of saves) save();

    expect(readdirSync(cache)).toHaveLength(2);
  });

  it('loads without a cache when the directory cannot be written', () => {
    const file = writeModule(MODULE);
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');

    expect(
      (requireCompiled(file, { directory: join(blocked, 'cache'), atExit }) as { answer: number }).answer,
    ).toBe(42);
    expect(() => saves[0]!()).not.toThrow();
  });
});

describe('compileCacheDirectory', () => {
  it('is under XDG_CACHE_HOME, else ~/.cache, per Node version; none with NODE_DISABLE_COMPILE_CACHE', () => {
    const version = `${process.version}-${process.arch}`;
    expect(compileCacheDirectory({ XDG_CACHE_HOME: '/x/cache' })).toBe(
      `/x/cache/docs/compile-cache/${version}`,
    );
    expect(compileCacheDirectory({})).toMatch(
      new RegExp(`/\\.cache/docs/compile-cache/${version.replace(/\./g, '\\.')}$`),
    );
    expect(
      compileCacheDirectory({ NODE_DISABLE_COMPILE_CACHE: '1', XDG_CACHE_HOME: '/x/cache' }),
    ).toBeUndefined();
  });
});
