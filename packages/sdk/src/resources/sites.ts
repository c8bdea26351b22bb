import { extraFields } from '../core/fields.js';
import { lazyOperation } from '../core/operation-ref.js';
import type { ApiPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/http.js';
import type { PagePromise } from '../core/pagination.js';
import type {
  AdaptiveSchemaBody,
  Integration,
  IntegrationScript,
  PublishedSite,
  Site,
  SiteAdaptiveSchema,
  SiteCreateBody,
  SiteListQuery,
  SiteSection,
  SiteSpace,
  SiteUpdateBody,
  TemplateCondition,
} from '../types.js';
import { Resource } from './resource.js';

/**
 * The area's operations, loaded with their schemas on first use. The area is split in modules
 * (contract/sites.ts says why) so that listing sites loads neither spaces nor integrations.
 */
const sitesArea = () => import('../contract/sites.js');
const adaptiveSchemasArea = () => import('../contract/site-adaptive-schemas.js');
const publishedSitesArea = () => import('../contract/published-sites.js');
const siteIntegrationsArea = () => import('../contract/site-integrations.js');
const createSite = lazyOperation(sitesArea, 'createSite');
const deleteSite = lazyOperation(sitesArea, 'deleteSite');
const getSite = lazyOperation(sitesArea, 'getSite');
const listSites = lazyOperation(sitesArea, 'listSites');
const updateSite = lazyOperation(sitesArea, 'updateSite');
const getSiteAdaptiveSchema = lazyOperation(adaptiveSchemasArea, 'getSiteAdaptiveSchema');
const listSiteTemplateConditions = lazyOperation(adaptiveSchemasArea, 'listSiteTemplateConditions');
const updateSiteAdaptiveSchema = lazyOperation(adaptiveSchemasArea, 'updateSiteAdaptiveSchema');
const getPublishedSite = lazyOperation(publishedSitesArea, 'getPublishedSite');
const listSiteIntegrations = lazyOperation(siteIntegrationsArea, 'listSiteIntegrations');
const listSiteIntegrationScripts = lazyOperation(siteIntegrationsArea, 'listSiteIntegrationScripts');

/** A site's adaptive-content visitor schema: `client.sites.adaptiveSchema`. */
export class SiteAdaptiveSchemas extends Resource {
  /** Reads the JSON Schema that describes the claims visitors of the site can carry. */
  get(organizationId: string, siteId: string, options?: RequestOptions): ApiPromise<SiteAdaptiveSchema> {
    return this.http.call(getSiteAdaptiveSchema, { params: { organizationId, siteId } }, options);
  }

  /** Replaces the visitor schema; `jsonSchema` must be a JSON Schema of `type: "object"`. */
  update(
    organizationId: string,
    siteId: string,
    body: AdaptiveSchemaBody,
    options?: RequestOptions,
  ): ApiPromise<SiteAdaptiveSchema> {
    return this.http.call(updateSiteAdaptiveSchema, { params: { organizationId, siteId }, body }, options);
  }

  /** Lists the template conditions that can be written against the schema. */
  listTemplateConditions(
    organizationId: string,
    siteId: string,
    options?: RequestOptions,
  ): ApiPromise<{ items: TemplateCondition[] }> {
    return this.http.call(listSiteTemplateConditions, { params: { organizationId, siteId } }, options);
  }
}

/** Published documentation sites of an organization: `client.sites`. */
export class Sites extends Resource {
  readonly adaptiveSchema = new SiteAdaptiveSchemas(this.http);

  /**
   * Lists the organization's sites, optionally filtered by space, title or published state.
   * `await` gives the first page; `for await` walks every site.
   */
  list(organizationId: string, query: SiteListQuery = {}, options?: RequestOptions): PagePromise<Site> {
    return this.http.list(listSites, { params: { organizationId }, query }, options);
  }

  /** Creates a site (type `basic` unless given), optionally built from the given spaces. */
  create(organizationId: string, body: SiteCreateBody = {}, options?: RequestOptions): ApiPromise<Site> {
    return this.http.call(createSite, { params: { organizationId }, body }, options);
  }

  /** Reads one site. */
  get(organizationId: string, siteId: string, options?: RequestOptions): ApiPromise<Site> {
    return this.http.call(getSite, { params: { organizationId, siteId } }, options);
  }

  /** Changes a site's title, visibility, basename, proxy (null removes it) and other settings. */
  update(
    organizationId: string,
    siteId: string,
    body: SiteUpdateBody,
    options?: RequestOptions,
  ): ApiPromise<Site> {
    return this.http.call(updateSite, { params: { organizationId, siteId }, body }, options);
  }

  /** Deletes a site. */
  delete(organizationId: string, siteId: string, options?: RequestOptions): ApiPromise<void> {
    return this.http.call(deleteSite, { params: { organizationId, siteId } }, options);
  }

  /** Reads the published view of a site: its sections and the spaces in each. */
  getPublished(
    organizationId: string,
    siteId: string,
    query: { shareKey?: string } = {},
    options?: RequestOptions,
  ): ApiPromise<PublishedSite> {
    return this.http.call(getPublishedSite, { params: { organizationId, siteId }, query }, options);
  }

  /** Lists the scripts that enabled integrations inject into the published site. */
  listIntegrationScripts(
    organizationId: string,
    siteId: string,
    options?: RequestOptions,
  ): ApiPromise<IntegrationScript[]> {
    return this.http.call(listSiteIntegrationScripts, { params: { organizationId, siteId } }, options);
  }

  /**
   * Lists the integrations enabled on the site, optionally filtered by name. `limit` and `page`
   * are in the extract only: the published API document gives this endpoint only `search`, so
   * the service may answer every integration in one page.
   */
  listIntegrations(
    organizationId: string,
    siteId: string,
    query: { search?: string; limit?: number; page?: string } = {},
    options?: RequestOptions,
  ): PagePromise<Integration> {
    return this.http.list(listSiteIntegrations, { params: { organizationId, siteId }, query }, options);
  }
}

/** One published site space and the section it is in (none when the site has no sections). */
export interface PublishedSiteSpace {
  section?: SiteSection;
  siteSpace: SiteSpace;
}

const isObject = (value: unknown, object: string): boolean =>
  typeof value === 'object' && value !== null && (value as { object?: unknown }).object === object;

/**
 * The site spaces of a published site (`client.sites.getPublished()`), in order, from whichever structure it has: sections
 * (nested in section groups or not) or site spaces directly. Entries of kinds this CLI does not
 * know (external links, new forms) are skipped.
 */
export function publishedSiteSpaces(published: PublishedSite): PublishedSiteSpace[] {
  // Read as data: under the `warn` policy an answer may not fit its type.
  const { structure } = extraFields(published.structure);
  if (!Array.isArray(structure)) return [];
  const rows: PublishedSiteSpace[] = [];
  const visit = (entries: readonly unknown[], depth: number): void => {
    for (const entry of entries) {
      if (isObject(entry, 'site-space')) rows.push({ siteSpace: entry as SiteSpace });
      else if (isObject(entry, 'site-section')) {
        const section = entry as SiteSection;
        for (const siteSpace of section.siteSpaces ?? []) rows.push({ section, siteSpace });
      } else if (isObject(entry, 'site-section-group') && depth < 8) {
        const { children } = entry as { children?: unknown };
        if (Array.isArray(children)) visit(children, depth + 1);
      }
    }
  };
  visit(structure, 0);
  return rows;
}
