import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Runs one ES-module bundle in workerd, the Workers runtime the service runs integrations in
 * (npm `workerd`, whose binary ships in a platform package; an optional dependency of the CLI,
 * used by `docs integrations check` and by the repository's tests). Its compatibility date and
 * flags are those the service's CLI gives its local runtime. The socket binds 127.0.0.1 on
 * port 0 and workerd reports the port it got on its control file descriptor.
 */

/** The service CLI's runtime settings (`@gitbook/cli` 0.25: miniflare over workerd). */
export const COMPATIBILITY_DATE = '2025-05-25';
export const COMPATIBILITY_FLAGS = ['nodejs_compat'];

const START_TIMEOUT_MS = 15_000;

export interface RunningWorker {
  origin: string;
  /** From spawning workerd to its socket listening, in milliseconds. */
  startMs: number;
  /** What the worker and workerd wrote so far (console output, uncaught exceptions). */
  log(): string;
  stop(): Promise<void>;
}

/** workerd is not installed, or cannot run here: the message says which, and what to do. */
export class WorkerdUnavailableError extends Error {
  override name = 'WorkerdUnavailableError';
}

/** The workerd binary's path, as the package resolves it for this platform. */
export function workerdBinary(): string {
  const require = createRequire(import.meta.url);
  return (require('workerd') as { default: string }).default;
}

/** Why workerd cannot run here, or undefined when it runs. */
export async function workerdUnavailable(
  binaryPath: () => string = workerdBinary,
): Promise<string | undefined> {
  let binary: string;
  try {
    binary = binaryPath();
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
  return new Promise((resolve) => {
    execFile(binary, ['--version'], { timeout: 10_000 }, (error) =>
      resolve(error ? `${binary} --version failed: ${error.message.split('\n')[0]}` : undefined),
    );
  });
}

/** Checks that workerd runs here, or says how to get it (`WorkerdUnavailableError`). */
export async function requireWorkerd(binaryPath: () => string = workerdBinary): Promise<void> {
  const why = await workerdUnavailable(binaryPath);
  if (!why) return;
  const missing = /Cannot find (module|package)/.test(why);
  throw new WorkerdUnavailableError(
    missing
      ? 'The Workers runtime is not installed: `docs integrations check` runs the bundle in workerd, an optional dependency of @docs-api/cli that this installation left out (npm install --omit=optional, or a platform workerd does not support). Install it beside the CLI: `npm install -g workerd` for a global CLI, `npm install --save-dev workerd` in a project.'
      : `The Workers runtime cannot run here (${why}). workerd supports Linux (x64, arm64, glibc), macOS and Windows on x64 and arm64.`,
  );
}

const capnp = (flags: readonly string[]) => `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "integration", worker = .integration) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "integration") ],
);

const integration :Workerd.Worker = (
  modules = [ (name = "index.js", esModule = embed "index.js") ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  compatibilityFlags = [${flags.map((flag) => JSON.stringify(flag)).join(', ')}],
);
`;

/**
 * Starts `bundle` in workerd. Rejects with workerd's own words when the worker cannot start
 * (an error thrown at load, an import the runtime does not have) or does not listen in time.
 */
export async function startWorker(
  bundle: string,
  flags: readonly string[] = COMPATIBILITY_FLAGS,
): Promise<RunningWorker> {
  const dir = await mkdtemp(join(tmpdir(), 'workerd-'));
  await writeFile(join(dir, 'index.js'), bundle);
  await writeFile(join(dir, 'config.capnp'), capnp(flags));
  const started = performance.now();
  // --verbose: uncaught exceptions are logged with their stack, beside the worker's console.
  const child = spawn(workerdBinary(), ['serve', 'config.capnp', '--control-fd=3', '--verbose'], {
    cwd: dir,
    // Nothing of the caller's environment (DOCS_API_TOKEN and the like) reaches the runtime.
    env: { PATH: process.env.PATH ?? '', PWD: dir },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };

  const control = child.stdio[3] as NodeJS.ReadableStream;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`workerd did not listen within ${START_TIMEOUT_MS / 1000} s:\n${log}`)),
        START_TIMEOUT_MS,
      );
      let buffered = '';
      control.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        for (const line of buffered.split('\n').slice(0, -1)) {
          const event = JSON.parse(line) as { event: string; socket?: string; port?: number };
          if (event.event === 'listen' && event.socket === 'http' && event.port) {
            clearTimeout(timer);
            resolve(event.port);
          }
        }
        buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`workerd exited (${signal ?? code}) before listening:\n${readableLog(log)}`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    return {
      origin: `http://127.0.0.1:${port}`,
      startMs: performance.now() - started,
      log: () => readableLog(log),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * workerd's log for people: the worker's own lines as written, an uncaught exception once with
 * its stack, and none of workerd's own bookkeeping (source positions, native stack addresses,
 * the same exception repeated by each layer it crossed).
 */
export function readableLog(log: string): string {
  return log
    .split('\n')
    .filter(
      (line) =>
        line.trim() !== '' &&
        !/^stack: (\S+@[0-9a-f]+ ?)+$/.test(line.trim()) &&
        !/: info: PWD environment variable/.test(line) &&
        !/uncaught exception; exception = |Uncaught exception: workerd\/jsg/.test(line),
    )
    .map((line) =>
      line
        .replace(/^(?:workerd|kj)\/\S+:\d+: (?:info|error|warning): /, '')
        .replace(/^uncaught exception; source = Uncaught(?: \(in promise\))?; stack = /, 'Uncaught '),
    )
    .join('\n');
}
