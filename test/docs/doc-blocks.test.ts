/*
 * Every TypeScript block of README.md and docs/*.md, type-checked and run as a reader would, each
 * against a fresh sandbox on a loopback port (DOCS_API_URL and DOCS_API_TOKEN point at it). A block
 * that is not a whole program says so on its first line, `// Fragment, using client and org.`,
 * and the names it lists are declared before it from PREAMBLE below, which a reader can see
 * spelled out in docs/sdk.md ("Setting up"). What the docs show is what works.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '@docs-api/sandbox';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Under node_modules so that `@docs-api/*` resolve to the built workspace packages, as they
// would in a user's project; ignored by git.
const WORK_DIR = join(ROOT, 'node_modules', '.cache', 'doc-blocks');
const BLOCK_TIMEOUT_MS = 30_000;

/** What a fragment may name, and the declaration that completes it. */
const PREAMBLE: Record<string, string> = {
  client: "import { DocsClient } from '@docs-api/sdk';\nconst client = new DocsClient();",
  org: "const org = 'org_acme';",
  token: 'const token = process.env.DOCS_API_TOKEN ?? "";',
  API_URL: 'const API_URL = process.env.DOCS_API_URL ?? "";',
  render: 'const render = (value: { id: string }) => console.log(value.id);',
  url: "const url = 'https://api.acme.test/openapi/petstore.yaml';",
  RateLimitInfo: "import type { RateLimitInfo } from '@docs-api/sdk';",
  isOpenApiSpecFailed: "import { isOpenApiSpecFailed } from '@docs-api/sdk';",
  RunFailedError: "import { RunFailedError } from '@docs-api/sdk';",
  documentFromText: "import { documentFromText } from '@docs-api/sdk/contract';",
};

const FRAGMENT_LINE = /^\/\/ Fragment, using (.+?)\.?$/;

interface Block {
  /** `docs/sdk.md:42`: where the block's first line is. */
  name: string;
  file: string;
  line: number;
  code: string;
  /** Lines added before the block's own. */
  preambleLines: number;
  source: string;
}

async function markdownFiles(): Promise<string[]> {
  const docs = (await readdir(join(ROOT, 'docs')))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name));
  return [join(ROOT, 'README.md'), ...docs];
}

function preambleFor(block: string, where: string): string[] {
  const first = block.split('\n', 1)[0] ?? '';
  const match = FRAGMENT_LINE.exec(first);
  if (!match) return [];
  const names = (match[1] ?? '').split(/,\s*|\s+and\s+/).filter(Boolean);
  return names.map((name) => {
    const declaration = PREAMBLE[name];
    if (!declaration) {
      throw new Error(
        `${where}: the fragment names \`${name}\`, which has no preamble (known: ${Object.keys(PREAMBLE).join(', ')})`,
      );
    }
    return declaration;
  });
}

async function collectBlocks(): Promise<Block[]> {
  const blocks: Block[] = [];
  for (const file of await markdownFiles()) {
    const markdown = await readFile(file, 'utf8');
    const lines = markdown.split('\n');
    for (let index = 0; index < lines.length; index += 1) {
      if (!/^```(ts|typescript)\s*$/.test(lines[index] ?? '')) continue;
      const start = index + 1;
      let end = start;
      while (end < lines.length && !(lines[end] ?? '').startsWith('```')) end += 1;
      const code = lines.slice(start, end).join('\n');
      const where = `${relative(ROOT, file)}:${start + 1}`;
      const preamble = preambleFor(code, where).join('\n');
      const preambleLines = preamble ? preamble.split('\n').length : 0;
      blocks.push({
        name: where,
        file: relative(ROOT, file),
        line: start + 1,
        code,
        preambleLines,
        // `export {}` makes even an import-less block a module, so top-level await is allowed.
        source: `${preamble ? `${preamble}\n` : ''}${code}\nexport {};\n`,
      });
      index = end;
    }
  }
  return blocks;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd: WORK_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${timeoutMs} ms: the block did not exit by itself)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const blockFile = (index: number) => `block-${String(index).padStart(2, '0')}.mts`;

let blocks: Block[] = [];
let typeErrors = new Map<number, string[]>();

beforeAll(async () => {
  blocks = await collectBlocks();
  await rm(WORK_DIR, { recursive: true, force: true });
  await mkdir(WORK_DIR, { recursive: true });
  await writeFile(
    join(WORK_DIR, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noUncheckedIndexedAccess: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023'],
        types: ['node'],
        noEmit: true,
        skipLibCheck: true,
      },
      include: ['*.mts'],
    }),
  );
  await Promise.all(blocks.map((block, index) => writeFile(join(WORK_DIR, blockFile(index)), block.source)));
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const checked = await run(
    process.execPath,
    [tsc, '-p', 'tsconfig.json', '--pretty', 'false'],
    process.env,
    120_000,
  );
  typeErrors = new Map();
  for (const line of checked.stdout.split('\n')) {
    const match = /^block-(\d+)\.mts\((\d+),(\d+)\): (.*)$/.exec(line);
    if (!match) continue;
    const index = Number(match[1]);
    const block = blocks[index];
    if (!block) continue;
    const docLine = block.line + Number(match[2]) - 1 - block.preambleLines;
    const list = typeErrors.get(index) ?? [];
    list.push(`${block.file}:${docLine}:${match[3]}: ${match[4]}`);
    typeErrors.set(index, list);
  }
  await Promise.all(
    blocks.map(async (block, index) => {
      const { code } = await transform(block.source, { loader: 'ts', format: 'esm', target: 'node20' });
      await writeFile(join(WORK_DIR, blockFile(index).replace(/\.mts$/, '.mjs')), code);
    }),
  );
}, 180_000);

afterAll(async () => {
  await rm(WORK_DIR, { recursive: true, force: true });
});

describe('the TypeScript blocks of the docs', () => {
  it('are found, and each fragment names what it assumes', async () => {
    const found = await collectBlocks();
    expect(found.length).toBeGreaterThanOrEqual(19);
    for (const block of found) {
      const usesUndeclaredClient =
        /(?<![.\w])client\./.test(block.code) && !/\bconst client\b/.test(block.code);
      if (usesUndeclaredClient)
        expect(block.preambleLines, `${block.name} uses client without declaring it`).toBeGreaterThan(0);
    }
  });

  it('type-check, and run to exit 0 against a fresh sandbox', async () => {
    const failures: string[] = [];
    for (const [index, block] of blocks.entries()) {
      const errors = typeErrors.get(index);
      if (errors) {
        failures.push(`${block.name} does not type-check:\n  ${errors.join('\n  ')}`);
        continue;
      }
      const sandbox = createSandbox();
      const running = await sandbox.listen();
      try {
        const env = {
          ...process.env,
          DOCS_API_URL: running.url,
          DOCS_API_TOKEN: running.token,
          NO_COLOR: '1',
        };
        const result = await run(
          process.execPath,
          [blockFile(index).replace(/\.mts$/, '.mjs')],
          env,
          BLOCK_TIMEOUT_MS,
        );
        if (result.code !== 0) {
          failures.push(
            `${block.name} exited ${result.code}:\n${result.stderr.trim().split('\n').slice(0, 12).join('\n')}`,
          );
        }
      } finally {
        await running.close();
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);
});
