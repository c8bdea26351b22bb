import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, InternalServerError } from '@docs-api/sdk';
import { useSandbox } from './testing.js';
import { operationById } from '@docs-api/sdk/contract';
import { OPERATION_IDS, OPERATION_NAMES } from './index.js';
import { FAULT_KINDS, FaultError } from './faults.js';
import { implementations, createSandbox } from './sandbox.js';

// The project's own use of the test helper: one sandbox for the file, reset before each test.
const env = useSandbox({ checkResponses: true, beforeEach, afterAll });
const ORG = 'org_acme';

describe('reset between tests (useSandbox)', () => {
  it('changes the state in one test…', async () => {
    await env.client.spaces.delete('space_guides');
    await env.client.teams.create(ORG, { title: 'Only in this test' });
    env.sandbox.clock.advance('30d');
    env.sandbox.addFault({ operation: 'sites.list', status: 503 });
    expect(env.sandbox.store.deletedSpaces.has('space_guides')).toBe(true);
  });

  it('…and the next test starts from the seed again', async () => {
    expect((await env.client.spaces.get('space_guides')).id).toBe('space_guides');
    const teams = await env.client.teams.list(ORG);
    expect(teams.items.map((team) => team.title)).not.toContain('Only in this test');
    expect(Math.abs(env.sandbox.clock.now().getTime() - Date.now())).toBeLessThan(60_000);
    expect((await env.client.sites.list(ORG)).items.length).toBeGreaterThan(0);
  });

  it('snapshots and restores a state', async () => {
    const before = env.sandbox.snapshot();
    await env.client.spaces.delete('space_api');
    await expect(env.client.spaces.get('space_api')).rejects.toBeInstanceOf(NotFoundError);
    env.sandbox.restore(before);
    expect((await env.client.spaces.get('space_api')).id).toBe('space_api');
    expect(() => env.sandbox.restore('snap_nope')).toThrow(/No snapshot "snap_nope": known ids are snap_/);
  });
});

describe('useSandbox({ listen: true })', () => {
  it('also serves the sandbox on a loopback port, reset with it, until closed', async () => {
    const served = useSandbox({ listen: true });
    expect(() => served.url).toThrow(/needs \{ listen: true \} and a first reset/);
    await served.reset();
    const headers = { authorization: `Bearer ${served.token}` };
    await served.client.spaces.delete('space_api');
    expect((await fetch(`${served.url}/spaces/space_api`, { headers })).status).toBe(404);
    await served.reset();
    expect((await fetch(`${served.url}/spaces/space_api`, { headers })).status).toBe(200);
    const url = served.url;
    await served.close();
    await expect(fetch(`${url}/spaces/space_api`, { headers })).rejects.toThrow(TypeError);
  });
});

describe('time follows the sandbox clock', () => {
  it('keeps a deleted space restorable for 7 days, not after', async () => {
    await env.client.spaces.delete('space_guides');
    env.sandbox.clock.advance('6d23h');
    const snapshot = env.sandbox.snapshot();
    expect((await env.client.spaces.restore('space_guides')).id).toBe('space_guides');
    env.sandbox.restore(snapshot);
    env.sandbox.clock.advance('2h');
    await expect(env.client.spaces.restore('space_guides')).rejects.toThrow(/more than 7 days ago/);
  });

  it('finishes a translation run once a minute has passed, on the first read', async () => {
    await env.client.translations.run(ORG, 'tr_handbook_fr');
    env.sandbox.clock.advance('2m');
    const translation = await env.client.translations.get(ORG, 'tr_handbook_fr');
    expect(translation.status).toBe('completed');
  });

  it('completes an import run a minute after it started', async () => {
    const run = await env.client.imports.start(ORG, {
      source: { type: 'website', url: 'https://example.test/docs' },
      target: { space: 'space_guides' },
    });
    expect(run.status).toBe('pending');
    env.sandbox.clock.advance('61s');
    await expect(env.client.imports.cancel(ORG, run.id)).rejects.toThrow(/already completed/);
  });

  it('opens a new rate-limit window when the clock passes the old one', async () => {
    const sandbox = createSandbox({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const get = () =>
      sandbox.fetch('http://sandbox.test/v1/orgs', { headers: { authorization: 'Bearer sandbox-token' } });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
    sandbox.clock.advance('1m');
    expect((await get()).status).toBe(200);
  });

  it('sets the clock to a date, and refuses a duration it cannot read', () => {
    expect(env.sandbox.clock.set('2030-01-01T00:00:00Z').getUTCFullYear()).toBe(2030);
    expect(() => env.sandbox.clock.advance('7 days')).toThrow(/duration "7 days" must be .* 7d, 1h30m/);
  });
});

describe('faults by operation id', () => {
  it('plays a fault on the operation named', async () => {
    env.sandbox.addFault({ operation: 'sites.list', status: 503 });
    await expect(env.client.sites.list(ORG)).rejects.toBeInstanceOf(InternalServerError);
    expect((await env.client.sites.list(ORG)).items.length).toBeGreaterThan(0);
  });

  it('takes the operation by its id or its SDK name', async () => {
    env.sandbox.addFault({ operation: 'listSites', status: 503 });
    env.sandbox.addFault({ operation: 'sites.getPublished', status: 503 });
    env.sandbox.addFault({ operation: 'getPublishedContentSite', status: 503 });
    await expect(env.client.sites.list(ORG)).rejects.toBeInstanceOf(InternalServerError);
    await expect(env.client.sites.getPublished(ORG, 'site_docs')).rejects.toBeInstanceOf(InternalServerError);
    await expect(env.client.sites.getPublished(ORG, 'site_docs')).rejects.toBeInstanceOf(InternalServerError);
    expect((await env.client.sites.getPublished(ORG, 'site_docs')).site.id).toBe('site_docs');
    expect(env.sandbox.requests.get('getPublishedContentSite')).toBe(3);
    expect(env.sandbox.requests.get('sites.getPublished')).toBe(3);
    expect(env.sandbox.hits.get('sites.getPublished')).toBe(1);
  });

  it('refuses a mistyped operation id, listing the close matches', () => {
    // @ts-expect-error: not an operation id, a compile error too.
    const add = () => env.sandbox.addFault({ operation: 'sites.gett', status: 503 });
    expect(add).toThrow(FaultError);
    expect(add).toThrow(/"sites.gett" is not an operation id of the sandbox: did you mean sites.get\?/);
  });

  it('exports the operation ids and fault kinds as constants, equal to what the sandbox serves', () => {
    // Every id of the hand-kept list is served from state; the operations made stateful since
    // (issue 29) join it when the SDK's generated operation index replaces the list.
    expect(implementations.map((i) => i.operation.id)).toEqual(expect.arrayContaining([...OPERATION_IDS]));
    // Every other name the contract gives an operation is an alias here, and no more.
    for (const id of OPERATION_IDS) {
      expect(OPERATION_NAMES[id]).toContain(operationById(id)?.name);
    }
    expect(FAULT_KINDS).toEqual(['status', 'latency', 'drop']);
  });
});
