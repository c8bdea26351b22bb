#!/usr/bin/env node
// `npm run demo`: starts the embedded sandbox on a free loopback port, runs a short scripted
// `docs` session against it (tables and JSON), stops the sandbox and exits 0 if every step did.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '@docs-api/sandbox';

const docsBin = fileURLToPath(new URL('../packages/cli/bin/run.js', import.meta.url));
const configHome = mkdtempSync(join(tmpdir(), 'docs-demo-'));
const running = await createSandbox().listen();
const env = {
  ...process.env,
  DOCS_API_URL: running.url,
  DOCS_API_TOKEN: running.token,
  DOCS_ORG: 'org_acme',
  XDG_CONFIG_HOME: configHome,
};

/**
 * Runs one `docs` command, echoing it; `table` renders as on a terminal. Asynchronous on
 * purpose: the sandbox answers from this same process, so a blocking spawn would stall it.
 */
async function docs(args, { table = false, expectCode = 0 } = {}) {
  process.stdout.write(`\n$ docs ${args.join(' ')}\n`);
  const child = spawn(process.execPath, [docsBin, ...args], {
    env: { ...env, ...(table ? { DOCS_FORCE_TTY: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
    process.stdout.write(chunk);
  });
  child.stderr.on('data', (chunk) => process.stdout.write(chunk));
  const code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== expectCode) throw new Error(`docs ${args.join(' ')} exited ${code}, expected ${expectCode}`);
  return stdout;
}

let failed = false;
try {
  console.log(`Sandbox on ${running.url} (token ${running.token}, organization org_acme)`);
  await docs(['sites', 'list'], { table: true });
  await docs(['sites', 'view', 'site_docs']);
  const created = JSON.parse(
    await docs([
      'sites',
      'create',
      '--title',
      'Partner Portal',
      '--visibility',
      'unlisted',
      '--space',
      'space_api',
      '--json',
    ]),
  );
  await docs([
    'sites',
    'update',
    created.id,
    '--title',
    'Partner Docs',
    '--proxy',
    'partners.example.com/docs',
  ]);
  await docs(['sites', 'published', 'site_docs'], { table: true });
  await docs(['sites', 'adaptive-schema', 'conditions', 'site_docs'], { table: true });
  await docs(['sites', 'list', '--published', '--json']);
  await docs(['sites', 'delete', created.id], { expectCode: 2 });
  await docs(['sites', 'delete', created.id, '--yes']);

  // Change requests: create one, comment, resolve the comment, review and merge.
  await docs(['cr', 'list', 'space_handbook'], { table: true });
  const cr = JSON.parse(
    await docs(['cr', 'create', 'space_handbook', '--subject', 'Add a troubleshooting page', '--json']),
  );
  const comment = JSON.parse(
    await docs([
      'cr',
      'comments',
      'add',
      'space_handbook',
      String(cr.number),
      '--body',
      'Please add a screenshot.',
      '--json',
    ]),
  );
  await docs(['cr', 'comments', 'reply', 'space_handbook', String(cr.number), comment.id, '--body', 'Done.']);
  await docs(['cr', 'comments', 'resolve', 'space_handbook', String(cr.number), comment.id]);
  await docs(['cr', 'reviewers', 'request', 'space_handbook', String(cr.number), '--user', 'user_grace']);
  await docs(['cr', 'view', 'space_handbook', String(cr.number)]);
  await docs(['cr', 'merge', 'space_handbook', String(cr.number)], { expectCode: 2 });
  await docs(['cr', 'merge', 'space_handbook', String(cr.number), '--yes']);
  // Another request started from an older revision: refused when told not to update it first;
  // --yes takes the default, updating it from the primary content before merging.
  await docs(['cr', 'merge', 'space_handbook', '2', '--yes', '--no-update-first'], { expectCode: 1 });
  await docs(['cr', 'merge', 'space_handbook', '2', '--yes', '--json']);
  // Every status across the organization, last updated first.
  await docs(['cr', 'list', '--status', 'all'], { table: true });
  await docs(['cr', 'links', 'space_handbook', '1', '--page', 'page_getting_started'], { table: true });
} catch (error) {
  failed = true;
  console.error(`\nDemo failed: ${error.message}`);
} finally {
  await running.close();
  rmSync(configHome, { recursive: true, force: true });
}
console.log(failed ? '' : '\nDemo finished: every step succeeded.');
process.exit(failed ? 1 : 0);
