import { Args, type Command } from '../../oclif.js';
import { BaseCommand } from '../../base-command.js';
import type { DocsClient, Site, SiteSection, SiteSpace } from '@docs-api/sdk';
import { formatDate, type Column, type Output } from '../terminal/output.js';
import { pickOne, type Prompts } from '../terminal/prompts.js';

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

export async function pickSite(
  prompts: Prompts,
  client: DocsClient,
  organizationId: string,
): Promise<string> {
  const sites = await client.sites.list(organizationId, { limit: 100 }).toArray({ max: 100 });
  return pickOne(prompts, 'Site', sites, `Organization ${organizationId} has no sites.`, (site) => ({
    name: `${site.title} (${site.id})`,
    value: site.id,
  }));
}

export function printSite(output: Output, site: Site): void {
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

/** The base of the `docs sites ...` commands that act on one site. */
export abstract class SiteCommand<T extends typeof Command> extends BaseCommand<T> {
  /** The client, the organization and the site (the `site` argument, or picked at a terminal). */
  protected async target(): Promise<{ client: DocsClient; organizationId: string; siteId: string }> {
    const organizationId = await this.organizationId();
    const client = await this.client();
    const { site } = this.args as { site?: string };
    const siteId = await this.argOrPick(site, 'the site id', () =>
      pickSite(this.prompts, client, organizationId),
    );
    return { client, organizationId, siteId };
  }
}

/** A site space: the link between a site and a space it publishes, in a section. */
export const siteSpaceColumns: Column<SiteSpace>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'SPACE ID', value: (s) => s.space.id },
  { header: 'TITLE', value: (s) => s.title ?? s.space.title, cut: true },
  { header: 'PATH', value: (s) => (s.path === undefined ? '' : `/${s.path}`) },
  // Left out before the title is cut short: `docs sites sections list` names the sections.
  { header: 'SECTION', value: (s) => s.section ?? '', priority: 3 },
  { header: 'DEFAULT', value: (s) => s.default ?? false, priority: 2 },
  { header: 'DRAFT', value: (s) => s.draft ?? false, priority: 1 },
];

export function printSiteSpace(output: Output, siteSpace: SiteSpace): void {
  output.fields([
    ['ID', siteSpace.id],
    ['Space', `${siteSpace.space.title ?? ''} (${siteSpace.space.id})`.trim()],
    ['Title', siteSpace.title],
    ['Path', siteSpace.path === undefined ? undefined : `/${siteSpace.path}`],
    ['Section', siteSpace.section],
    ['Default', siteSpace.default],
    ['Draft', siteSpace.draft],
    ['Hidden', siteSpace.hidden],
    ['URL', siteSpace.urls?.published],
  ]);
}

export const siteSectionColumns: Column<SiteSection>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'TITLE', value: (s) => s.title, cut: true },
  { header: 'PATH', value: (s) => (s.path === undefined ? '' : `/${s.path}`) },
  { header: 'DEFAULT', value: (s) => s.default ?? false, priority: 4 },
  { header: 'SPACES', value: (s) => s.siteSpaces?.length ?? 0, priority: 3 },
  { header: 'DRAFT', value: (s) => s.draft ?? false, priority: 2 },
  { header: 'URL', value: (s) => s.urls?.published, priority: 1 },
];

/**
 * The site space a person means: a site-space id as it is, or the id of a space the site
 * publishes (`space_api`), looked up among the site's spaces. Undefined when none matches.
 */
export async function findSiteSpace(
  client: DocsClient,
  organizationId: string,
  siteId: string,
  given: string,
): Promise<SiteSpace | undefined> {
  for await (const siteSpace of client.sites.spaces.list(organizationId, siteId, { limit: 100 }))
    if (siteSpace.id === given || siteSpace.space.id === given) return siteSpace;
  return undefined;
}
