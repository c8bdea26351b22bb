import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What `docs auth login` and `docs config set` store. The file is readable by its owner only
 * (mode 0600, in a 0700 directory).
 */
export interface StoredConfig {
  token?: string;
  apiUrl?: string;
  /** The default organization: used when neither --org nor DOCS_ORG is given. */
  org?: string;
  /** The editor for text (`cr comments add`, `cr review`): before $VISUAL and $EDITOR. */
  editor?: string;
  /** The pager for long output (`cr diff`): before $PAGER. */
  pager?: string;
  /** The browser for `--web`: before $BROWSER. */
  browser?: string;
}

/** The settings `docs config` reads and writes, by the name a person types. */
export const SETTINGS = {
  org: { field: 'org', description: 'the default organization id, used when --org and DOCS_ORG are absent' },
  'api-url': {
    field: 'apiUrl',
    description: 'the API base URL, used when --api-url and DOCS_API_URL are absent',
  },
  editor: {
    field: 'editor',
    description: 'the editor for text such as comments and reviews (DOCS_EDITOR wins; then $VISUAL, $EDITOR)',
  },
  pager: {
    field: 'pager',
    description:
      'the pager of long output such as `docs cr diff` (DOCS_PAGER wins; then $PAGER, else less -R)',
  },
  browser: {
    field: 'browser',
    description: 'the browser `--web` opens (DOCS_BROWSER wins; then $BROWSER, else the system default)',
  },
} as const satisfies Record<string, { field: keyof StoredConfig; description: string }>;
export type SettingName = keyof typeof SETTINGS;
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

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

/** Removes the stored token; the settings (`docs config`) stay. False when there was none. */
export async function removeConfig(configDir: string): Promise<boolean> {
  const existing = await readConfig(configDir);
  if (!existing.token) return false;
  const { token: _removed, ...settings } = existing;
  if (Object.keys(settings).length === 0) await rm(configPath(configDir), { force: true });
  else await writeConfig(configDir, settings);
  return true;
}
