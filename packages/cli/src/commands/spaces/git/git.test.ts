import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { useInProcessCli } from '../../../../test-support/run-command.js';
import SpacesGitExport from './export.js';
import SpacesGitImport from './import.js';
import SpacesGitInfo from './info.js';

/*
 * Git Sync from the command line (issue 22, item 4), against the sandbox in-process. The service
 * answers an import or an export with 204 and no run: --wait follows the space's Git info. The
 * sandbox has no network: it syncs with file:// folders in the Git Sync layout, shows an
 * operation `running` at the first read and ended at the second, and fails any other URL.
 */

const cli = useInProcessCli();
const SECRET = 's3cr3t-t0ken';
const URL_WITH_TOKEN = `https://x-access-token:${SECRET}@github.com/acme/handbook.git`;
let root: string;
let repository: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'docs-git-'));
  repository = join(root, 'handbook');
  await mkdir(join(repository, 'guides'), { recursive: true });
  await writeFile(join(repository, 'README.md'), '# Welcome\n\nThe handbook, from Git.\n');
  await writeFile(join(repository, 'guides', 'setup.md'), '# Setup\n\nInstall the tools.\n');
  await writeFile(
    join(repository, 'SUMMARY.md'),
    '# Table of contents\n\n* [Welcome](README.md)\n* [Setup](guides/setup.md)\n',
  );
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const never = (text: string) => expect(text).not.toContain(SECRET);
const titles = () => {
  const space = cli.sandbox.store.spaces.get('space_handbook')!;
  const revision = cli.sandbox.store.revisions.get(space.revision ?? '')!;
  return revision.pages.map((page) => page.title);
};

describe('docs spaces git import and export', () => {
  it('--wait follows an import to its end: the space holds the repository, the outcome is printed', async () => {
    const url = pathToFileURL(repository).href;
    const result = await cli.run(SpacesGitImport, [
      'space_handbook',
      '--url',
      url,
      '--ref',
      'main',
      '--wait',
      '--interval',
      '1',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`Imported refs/heads/main of ${url} into space_handbook`);
    expect(result.stdout).toMatch(/Last operation:\s+import success/);
    expect(titles()).toEqual(['Welcome', 'Setup']);
  });

  it('without --wait says it started; export writes the space to the folder (DOCS_GIT_URL)', async () => {
    const out = join(root, 'export');
    await mkdir(out);
    vi.stubEnv('DOCS_GIT_URL', pathToFileURL(out).href);
    const started = await cli.run(SpacesGitExport, ['space_handbook', '-m', 'Export the handbook', '--json']);
    expect(started.code, started.stderr).toBe(0);
    expect(JSON.parse(started.stdout)).toEqual({
      space: 'space_handbook',
      direction: 'export',
      url: pathToFileURL(out).href,
      ref: 'refs/heads/main',
    });
    const info = await cli.run(SpacesGitInfo, [
      'space_handbook',
      '--jq',
      '.operation | [.direction, .state] | @tsv',
    ]);
    expect(info.stdout).toBe('export\trunning\n');
    expect(await readdir(out)).toContain('SUMMARY.md');
    expect(await readFile(join(out, 'SUMMARY.md'), 'utf8')).toContain('Getting started');
  });

  it('follows the run it started, not the one before it', async () => {
    const url = pathToFileURL(repository).href;
    await cli.run(SpacesGitImport, ['space_handbook', '--url', url, '--wait', '--interval', '1']);
    const previous = cli.sandbox.store.gitSync.get('space_handbook')?.operation?.startedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const result = await cli.run(SpacesGitImport, [
      'space_handbook',
      '--url',
      url,
      '--wait',
      '--interval',
      '1',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const { info } = JSON.parse(result.stdout) as {
      info: { operation: { startedAt: string; state: string } };
    };
    expect(info.operation.startedAt).not.toBe(previous);
    expect(info.operation.state).toBe('success');
  });

  it("a failed run is exit 1 with the service's error; the credentials are never printed, JSON included", async () => {
    const human = await cli.run(SpacesGitImport, [
      'space_handbook',
      '--url',
      URL_WITH_TOKEN,
      '--wait',
      '--interval',
      '1',
    ]);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(
      /Error: The import of space_handbook ended failure: .*github\.com\/acme\/handbook\.git/,
    );
    never(human.stdout + human.stderr);

    const json = await cli.run(SpacesGitImport, [
      'space_handbook',
      '--url',
      URL_WITH_TOKEN,
      '--wait',
      '--interval',
      '1',
      '--json',
    ]);
    expect(json.code).toBe(1);
    const printed = JSON.parse(json.stdout) as { url: string; info: { operation: { state: string } } };
    expect(printed).toMatchObject({
      url: 'https://github.com/acme/handbook.git',
      info: { operation: { state: 'failure' } },
    });
    never(json.stdout + json.stderr);

    const info = await cli.run(SpacesGitInfo, ['space_handbook', '--json']);
    never(info.stdout + info.stderr);
  });

  it('checks the URL and the ref before sending anything (exit 2), without echoing a value that is not a URL', async () => {
    for (const argv of [
      ['space_handbook', '--url', `not a url ${SECRET}`],
      ['space_handbook', '--url', `git:${SECRET}@github.com:acme/handbook.git`],
      ['space_handbook', '--url', URL_WITH_TOKEN, '--ref', ' '],
      ['space_handbook', '--url', URL_WITH_TOKEN, '--wait-timeout', '5'],
    ]) {
      const result = await cli.run(SpacesGitImport, argv);
      expect(result.code, argv.join(' ')).toBe(2);
      never(result.stdout + result.stderr);
    }
    expect(cli.totalRequests()).toBe(0);
  });
});

describe('waiting bounds', () => {
  it('gives up after --wait-timeout with exit 1 and the command that follows the run', async () => {
    // A run that never ends: the Git info answered as the service shows one under way.
    cli.context.clientFactory = (options) =>
      new DocsClient({
        ...options,
        baseUrl: 'http://sandbox.test/v1',
        fetch: async (input, init) => {
          const request = new Request(input, init);
          if (!request.url.endsWith('/git/info')) return cli.sandbox.fetch(request);
          const answer = await cli.sandbox.fetch(request);
          // A space without Git Sync yet answers 404: passed on as the service sends it.
          if (!answer.ok) return answer;
          const info = (await answer.json()) as {
            operation?: Record<string, unknown>;
          };
          return Response.json({
            ...info,
            operation: { ...info.operation, state: 'running', endedAt: undefined },
          });
        },
      });
    const result = await cli.run(SpacesGitImport, [
      'space_handbook',
      '--url',
      pathToFileURL(repository).href,
      '--wait',
      '--interval',
      '1',
      '--wait-timeout',
      '1',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /Gave up waiting for the import of space_handbook after [\d.]+ s \(still running\); it may still end\. Follow it with `docs spaces git info space_handbook`/,
    );
  });
});

describe('docs spaces git info', () => {
  it('shows the last operation; a space with no Git Sync is exit 3 with what to do', async () => {
    const synced = await cli.run(SpacesGitInfo, ['space_api']);
    expect(synced.code, synced.stderr).toBe(0);
    expect(synced.stdout).toMatch(/Repository:\s+api-docs\nProvider:\s+github\n/);
    expect(synced.stdout).toMatch(/Last operation:\s+export success\n/);
    expect(synced.stdout).toMatch(/Ended:\s+\S+ \(1 min\)\n/);
    const none = await cli.run(SpacesGitInfo, ['space_handbook']);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('docs spaces git import space_handbook --url <repository>');
  });
});
