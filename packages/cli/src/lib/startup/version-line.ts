import { createRequire } from 'node:module';
import { arch } from 'node:os';
import { pathToFileURL } from 'node:url';

/*
 * `docs --version` without loading oclif (a third of a second on a slow machine, for one line).
 * The line is oclif's `config.userAgent`, built the way @oclif/core 4 builds it; version-line
 * .test.ts compares the two.
 */

/** The platform as oclif names it: `wsl` under WSL (oclif asks its own wsl-utils), else Node's. */
async function oclifPlatform(): Promise<string> {
  const fromOclif = createRequire(createRequire(import.meta.url).resolve('@oclif/core/package.json'));
  const wslUtils = (await import(pathToFileURL(fromOclif.resolve('wsl-utils')).href)) as {
    isWsl: boolean;
  };
  return wslUtils.isWsl ? 'wsl' : process.platform;
}

/** `@docs-api/cli/0.1.0 linux-x64 node-v20.20.2`, as oclif prints it for `--version`. */
export async function versionLine(pjson: { name: string; version?: string }): Promise<string> {
  const cpu = arch() === 'ia32' ? 'x86' : arch();
  return `${pjson.name}/${pjson.version || '0.0.0'} ${await oclifPlatform()}-${cpu} node-${process.version}`;
}
