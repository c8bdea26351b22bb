import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConflictError, DocsClient, NotFoundError, type RevisionPage } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { createSandbox } from '../sandbox.js';

const ORG = 'org_acme';
const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

const folder = () => mkdtempSync(join(tmpdir(), 'sandbox-git-'));
const fileUrl = (dir: string) => pathToFileURL(dir).href;
const REF = 'refs/heads/main';

/** Writes files (path -> text or bytes) under `dir`. */
function writeTree(dir: string, files: Record<string, string | Buffer>): void {
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), data);
  }
}

/** The tree as `type path` strings, depth first (a link page as its title). */
function shape(pages: readonly RevisionPage[] | undefined): string[] {
  return (pages ?? []).flatMap((page) => {
    const {
      path,
      pages: children,
      type,
      title,
    } = page as {
      path?: string;
      pages?: RevisionPage[];
      type?: string;
      title?: string;
    };
    return [`${type} ${type === 'link' ? title : path}`, ...shape(children)];
  });
}

const markdownOf = (page: unknown) => (page as { markdown?: string }).markdown;

/** Reads the Git info until its operation is over (the second read ends it). */
async function settled(client: DocsClient, space: string) {
  const first = await client.spaces.git.getInfo(space);
  expect(first.operation?.state).toBe('running');
  return client.spaces.git.getInfo(space);
}

describe('Git Sync: export', () => {
  it('answers 204, shows the operation running then over, and writes the space in the Git Sync layout', async () => {
    const { client } = setup();
    const dir = folder();
    await failure(client.spaces.git.getInfo('space_handbook'), NotFoundError);
    await client.spaces.git.exportToRepository('space_handbook', {
      url: fileUrl(dir),
      ref: REF,
      commitMessage: 'Export',
    });
    const running = await client.spaces.git.getInfo('space_handbook');
    expect(running).toMatchObject({
      installationStatus: 'active',
      installationProvider: 'github',
      url: fileUrl(dir),
      operation: { state: 'running', direction: 'export', startedAt: expect.any(String) as unknown },
    });
    expect(running.operation?.endedAt).toBeUndefined();
    const over = await client.spaces.git.getInfo('space_handbook');
    expect(over.operation).toMatchObject({
      state: 'success',
      direction: 'export',
      endedAt: expect.any(String) as unknown,
    });
    expect((await client.spaces.get('space_handbook')).gitSync?.operation?.state).toBe('success');

    expect(readFileSync(join(dir, 'SUMMARY.md'), 'utf8')).toBe(
      [
        '# Table of contents',
        '',
        '* [Getting started](README.md)',
        '  * [Installation](getting-started/installation.md)',
        '  * [Configuration](getting-started/configuration.md)',
        '* [Internal notes](internal-notes.md)',
        '',
      ].join('\n'),
    );
    // The seed's pages hold their title's heading already: written once, with the front matter.
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toMatch(
      /^---\ndescription: Install and configure Acme\nemoji: 🚀\n---\n\n# Getting started\n\nWelcome/,
    );
    expect(existsSync(join(dir, '.gitbook/assets/logo.png'))).toBe(true);
  });

  it('ends in failure for a URL the sandbox cannot reach, and never keeps or shows credentials', async () => {
    const { sandbox, client } = setup();
    await client.spaces.git.exportToRepository('space_guides', {
      url: 'https://ada:s3cr3t-token@github.com/acme/guides.git?access_token=t0ps3cr3t',
      ref: REF,
      commitMessage: 'Export',
    });
    const info = await settled(client, 'space_guides');
    expect(info).toMatchObject({
      repoName: 'guides',
      url: 'https://github.com/acme/guides.git?access_token=%5Bredacted%5D',
      operation: { state: 'failure', direction: 'export' },
    });
    expect(info.operation?.error).toBe(
      'the sandbox has no network: it syncs with file:// URLs of local folders in the Git Sync layout, not https://github.com/acme/guides.git?access_token=%5Bredacted%5D',
    );
    const everything = JSON.stringify([info, sandbox.export(), await client.spaces.get('space_guides')]);
    expect(everything).not.toContain('s3cr3t');
    expect(everything).not.toContain('t0ps3cr3t');
  });
});

describe('Git Sync: import', () => {
  it('reads a folder in the layout into the space: groups, links, nesting, files, links between pages', async () => {
    const { sandbox, client } = setup();
    const dir = folder();
    writeTree(dir, {
      '.gitbook.yaml': 'root: ./docs/\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n',
      'docs/SUMMARY.md': [
        '# Table of contents',
        '',
        '* [Welcome](README.md)',
        '* [Guides](guides/README.md)',
        '  * [Setup](guides/setup.md)',
        '',
        '## Reference',
        '',
        '* [API](reference/api.md)',
        '* [Status](https://status.acme.test)',
        '',
      ].join('\n'),
      'docs/README.md': '# Welcome\n\nStart with the [setup](guides/setup.md#install).\n',
      'docs/guides/README.md': '---\ndescription: How to\n---\n\n# Guides\n\n- one\n- two\n',
      'docs/guides/setup.md':
        '# Setup\n\n![diagram](../.gitbook/assets/diagram.png) Back [home](../README.md).\n',
      // A heading that is not the entry's title stays in the body as written, closing #s too.
      'docs/reference/api.md': '# The API ##\n\nSee [guides](../guides/README.md).\n',
      'docs/.gitbook/assets/diagram.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    const space = (await client.spaces.create(ORG, { title: 'Imported' })).id;
    const before = (await client.spaces.get(space)).revision;
    await client.spaces.git.importRepository(space, { url: fileUrl(dir), ref: REF });
    // Not live until the operation is over.
    expect((await client.spaces.content.listPages(space)).pages).toEqual([]);
    expect((await settled(client, space)).operation).toMatchObject({ state: 'success', direction: 'import' });
    const after = await client.spaces.get(space);
    expect(after.revision).not.toBe(before);

    const { pages } = await client.spaces.content.listPages(space);
    expect(shape(pages)).toEqual([
      'document welcome',
      'document guides',
      'document guides/setup',
      'group reference',
      'document reference/api',
      'link Status',
    ]);
    const setupPage = await client.spaces.content.getPageByPath(space, 'guides/setup', {
      format: 'markdown',
    });
    expect(markdownOf(setupPage)).toBe('![diagram](../.gitbook/assets/diagram.png) Back [home](../).\n');
    const api = await client.spaces.content.getPageByPath(space, 'reference/api', { format: 'markdown' });
    expect(api).toMatchObject({ title: 'API' });
    expect(markdownOf(api)).toMatch(/^# The API ##\n\nSee /);
    const guides = await client.spaces.content.getPageByPath(space, 'guides', { format: 'markdown' });
    expect(guides).toMatchObject({ title: 'Guides', description: 'How to', markdown: '* one\n* two\n' });
    const welcome = await client.spaces.content.getPageByPath(space, 'welcome', {
      format: 'markdown',
      'format.markdown.refs': 'stable',
    });
    expect(markdownOf(welcome)).toBe(
      `Start with the [setup](/pages/${(setupPage as { id: string }).id}#install).\n`,
    );
    const files = await client.changeRequests.content.listFiles(
      space,
      (await client.changeRequests.create(space, {})).id,
    );
    expect(files.items.map((file) => [file.name, file.size])).toEqual([['diagram.png', 4]]);
    const stored = [...sandbox.store.blobs.values()];
    expect(stored).toContain(Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64'));
  });

  it('round-trips a space through a folder: export, import into another space, same tree and text; ids kept on a re-import', async () => {
    const { client } = setup();
    const dir = folder();
    const source = (await client.spaces.create(ORG, { title: 'Source' })).id;
    const request = (await client.changeRequests.create(source, { subject: 'Pages' })).id;
    const first = await client.changeRequests.content.update(
      source,
      request,
      {
        changes: [
          {
            operation: 'insert_files',
            files: [{ ref: 'img', name: 'a b.png', contentType: 'image/png', base64: 'iVBORw0KGgo=' }],
          },
          {
            operation: 'insert_page',
            ref: 'home',
            title: 'Home',
            document: { markdown: 'See [guides](./guides.md) and ![a](./img).\n' },
          },
          {
            operation: 'insert_page',
            ref: 'guides',
            title: 'Guides',
            description: 'All of them',
            document: { markdown: '---\nicon: book\n---\n\nGuides.\n' },
          },
        ],
      },
      { compat: false },
    );
    const guides =
      'changes' in first
        ? first.changes.find((change) => 'ref' in change && change.ref === 'guides')
        : undefined;
    const guidesId = (guides as { page: { id: string } } | undefined)?.page.id ?? '';
    await client.changeRequests.content.update(source, request, {
      changes: [
        {
          operation: 'insert_page',
          into: guidesId,
          title: 'Setup',
          document: { markdown: 'Back to [home](../README.md).\n\n* one\n' },
        },
      ],
    });
    await client.changeRequests.merge(source, request);
    await client.spaces.git.exportToRepository(source, { url: fileUrl(dir), ref: REF, commitMessage: 'x' });
    expect(readFileSync(join(dir, 'guides/README.md'), 'utf8')).toBe(
      '---\ndescription: All of them\nicon: book\n---\n\n# Guides\n\nGuides.\n',
    );
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe(
      '# Home\n\nSee [guides](guides/) and ![a](<.gitbook/assets/a b.png>).\n',
    );

    const copy = (await client.spaces.create(ORG, { title: 'Copy' })).id;
    await client.spaces.git.importRepository(copy, { url: fileUrl(dir), ref: REF });
    expect((await settled(client, copy)).operation?.state).toBe('success');
    const original = await client.spaces.content.listPages(source);
    const imported = await client.spaces.content.listPages(copy);
    expect(shape(imported.pages)).toEqual(shape(original.pages));
    expect(shape(imported.pages)).toEqual(['document home', 'document guides', 'document guides/setup']);
    for (const path of ['home', 'guides', 'guides/setup']) {
      const read = (space: string) =>
        client.spaces.content.getPageByPath(space, path, { format: 'markdown' });
      const [a, b] = [await read(source), await read(copy)];
      expect([
        markdownOf(b),
        (b as { title?: string }).title,
        (b as { description?: string }).description,
      ]).toEqual([
        markdownOf(a),
        (a as { title?: string }).title,
        (a as { description?: string }).description,
      ]);
    }
    // Exported again and imported again: the pages at the same paths keep their ids.
    await client.spaces.git.exportToRepository(copy, { url: fileUrl(dir), ref: REF, commitMessage: 'y' });
    await client.spaces.git.importRepository(copy, { url: fileUrl(dir), ref: REF });
    await settled(client, copy);
    const ids = (pages: readonly RevisionPage[]) => pages.map((page) => (page as { id: string }).id);
    expect(ids((await client.spaces.content.listPages(copy)).pages)).toEqual(ids(imported.pages));
  });

  it('infers the tree from the folders without SUMMARY.md: README first, folders with README are pages, top-level folders without are groups', async () => {
    const { client } = setup();
    const dir = folder();
    writeTree(dir, {
      'README.md': '# Home\n\nHi.\n',
      'b-page.md': '# B page\n',
      'a-folder/README.md': '# A folder\n',
      'a-folder/child.md': '# Child\n',
      'z-group/only.md': '# Only\n',
      '.hidden/skip.md': '# Skip\n',
    });
    const space = (await client.spaces.create(ORG, { title: 'Folders' })).id;
    await client.spaces.git.importRepository(space, { url: fileUrl(dir), ref: REF });
    await settled(client, space);
    expect(shape((await client.spaces.content.listPages(space)).pages)).toEqual([
      'document home',
      'document a-folder',
      'document a-folder/child',
      'document b-page',
      'group z-group',
      'document z-group/only',
    ]);
  });

  it('reads a file listed twice as the page and a link to it, in a monorepo project directory (its own .gitbook.yaml)', async () => {
    const { client } = setup();
    const dir = folder();
    writeTree(dir, {
      'products/cli/.gitbook.yaml': '\u200Broot: ./docs/\n',
      'products/cli/docs/SUMMARY.md':
        '# Table of contents\n\n* [Home](README.md)\n* [Setup](setup.md)\n\n***\n\n* \n* [Setup again](setup.md)\n',
      'products/cli/docs/README.md': '# Home\n',
      'products/cli/docs/setup.md': '# Setup\n',
    });
    const space = (await client.spaces.create(ORG, { title: 'CLI' })).id;
    await client.spaces.git.importRepository(space, {
      url: fileUrl(dir),
      ref: REF,
      repoProjectDirectory: 'products/cli',
    });
    expect((await settled(client, space)).operation).toMatchObject({ state: 'success' });
    const { pages } = await client.spaces.content.listPages(space);
    expect(shape(pages)).toEqual(['document home', 'document setup', 'link Setup again']);
    const setupPage = pages[1] as { id: string };
    expect((pages[2] as { target?: unknown }).target).toMatchObject({ kind: 'page', page: setupPage.id });
  });

  it('ends in failure for a folder that is not there or a SUMMARY.md entry without its file; the content stays', async () => {
    const { sandbox, client } = setup();
    const space = 'space_guides';
    const revision = sandbox.store.spaces.get(space)?.revision;
    await client.spaces.git.importRepository(space, { url: fileUrl(join(folder(), 'nope')), ref: REF });
    expect((await settled(client, space)).operation?.error).toMatch(/^the folder .*nope does not exist/);
    const dir = folder();
    writeTree(dir, { 'SUMMARY.md': '# Table of contents\n\n* [Gone](gone.md)\n' });
    await client.spaces.git.importRepository(space, { url: fileUrl(dir), ref: REF });
    // The clock passing the operation's time ends it too.
    sandbox.clock.advance('11s');
    const info = await client.spaces.git.getInfo(space);
    expect(info.operation).toMatchObject({
      state: 'failure',
      error: 'SUMMARY.md line 3: entry "Gone" names gone.md, which does not exist',
    });
    expect(sandbox.store.spaces.get(space)?.revision).toBe(revision);
  });

  it('refuses an import into a locked space (409) unless standalone, which leaves the primary content as it is', async () => {
    const { sandbox, client } = setup();
    const dir = folder();
    writeTree(dir, { 'README.md': '# Terms\n' });
    expect(
      await failure(
        client.spaces.git.importRepository('space_legal', { url: fileUrl(dir), ref: REF }),
        ConflictError,
      ),
    ).toContain('is locked');
    const revision = sandbox.store.spaces.get('space_legal')?.revision;
    await client.spaces.git.importRepository('space_legal', {
      url: fileUrl(dir),
      ref: REF,
      standalone: true,
    });
    expect((await settled(client, 'space_legal')).operation?.state).toBe('success');
    expect(sandbox.store.spaces.get('space_legal')?.revision).toBe(revision);
  });

  it('shows the seeded Git Sync state of space_api', async () => {
    const { client } = setup();
    expect(await client.spaces.git.getInfo('space_api')).toMatchObject({
      repoName: 'api-docs',
      installationProvider: 'github',
      url: 'https://github.com/acme/api-docs',
      operation: { state: 'success', direction: 'export' },
    });
  });
});

describe('Git Sync: kept in a data directory', () => {
  it('keeps the end of an operation that a read of the Git info brought, and its content', async () => {
    const data = join(folder(), 'data');
    const dir = folder();
    writeTree(dir, { 'README.md': '# Home\n\nHello.\n' });
    const first = createSandbox({ data, checkResponses: true });
    const client = new DocsClient({
      token: first.token,
      baseUrl: 'http://sandbox.test/v1',
      fetch: first.fetch,
      maxRetries: 0,
    });
    await client.spaces.git.importRepository('space_guides', { url: fileUrl(dir), ref: REF });
    expect((await settled(client, 'space_guides')).operation?.state).toBe('success');
    await first.close();
    const second = createSandbox({ data, checkResponses: true });
    const again = new DocsClient({
      token: second.token,
      baseUrl: 'http://sandbox.test/v1',
      fetch: second.fetch,
      maxRetries: 0,
    });
    expect((await again.spaces.git.getInfo('space_guides')).operation?.state).toBe('success');
    expect(shape((await again.spaces.content.listPages('space_guides')).pages)).toEqual(['document home']);
    await second.close();
  });
});

describe('coverage', () => {
  it('served every Git Sync operation of the sandbox through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = ['importGitRepository', 'exportToGitRepository', 'getSpaceGitInfo'];
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
