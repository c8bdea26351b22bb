import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type RunningSandbox } from '@docs-api/sandbox';

const example = (name: string) => fileURLToPath(new URL(`../../examples/${name}`, import.meta.url));

function run(file: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let running: RunningSandbox;
let env: Record<string, string>;
beforeAll(async () => {
  running = await createSandbox().listen();
  env = { DOCS_API_URL: running.url, DOCS_API_TOKEN: running.token };
});
afterAll(() => running.close());

describe('examples against the sandbox', () => {
  it('sites-report lists each site with its sections and spaces', async () => {
    const result = await run(example('sites-report.mjs'), ['org_acme'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Acme Docs [public, published] https://acme.sandbox.docs-api.local/docs');
    expect(result.stdout).toContain('  - Developers / API Reference');
  });

  it('sites-report fails with a typed error line for an unknown organization', async () => {
    const result = await run(example('sites-report.mjs'), ['org_nope'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^NotFoundError: GET http:\/\/\S+\/v1\/orgs\/org_nope\/sites failed with 404/,
    );
  });
});
