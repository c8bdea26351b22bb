/*
 * The sandbox's declarations compile in a Node project without the DOM library: lib ES2023,
 * types node, skipLibCheck false (every .d.ts it pulls in is checked), against the built dist.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const TSCONFIG = {
  compilerOptions: {
    lib: ['ES2023'],
    types: ['node'],
    skipLibCheck: false,
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    target: 'ES2023',
    strict: true,
    noEmit: true,
  },
  files: ['consumer.ts'],
};

const CONSUMER = `
import { createSandbox, OPERATION_IDS, type Fixture } from '@docs-api/sandbox';
import { connectSandbox, useSandbox } from '@docs-api/sandbox/testing';

const sandbox = createSandbox({ fixtures: { version: 1 } satisfies Fixture });
sandbox.clock.advance('7d');
sandbox.addFault({ operation: OPERATION_IDS[0], status: 503 });
export const response: Promise<Response> = sandbox.fetch('http://sandbox.test/v1/orgs');
export const env = useSandbox();
export const remote = connectSandbox('http://127.0.0.1:4010/v1');
`;

it('compiles a consumer with lib ES2023, types node and skipLibCheck false', { timeout: 180_000 }, () => {
  // Inside the repository, so that @docs-api/sandbox resolves to the workspace's built package.
  const dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.types-'));
  try {
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    writeFileSync(join(dir, 'consumer.ts'), CONSUMER);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8', timeout: 170_000 });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
