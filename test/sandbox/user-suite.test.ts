/*
 * A suite written as a user of the sandbox would write it: a fixtures file, a reset before each
 * test, time moved forward, a fault by operation id. It runs twice: against an in-process
 * sandbox (useSandbox) and against `docs sandbox --port 0 --fixtures <file>` in a child process,
 * driven through its admin API (connectSandbox).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, DocsClient, InternalServerError, NotFoundError } from '@docs-api/sdk';
import type { Fault } from '@docs-api/sandbox';
import { connectSandbox, useSandbox, type RemoteSandbox } from '@docs-api/sandbox/testing';
import { runDocs } from '../e2e/harness.js';
import { serveSandbox, type ServedSandbox } from './serve.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-user-suite-'));
const FIXTURES = join(dir, 'fixtures.json');
writeFileSync(
  FIXTURES,
  JSON.stringify({
    version: 1,
    base: 'demo',
    spaces: [{ id: 'space_runbooks', title: 'Runbooks', organization: 'org_acme', visibility: 'private' }],
    teams: [
      {
        id: 'team_oncall',
        organization: 'org_acme',
        title: 'On call',
        members: [{ user: 'user_ada', role: 'owner' }],
      },
    ],
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the suite needs from a sandbox, however it is reached. */
interface Target {
  client(): DocsClient;
  reset(): Promise<void>;
  advance(duration: string): Promise<void>;
  addFault(fault: Fault): Promise<void>;
}

function userSuite(name: string, target: Target): void {
  describe(`a user's suite against ${name}`, () => {
    beforeEach(() => target.reset());

    it('sees the rows of the fixtures file over the demo seed', async () => {
      const space = await target.client().spaces.get('space_runbooks');
      expect(space).toMatchObject({ title: 'Runbooks', visibility: 'private' });
      const team = await target.client().teams.get('org_acme', 'team_oncall');
      expect(team.title).toBe('On call');
      expect((await target.client().spaces.get('space_handbook')).id).toBe('space_handbook');
    });

    it('deletes a space (undone by the reset before the next test)', async () => {
      await target.client().spaces.delete('space_runbooks');
      await expect(target.client().spaces.get('space_runbooks')).rejects.toBeInstanceOf(NotFoundError);
    });

    it('starts again from the fixtures', async () => {
      expect((await target.client().spaces.get('space_runbooks')).title).toBe('Runbooks');
    });

    it('cannot restore a space deleted more than 7 days ago', async () => {
      await target.client().spaces.delete('space_runbooks');
      await target.advance('8d');
      await expect(target.client().spaces.restore('space_runbooks')).rejects.toThrow(/more than 7 days ago/);
    });

    it('restores one deleted a day ago', async () => {
      await target.client().spaces.delete('space_runbooks');
      await target.advance('1d');
      expect((await target.client().spaces.restore('space_runbooks')).id).toBe('space_runbooks');
    });

    it('fails one call by its operation id, then answers again', async () => {
      await target.addFault({ operation: 'teams.get', status: 500 });
      await expect(target.client().teams.get('org_acme', 'team_oncall')).rejects.toBeInstanceOf(
        InternalServerError,
      );
      expect((await target.client().teams.get('org_acme', 'team_oncall')).id).toBe('team_oncall');
    });

    it('gets a 409 restoring a space that is not deleted', async () => {
      await expect(target.client().spaces.restore('space_runbooks')).rejects.toBeInstanceOf(ConflictError);
    });
  });
}

const inProcess = useSandbox({ fixtures: FIXTURES, checkResponses: true });
userSuite('an in-process sandbox', {
  client: () => inProcess.client,
  reset: () => inProcess.reset(),
  advance: (duration) => Promise.resolve(void inProcess.sandbox.clock.advance(duration)),
  addFault: (fault) => Promise.resolve(inProcess.sandbox.addFault(fault)),
});

let served: ServedSandbox;
let remote: RemoteSandbox;
let client: DocsClient;
beforeAll(async () => {
  served = await serveSandbox(['--fixtures', FIXTURES]);
  remote = connectSandbox(served.url);
  client = new DocsClient({ token: 'sandbox-token', baseUrl: served.url, maxRetries: 0 });
});
afterAll(async () => {
  expect(await served.stop()).toBe(0);
});
userSuite('docs sandbox on a port', {
  client: () => client,
  reset: () => remote.reset(),
  advance: async (duration) => void (await remote.clock.advance(duration)),
  addFault: (fault) => remote.addFault(fault),
});

describe('the admin API of a sandbox on a port', () => {
  beforeEach(() => remote.reset());

  it('needs the token', async () => {
    const response = await fetch(new URL('../_sandbox/export', `${served.url}/`));
    expect(response.status).toBe(401);
    await expect(connectSandbox(served.url, 'wrong-token').reset()).rejects.toThrow(
      /401 The bearer token is not valid/,
    );
  });

  it('snapshots and restores, and refuses a mistyped fault', async () => {
    const id = await remote.snapshot();
    await client.spaces.delete('space_runbooks');
    await remote.restore(id);
    expect((await client.spaces.get('space_runbooks')).id).toBe('space_runbooks');
    await expect(remote.addFault({ operation: 'spaces.gett' as 'spaces.get', status: 503 })).rejects.toThrow(
      /400 .*"spaces.gett" is not an operation id of the sandbox: did you mean spaces.get/,
    );
  });

  it('exports a state reached by hand with `docs sandbox export`, which loads back as fixtures', async () => {
    await client.teams.create('org_acme', { title: 'Made by hand' });
    const output = join(dir, 'exported.json');
    const result = await runDocs(['sandbox', 'export', '--output', output], {
      PATH: process.env.PATH,
      HOME: dir,
      DOCS_API_URL: served.url,
      DOCS_API_TOKEN: 'sandbox-token',
      CI: '1',
    });
    expect(result.code, result.stderr).toBe(0);
    const exported = JSON.parse(readFileSync(output, 'utf8')) as { teams: Array<{ title: string }> };
    expect(exported.teams.map((team) => team.title)).toContain('Made by hand');
    const again = useSandbox({ fixtures: output });
    await again.reset();
    expect((await again.client.teams.list('org_acme')).items.map((team) => team.title)).toContain(
      'Made by hand',
    );
  });
});
