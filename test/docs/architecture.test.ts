/*
 * docs/architecture.md names the files a request goes through and the folders of each job: every
 * one it names exists, and every folder of the CLI's lib/ and file of the SDK's core is named, so
 * that a move or a new file without its line here fails.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const text = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('names only files that exist', () => {
    const named = [...text.matchAll(/\bpackages\/[\w./-]+\.(?:ts|mjs|json)\b/g)].map((match) => match[0]);
    const core = [...text.matchAll(/\bcore\/([\w-]+\.ts)\b/g)].map(
      (match) => `packages/sdk/src/core/${match[1]}`,
    );
    expect(named.length + core.length).toBeGreaterThan(20);
    expect([...named, ...core].filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it("names every folder of the CLI's lib and every file of the SDK's core", () => {
    const libFolders = readdirSync(join(ROOT, 'packages/cli/src/lib'), { withFileTypes: true });
    expect(libFolders.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
    const unnamedFolders = libFolders.filter((entry) => !text.includes(`\`${entry.name}/\``));
    expect(unnamedFolders.map((entry) => entry.name)).toEqual([]);
    const coreFiles = readdirSync(join(ROOT, 'packages/sdk/src/core')).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(coreFiles.filter((name) => !text.includes(name))).toEqual([]);
  });
});
