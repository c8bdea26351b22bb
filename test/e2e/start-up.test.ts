import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import Module from 'node:module';
import { readFile, readdir, stat } from 'node:fs/promises';
import { Config, Help } from '@oclif/core';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOURCE_EDITS, oclifTrims } from '../../packages/cli/scripts/oclif-trims.mjs';
import { runDocs, startE2e, type E2eContext } from './harness.js';

/*
 * What the built CLI does to start fast changes nothing a user sees:
 * - the trims of oclif's start-up (packages/cli/scripts/oclif-trims.mjs, decision 0035): its help
 *   is the help oclif itself renders, unbundled and unchanged; an oclif whose code changed fails
 *   the build rather than losing a trim;
 * - the node:http transport (decision 0034): a command sends its request without Node's fetch;
 * - the compile cache of the oclif bundle on Node 20 (decision 0036): kept owner-only, used by
 *   the next start, rewritten when V8 refuses it, off with NODE_DISABLE_COMPILE_CACHE.
 */

const CLI_ROOT = fileURLToPath(new URL('../../packages/cli/', import.meta.url));
const REPORT = fileURLToPath(new URL('./fixtures/report-modules.mjs', import.meta.url));
const WIDTH = 80;

/**
 * oclif's help for `argv`, rendered in this process by @oclif/core as installed. A fresh config
 * each time, as each run of the binary has: oclif's topic help rewrites the ids of the commands it lists.
 */
async function oclifHelp(argv: string[]): Promise<string> {
  const config = await Config.load({ root: CLI_ROOT });
  const printed: string[] = [];
  class CapturedHelp extends Help {
    protected override log(...args: string[]): void {
      printed.push(args.join(' '));
    }
  }
  await new CapturedHelp(config, { maxWidth: WIDTH }).showHelp(argv);
  return stripVTControlCharacters(`${printed.join('\n')}\n`);
}

describe('the built CLI prints the help oclif renders', () => {
  let home: string;
  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'docs-help-'));
  });
  afterAll(() => rm(home, { recursive: true, force: true }));

  const env = () => ({ PATH: process.env.PATH, HOME: home, OCLIF_COLUMNS: String(WIDTH), NO_COLOR: '1' });
  const cases = [
    [],
    ['sites'],
    ['cr'],
    ['cr', 'comments'],
    ['translations'],
    ['sites', 'list'],
    ['cr', 'merge'],
    ['openapi', 'publish'],
    ['integrations', 'publish'],
    ['autocomplete'],
  ];

  it.each(cases.map((argv) => [argv.join(' ') || '(root)', argv] as const))(
    'docs %s --help',
    async (_name, argv) => {
      const built = await runDocs([...argv, '--help'], env());

      expect(built.stderr).toBe('');
      expect(built.code).toBe(0);
      expect(stripVTControlCharacters(built.stdout)).toBe(await oclifHelp(argv));
    },
  );
});

describe('a command loads what it uses', () => {
  let e2e: E2eContext;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e.close());

  /** The Node modules and bundled packages `docs args…` loaded, as report-modules.mjs lists them at exit. */
  async function loaded(args: string[], env: Record<string, string> = {}): Promise<string[]> {
    const result = await e2e.docs(args, { env: { NODE_OPTIONS: `--import=${REPORT}`, ...env } });
    expect(result.code, result.stderr).toBe(0);
    const line = result.stderr.split('\n').find((each) => each.startsWith('loaded modules: '));
    if (!line) throw new Error(`no module report on stderr:\n${result.stderr}`);
    return line.slice('loaded modules: '.length).split(' ');
  }

  it('`docs sites list --json` sends its request over node:http, not through Node fetch', async () => {
    const modules = await loaded(['sites', 'list', '--json']);

    expect(modules).toContain('http');
    // ky builds each request as a `Request`, which loads undici's JavaScript (and with it tls and
    // zlib; decision 0037); the request itself goes over node:http, and node:https, which the
    // transport loads only for an https API, stays unloaded.
    expect(modules).not.toContain('https');
  });
});

describe('the oclif trims', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'oclif-trims-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Bundles a stand-in @oclif/core whose config/plugin.js holds `pluginSource`, with the trims. */
  async function bundle(pluginSource: string) {
    const lib = join(dir, 'node_modules', '@oclif', 'core', 'lib');
    await mkdir(join(lib, 'config'), { recursive: true });
    await mkdir(join(lib, 'help'), { recursive: true });
    const originals = Object.fromEntries(
      SOURCE_EDITS.map((edit) => [
        edit.file,
        `module.exports = async () => {\n${Array<string>(edit.count ?? 1)
          .fill(edit.find)
          .join('\n')}\n};`,
      ]),
    );
    originals['config/plugin.js'] = pluginSource;
    for (const [file, source] of Object.entries(originals)) await writeFile(join(lib, file), source);
    await writeFile(
      join(dir, 'entry.js'),
      SOURCE_EDITS.map((edit) => `require('./node_modules/@oclif/core/lib/${edit.file}');`).join('\n'),
    );
    return build({
      entryPoints: [join(dir, 'entry.js')],
      bundle: true,
      write: false,
      platform: 'node',
      plugins: [oclifTrims()],
      logLevel: 'silent',
    });
  }

  it('apply each edit to the code it was written for', async () => {
    const sort = SOURCE_EDITS.find((edit) => edit.file === 'config/plugin.js')!;
    const result = await bundle(`module.exports = (c) => c${sort.find}`);

    const output = result.outputFiles[0]!.text;
    expect(output).not.toContain('localeCompare');
    expect(output).toContain('a.id < b.id');
  });

  it('fail the build, naming the file, when the code an edit was written for changed', async () => {
    await expect(
      bundle('module.exports = (c) => c.sort((a, b) => a.id.localeCompare(b.id, "en"));'),
    ).rejects.toThrow(/oclif trim of config\/plugin.js: expected its code once, found it 0 times/);
  });
});

const NODE_KEEPS_ITS_OWN =
  typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

describe.skipIf(NODE_KEEPS_ITS_OWN)('the compile cache of the oclif bundle', () => {
  let e2e: E2eContext;
  let cacheHome: string;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e.close());
  beforeEach(async () => {
    cacheHome = await mkdtemp(join(tmpdir(), 'docs-cache-'));
  });
  afterEach(() => rm(cacheHome, { recursive: true, force: true }));

  const run = (args: string[], env: Record<string, string> = {}) =>
    e2e.docs(args, { env: { XDG_CACHE_HOME: cacheHome, ...env } });
  const directory = () => join(cacheHome, 'docs', 'compile-cache', `${process.version}-${process.arch}`);
  async function entry(): Promise<{ path: string; bytes: Buffer; mtimeMs: number; mode: number }> {
    const names = await readdir(directory());
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^oclif\.cjs-[0-9a-z]+-\d+-\d+\.bin$/);
    const path = join(directory(), names[0]!);
    const { mtimeMs, mode } = await stat(path);
    return { path, bytes: await readFile(path), mtimeMs, mode: mode & 0o777 };
  }

  it('is written by the first start, owner-only, and used as it is by the next', async () => {
    const first = await run(['sites', '--help']);
    const written = await entry();
    expect(written.mode).toBe(0o600);
    expect((await stat(directory())).mode & 0o777).toBe(0o700);

    const second = await run(['sites', '--help']);

    expect(second).toEqual(first);
    const after = await entry();
    expect(after.mtimeMs).toBe(written.mtimeMs);
    expect(after.bytes.equals(written.bytes)).toBe(true);
  });

  it('lets oclif import the command a cached start runs', async () => {
    await run(['sites', '--help']);
    await entry();

    const listed = await run(['sites', 'list', '--json']);

    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ object: 'site' })]),
    );
  });

  it('is compiled again and rewritten when V8 refuses it', async () => {
    const first = await run(['sites', '--help']);
    const { path } = await entry();
    await writeFile(path, 'not V8 code');

    const again = await run(['sites', '--help']);

    expect(again).toEqual(first);
    expect((await entry()).bytes.toString('utf8', 0, 11)).not.toBe('not V8 code');
  });

  it('is neither read nor written with NODE_DISABLE_COMPILE_CACHE', async () => {
    const result = await run(['sites', '--help'], { NODE_DISABLE_COMPILE_CACHE: '1' });

    expect(result.code).toBe(0);
    expect(await readdir(cacheHome)).toEqual([]);
  });
});
