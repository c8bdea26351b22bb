import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What `docs auth login` stores. The file is readable by its owner only (mode 0600). */
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

export async function writeConfig(configDir: string, config: StoredConfig): Promise<void> {
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  const file = configPath(configDir);
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // writeFile keeps the mode of an existing file: set it again.
  await chmod(file, 0o600);
}

export async function removeConfig(configDir: string): Promise<boolean> {
  const existing = await readConfig(configDir);
  if (!existing.token) return false;
  await rm(configPath(configDir), { force: true });
  return true;
}
