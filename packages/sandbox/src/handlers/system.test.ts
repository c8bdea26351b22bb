import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes();
const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('what the API says of itself and of the session', () => {
  it("answers the sandbox package's version and an ISO build date", async () => {
    const { client } = setup();
    const { data, response } = await client.system.getApiInformation().withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(data.version).toBe(manifest.version);
    expect(new Date(data.build).toISOString()).toBe(data.build);
  });

  it('makes a fresh notifications token for each call', async () => {
    const { client } = setup();
    const first = await client.users.createNotificationsToken();
    const second = await client.users.createNotificationsToken();
    expect(first.token).toMatch(/^gbn_[\w-]{32}$/);
    expect(second.token).not.toBe(first.token);
  });
});
