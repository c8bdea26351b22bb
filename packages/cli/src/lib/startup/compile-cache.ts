import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/*
 * oclif, bundled as one CommonJS file (scripts/bundle.mjs), loaded with V8's code cache: the
 * code V8 compiled while a command ran is kept, and the next start reads it instead of parsing
 * and compiling oclif again (25 to 30 ms of `docs --help`). Node 22 does this for every module
 * with `module.enableCompileCache()`, which bin/run.js calls where it exists; Node 20 has no
 * such switch, so this module does it for the one file that matters
 * (docs/decisions/0036-compile-cache-for-oclif.md).
 */

type ModuleWithCompileCache = typeof Module & { enableCompileCache?: () => unknown };

/**
 * The name under which the module gets an `import()` of this ES module: code compiled by
 * `vm.Script` cannot import on Node 20 without an experimental flag (or, with Node's default
 * loader, once read from a code cache). The bundle's `import()` calls use it (scripts/bundle.mjs).
 */
export const IMPORTER_PARAMETER = '__docsImportGiven';
const importer = (specifier: string): Promise<unknown> => import(specifier);

/**
 * Where compiled code is kept: `$XDG_CACHE_HOME/docs/compile-cache` (else `~/.cache/…`), one
 * directory per Node version and architecture; none when NODE_DISABLE_COMPILE_CACHE is set, as
 * Node's own cache reads it.
 */
export function compileCacheDirectory(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const base = env.XDG_CACHE_HOME || homeCache();
  return base ? join(base, 'docs', 'compile-cache', `${process.version}-${process.arch}`) : undefined;
}

/** `~/.cache`; undefined for a user without a home directory (os.homedir() may then throw). */
function homeCache(): string | undefined {
  try {
    const home = homedir();
    return home ? join(home, '.cache') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads the CommonJS module at `filename` as `require` would, with the code V8 compiled for it
 * last time when there is such code for this very file (its path, size and modification time
 * name the cache entry). When there was none, or V8 refused it, the code compiled by this run is saved as
 * the process exits. A cache that cannot be read or written only means a slower start.
 */
export function requireCompiled(
  filename: string,
  {
    directory = compileCacheDirectory(),
    atExit = (save: () => void) => void process.once('exit', save),
  }: { directory?: string | undefined; atExit?: (save: () => void) => void } = {},
): unknown {
  if (!directory || typeof (Module as ModuleWithCompileCache).enableCompileCache === 'function') {
    return createRequire(filename)(filename);
  }
  const { size, mtimeMs } = statSync(filename);
  // One entry per install (a global and a project's CLI each keep theirs), per build of the file.
  const prefix = `${basename(filename)}-${pathKey(filename)}-`;
  const entry = join(directory, `${prefix}${size}-${Math.trunc(mtimeMs)}.bin`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(entry);
  } catch {
    cachedData = undefined;
  }
  // The CommonJS wrapper, and the importer.
  const wrapped = `(function (exports, require, module, __filename, __dirname, ${IMPORTER_PARAMETER}) {${readFileSync(filename, 'utf8')}\n})`;
  const script = new Script(wrapped, { filename, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(
    module.exports,
    module.exports,
    createRequire(filename),
    module,
    filename,
    dirname(filename),
    importer,
  );
  if (!cachedData || script.cachedDataRejected) {
    // At exit: then the cache holds every function the command compiled, not only the top level.
    atExit(() => save(script, directory, entry, prefix));
  }
  return module.exports;
}

/** A short name for a path (FNV-1a): which install an entry belongs to, without loading crypto. */
function pathKey(path: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < path.length; index++) {
    hash ^= path.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function save(script: Script, directory: string, entry: string, prefix: string): void {
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    // Entries of earlier builds of the file at this path are of no more use.
    for (const name of readdirSync(directory)) {
      if (name.startsWith(prefix) && join(directory, name) !== entry)
        rmSync(join(directory, name), { force: true });
    }
    // Written aside and renamed: a concurrent start reads a whole entry or none.
    const partial = `${entry}.${process.pid}.partial`;
    writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
    renameSync(partial, entry);
  } catch {
    // A read-only or missing cache directory: the next start compiles again.
  }
}
