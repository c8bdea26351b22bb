/*
 * The smoke test CI runs on every supported Node major (20, 22, 24; see test/runtimes): the SDK
 * in-process against the sandbox, and the built CLI as a child process of the same Node against
 * the sandbox on a loopback port. Small on purpose: the full suite runs on Node 20.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, RequestValidationError } from '@docs-api/sdk';
import { useSandbox } from '@docs-api/sandbox/testing';
import { json, startE2e, type E2eContext } from '../e2e/harness.js';

describe(`SDK on Node ${process.version}`, () => {
  // The sandbox's test helper, as a user's suite would use it: back to the seed before each test.
  const env = useSandbox({ checkResponses: true, beforeEach, afterAll });

  it('lists, creates, paginates and throws typed errors', async () => {
    const { client } = env;
    const first = await client.sites.list('org_acme', { limit: 1 });
    expect(first.items).toHaveLength(1);
    const created = await client.sites.create('org_acme', { title: 'Smoke test' });
    const all = await client.sites.list('org_acme', { limit: 1 }).toArray({ max: 10 });
    expect(all.map((site) => site.id)).toContain(created.id);
    await expect(client.sites.get('org_acme', 'site_nope')).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.sites.create('org_acme', { title: 'x' })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
  });

  it('starts the next test from the seed again', async () => {
    const all = await env.client.sites.list('org_acme').toArray({ max: 10 });
    expect(all.map((site) => site.id)).toEqual(['site_docs', 'site_internal']);
  });
});

describe(`CLI on Node ${process.version}`, () => {
  let e2e: E2eContext;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e.close());

  it('prints its version, lists sites as JSON, and exits 3 for a missing site', async () => {
    const version = await e2e.docs(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toContain(`node-${process.version}`);

    const sites = json<Array<{ id: string }>>(await e2e.docs(['sites', 'list', '--json']));
    expect(sites.map((site) => site.id)).toEqual(['site_docs', 'site_internal']);

    const missing = await e2e.docs(['sites', 'view', 'site_nope']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  });
});
