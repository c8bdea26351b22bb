import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The sandbox's module boundaries (ARCHITECTURE.md): handlers do not import each other, and only
 * the registry of implementations imports a handler; shared domain code lives in `domain/`. Read
 * from the import statements of the source files, so that a new import across the line fails here.
 */

const SOURCE_ROOT = dirname(fileURLToPath(import.meta.url));
const HANDLERS = 'handlers';
/** The one module outside `handlers/` that may import handlers: the list of implementations. */
const REGISTRY = 'registry.ts';

/** Every `.ts` file under `dir`, as paths relative to the source root (`handlers/sites.ts`). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SOURCE_ROOT, path).split(sep).join('/')] : [];
  });
}

/** The relative modules a file imports or re-exports (static and dynamic), as source-root paths. */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(SOURCE_ROOT, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'/gms),
    ...text.matchAll(/^\s*import\s+'([^']+)'/gm),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map((match) => match[1] ?? '');
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) =>
      relative(SOURCE_ROOT, resolve(SOURCE_ROOT, dirname(file), specifier))
        .split(sep)
        .join('/')
        .replace(/\.js$/, '.ts'),
    );
}

const inHandlers = (file: string) => file.startsWith(`${HANDLERS}/`);
const isTest = (file: string) => file.endsWith('.test.ts');

/** `from -> to` for every import that crosses the boundaries. */
function boundaryViolations(files: readonly string[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    for (const target of relativeImports(file).filter(inHandlers)) {
      if (inHandlers(file)) {
        // A test beside a handler may import its own handler; nothing else in handlers/ may.
        const own = isTest(file) && target === file.replace(/\.test\.ts$/, '.ts');
        if (!own) violations.push(`${file} -> ${target}`);
      } else if (file !== REGISTRY) {
        violations.push(`${file} -> ${target}`);
      }
    }
  }
  return violations.sort();
}

describe('module boundaries of the sandbox', () => {
  const files = sourceFiles(SOURCE_ROOT);

  it('reads the imports of every source file, handlers and registry included', () => {
    expect(files).toContain(REGISTRY);
    expect(files.filter(inHandlers).length).toBeGreaterThan(10);
    expect(relativeImports(REGISTRY).filter(inHandlers).length).toBeGreaterThan(10);
  });

  it('no handler imports another handler, and only the registry imports handlers', () => {
    expect(boundaryViolations(files)).toEqual([]);
  });
});
