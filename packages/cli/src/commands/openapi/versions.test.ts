import { describe, expect, it } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import OpenApiVersions from './versions.js';

/* `docs openapi versions`: the versions the service processed, and one version's content. */

const cli = useInProcessCli();

describe('docs openapi versions', () => {
  it('lists the versions of a spec', async () => {
    const result = await cli.run(OpenApiVersions, ['petstore']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^specv_petstore_1\t2026-01-06T09:00:30\.000Z\thttps:\/\/api\.acme\.test\/openapi\/petstore\.yaml\n$/,
    );
  });

  it('prints a version as processed, by id or as latest, and the latest raw text', async () => {
    const byId = await cli.run(OpenApiVersions, ['petstore', 'specv_petstore_1', '--json']);
    expect(byId.code, byId.stderr).toBe(0);
    const latest = await cli.run(OpenApiVersions, ['petstore', 'latest', '--json']);
    expect(JSON.parse(latest.stdout)).toEqual(JSON.parse(byId.stdout));
    expect(JSON.parse(byId.stdout)).toHaveProperty('filesystem');

    const raw = await cli.run(OpenApiVersions, ['petstore', 'latest', '--raw']);
    expect(raw.code, raw.stderr).toBe(0);
    expect(raw.stdout).toMatch(/^openapi: /);
  });

  it('--raw of another version than the latest is exit 2, nothing sent; an unknown version is exit 3', async () => {
    const raw = await cli.run(OpenApiVersions, ['petstore', 'specv_petstore_1', '--raw']);
    expect(raw.code).toBe(2);
    expect(raw.stderr).toContain('--raw reads the latest version only');
    expect(cli.totalRequests()).toBe(0);

    const missing = await cli.run(OpenApiVersions, ['petstore', 'specv_nope']);
    expect(missing.code).toBe(3);
  });
});
