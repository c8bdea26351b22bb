import { Args } from '../oclif.js';
import type { DocsClient, Site } from '@docs-api/sdk';
import { output, formatDate, type Column } from './output.js';
import { pickOne } from './prompts.js';

export const siteArg = Args.string({
  name: 'site',
  description: 'Site id (picked from a list at a terminal when omitted)',
});

export const siteColumns: Column<Site>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'TITLE', value: (s) => s.title, cut: true },
  { header: 'VISIBILITY', value: (s) => s.visibility, priority: 4 },
  { header: 'PUBLISHED', value: (s) => s.published, priority: 3 },
  { header: 'SPACES', value: (s) => s.siteSpaces, priority: 2 },
  { header: 'URL', value: (s) => s.urls?.published, priority: 1 },
];

export async function pickSite(client: DocsClient, organizationId: string): Promise<string> {
  const sites = await client.sites.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne('Site', sites, `Organization ${organizationId} has no sites.`, (site) => ({
    name: `${site.title} (${site.id})`,
    value: site.id,
  }));
}

export function printSite(site: Site): void {
  output.fields([
    ['ID', site.id],
    ['Title', site.title],
    ['Type', site.type],
    ['Visibility', site.visibility],
    ['Published', site.published],
    ['Site spaces', site.siteSpaces],
    ['Hostname', site.hostname],
    ['Basename', site.basename],
    ['Proxy', site.proxy?.origin],
    ['Adaptive content', site.adaptiveContent?.enabled],
    ['Agents context', site.agentsContext],
    ['Created', formatDate(site.createdAt)],
    ['URL', site.urls?.published],
  ]);
}
