import { chmod, copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import IntegrationsPublish from './publish.js';

/* `docs integrations publish [dir]`: an integration directory with a YAML manifest and a TypeScript entry. */

const cli = useInProcessCli();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);

const manifest = (extra = '') => `name: status-badge
title: Status badge
description: Shows the status of a service
summary: A badge with the live status of your service, on any page.
script: src/index.ts
icon: assets/icon.png
previewImages:
  - assets/preview.png
scopes:
  - space:content:read
categories:
  - other
visibility: private
secrets:
  API_KEY: \${{ env.STATUS_API_KEY }}
envs:
  staging:
    visibility: unlisted
${extra}`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'integration-dir-'));
  await mkdir(join(dir, 'src'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'gitbook-manifest.yaml'), manifest());
  await writeFile(
    join(dir, 'src', 'index.ts'),
    "import { label } from './label';\nexport default { fetch: (): Response => new Response(label(3)) };\n",
  );
  await writeFile(
    join(dir, 'src', 'label.ts'),
    'export const label = (n: number): string => `${n} services up`;\n',
  );
  await writeFile(join(dir, 'assets', 'icon.png'), PNG);
  await writeFile(join(dir, 'assets', 'preview.png'), PNG);
  vi.stubEnv('STATUS_API_KEY', 'sk_live_do_not_print');
});

const requestsSent = () => [...cli.sandbox.requests.values()].reduce((sum, n) => sum + n, 0);

describe('docs integrations publish <dir>', () => {
  it('publishes in one command: manifest fields, bundled ESM script, PNG images, secrets from the environment', async () => {
    const result = await cli.run(IntegrationsPublish, [dir, '--json']);

    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      name: 'status-badge',
      version: 1,
      title: 'Status badge',
    });
    const row = cli.sandbox.store.integrations.get('status-badge');
    expect(row?.scriptSource).toContain('services up');
    expect(row?.scriptSource).not.toContain('import ');
    expect(row?.secrets).toEqual({ API_KEY: 'sk_live_do_not_print' });
    expect(row?.integration.visibility).toBe('private');
    expect(`${result.stdout}${result.stderr}`).not.toContain('sk_live_do_not_print');
  });

  it('applies --env overrides', async () => {
    const result = await cli.run(IntegrationsPublish, [
      join(dir, 'gitbook-manifest.yaml'),
      '--env',
      'staging',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(cli.sandbox.store.integrations.get('status-badge')?.integration.visibility).toBe('unlisted');
  });

  it('--dry-run prints the resolved manifest with secrets masked and the bundle size, and sends nothing', async () => {
    const result = await cli.run(IntegrationsPublish, [dir, '--dry-run', '--json']);

    expect(result.code, result.stderr).toBe(0);
    const shown = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(shown).toMatchObject({
      dryRun: true,
      name: 'status-badge',
      organization: 'org_acme',
      secrets: { API_KEY: '********' },
      icon: '<png: 72 B>',
      previewImages: ['<png: 72 B>'],
    });
    expect(shown.script).toMatch(/^<bundle: \d+ B>$/);
    expect(result.stdout).not.toContain('sk_live_do_not_print');
    expect(requestsSent()).toBe(0);
  });

  it('exits 2 naming a missing variable, a limit broken or a bad image, and sends nothing', async () => {
    vi.stubEnv('STATUS_API_KEY', '');
    const missing = await cli.run(IntegrationsPublish, [dir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/secrets\.API_KEY needs the environment variable STATUS_API_KEY/);

    vi.stubEnv('STATUS_API_KEY', 'x');
    await writeFile(
      join(dir, 'gitbook-manifest.yaml'),
      manifest().replace('title: Status badge', `title: ${'t'.repeat(31)}`),
    );
    const tooLong = await cli.run(IntegrationsPublish, [dir]);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toMatch(/title: Too big/);

    await writeFile(join(dir, 'gitbook-manifest.yaml'), manifest());
    await writeFile(join(dir, 'assets', 'icon.png'), 'not a png');
    const badIcon = await cli.run(IntegrationsPublish, [dir]);
    expect(badIcon.code).toBe(2);
    expect(badIcon.stderr).toMatch(/icon: .* is not an image of a type accepted \(PNG, JPEG, GIF, WEBP/);

    const noManifest = await cli.run(IntegrationsPublish, [join(dir, 'src')]);
    expect(noManifest.code).toBe(2);
    expect(requestsSent()).toBe(0);
  });

  it('sends runtime v2 and previewImages [] when the manifest has none', async () => {
    await writeFile(
      join(dir, 'gitbook-manifest.yaml'),
      manifest().replace(/previewImages:\n {2}- assets\/preview.png\n/, ''),
    );
    const result = await cli.run(IntegrationsPublish, [dir, '--dry-run', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ runtime: 'v2', previewImages: [] });

    const sent = await cli.run(IntegrationsPublish, [dir]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(cli.sandbox.store.integrations.get('status-badge')?.runtime).toBe('v2');
  });

  it('takes the organization from --org (or --organization, -o), then DOCS_ORG, then the manifest, and says which', async () => {
    await writeFile(join(dir, 'gitbook-manifest.yaml'), manifest('organization: org_from_manifest\n'));
    const organization = async (...flags: string[]) => {
      const result = await cli.run(IntegrationsPublish, [dir, '--dry-run', '--json', ...flags]);
      expect(result.code, result.stderr).toBe(0);
      return [(JSON.parse(result.stdout) as { organization: string }).organization, result.stderr.trim()];
    };
    // The harness sets DOCS_ORG=org_acme.
    expect(await organization()).toEqual([
      'org_acme',
      "Organization: org_acme (from DOCS_ORG; the manifest's org_from_manifest is not used).",
    ]);
    expect(await organization('--org', 'org_flag')).toEqual([
      'org_flag',
      "Organization: org_flag (from --org; the manifest's org_from_manifest is not used).",
    ]);
    expect((await organization('--organization', 'org_alias'))[0]).toBe('org_alias');
    expect((await organization('-o', 'org_short'))[0]).toBe('org_short');
    vi.stubEnv('DOCS_ORG', '');
    expect(await organization()).toEqual([
      'org_from_manifest',
      "Organization: org_from_manifest (the manifest's organization).",
    ]);
    expect(requestsSent()).toBe(0);
  });

  it('accepts a JPEG under a .png name with a warning, and sends its bytes', async () => {
    const jpeg = fileURLToPath(
      new URL('../../../../../test/fixtures/integrations/raw-snippet/assets/preview.png', import.meta.url),
    );
    await copyFile(jpeg, join(dir, 'assets', 'preview.png'));
    const result = await cli.run(IntegrationsPublish, [dir, '--dry-run', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      previewImages: [expect.stringMatching(/^<jpeg: \d+ B>$/)],
    });
    expect(result.stderr).toMatch(
      /Warning: previewImages\.0: .*preview\.png holds a JPEG image, not PNG as its name says; it is sent as it is\./,
    );
  });

  describe('1Password references', () => {
    const withReference = () =>
      manifest().replace(
        'API_KEY: ${{ env.STATUS_API_KEY }}',
        'API_KEY: ${{ env.STATUS_API_KEY }}\n  DB_PASSWORD: ${{ "op://ci/db/password" }}',
      );

    it('are read with `op read` when op is on PATH; the value is sent and never printed', async () => {
      const bin = await mkdtemp(join(tmpdir(), 'fake-op-'));
      await writeFile(
        join(bin, 'op'),
        '#!/bin/sh\n[ "$1" = read ] && [ "$2" = op://ci/db/password ] && echo "pw_from_vault_1234" && exit 0\nexit 1\n',
      );
      await chmod(join(bin, 'op'), 0o755);
      vi.stubEnv('PATH', `${bin}:${process.env.PATH ?? ''}`);
      await writeFile(join(dir, 'gitbook-manifest.yaml'), withReference());

      const dry = await cli.run(IntegrationsPublish, [dir, '--dry-run', '--json']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(JSON.parse(dry.stdout)).toMatchObject({
        secrets: { API_KEY: '********', DB_PASSWORD: '********' },
      });

      const result = await cli.run(IntegrationsPublish, [dir]);
      expect(result.code, result.stderr).toBe(0);
      expect(cli.sandbox.store.integrations.get('status-badge')?.secrets).toEqual({
        API_KEY: 'sk_live_do_not_print',
        DB_PASSWORD: 'pw_from_vault_1234',
      });
      expect(`${dry.stdout}${dry.stderr}${result.stdout}${result.stderr}`).not.toContain(
        'pw_from_vault_1234',
      );
    });

    it('without op on PATH: exit 2 naming the secret and how to provide it, nothing sent', async () => {
      vi.stubEnv('PATH', await mkdtemp(join(tmpdir(), 'no-op-')));
      await writeFile(join(dir, 'gitbook-manifest.yaml'), withReference());
      const result = await cli.run(IntegrationsPublish, [dir]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /secrets\.DB_PASSWORD is a 1Password reference .* the 1Password CLI `op` is not on PATH\. Install op .* or write the secret as \$\{\{ env\.NAME \}\}/,
      );
      expect(result.stderr).not.toContain('sk_live_do_not_print');
      expect(requestsSent()).toBe(0);
    });
  });
});
