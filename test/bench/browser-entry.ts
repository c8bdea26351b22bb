// The browser bundle benchmark's app (test/bench/browser-bundle.mjs): a page that lists an
// organization's sites, written the way the SDK's README shows. The token and URL would come
// from the page's own login; constants stand in for them.
import { DocsClient } from '@docs-api/sdk';

const client = new DocsClient({ token: 'token-from-the-login', baseUrl: 'https://api.docs-api.com/v1' });
for await (const site of client.sites.list('org_acme')) console.log(site.title);
