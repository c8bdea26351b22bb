import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderNameOf } from '../lib/docs-as-code/folder.js';
import { useDocsSync } from '../../test-support/docs-sync-cli.js';
import { useInProcessCli } from '../../test-support/run-command.js';
import Pull from './pull.js';
import Push from './push.js';

/*
 * `docs pull` and `docs push` are as safe as `git clone`: a new folder when none is named, an
 * existing one written only when it is empty or holds the same space's mapping, a file no pull
 * wrote never overwritten without --force, and suggestions that name the folder.
 */

const cli = useInProcessCli();
const sync = useDocsSync(cli);

const startedIn = process.cwd();
afterEach(() => process.chdir(startedIn));

/** The folder's files, by path (the mapping too). */
const files = (dir: string) => sync.read(dir, { mapping: true });

describe('docs pull and docs push: which folder', () => {
  it('makes a new folder named after the space when none is named, and writes nothing else', async () => {
    const cwd = await sync.folder({ 'README.md': '# Mine\n' });
    process.chdir(cwd);
    const title = cli.sandbox.store.spaces.get('space_handbook')?.title;
    const name = folderNameOf(title, 'space_handbook');
    expect(name).toMatch(/^[a-z0-9-]+$/);
    const result = await cli.run(Pull, ['space_handbook']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`into ${name}`);
    const all = await files(cwd);
    expect(all['README.md']).toBe('# Mine\n');
    // Everything else is under the new folder.
    expect(Object.keys(all).filter((path) => !path.startsWith(`${name}/`))).toEqual(['README.md']);
    expect(all[`${name}/SUMMARY.md`]).toContain('* [');
    expect(all[`${name}/.gitbook/docs-sync.json`]).toContain('"space": "space_handbook"');
  });

  it('names the folder after the id when the title gives no name', () => {
    expect(folderNameOf('Docs as code!', 'space_1')).toBe('docs-as-code');
    expect(folderNameOf('Référence', 'space_1')).toBe('référence');
    expect(folderNameOf('../..', 'space_1')).toBe('space_1');
    expect(folderNameOf('', 'space_1')).toBe('space_1');
  });

  it('refuses a folder that is not empty and was not pulled: exit 2, nothing written; --force writes', async () => {
    const dir = await sync.folder({ 'README.md': '# Unrelated\n', 'notes.txt': 'keep' });
    const refused = await cli.run(Pull, ['space_handbook', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${dir} is not empty and was not pulled from space_handbook`);
    expect(refused.stderr).toContain('Nothing was written');
    expect(await files(dir)).toEqual({ 'README.md': '# Unrelated\n', 'notes.txt': 'keep' });

    const forced = await cli.run(Pull, ['space_handbook', dir, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect((await files(dir))['notes.txt']).toBe('keep');
  });

  it('refuses the new folder when one of that name is there and not empty', async () => {
    const cwd = await sync.folder();
    process.chdir(cwd);
    const name = folderNameOf(cli.sandbox.store.spaces.get('space_handbook')?.title, 'space_handbook');
    // A folder of that name holding someone's work.
    await mkdir(join(cwd, name));
    await writeFile(join(cwd, name, 'README.md'), '# Theirs\n');
    const refused = await cli.run(Pull, ['space_handbook']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${name} is not empty`);
    expect(await readFile(join(cwd, name, 'README.md'), 'utf8')).toBe('# Theirs\n');
  });

  it('refuses a folder mapped to another space, as push does: exit 2, nothing removed', async () => {
    const dir = await sync.folder();
    expect((await cli.run(Pull, ['space_handbook', dir])).code).toBe(0);
    const before = await files(dir);
    const other = [...cli.sandbox.store.spaces.keys()].find((id) => id !== 'space_handbook') as string;
    for (const force of [[], ['--force']]) {
      const refused = await cli.run(Pull, [other, dir, ...force]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`maps ${dir} to space space_handbook, not ${other}`);
      expect(refused.stderr).toContain(`docs pull ${other} <folder>`);
      expect(await files(dir)).toEqual(before);
    }
  });

  it('writes again into a folder pulled from the same space', async () => {
    const dir = await sync.folder();
    expect((await cli.run(Pull, ['space_handbook', dir])).code).toBe(0);
    const again = await cli.run(Pull, ['space_handbook', dir]);
    expect(again.code, again.stderr).toBe(0);
  });

  it('never overwrites a file no pull wrote without --force, in a folder pulled before', async () => {
    const dir = await sync.folder();
    expect((await cli.run(Pull, ['space_handbook', dir])).code).toBe(0);
    // The mapping forgets a page's file, and a person writes that file: the pull did not write it.
    const mappingPath = join(dir, '.gitbook/docs-sync.json');
    const mapping = JSON.parse(await readFile(mappingPath, 'utf8')) as { pages: Record<string, unknown> };
    const page = Object.keys(mapping.pages).find(
      (key) => key.endsWith('.md') && key !== 'README.md',
    ) as string;
    delete mapping.pages[page];
    await writeFile(mappingPath, JSON.stringify({ ...mapping, version: 1 }));
    await writeFile(join(dir, page), '# My own notes\n');
    const refused = await cli.run(Pull, ['space_handbook', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`that no pull wrote, which this pull would overwrite: ${page}`);
    expect(await readFile(join(dir, page), 'utf8')).toBe('# My own notes\n');
    const forced = await cli.run(Pull, ['space_handbook', dir, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readFile(join(dir, page), 'utf8')).not.toBe('# My own notes\n');
  });

  it('names the folder in the push it suggests before overwriting an edited page', async () => {
    const dir = await sync.folder();
    expect((await cli.run(Pull, ['space_handbook', dir])).code).toBe(0);
    const mapping = JSON.parse(await readFile(join(dir, '.gitbook/docs-sync.json'), 'utf8')) as {
      pages: Record<string, { stored?: string }>;
    };
    const page = Object.keys(mapping.pages).find((key) => mapping.pages[key]?.stored) as string;
    await writeFile(join(dir, page), '# Edited\n\nNew words.\n');
    const refused = await cli.run(Pull, ['space_handbook', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`\`docs push space_handbook ${dir}\``);
  });

  it('pushes the current folder only when it holds the space mapping or a Git Sync layout', async () => {
    const unrelated = await sync.folder({ 'notes.md': '# Notes\n' });
    process.chdir(unrelated);
    const refused = await cli.run(Push, ['space_handbook', '--dry-run']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('name the folder to push (`docs push space_handbook <folder>`)');

    const pulled = await sync.folder();
    expect((await cli.run(Pull, ['space_handbook', pulled])).code).toBe(0);
    process.chdir(pulled);
    const mine = await cli.run(Push, ['space_handbook', '--dry-run']);
    expect(mine.code, mine.stderr).toBe(0);
    expect(mine.stderr).toContain('Nothing to push');
    const other = [...cli.sandbox.store.spaces.keys()].find((id) => id !== 'space_handbook') as string;
    const elsewhere = await cli.run(Push, [other, '--dry-run']);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain(`maps the folder to space space_handbook, not ${other}`);

    const layout = await sync.folder({
      'SUMMARY.md': '# Table of contents\n\n* [Notes](notes.md)\n',
      'notes.md': '# Notes\n',
    });
    process.chdir(layout);
    const fresh = await cli.run(Push, [other, '--dry-run']);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stderr).toContain('+ page  notes (Notes)');
  });
});
