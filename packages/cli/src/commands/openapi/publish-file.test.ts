import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import OpenApiCreate from './create.js';
import OpenApiPublish from './publish.js';

/* `docs openapi publish|create <slug> <file>`: a spec of the repository, checked before it is sent. */

const cli = useInProcessCli();
const FIXTURES = fileURLToPath(new URL('../../../../../test/fixtures/openapi/', import.meta.url));

const VALID = "openapi: 3.1.0\ninfo:\n  title: Pets\n  version: '1.0'\npaths: {}\n";
const INVALID = [
  'openapi: 3.1.0',
  'info:',
  '  title: Pets',
  'paths:',
  '  /pets:',
  '    get:',
  '      parameters:',
  '        - name: limit',
  '          in: querystring',
  '          schema: { type: integer }',
  '      responses: {}',
  '',
].join('\n');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openapi-file-'));
  await writeFile(join(dir, 'pets.yaml'), VALID);
  await writeFile(join(dir, 'broken.yaml'), INVALID);
});

const requestsSent = () => [...cli.sandbox.requests.values()].reduce((sum, n) => sum + n, 0);

describe('docs openapi publish from a file', () => {
  it('sends a valid file as text and follows its processing', async () => {
    const result = await cli.run(OpenApiPublish, [
      'pets',
      join(dir, 'pets.yaml'),
      '--wait',
      '--interval',
      '1',
    ]);

    expect(result.code, result.stderr).toBe(0);
    const row = [...cli.sandbox.store.openapiSpecs.values()].find((spec) => spec.slug === 'pets');
    expect(row?.sourceText).toBe(VALID);
    expect(row?.sourceURL).toBeUndefined();
    expect(row?.lastVersion).toMatch(/^specv_/);
    expect(result.stdout).toMatch(/^State:\s+complete$/m);
  });

  it('names the way out when the service refuses a spec text as too large: a URL it fetches', async () => {
    // The sandbox takes 1 MiB a request, as a service may take less than a large spec: the
    // document names no limit for a spec's text, so the CLI sends it and reads the refusal.
    const file = join(dir, 'large.yaml');
    const padding = Array.from({ length: 12_000 }, (_, index) => `# ${String(index).padStart(90, '.')}`);
    await writeFile(join(dir, 'large.yaml'), `${VALID}${padding.join('\n')}\n`);

    const result = await cli.run(OpenApiPublish, ['pets', file]);

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/HTTP 413/);
    expect(result.stderr).toContain(
      `${file} is sent as its text (1.1 MB), more than the service takes in one request: publish it from a URL the service fetches itself instead (\`docs openapi publish pets <url of the spec>\`).`,
    );
    expect([...cli.sandbox.store.openapiSpecs.values()].some((spec) => spec.slug === 'pets')).toBe(false);
  });

  it('refuses an invalid spec before sending: exit 2, every problem located', async () => {
    const file = join(dir, 'broken.yaml');
    const result = await cli.run(OpenApiPublish, ['pets', file]);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:2:1 /info: must have required property 'version'`);
    expect(result.stderr).toContain(
      `${file}:9:11 /paths/~1pets/get/parameters/0/in: must be one of "query", "header", "path", "cookie"`,
    );
    expect(result.stderr).toMatch(/is not a valid OpenAPI spec \(\d+ problems\): nothing was sent\./);
    expect(requestsSent()).toBe(0);
  });

  it('under GitHub Actions, writes annotations (stdout) and a job summary', async () => {
    const summary = join(dir, 'summary.md');
    vi.stubEnv('GITHUB_ACTIONS', 'true');
    vi.stubEnv('GITHUB_STEP_SUMMARY', summary);

    const refused = await cli.run(OpenApiCreate, ['pets', join(dir, 'broken.yaml')]);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain(
      `::error file=${join(dir, 'broken.yaml')},line=2,col=1,title=Invalid OpenAPI spec::/info: must have required property 'version'`,
    );
    expect(await readFile(summary, 'utf8')).toMatch(
      /OpenAPI spec `.*broken\.yaml` is not valid[\s\S]*\| `\/info` \|/,
    );

    const published = await cli.run(OpenApiPublish, [
      'pets',
      join(dir, 'pets.yaml'),
      '--wait',
      '--interval',
      '1',
      '--json',
    ]);
    expect(published.code).toBe(0);
    expect(() => JSON.parse(published.stdout) as unknown).not.toThrow();
    expect(await readFile(summary, 'utf8')).toMatch(/✅ OpenAPI spec `pets` published: version `specv_\w+`/);
  });

  it('reports the service processing errors as annotations when --wait sees processing fail', async () => {
    vi.stubEnv('GITHUB_ACTIONS', 'true');
    vi.stubEnv('GITHUB_STEP_SUMMARY', join(dir, 'summary.md'));

    const result = await cli.run(OpenApiPublish, [
      'pets',
      'https://unreachable.test/pets.yaml',
      '--wait',
      '--interval',
      '1',
    ]);

    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^::error title=OpenAPI spec pets%3A processing failed \(FETCH_TIMEOUT\)::FETCH_TIMEOUT: /m,
    );
    expect(result.stderr).toMatch(/Processing of OpenAPI spec pets failed \(FETCH_TIMEOUT\)/);
  });

  it('sends a spec with likely mistakes, each one a warning with its place (::warning under GitHub Actions)', async () => {
    vi.stubEnv('GITHUB_ACTIONS', 'true');
    vi.stubEnv('GITHUB_STEP_SUMMARY', join(dir, 'summary.md'));
    const file = join(FIXTURES, 'warnings.yaml');

    const result = await cli.run(OpenApiPublish, ['pets', file]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `Warning: ${file}:27:7 /paths/~1toys/get/operationId: duplicate operationId "getToy": also at`,
    );
    expect(result.stdout).toMatch(
      new RegExp(
        `^::warning file=${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},line=13,col=5,title=OpenAPI spec%3A likely mistake::/paths/~1pets~1\\{petId\\}`,
        'm',
      ),
    );
    expect(result.stdout).not.toContain('::error');
    const row = [...cli.sandbox.store.openapiSpecs.values()].find((spec) => spec.slug === 'pets');
    expect(row?.sourceText).toBe(await readFile(file, 'utf8'));
  });

  it('sends a spec with a property named $ref and a $ref inside an example, as it is, and it is processed', async () => {
    for (const name of ['property-named-ref.yaml', 'ref-in-example.yaml']) {
      const result = await cli.run(OpenApiPublish, [
        'pets',
        join(FIXTURES, name),
        '--wait',
        '--interval',
        '1',
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toMatch(/Warning|Error/);
      // The sandbox processes it as the service does: complete, no errors.
      expect(result.stdout).toMatch(/^State:\s+complete$/m);
    }
    expect(cli.sandbox.hits.get('openapi.replace')).toBe(2);
  });

  it('refuses a billion-laughs file: exit 2, naming the file, nothing sent', async () => {
    const file = join(FIXTURES, 'billion-laughs.yaml');
    const result = await cli.run(OpenApiPublish, ['pets', file]);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}:7:10: YAML aliases expand this document`);
    expect(result.stderr).toContain(`${file} is not a valid OpenAPI spec (1 problem): nothing was sent.`);
    expect(requestsSent()).toBe(0);
  });

  it('takes the spec once: the argument or --url, and refuses a file that does not exist', async () => {
    const both = await cli.run(OpenApiPublish, [
      'pets',
      join(dir, 'pets.yaml'),
      '--url',
      'https://a.test/x.yaml',
    ]);
    expect(both.code).toBe(2);
    const none = await cli.run(OpenApiPublish, ['pets']);
    expect(none.code).toBe(2);
    const missing = await cli.run(OpenApiPublish, ['pets', join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
    expect(requestsSent()).toBe(0);

    const replaced = await cli.run(OpenApiPublish, ['pets', 'https://api.acme.test/pets.yaml']);
    expect(replaced.code).toBe(0);
    expect(cli.sandbox.hits.get('openapi.replace')).toBe(1);
  });
});
