#!/usr/bin/env node
// Prints every site of an organization with the spaces it publishes.
// Usage: DOCS_API_URL=... DOCS_API_TOKEN=... node examples/sites-report.mjs <organization-id>
import { DocsClient, DocsError, publishedSiteSpaces } from '@docs-api/sdk';

const organizationId = process.argv[2] ?? process.env.DOCS_ORG;
if (!organizationId) {
  console.error('usage: node examples/sites-report.mjs <organization-id>');
  process.exit(2);
}

const client = new DocsClient(); // token and URL from DOCS_API_TOKEN / DOCS_API_URL

try {
  for await (const site of client.sites.list(organizationId)) {
    const published = await client.sites.getPublished(organizationId, site.id);
    // Sections, section groups or bare site spaces: the helper reads every structure.
    const spaces = publishedSiteSpaces(published).map(({ section, siteSpace }) =>
      [section?.title, siteSpace.space.title ?? siteSpace.space.id].filter(Boolean).join(' / '),
    );
    console.log(
      `${site.title} [${site.visibility}${site.published ? ', published' : ''}] ${site.urls?.published ?? ''}`,
    );
    for (const line of spaces) console.log(`  - ${line}`);
  }
} catch (error) {
  if (error instanceof DocsError) {
    console.error(`${error.name}: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
