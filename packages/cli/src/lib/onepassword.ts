import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/*
 * 1Password secret references (`op://vault/item/field`) read through the 1Password CLI, `op`,
 * as the service's own CLI does for `${{ "op://..." }}` in a manifest's secrets. `op` is run
 * with execFile (no shell: a reference is one argument, never parsed by a shell) and its output
 * is returned, never printed.
 */

/** The longest wait for one `op read`: it may ask the desktop app, never hang a CI job. */
const OP_TIMEOUT_MS = 60_000;

/** The path of an executable `name` on PATH (with PATHEXT on Windows), or undefined. */
export async function findOnPath(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const directories = (env.PATH ?? '').split(delimiter).filter(Boolean);
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const directory of directories) {
    for (const extension of extensions) {
      const candidate = join(directory, `${name}${extension}`);
      try {
        await access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here: the next directory
      }
    }
  }
  return undefined;
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
