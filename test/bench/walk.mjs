#!/usr/bin/env node
// One list walk, for pagination-memory.mjs (which reads this process's peak RSS):
//   node walk.mjs sdk|raw <base-url> <items>
// `sdk` walks with `for await` over `client.sites.list()`, `raw` follows `next.page` with
// `fetch` + `JSON.parse`; both read pages of 1000 items and touch every item.
import { DocsClient } from '@docs-api/sdk';

const [mode, baseUrl, total] = process.argv.slice(2);
const org = `org_${total}`;
const PAGE_SIZE = 1000;
let count = 0;

if (mode === 'sdk') {
  const client = new DocsClient({ token: 'bench-token', baseUrl, responseValidation: 'strict' });
  for await (const site of client.sites.list(org, { limit: PAGE_SIZE })) if (site.id) count++;
} else {
  const headers = { authorization: 'Bearer bench-token', accept: 'application/json' };
  let page;
  do {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), ...(page ? { page } : {}) });
    const envelope = JSON.parse(
      await (await fetch(`${baseUrl}/orgs/${org}/sites?${query}`, { headers })).text(),
    );
    for (const site of envelope.items) if (site.id) count++;
    page = envelope.next?.page;
  } while (page);
}
if (count !== Number(total)) throw new Error(`walked ${count} items, expected ${total}`);
