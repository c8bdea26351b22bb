/*
 * Docs as code end to end: the built `docs` as a child process (no TTY, CI set) against a sandbox
 * on a loopback port, running the docs-as-code jobs of docs/ci.md as written (the shell job and
 * the GitHub Actions workflow's `run:` steps; the install step is replaced by the built `docs`
 * on PATH, and `gh pr comment` is not run). A space is created, a folder of 200 pages in the Git
 * Sync layout (SUMMARY.md with groups and nesting, images, hints and tabs, links between pages)
 * is pushed to a change request whose diff is posted, one edited file changes exactly one page,
 * the merge job merges and publishes, and a pull into an empty folder gives the same tree, order
 * and text back, up to the sandbox's normalization.
 */
import { spawn } from 'node:child_process';
import { appendFile, chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, normalizeStoredMarkdown, type RunningSandbox, type Sandbox } from '@docs-api/sandbox';
import { docsFolder } from '../fixtures/docs-folder.mjs';
import { DOCS_BIN } from './harness.js';

const CI_DOC = fileURLToPath(new URL('../../docs/ci.md', import.meta.url));

let sandbox: Sandbox;
let running: RunningSandbox;
let url: string;
let root: string;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = createSandbox({ checkResponses: true });
  running = await sandbox.listen();
  url = running.url;
  root = await mkdtemp(join(tmpdir(), 'docs-dac-e2e-'));
  const bin = join(root, 'bin');
  await mkdir(bin);
  await writeFile(join(bin, 'docs'), `#!/bin/sh\nexec "${process.execPath}" "${DOCS_BIN}" "$@"\n`);
  await chmod(join(bin, 'docs'), 0o755);
  env = {
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    HOME: root,
    XDG_CONFIG_HOME: root,
    DOCS_API_URL: url,
    DOCS_API_TOKEN: sandbox.token,
    DOCS_ORG: 'org_acme',
    NO_COLOR: '1',
    CI: 'true',
  };
});

afterAll(async () => {
  await running.close();
  await rm(root, { recursive: true, force: true });
});

function bash(command: string, cwd: string, extra: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-e', '-c', command], {
      cwd,
      env: { ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const docs = (args: string[], cwd = root) =>
  bash(`docs ${args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')}`, cwd);

/** A repository holding the 200-page folder under docs/. */
async function repository(name: string): Promise<string> {
  const repo = join(root, name);
  for (const [path, data] of Object.entries(docsFolder(200).files)) {
    await mkdir(dirname(join(repo, 'docs', path)), { recursive: true });
    await writeFile(join(repo, 'docs', path), data);
  }
  return repo;
}

/** A new space, with the folder's groups made "in the app" (no change of the API creates one). */
async function space(): Promise<string> {
  const made = await docs(['spaces', 'create', '--title', 'Product docs', '--json']);
  expect(made.code, made.stderr).toBe(0);
  const id = (JSON.parse(made.stdout) as { id: string }).id;
  const space = sandbox.store.spaces.get(id);
  const revision = space?.revision === undefined ? undefined : sandbox.store.revisions.get(space.revision);
  if (!revision) throw new Error(`space ${id} has no primary revision in the sandbox`);
  const now = sandbox.store.now();
  for (const group of docsFolder(200).groups) {
    revision.pages.push({
      id: `grp_${group.toLowerCase()}_${id}`,
      type: 'group',
      title: group,
      slug: group.toLowerCase(),
      createdAt: now,
      updatedAt: now,
      links: [],
      pages: [],
    });
  }
  return id;
}

async function files(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else
        out[relative(dir, full)] = (await readFile(full)).toString(
          entry.name.endsWith('.png') ? 'base64' : 'utf8',
        );
    }
  };
  await walk(dir);
  delete out['.gitbook/docs-sync.json'];
  return out;
}

/** What the sandbox stores of a folder: page files normalized; SUMMARY.md's blank lines aside. */
function asStored(folder: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(folder).map(([path, text]) => [
      path,
      path === 'SUMMARY.md'
        ? text.replace(/\n{2,}/g, '\n')
        : path.endsWith('.md')
          ? normalizeStoredMarkdown(text)
          : text,
    ]),
  );
}

const shellJob = async () => {
  const markdown = await readFile(CI_DOC, 'utf8');
  const block = /```sh\n(# docs-as-code\.sh[\s\S]*?)```/.exec(markdown)?.[1];
  if (!block) throw new Error('docs/ci.md has no docs-as-code.sh block');
  return block;
};

describe('docs/ci.md, docs as code, run as written against the sandbox', () => {
  it('the shell job: review pushes 200 pages and diffs them, an edit changes one page, merge merges and publishes, pull gives the folder back', async () => {
    const SPACE = await space();
    const repo = await repository('shell');
    const job = await shellJob();
    const vars = { SPACE, SITE: 'site_docs', SUBJECT: 'PR #7: docs' };

    const review = await bash(job, repo, { ...vars, EVENT: 'review' });
    expect(review.code, review.stderr).toBe(0);
    const pushed = JSON.parse(await readFile(join(repo, 'push.json'), 'utf8')) as {
      counts: { inserted: number };
      changeRequest: { number: number; created: boolean };
      notApplied: unknown[];
    };
    expect(pushed.counts.inserted).toBe(200);
    expect(pushed.changeRequest.created).toBe(true);
    expect(pushed.notApplied).toEqual([]);
    expect(await readFile(join(repo, 'docs.diff'), 'utf8')).toBeDefined();

    // Run again with no edit: the same change request, nothing sent.
    const again = await bash(job, repo, { ...vars, EVENT: 'review' });
    expect(again.code, again.stderr).toBe(0);
    const second = JSON.parse(await readFile(join(repo, 'push.json'), 'utf8')) as {
      changes: unknown[];
      changeRequest: { number: number; created: boolean };
    };
    expect(second.changes).toEqual([]);
    expect(second.changeRequest).toMatchObject({ number: pushed.changeRequest.number, created: false });

    // One edited file: exactly one page changes.
    await appendFile(join(repo, 'docs', 'guides', 'section-1', 'topic-2.md'), '\nOne more line.\n');
    const edited = await bash(job, repo, { ...vars, EVENT: 'review' });
    expect(edited.code, edited.stderr).toBe(0);
    const third = JSON.parse(await readFile(join(repo, 'push.json'), 'utf8')) as { changes: unknown[] };
    expect(third.changes).toEqual([
      expect.objectContaining({ op: 'update_page', path: 'guides/section-1/topic-2', reasons: ['content'] }),
    ]);

    const merge = await bash(job, repo, { ...vars, EVENT: 'merge' });
    expect(merge.code, merge.stderr).toBe(0);
    expect(merge.stderr).toContain(`Merged #${pushed.changeRequest.number}`);
    expect(JSON.parse(await readFile(join(repo, 'published.json'), 'utf8'))).toBeTruthy();

    // Pull the merged space into an empty folder: the same tree, order and text.
    const copy = join(root, 'pulled');
    const pulled = await docs(['pull', SPACE, copy]);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stderr).toContain('Pulled 200 pages and 2 files');
    expect(asStored(await files(copy))).toEqual(asStored(await files(join(repo, 'docs'))));

    // And pushing the pulled folder is no change.
    const noChange = await docs(['push', SPACE, copy, '--yes', '--json']);
    expect(noChange.code, noChange.stderr).toBe(0);
    expect((JSON.parse(noChange.stdout) as { changes: unknown[] }).changes).toEqual([]);
  }, 120_000);

  it('the GitHub Actions workflow: a pull request run, then the merged run', async () => {
    const SPACE = await space();
    const repo = await repository('github');
    const markdown = await readFile(CI_DOC, 'utf8');
    const yaml = [...markdown.matchAll(/```yaml\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .find((text) => text.startsWith('# .github/workflows/docs-as-code.yml'));
    const workflow = parseYaml(yaml ?? '') as {
      jobs: Record<
        string,
        {
          env: Record<string, string>;
          steps: Array<{ run?: string; if?: string; name?: string; env?: Record<string, string> }>;
        }
      >;
    };
    const run = async (merged: boolean) => {
      const values: Record<string, string> = {
        'secrets.DOCS_API_TOKEN': sandbox.token,
        'vars.DOCS_ORG': 'org_acme',
        'vars.DOCS_SPACE': SPACE,
        'vars.DOCS_SITE': 'site_docs',
        'github.event.number': '12',
        'github.event.pull_request.merged': String(merged),
        'github.token': 'not-used',
      };
      const expand = (text: string) =>
        text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_m, name: string) => {
          const value = values[name];
          if (value === undefined)
            throw new Error(`docs/ci.md uses \${{ ${name} }}, which the test does not provide`);
          return value;
        });
      const githubEnv = join(repo, `github-env-${String(merged)}`);
      const summary = join(repo, `summary-${String(merged)}.md`);
      await writeFile(githubEnv, '');
      for (const job of Object.values(workflow.jobs)) {
        const jobEnv = Object.fromEntries(Object.entries(job.env).map(([k, v]) => [k, expand(String(v))]));
        for (const step of job.steps) {
          if (!step.run || step.run.startsWith('npm install') || step.run.startsWith('gh ')) continue;
          const exported = Object.fromEntries(
            (await readFile(githubEnv, 'utf8'))
              .split('\n')
              .filter(Boolean)
              .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
          );
          const stepEnv = { ...jobEnv, ...exported, GITHUB_ENV: githubEnv, GITHUB_STEP_SUMMARY: summary };
          // The `if:` forms the workflow uses: env.X == / != 'value', joined by &&.
          const condition = (step.if ?? '').split('&&').every((part) => {
            const m = /env\.(\w+)\s*(==|!=)\s*'([^']*)'/.exec(part.trim());
            if (!m) return true;
            const value = (stepEnv as Record<string, string>)[m[1] ?? ''] ?? '';
            return m[2] === '==' ? value === m[3] : value !== m[3];
          });
          if (!condition) continue;
          const result = await bash(expand(step.run), repo, stepEnv);
          expect(result.code, `${String(step.name)}: ${result.stderr}`).toBe(0);
        }
      }
      return { summary };
    };

    const pr = await run(false);
    expect(await readFile(pr.summary, 'utf8')).toMatch(/### Documentation: change request #\d+/);
    const crs = [...sandbox.store.changeRequests.values()].filter((cr) => cr.space === SPACE);
    expect(crs.map((cr) => cr.subject)).toEqual(['PR #12: docs']);

    await run(true);
    expect(
      [...sandbox.store.changeRequests.values()].filter((cr) => cr.space === SPACE).map((cr) => cr.status),
    ).toEqual(['merged']);
    const listed = await docs(['pages', 'list', SPACE]);
    expect(listed.stdout.trim().split('\n')).toHaveLength(202);
  }, 120_000);
});
