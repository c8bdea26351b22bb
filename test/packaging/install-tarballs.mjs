#!/usr/bin/env node
// The packages as a stranger gets them: packs the three workspaces, checks the tarballs with
// publint and attw (ESM-only profile: CommonJS `require` of an ES module is a documented
// non-goal), installs them into an empty project from the tarballs alone (their own
// dependencies from the registry), then uses what was installed:
//   1. the SDK and the CLI without the sandbox: an SDK import, `docs --version`, and
//      `docs sandbox` saying how to get the sandbox;
//   2. the SDK's types in a script author's file (test/packaging/consumer), checked with
//      skipLibCheck: false by TypeScript 5.9 and 7 (the native port `npm install typescript`
//      gives since 7.0), each with `module: nodenext` and with `module: preserve` + bundler;
//   3. with the sandbox added: `docs sandbox` starts, serves `docs sites list`, and stops.
// Run after `npm run build`. Exits non-zero on the first failure.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The version being released: the three packages share it (scripts/sync-versions.mjs).
const version = JSON.parse(readFileSync(join(root, 'packages/sdk/package.json'), 'utf8')).version;
const work = mkdtempSync(join(tmpdir(), 'docs-api-packaging-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [];

function step(name, run) {
  const started = Date.now();
  try {
    const result = run();
    steps.push(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  } catch (error) {
    console.error(steps.join('\n'));
    console.error(`FAIL ${name}\n${error.stdout ?? ''}${error.stderr ?? ''}${error.message}`);
    process.exit(1);
  }
}

function run(command, args, options = {}) {
  return execFileSync(command, args, { encoding: 'utf8', stdio: 'pipe', ...options });
}

const packs = join(work, 'packs');
const project = join(work, 'project');
const tarballs = step('npm pack (sdk, sandbox, cli)', () => {
  mkdirSync(packs, { recursive: true });
  for (const name of ['sdk', 'sandbox', 'cli']) {
    run(npm, ['pack', '-w', `@docs-api/${name}`, '--pack-destination', packs], { cwd: root });
  }
  const files = readdirSync(packs);
  const find = (name) =>
    join(
      packs,
      files.find((file) => file.startsWith(`docs-api-${name}-`)),
    );
  return { sdk: find('sdk'), sandbox: find('sandbox'), cli: find('cli') };
});

for (const name of ['sdk', 'sandbox', 'cli']) {
  step(`publint ${name}`, () =>
    run(npm, ['exec', '--', 'publint', '--strict', `packages/${name}`], { cwd: root }),
  );
  step(`attw ${name} (esm-only)`, () =>
    run(npm, ['exec', '--', 'attw', '--profile', 'esm-only', tarballs[name]], { cwd: root }),
  );
}

step('a new project installs the SDK and the CLI tarballs, without the sandbox', () => {
  mkdirSync(project, { recursive: true });
  run(npm, ['init', '-y'], { cwd: project });
  run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', tarballs.sdk, tarballs.cli], {
    cwd: project,
  });
  const installed = readdirSync(join(project, 'node_modules', '@docs-api'));
  if (installed.includes('sandbox'))
    throw new Error('the CLI pulled @docs-api/sandbox in: it must stay optional');
});

step('the SDK imports and builds a client', () => {
  writeFileSync(
    join(project, 'check.mjs'),
    "import { DocsClient, VERSION } from '@docs-api/sdk';\n" +
      "import { operations } from '@docs-api/sdk/contract';\n" +
      "const client = new DocsClient({ token: 'tok', baseUrl: 'https://api.example.com/v1' });\n" +
      "if (!client.sites || operations.filter((o) => o.inExtract !== false).length !== 114) throw new Error('incomplete SDK');\n" +
      'console.log(VERSION);\n',
  );
  const printed = run(process.execPath, ['check.mjs'], { cwd: project }).trim();
  if (printed !== version) throw new Error(`SDK VERSION is ${printed}, not ${version}`);
});

// Both versions side by side under npm aliases; each checks both module settings.
const typescripts = { 5.9: 'typescript@~5.9.3', 7: 'typescript@^7.0.2' };
step('TypeScript 5.9 and 7 install beside the tarballs', () => {
  cpSync(join(root, 'test/packaging/consumer'), project, { recursive: true });
  const aliases = Object.entries(typescripts).map(([major, spec]) => `typescript-${major}@npm:${spec}`);
  run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--save-dev', ...aliases], {
    cwd: project,
  });
});
for (const major of Object.keys(typescripts)) {
  const tsc = join(project, 'node_modules', `typescript-${major}`, 'bin', 'tsc');
  for (const config of ['nodenext', 'bundler']) {
    step(`the SDK's types check under TypeScript ${major} (${config}, skipLibCheck: false)`, () => {
      const version = run(process.execPath, [tsc, '--version'], { cwd: project }).trim();
      if (!version.startsWith(`Version ${major}.`)) throw new Error(`typescript-${major} is ${version}`);
      run(process.execPath, [tsc, '-p', `tsconfig.${config}.json`], { cwd: project });
    });
  }
}

const docs = join(project, 'node_modules', '.bin', 'docs');
step('docs --version', () => {
  const out = run(docs, ['--version'], { cwd: project });
  if (!out.includes(`@docs-api/cli/${version}`)) throw new Error(`unexpected version line: ${out}`);
});

step('docs sandbox without the sandbox package says how to get it', () => {
  try {
    run(docs, ['sandbox'], { cwd: project });
  } catch (error) {
    if (error.status === 1 && /npm install @docs-api\/sandbox/.test(error.stderr)) return;
    throw error;
  }
  throw new Error('docs sandbox started without @docs-api/sandbox');
});

step('adding the sandbox tarball', () =>
  run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', tarballs.sandbox], { cwd: project }),
);

await new Promise((resolve, reject) => {
  const started = Date.now();
  const server = spawn(docs, ['sandbox', '--port', '0'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let listed = false;
  const timer = setTimeout(() => {
    server.kill('SIGKILL');
    reject(new Error(`docs sandbox did not start within 20 s:\n${out}`));
  }, 20_000);
  server.stdout.on('data', (chunk) => {
    out += chunk;
    const url = /Sandbox listening on (\S+)/.exec(out)?.[1];
    if (!url || listed) return;
    listed = true;
    try {
      const list = run(docs, ['sites', 'list', '--json'], {
        cwd: project,
        env: { ...process.env, DOCS_API_URL: url, DOCS_API_TOKEN: 'sandbox-token', DOCS_ORG: 'org_acme' },
      });
      if (!JSON.parse(list).some((site) => site.id === 'site_docs')) throw new Error('no demo site listed');
      steps.push(
        `ok   docs sandbox starts and serves docs sites list (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    } catch (error) {
      clearTimeout(timer);
      server.kill('SIGKILL');
      reject(error);
      return;
    }
    server.kill('SIGTERM');
  });
  server.on('exit', (code, signal) => {
    clearTimeout(timer);
    if (!listed) return;
    if (code === 0 || signal === 'SIGTERM') {
      steps.push('ok   docs sandbox stops on SIGTERM');
      resolve();
    } else reject(new Error(`docs sandbox exited ${code ?? signal}`));
  });
}).catch((error) => {
  console.error(steps.join('\n'));
  console.error(`FAIL docs sandbox start and stop\n${error.stack ?? error}`);
  process.exit(1);
});

console.log(`packaging: ${steps.length} checks held\n${steps.join('\n')}`);
rmSync(work, { recursive: true, force: true });
