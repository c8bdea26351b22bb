import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { requireWorkerd, workerdUnavailable } from '../../lib/integrations/workerd.js';
import IntegrationsCheck from './check.js';

/*
 * `docs integrations check`: the bundle built as publish builds it, started in workerd, and one
 * event dispatched as the service's dispatcher sends it (issue 22, item 6). Skips with one line
 * where workerd cannot run and CI is not set, as test/integrations/workerd-bundles.test.ts does.
 */

const unavailable = await workerdUnavailable();
if (unavailable && process.env.CI === 'true') throw new Error(`workerd must run in CI: ${unavailable}`);
if (unavailable) console.warn(`Skipping the integrations check tests: ${unavailable}`);

const cli = useInProcessCli();
let root: string;

/** An integration written the way @gitbook/runtime dispatches: the event in a form, by type. */
const RUNTIME_LIKE = `
export default {
  async fetch(request: Request): Promise<Response> {
    const form = await request.formData();
    const event = JSON.parse(String(form.get('event')));
    const environment = JSON.parse(String(form.get('environment')));
    console.log('[integration] handling', event.type, 'for', environment.integration.name);
    if (event.type === 'installation_setup') throw new Error('no configuration: cannot set up');
    if (event.type === 'fetch') return new Response('hello ' + new URL(event.request.url).pathname);
    return new Response('Integration does not handle ' + event.type + ' events', { status: 406 });
  },
};
`;

async function integration(name: string, script: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(join(dir, 'src'), { recursive: true });
  await writeFile(
    join(dir, 'gitbook-manifest.yaml'),
    `name: ${name}\ntitle: Check ${name}\nscript: ./src/index.ts\nscopes: []\nsecrets:\n  KEY: \${{ env.NOT_SET_ANYWHERE }}\n`,
  );
  await writeFile(join(dir, 'src/index.ts'), script);
  return dir;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'docs-check-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(unavailable)('docs integrations check', () => {
  it('builds, starts and answers a fetch of / by default; secrets are not needed; nothing is sent', async () => {
    const dir = await integration('runtime-like', RUNTIME_LIKE);
    const result = await cli.run(IntegrationsCheck, [dir, '--path', '/status']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('It answered the fetch event: HTTP 200: hello /status');
    expect(result.stderr).toContain('[integration] handling fetch for runtime-like');
    expect(result.stderr).toContain('nothing was published');
    expect(cli.totalRequests()).toBe(0);
  });

  it('an event the integration does not handle is fine (406); one it throws on is exit 1 with the log', async () => {
    const dir = await integration('runtime-like-2', RUNTIME_LIKE);
    const unhandled = await cli.run(IntegrationsCheck, [dir, '--event', 'space_view', '--json']);
    expect(unhandled.code, unhandled.stderr).toBe(0);
    expect(JSON.parse(unhandled.stdout)).toMatchObject({
      ok: true,
      event: 'space_view',
      response: { status: 406 },
    });

    const failed = await cli.run(IntegrationsCheck, [dir, '--event', 'installation_setup']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('runtime-like-2 failed on the installation_setup event (HTTP 500');
    expect(failed.stderr).toContain('no configuration: cannot set up');
  });

  it("a bundle that throws at load does not start: exit 1 with the runtime's words", async () => {
    const dir = await integration(
      'throws-at-load',
      "throw new Error('broken at load');\nexport default {};\n",
    );
    const result = await cli.run(IntegrationsCheck, [dir]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('throws-at-load does not start in the Workers runtime');
    expect(result.stderr).toContain('broken at load');
  });

  it('a script that does not build is exit 2, nothing run', async () => {
    const dir = await integration(
      'does-not-build',
      "import missing from './missing.js';\nexport default missing;\n",
    );
    const result = await cli.run(IntegrationsCheck, [dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/does not build:\n.*Could not resolve "\.\/missing\.js"/);
  });
});

describe('without workerd', () => {
  it('says that the runtime is an optional dependency, and how to install it', async () => {
    const missing = () => {
      throw new Error("Cannot find package 'workerd' imported from /x/lib/workerd.js");
    };
    await expect(requireWorkerd(missing)).rejects.toThrow(
      /optional dependency of @docs-api\/cli.*npm install -g workerd/,
    );
  });
});
