/*
 * The CI jobs of docs/ci.md, run as written: every `run:` step of the GitHub Actions workflows
 * and every `script:` line of the GitLab CI jobs, in bash, in a scratch repository holding the
 * files the jobs name, against a sandbox on a loopback port. The install step is the one thing
 * replaced: the built `docs` binary is put on PATH instead of `npm install -g @docs-api/cli`.
 * `${{ secrets.X }}`, `${{ vars.X }}` and `${{ inputs.x }}` take the test's values.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCS_BIN, startE2e, type E2eContext } from './harness.js';

const CI_DOC = fileURLToPath(new URL('../../docs/ci.md', import.meta.url));
const INSTALL_STEP = 'npm install -g @docs-api/cli';

interface Workflow {
  file: string;
  document: Record<string, unknown>;
}

/**
 * The YAML blocks of docs/ci.md, each named by its first line (`# .github/workflows/docs.yml`);
 * the docs-as-code workflow has its own test (docs-as-code.test.ts).
 */
async function workflows(): Promise<Workflow[]> {
  const markdown = await readFile(CI_DOC, 'utf8');
  return [...markdown.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((match) => {
      const text = match[1] ?? '';
      const file = /^# (\S+)/.exec(text)?.[1] ?? '';
      return { file, document: parseYaml(text) as Record<string, unknown> };
    })
    .filter((workflow) => workflow.file !== '.github/workflows/docs-as-code.yml');
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

/** A repository with what the jobs publish: an OpenAPI spec and an integration directory. */
async function scratchRepository(): Promise<{ repo: string; bin: string; summary: string }> {
  const root = await mkdtemp(join(tmpdir(), 'docs-ci-'));
  const repo = join(root, 'repo');
  const integration = join(repo, 'integrations', 'status-badge');
  await mkdir(join(repo, 'specs'), { recursive: true });
  await mkdir(join(integration, 'src'), { recursive: true });
  await writeFile(
    join(repo, 'specs', 'petstore.yaml'),
    "openapi: 3.1.0\ninfo:\n  title: Petstore\n  version: '1.0'\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          description: The pets\n",
  );
  await writeFile(
    join(integration, 'gitbook-manifest.yaml'),
    [
      'name: status-badge',
      'title: Status badge',
      'description: Shows the status of a service',
      'script: src/index.ts',
      'icon: icon.png',
      'scopes: [space:content:read]',
      'organization: org_acme',
      'secrets:',
      '  API_KEY: ${{ env.STATUS_API_KEY }}',
      'envs:',
      '  production:',
      '    visibility: unlisted',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(integration, 'src', 'index.ts'),
    'export default { fetch: (): Response => new Response("up") };\n',
  );
  await writeFile(join(integration, 'icon.png'), PNG);
  // `docs` on PATH, as the install step would put it there.
  const bin = join(root, 'bin');
  await mkdir(bin);
  await writeFile(join(bin, 'docs'), `#!/bin/sh\nexec "${process.execPath}" "${DOCS_BIN}" "$@"\n`);
  await chmod(join(bin, 'docs'), 0o755);
  return { repo, bin, summary: join(root, 'summary.md') };
}

/** Replaces `${{ secrets.X }}`, `${{ vars.X }}`, `${{ inputs.x }}` with the test's values. */
function expand(value: unknown, values: Record<string, string>): string {
  return String(value).replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_m, name: string) => {
    const found = values[name];
    if (found === undefined)
      throw new Error(`docs/ci.md uses \${{ ${name} }}, which the test does not provide`);
    return found;
  });
}

function bash(command: string, cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-e', '-c', command], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let e2e: E2eContext;
let scratch: Awaited<ReturnType<typeof scratchRepository>>;
let baseEnv: Record<string, string>;
let values: Record<string, string>;

beforeEach(async () => {
  e2e = await startE2e();
  scratch = await scratchRepository();
  baseEnv = {
    PATH: `${scratch.bin}:${process.env.PATH ?? ''}`,
    HOME: e2e.configHome,
    XDG_CONFIG_HOME: e2e.configHome,
    DOCS_API_URL: e2e.running.url,
    NO_COLOR: '1',
    CI: 'true',
  };
  values = {
    'secrets.DOCS_API_TOKEN': e2e.running.token,
    'vars.DOCS_ORG': 'org_acme',
    'secrets.STATUS_API_KEY': 'sk_test_status',
    'inputs.space': 'space_handbook',
    'inputs.change_request': '2',
  };
});
afterEach(() => e2e.close());

/** What the three jobs leave in the sandbox. */
function expectPublished(): void {
  const spec = [...e2e.sandbox.store.openapiSpecs.values()].find((row) => row.slug === 'petstore');
  expect(spec).toMatchObject({ processingState: 'complete' });
  expect(spec?.lastProcessErrorCode).toBeUndefined();
  expect(spec?.sourceText).toContain('title: Petstore');
  const integration = e2e.sandbox.store.integrations.get('status-badge');
  expect(integration?.integration.visibility).toBe('unlisted');
  expect(integration?.secrets).toEqual({ API_KEY: 'sk_test_status' });
}

function expectMerged(): void {
  const request = [...e2e.sandbox.store.changeRequests.values()].find(
    (row) => row.space === 'space_handbook' && row.number === 2,
  );
  expect(request?.status).toBe('merged');
}

describe('the CI jobs of docs/ci.md, run as written', () => {
  it('has GitHub Actions workflows and a GitLab CI file', async () => {
    const files = (await workflows()).map((workflow) => workflow.file);
    expect(files).toEqual([
      '.github/workflows/docs.yml',
      '.github/workflows/merge-change-request.yml',
      '.gitlab-ci.yml',
    ]);
  });

  it('GitHub Actions: publishes the spec and the integration, then merges a change request', async () => {
    for (const { file, document } of (await workflows()).filter((w) => w.file.startsWith('.github/'))) {
      const jobs = document.jobs as Record<
        string,
        { env?: Record<string, string>; steps: Array<Record<string, unknown>> }
      >;
      for (const [jobName, job] of Object.entries(jobs)) {
        for (const step of job.steps) {
          if (step.uses || step.run === INSTALL_STEP) continue;
          const env: Record<string, string> = {
            ...baseEnv,
            GITHUB_ACTIONS: 'true',
            GITHUB_STEP_SUMMARY: scratch.summary,
          };
          for (const [name, value] of Object.entries({ ...job.env, ...(step.env as Record<string, string>) }))
            env[name] = expand(value, values);
          const result = await bash(String(step.run), scratch.repo, env);
          expect(result.code, `${file} ${jobName} "${String(step.name)}": ${result.stderr}`).toBe(0);
        }
      }
    }
    expectPublished();
    expectMerged();
    expect(await readFile(scratch.summary, 'utf8')).toMatch(/✅ OpenAPI spec `petstore` published/);
  });

  it('GitLab CI: the same three jobs', async () => {
    const [gitlab] = (await workflows()).filter((w) => w.file === '.gitlab-ci.yml');
    const document = gitlab?.document ?? {};
    const env: Record<string, string> = {
      ...baseEnv,
      DOCS_API_TOKEN: values['secrets.DOCS_API_TOKEN'] ?? '',
      DOCS_ORG: 'org_acme',
      STATUS_API_KEY: 'sk_test_status',
      SPACE: 'space_handbook',
      CHANGE_REQUEST: '2',
      GITLAB_CI: 'true',
    };
    const before = (document.default as { before_script?: string[] } | undefined)?.before_script ?? [];
    expect(before).toEqual([INSTALL_STEP]);
    for (const [jobName, job] of Object.entries(document)) {
      if (jobName === 'default') continue;
      for (const line of (job as { script: string[] }).script) {
        const result = await bash(line, scratch.repo, env);
        expect(result.code, `${jobName}: ${line}: ${result.stderr}`).toBe(0);
      }
    }
    expectPublished();
    expectMerged();
  });

  it('fails the job before sending anything when the spec in the repository is invalid, with annotations', async () => {
    await writeFile(
      join(scratch.repo, 'specs', 'petstore.yaml'),
      'openapi: 3.1.0\ninfo:\n  title: Petstore\npaths: {}\n',
    );
    const [docsWorkflow] = await workflows();
    const jobs = docsWorkflow?.document.jobs as Record<
      string,
      { steps: Array<{ run?: string; name?: string }> }
    >;
    const step = jobs.openapi?.steps.find((candidate) => candidate.name === 'Publish the OpenAPI spec');
    const result = await bash(String(step?.run), scratch.repo, {
      ...baseEnv,
      DOCS_API_TOKEN: e2e.running.token,
      DOCS_ORG: 'org_acme',
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: scratch.summary,
    });

    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      "::error file=specs/petstore.yaml,line=2,col=1,title=Invalid OpenAPI spec::/info: must have required property 'version'",
    );
    expect(result.stderr).toContain("specs/petstore.yaml:2:1 /info: must have required property 'version'");
    expect(await readFile(scratch.summary, 'utf8')).toMatch(/is not valid/);
    expect(e2e.sandbox.requests.get('openapi.replace')).toBeUndefined();
  });
});
