// The consumer type-check benchmark's program (test/bench/consumer-types.mjs): a TypeScript
// project that imports `DocsClient` from the built package and lists sites.
import { DocsClient } from '@docs-api/sdk';

const client = new DocsClient({ token: 'token' });
for await (const site of client.sites.list('org_acme')) console.log(site.title, site.urls?.published);
