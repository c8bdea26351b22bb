import { spawn, type ChildProcess } from 'node:child_process';
import { DOCS_BIN } from '../e2e/harness.js';

/** `docs sandbox` (the built CLI) as a child process on a free loopback port. */
export interface ServedSandbox {
  url: string;
  child: ChildProcess;
  /** Everything it wrote on stderr so far. */
  stderr(): string;
  /** SIGTERM (or `signal`), and the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function serveSandbox(args: string[]): Promise<ServedSandbox> {
  const child = spawn(process.execPath, [DOCS_BIN, 'sandbox', '--port', '0', ...args], {
    env: { PATH: process.env.PATH ?? '', CI: '1', NO_COLOR: '1', HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`docs sandbox did not start in 15 s: ${stderr}`));
    }, 15_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`docs sandbox exited with ${code}: ${stderr}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /Sandbox listening on (\S+)/.exec(stdout);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({
        url: match[1],
        child,
        stderr: () => stderr,
        stop: (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    });
  });
}
