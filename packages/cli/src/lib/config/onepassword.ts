import { execFile } from 'node:child_process';

/*
 * 1Password secret references (`op://vault/item/field`) read through the 1Password CLI, `op`,
 * as the service's own CLI does for `${{ "op://..." }}` in a manifest's secrets. `op` is run
 * with execFile (no shell: a reference is one argument, never parsed by a shell) and its output
 * is returned, never printed.
 */

/** The longest wait for one `op read`: it may ask the desktop app, never hang a CI job. */
const OP_TIMEOUT_MS = 60_000;

/** The path of an executable `name` on PATH (with PATHEXT on Windows), or undefined; npm's `which`. */
export async function findOnPath(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const { default: which } = await import('which');
  return (
    (await which(name, { nothrow: true, ...(env.PATH === undefined ? {} : { path: env.PATH }) })) ?? undefined
  );
}

export class OnePasswordError extends Error {
  override name = 'OnePasswordError';
}

/**
 * `op read <reference>`: the secret's value, surrounding white space trimmed as the service's
 * CLI trims it (op ends its output with a newline). A failure carries op's first stderr line,
 * which names the reference at most, never a value.
 */
export function opRead(
  executable: string,
  reference: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      executable,
      ['read', reference],
      { env, timeout: OP_TIMEOUT_MS, maxBuffer: 1024 * 1024, windowsHide: true, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          const detail =
            stderr.trim().split('\n')[0] ||
            (error.killed ? `no answer within ${OP_TIMEOUT_MS / 1000} s` : `exit ${String(error.code)}`);
          reject(new OnePasswordError(detail));
          return;
        }
        resolve(stdout.trim());
      },
    );
  });
}
