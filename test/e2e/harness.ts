import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox, type RunningSandbox, type Sandbox, type SandboxOptions } from '@docs-api/sandbox';

export const DOCS_BIN = fileURLToPath(new URL('../../packages/cli/bin/run.js', import.meta.url));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A sandbox on a loopback port and a temporary config dir for the `docs` child processes. */
export interface E2eContext {
  sandbox: Sandbox;
  running: RunningSandbox;
  configHome: string;
  /** Runs the built `docs` binary with no TTY, against the sandbox. */
  docs(
    args: string[],
    options?: { env?: Record<string, string | undefined>; input?: string },
  ): Promise<RunResult>;
  close(): Promise<void>;
}

export async function startE2e(options: SandboxOptions = {}): Promise<E2eContext> {
  const sandbox = createSandbox({ checkResponses: true, ...options });
  const running = await sandbox.listen();
  const configHome = await mkdtemp(join(tmpdir(), 'docs-e2e-'));
  const baseEnv: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: configHome,
    XDG_CONFIG_HOME: configHome,
    DOCS_API_URL: running.url,
    DOCS_API_TOKEN: running.token,
    DOCS_ORG: 'org_acme',
    CI: '1',
    NO_COLOR: '1',
  };
  return {
    sandbox,
    running,
    configHome,
    docs: (args, runOptions = {}) => runDocs(args, { ...baseEnv, ...runOptions.env }, runOptions.input),
    close: async () => {
      await running.close();
      await rm(configHome, { recursive: true, force: true });
    },
  };
}

export function runDocs(
  args: string[],
  env: Record<string, string | undefined>,
  input?: string,
): Promise<RunResult> {
  const cleanEnv = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DOCS_BIN, ...args], {
      env: cleanEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** Parses stdout as JSON, failing with the output shown. */
export function json<T = unknown>(result: RunResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\nstderr:\n${result.stderr}`);
  }
}
