import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DocsClient } from '@docs-api/sdk';
import { useInProcessCli } from '../../../../test-support/run-command.js';
import { BaseCommand } from '../../../base-command.js';
import SpacesGitExport from './export.js';
import SpacesGitImport from './import.js';
import SpacesGitInfo from './info.js';

/*
 * Git Sync from the command line (issue 22, item 4). The service answers an import or an export
 * with 204 and no run: --wait follows the space's Git info. Until the sandbox keeps Git Sync
 * state, these tests put a small model of it in front of the sandbox: info 404 until a first
 * run, each run `running` for `readsWhileRunning` reads, then `success` or `failure`.
 */

const cli = useInProcessCli();
const SECRET = 's3cr3t-t0ken';
const URL_WITH_TOKEN = `https://x-access-token:${SECRET}@github.com/acme/handbook.git`;

interface GitModel {
  bodies: Array<Record<string, unknown>>;
  operation?: {
    direction: string;
    state: string;
    startedAt: string;
    endedAt?: string;
    error?: string;
    errorAction?: { label: string; url: string };
  };
  readsLeft: number;
  outcome: 'success' | 'failure';
  readsWhileRunning: number;
}

let git: GitModel;

beforeEach(() => {
  git = { bodies: [], readsLeft: 0, outcome: 'success', readsWhileRunning: 1 };
  let clock = Date.parse('2026-02-01T10:00:00.000Z');
  const original = BaseCommand.clientFactory;
  BaseCommand.clientFactory = (options) => {
    const client = original(options) as DocsClient;
    const sandboxFetch = (client as unknown as { fetch?: typeof fetch }).fetch;
    void sandboxFetch;
    return new DocsClient({
      ...options,
      baseUrl: 'http://sandbox.test/v1',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const path = new URL(request.url).pathname;
        const match = /^\/v1\/spaces\/([^/]+)\/git\/(info|import|export)$/.exec(path);
        if (!match) return cli.sandbox.fetch(request);
        if (match[2] === 'info') {
          if (!git.operation)
            return Response.json({ error: { code: 404, message: 'No Git Sync' } }, { status: 404 });
          if (git.operation.state === 'running') {
            if (git.readsLeft > 0) git.readsLeft -= 1;
            else {
              git.operation.state = git.outcome;
              git.operation.endedAt = new Date((clock += 4000)).toISOString();
              if (git.outcome === 'failure') {
                git.operation.error = 'Could not read SUMMARY.md: the file is not UTF-8';
                git.operation.errorAction = { label: 'Open the repository', url: URL_WITH_TOKEN };
              }
            }
          }
          return Response.json({
            repoName: 'acme/handbook',
            installationProvider: 'github',
            url: 'https://github.com/acme/handbook',
            operation: git.operation,
          });
        }
        git.bodies.push((await request.json()) as Record<string, unknown>);
        git.operation = {
          direction: match[2],
          state: 'running',
          startedAt: new Date((clock += 1000)).toISOString(),
        };
        git.readsLeft = git.readsWhileRunning;
        return new Response(null, { status: 204 });
      },
    });
  };
});

const never = (text: string) => expect(text).not.toContain(SECRET);

describe('docs spaces git import and export', () => {
  it('starts an import with the repository URL, its credentials never printed', async () => {
    const result = await cli.run(SpacesGitImport, [
      'space_handbook',
      '--url',
      URL_WITH_TOKEN,
      '--ref',
      'main',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(git.bodies).toEqual([{ url: URL_WITH_TOKEN, ref: 'refs/heads/main' }]);
    expect(JSON.parse(result.stdout)).toEqual({
      space: 'space_handbook',
      direction: 'import',
      url: 'https://github.com/acme/handbook.git',
      ref: 'refs/heads/main',
    });
    never(result.stdout + result.stderr);
  });

  it('--wait follows the run to its end (DOCS_GIT_URL for the URL), with the outcome', async () => {
    vi.stubEnv('DOCS_GIT_URL', URL_WITH_TOKEN);
    git.readsWhileRunning = 2;
    const result = await cli.run(SpacesGitExport, [
      'space_handbook',
      '--wait',
      '--interval',
      '1',
      '-m',
      'Export the handbook',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(git.bodies[0]).toMatchObject({ commitMessage: 'Export the handbook', ref: 'refs/heads/main' });
    expect(result.stderr).toContain(
      'Exported space_handbook to refs/heads/main of https://github.com/acme/handbook.git',
    );
    expect(result.stdout).toMatch(/Last operation:\s+export success/);
    never(result.stdout + result.stderr);
  });

  it("a failed run is exit 1 with the service's error and what to do, credentials redacted everywhere", async () => {
    git.outcome = 'failure';
    const human = await cli.run(SpacesGitImport, [
      'space_handbook',
      '--url',
      URL_WITH_TOKEN,
      '--wait',
      '--interval',
      '1',
    ]);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain(
      'Error: The import of space_handbook ended failure: Could not read SUMMARY.md: the file is not UTF-8',
    );
    expect(human.stderr).toContain('What to do: Open the repository: https://github.com/acme/handbook.git');
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
    expect(JSON.parse(json.stdout)).toMatchObject({ info: { operation: { state: 'failure' } } });
    never(json.stdout + json.stderr);
  });

  it('follows the run it started, not the one before it', async () => {
    await cli.run(SpacesGitImport, ['space_handbook', '--url', URL_WITH_TOKEN, '--wait', '--interval', '1']);
    const previous = git.operation?.startedAt;
    git.readsWhileRunning = 1;
    const result = await cli.run(SpacesGitImport, [
      'space_handbook',
      '--url',
      URL_WITH_TOKEN,
      '--wait',
      '--interval',
      '1',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const { info } = JSON.parse(result.stdout) as { info: { operation: { startedAt: string } } };
    expect(info.operation.startedAt).not.toBe(previous);
  });

  it('gives up after --wait-timeout with exit 1 and the command that follows the run', async () => {
    git.readsWhileRunning = 1000;
    const result = await cli.run(SpacesGitImport, [
      'space_handbook',
      '--url',
      URL_WITH_TOKEN,
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

  it('checks the URL and the ref before sending anything (exit 2), without echoing a bad URL', async () => {
    for (const argv of [
      ['space_handbook', '--url', `not a url ${SECRET}`],
      ['space_handbook', '--url', `ssh://git:${SECRET}@github.com/acme/handbook.git`],
      ['space_handbook', '--url', URL_WITH_TOKEN, '--ref', ' '],
      ['space_handbook', '--url', URL_WITH_TOKEN, '--wait-timeout', '5'],
    ]) {
      const result = await cli.run(SpacesGitImport, argv);
      expect(result.code, argv.join(' ')).toBe(2);
      never(result.stdout + result.stderr);
    }
    expect(git.bodies).toEqual([]);
    expect(cli.totalRequests()).toBe(0);
  });
});

describe('docs spaces git info', () => {
  it('shows the last operation; a space with no Git Sync is exit 3 with what to do', async () => {
    const none = await cli.run(SpacesGitInfo, ['space_handbook']);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('docs spaces git import space_handbook --url <repository>');

    await cli.run(SpacesGitImport, ['space_handbook', '--url', URL_WITH_TOKEN, '--wait', '--interval', '1']);
    const info = await cli.run(SpacesGitInfo, ['space_handbook', '--jq', '.operation.state']);
    expect(info.stdout).toBe('success\n');
  });
});
