import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configPath, readConfig, writeConfig } from './config.js';

let home: string;
const mode = async (path: string) => (await stat(path)).mode & 0o777;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'docs-config-test-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('writeConfig', () => {
  it('creates the directory 0700 and the file 0600', async () => {
    const dir = join(home, 'docs');
    await writeConfig(dir, { token: 'tok_1' });
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(configPath(dir))).toBe(0o600);
    expect(await readConfig(dir)).toEqual({ token: 'tok_1' });
  });

  it('tightens an existing 0755 directory to 0700', async () => {
    const dir = join(home, 'docs');
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    await writeConfig(dir, { token: 'tok_1' });
    expect(await mode(dir)).toBe(0o700);
  });

  it('replaces an existing 0644 file by one with mode 0600, leaving no temporary file', async () => {
    const dir = join(home, 'docs');
    await mkdir(dir, { mode: 0o700 });
    await writeFile(configPath(dir), '{"token":"old"}', { mode: 0o644 });
    await chmod(configPath(dir), 0o644);
    await writeConfig(dir, { token: 'tok_new', apiUrl: 'http://127.0.0.1:4010/v1' });
    expect(await mode(configPath(dir))).toBe(0o600);
    expect(JSON.parse(await readFile(configPath(dir), 'utf8'))).toEqual({
      token: 'tok_new',
      apiUrl: 'http://127.0.0.1:4010/v1',
    });
    expect(await readdir(dir)).toEqual(['config.json']);
  });
});
