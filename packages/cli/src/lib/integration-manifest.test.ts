import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bundleScript,
  describeBody,
  findManifest,
  ICON_MAX_BYTES,
  loadManifest,
  readPng,
} from './integration-manifest.js';

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

  it('refuses a directory without a manifest, and a manifest without a name or script', async () => {
    await expect(findManifest(join(dir, 'src'))).rejects.toThrow(/No integration manifest/);
    await writeFile(join(dir, 'bad.yaml'), 'title: x\nscript: a.ts\n');
    await expect(loadManifest(join(dir, 'bad.yaml'))).rejects.toThrow(/"name" must be a non-empty string/);
  });

  it('reads PNG images as base64, refusing other files and images over the limit', async () => {
    expect(await readPng(join(dir, 'assets', 'icon.png'), 'icon', ICON_MAX_BYTES)).toBe(
      PNG.toString('base64'),
    );
    await expect(readPng(join(dir, 'src', 'label.ts'), 'icon', ICON_MAX_BYTES)).rejects.toThrow(
      /icon: .* is not a PNG/,
    );
    await writeFile(join(dir, 'assets', 'big.png'), Buffer.concat([PNG, Buffer.alloc(ICON_MAX_BYTES)]));
    await expect(readPng(join(dir, 'assets', 'big.png'), 'icon', ICON_MAX_BYTES)).rejects.toThrow(
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
