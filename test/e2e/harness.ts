import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { operations } from '@docs-api/sdk/contract';
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

/**
 * One sandbox and config dir for a whole test file: started before its first test and closed
 * after its last, so the tests share its state and run in order. The returned object stands for
 * the context (usable from the first hook or test on; it closes itself) and adds shortcuts.
 */
export interface E2eSession extends Omit<E2eContext, 'close'> {
  /** `docs(['teams', 'list'])` as `run('teams', 'list')`. */
  run: (...args: string[]) => Promise<RunResult>;
  /** How many requests the sandbox has answered so far, to check that a command sent none. */
  totalRequests: () => number;
  /** A path in the config dir, for files the tests write. */
  file: (name: string) => string;
  /** The operation ids in `ids` that the sandbox has never served. */
  unhit: (ids: readonly string[]) => string[];
}

export function useE2e(options: SandboxOptions = {}): E2eSession {
  let context: E2eContext | undefined;
  const current = (): E2eContext => {
    if (!context) throw new Error('the e2e sandbox is used before it started (outside a test or hook)');
    return context;
  };
  beforeAll(async () => {
    context = await startE2e(options);
  });
  afterAll(async () => {
    await context?.close();
  });
  return {
    get sandbox() {
      return current().sandbox;
    },
    get running() {
      return current().running;
    },
    get configHome() {
      return current().configHome;
    },
    docs: (args, runOptions) => current().docs(args, runOptions),
    run: (...args) => current().docs(args),
    totalRequests: () => [...current().sandbox.requests.values()].reduce((sum, n) => sum + n, 0),
    file: (name) => join(current().configHome, name),
    unhit: (ids) => ids.filter((id) => !current().sandbox.hits.get(id)),
  };
}

/** The ids of the contract's operations in the given areas, in contract order. */
export function areaOperationIds(...areas: string[]): string[] {
  return operations.filter((op) => areas.includes(op.area)).map((op) => op.id);
}

/** Asserts success, with the output shown when it is not. */
export function ok(result: RunResult): RunResult {
  expect(result, `stderr: ${result.stderr}`).toMatchObject({ code: 0 });
  return result;
}

/** Output lines, without the trailing newline (and trailing whitespace) of the last. */
export const lines = (text: string): string[] => text.trimEnd().split('\n');

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
