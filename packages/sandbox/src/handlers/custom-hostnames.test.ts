import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes();

describe('custom hostnames: those of the sites and organizations in state', () => {
  it("gets a site's hostname, removes it from the site, then answers 404", async () => {
    const { client, sandbox } = setup();
    sandbox.store.sites.get('site_docs')!.site.hostname = 'docs.acme.test';
    const { data, response } = await client.customHostnames.get('Docs.Acme.test').withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('state');
    expect(data).toMatchObject({
      object: 'custom-hostname',
      hostname: 'docs.acme.test',
      target: { type: 'site', site: 'site_docs' },
      isActive: false,
    });
    expect(data.urls.location).toBe('http://sandbox.test/v1/custom-hostnames/docs.acme.test');
    expect((await client.sites.get('org_acme', 'site_docs')).hostname).toBe('docs.acme.test');

    await client.customHostnames.remove('docs.acme.test');
    expect((await client.sites.get('org_acme', 'site_docs')).hostname).toBeUndefined();
    await failure(client.customHostnames.get('docs.acme.test'), NotFoundError);
    await failure(client.customHostnames.remove('docs.acme.test'), NotFoundError);
  });

  it("gets an organization's hostname; one of an organization the actor is not in is 404", async () => {
    const { client, sandbox } = setup();
    sandbox.store.organizations.get('org_acme')!.customHostname = 'help.acme.test';
    sandbox.store.organizations.get('org_gamma')!.customHostname = 'help.gamma.test';
    expect((await client.customHostnames.get('help.acme.test')).target).toEqual({
      type: 'organization',
      organization: 'org_acme',
    });
    await failure(client.customHostnames.get('help.gamma.test'), NotFoundError);
    await client.customHostnames.remove('help.acme.test');
    expect((await client.organizations.get('org_acme')).customHostname ?? null).toBeNull();
    await failure(client.customHostnames.get('nothing.acme.test'), NotFoundError);
  });
});
