import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bundleScript,
  describeBody,
  findManifest,
  ICON_MAX_BYTES,
  loadManifest,
  readImage,
  resolveSecrets,
} from './integration-manifest.js';

const IMAGES = fileURLToPath(new URL('../../../../../test/fixtures/images/', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../../../../test/fixtures/integrations/', import.meta.url));

/**
 * A stand-in for the 1Password CLI in its own directory: `op read op://v/i/f` prints a value
 * made from the reference (and a newline, as op does) and logs its arguments; other references
 * fail on stderr as op does.
 */
async function fakeOp(): Promise<{ path: string; log: string }> {
  const bin = await mkdtemp(join(tmpdir(), 'fake-op-'));
  const log = join(bin, 'calls.log');
  await writeFile(
    join(bin, 'op'),
    `#!/bin/sh
printf '%s\n' "$*" >> "${log}"
case "$2" in
  op://ci-vault/*) printf 'from-1password:%s\n' "\${2#op://}" ;;
  *) echo "[ERROR] could not read secret '$2': item not found" >&2; exit 1 ;;
esac
`,
  );
  await chmod(join(bin, 'op'), 0o755);
  return { path: bin, log };
}

/** A 1x1 PNG's first bytes: the signature is what is checked. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24)]);

const MANIFEST = `name: status-badge
title: Status badge
description: Shows the status of a service
script: src/index.ts
icon: assets/icon.png
previewImages:
  - assets/preview.png
scopes:
  - space:content:read
organization: org_acme
visibility: private
secrets:
  API_KEY: \${{ env.STATUS_API_KEY }}
  PLAIN: not-a-reference
envs:
  staging:
    organization: org_beta
    visibility: unlisted
`;

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'integration-'));
  await mkdir(join(dir, 'src'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'gitbook-manifest.yaml'), MANIFEST);
  await writeFile(
    join(dir, 'src', 'index.ts'),
    "import { label } from './label';\nexport default { fetch: () => new Response(label(3)) };\n",
  );
  await writeFile(
    join(dir, 'src', 'label.ts'),
    'export const label = (count: number): string => `${count} services up`;\n',
  );
  await writeFile(join(dir, 'assets', 'icon.png'), PNG);
  await writeFile(join(dir, 'assets', 'preview.png'), PNG);
});

describe('integration manifests', () => {
  it('finds the manifest of a directory and reads its fields, paths resolved from it', async () => {
    const file = await findManifest(dir);
    expect(file).toBe(join(dir, 'gitbook-manifest.yaml'));
    const manifest = await loadManifest(file, { environment: { STATUS_API_KEY: 'sk_live_123' } });
    expect(manifest).toMatchObject({
      name: 'status-badge',
      scriptEntry: join(dir, 'src', 'index.ts'),
      iconFile: join(dir, 'assets', 'icon.png'),
      previewImageFiles: [join(dir, 'assets', 'preview.png')],
      secrets: { API_KEY: 'sk_live_123', PLAIN: 'not-a-reference' },
      fields: {
        title: 'Status badge',
        description: 'Shows the status of a service',
        scopes: ['space:content:read'],
        organization: 'org_acme',
        visibility: 'private',
      },
    });
    expect(manifest.fields).not.toHaveProperty('envs');
    expect(manifest.fields).not.toHaveProperty('script');
  });

  it('applies the overrides of --env', async () => {
    const manifest = await loadManifest(join(dir, 'gitbook-manifest.yaml'), {
      env: 'staging',
      environment: { STATUS_API_KEY: 'x' },
    });
    expect(manifest.fields).toMatchObject({ organization: 'org_beta', visibility: 'unlisted' });
    await expect(
      loadManifest(join(dir, 'gitbook-manifest.yaml'), { env: 'prod', environment: { STATUS_API_KEY: 'x' } }),
    ).rejects.toThrow(/no environment "prod" under envs \(known: staging\)/);
  });

  it('names a missing environment variable, and no value', async () => {
    const error = await loadManifest(join(dir, 'gitbook-manifest.yaml'), { environment: {} }).catch(
      (e: Error) => e,
    );
    expect(error).toMatchObject({ name: 'UsageError' });
    expect((error as Error).message).toMatch(
      /secrets\.API_KEY needs the environment variable STATUS_API_KEY, which is not set\.$/,
    );
  });

  it('resolves 1Password references with `op read` (no shell: the reference is one argument), after env references', async () => {
    const op = await fakeOp();
    const secrets = await resolveSecrets(
      {
        DB: '${{ "op://ci-vault/db/password" }}',
        BARE: '${{ op://ci-vault/api/token }}',
        MIXED: '${{ env.USER_NAME }}:${{ "op://ci-vault/db/password" }}',
        PLAIN: 'no reference',
      },
      { PATH: op.path, USER_NAME: 'ci' },
      'gitbook-manifest.yaml',
    );
    expect(secrets).toEqual({
      DB: 'from-1password:ci-vault/db/password',
      BARE: 'from-1password:ci-vault/api/token',
      MIXED: 'ci:from-1password:ci-vault/db/password',
      PLAIN: 'no reference',
    });
    expect((await readFile(op.log, 'utf8')).trim().split('\n')).toEqual([
      'read op://ci-vault/db/password',
      'read op://ci-vault/api/token',
      'read op://ci-vault/db/password',
    ]);
  });

  it("names the secret when `op` fails, and op's own words, never a value", async () => {
    const op = await fakeOp();
    await expect(
      resolveSecrets({ TOKEN: '${{ "op://other/item/field" }}' }, { PATH: op.path }, 'm.yaml'),
    ).rejects.toThrow(
      "m.yaml: secrets.TOKEN: `op read op://other/item/field` failed: [ERROR] could not read secret 'op://other/item/field': item not found. Nothing was sent.",
    );
  });

  it('without `op` on PATH, a 1Password reference is a usage error naming the secrets and how to provide them', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'no-op-'));
    const error = await resolveSecrets(
      { A: '${{ "op://v/i/f" }}', B: 'plain', C: 'x-${{ op://v/i/g }}' },
      { PATH: empty },
      'm.yaml',
    ).catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'UsageError' });
    expect((error as Error).message).toBe(
      'm.yaml: secrets.A, secrets.C are 1Password references (${{ "op://..." }}), and the 1Password CLI `op` is not on PATH. Install op and sign in (in CI: OP_SERVICE_ACCOUNT_TOKEN), or write the secret as ${{ env.NAME }} and set NAME. Nothing was sent.',
    );
  });

  it('refuses a directory without a manifest, and a manifest without a name or script', async () => {
    await expect(findManifest(join(dir, 'src'))).rejects.toThrow(/No integration manifest/);
    await writeFile(join(dir, 'bad.yaml'), 'title: x\nscript: a.ts\n');
    await expect(loadManifest(join(dir, 'bad.yaml'))).rejects.toThrow(/"name" must be a non-empty string/);
  });

  it('reads images by their content: PNG, JPEG, GIF and WebP as base64, a disagreeing name a warning', async () => {
    expect(await readImage(join(dir, 'assets', 'icon.png'), 'icon', ICON_MAX_BYTES)).toEqual({
      base64: PNG.toString('base64'),
      type: 'png',
    });
    const jpegNamedPng = join(FIXTURES, 'raw-snippet', 'assets', 'preview.png');
    const jpeg = await readImage(jpegNamedPng, 'previewImages.0', ICON_MAX_BYTES);
    expect(jpeg.type).toBe('jpeg');
    expect(jpeg.base64).toBe((await readFile(jpegNamedPng)).toString('base64'));
    expect(jpeg.warning).toBe(
      `previewImages.0: ${relative(process.cwd(), jpegNamedPng)} holds a JPEG image, not PNG as its name says; it is sent as it is.`,
    );
    expect(await readImage(join(IMAGES, 'preview.webp'), 'icon', ICON_MAX_BYTES)).toMatchObject({
      type: 'webp',
    });
    expect(await readImage(join(IMAGES, 'preview.webp'), 'icon', ICON_MAX_BYTES)).not.toHaveProperty(
      'warning',
    );
    const gif = await readImage(join(IMAGES, 'preview.gif'), 'icon', ICON_MAX_BYTES);
    expect(gif).toMatchObject({ type: 'gif' });
    await writeFile(join(dir, 'assets', 'noext'), await readFile(join(IMAGES, 'preview.gif')));
    expect((await readImage(join(dir, 'assets', 'noext'), 'icon', ICON_MAX_BYTES)).warning).toMatch(
      /holds a GIF image \(its name has no extension\)/,
    );
  });

  it('refuses a file that is no accepted image whatever its name, and images over the limit', async () => {
    await writeFile(join(dir, 'assets', 'fake.png'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await expect(readImage(join(dir, 'assets', 'fake.png'), 'icon', ICON_MAX_BYTES)).rejects.toThrow(
      /icon: .*fake\.png is not an image of a type accepted \(PNG, JPEG, GIF, WEBP, told by the content\)/,
    );
    await writeFile(join(dir, 'assets', 'big.png'), Buffer.concat([PNG, Buffer.alloc(ICON_MAX_BYTES)]));
    await expect(readImage(join(dir, 'assets', 'big.png'), 'icon', ICON_MAX_BYTES)).rejects.toThrow(
      /at most 256.0 kB/,
    );
  });

  it('bundles the TypeScript entry into one minified ES module', async () => {
    const script = await bundleScript(join(dir, 'src', 'index.ts'));
    expect(script).toContain('services up');
    expect(script).toMatch(/export\s*\{/);
    expect(script).not.toContain('import ');
    expect(script.split('\n').filter(Boolean).length).toBeLessThanOrEqual(2);

    await writeFile(join(dir, 'src', 'broken.ts'), 'export const = ;\n');
    await expect(bundleScript(join(dir, 'src', 'broken.ts'))).rejects.toThrow(/broken.ts:1:\d+: /);
  });

  it('describes a body without secrets, script or image contents', () => {
    const shown = describeBody({
      title: 'x',
      script: 'a'.repeat(2048),
      icon: PNG.toString('base64'),
      previewImages: [PNG.toString('base64')],
      secrets: { API_KEY: 'sk_live_123' },
    });
    expect(shown).toEqual({
      title: 'x',
      script: '<bundle: 2.0 kB>',
      icon: '<png: 32 B>',
      previewImages: ['<png: 32 B>'],
      secrets: { API_KEY: '********' },
    });
    expect(JSON.stringify(shown)).not.toContain('sk_live_123');
  });
});
