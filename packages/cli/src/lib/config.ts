import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What `docs auth login` stores. The file is readable by its owner only (mode 0600, in a 0700 directory). */
export interface StoredConfig {
  token?: string;
  apiUrl?: string;
}

export function configPath(configDir: string): string {
  return join(configDir, 'config.json');
}

export async function readConfig(configDir: string): Promise<StoredConfig> {
  try {
    const parsed = JSON.parse(await readFile(configPath(configDir), 'utf8')) as unknown;
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * Writes the config readable by its owner only. The directory is made 0700 even when it
 * existed with a wider mode (mkdir's mode applies only to directories it creates), and the
 * file is written whole under a temporary name with mode 0600, then renamed over the old one:
 * the token is never in a file with a wider mode, not even for a moment.
 */
export async function writeConfig(configDir: string, config: StoredConfig): Promise<void> {
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  await chmod(configDir, 0o700);
  const file = configPath(configDir);
  const temporary = `${file}.${process.pid}.tmp`;
  // A leftover of a run that was killed midway, under the same process id.
  await rm(temporary, { force: true });
  try {
    await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    // The umask may have narrowed the mode further, never widened it; make it exactly 0600.
    await chmod(temporary, 0o600);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export async function removeConfig(configDir: string): Promise<boolean> {
  const existing = await readConfig(configDir);
  if (!existing.token) return false;
  await rm(configPath(configDir), { force: true });
  return true;
}
