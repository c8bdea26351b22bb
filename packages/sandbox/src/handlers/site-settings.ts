import {
  deleteSiteSpaceCustomizationById,
  getSiteAgentSettingsById,
  getSiteCustomizationById,
  getSitePublishingAuthById,
  getSiteSpaceCustomizationById,
  getSubdomain,
  overrideSiteSpaceCustomizationById,
  regenerateSitePublishingAuthById,
  updateSiteAgentSettingsById,
  updateSiteCustomizationById,
  updateSitePublishingAuthById,
  type SiteAgentSettings,
  type SiteCustomizationSettings,
  type SitePublishingAuth,
} from '@docs-api/sdk/contract';
import {
  agentSettingsView,
  merged,
  newPrivateKey,
  publishingAuth,
  siteCustomization,
  siteSpaceCustomization,
} from '../domain/site-settings.js';
import { notFound } from '../errors.js';
import { implement, type Implementation } from '../implement.js';
import type { SiteRow } from '../store.js';
import { requireSite } from '../domain/sites.js';

/*
 * A site's settings objects, one per site (and a customization override per site space), kept in
 * the site's row: a read gives the defaults with what was set over them (domain/site-settings.ts);
 * an update merges into what was set (`null` removes a field, and its default shows again). The
 * customization's `title` is the site's title until one is set. A site space's customization is
 * the site's with the space's overrides; deleting the overrides leaves the site's.
 * Publishing auth is made on first read with the custom backend and a new signing key, which
 * `regenerate` replaces. Also here: the API's information (the sandbox's own version) and a
 * subdomain's owner (the organization with that hostname).
 */

function requireSiteSpaceId(row: SiteRow, siteSpaceId: string): void {
  if (!row.siteSpaces.some((siteSpace) => siteSpace.id === siteSpaceId))
    throw notFound('site space', siteSpaceId);
}

function customizationView(value: Record<string, unknown>): SiteCustomizationSettings {
  return value as unknown as SiteCustomizationSettings;
}

function publishingAuthView(row: SiteRow): SitePublishingAuth {
  return { object: 'publishing-auth', ...publishingAuth(row) } as unknown as SitePublishingAuth;
}

const handlers = [
  implement(getSiteCustomizationById, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    return customizationView(siteCustomization(row));
  }),

  implement(updateSiteCustomizationById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    row.customization = {
      ...merged(row.customization ?? {}, body as unknown as Record<string, unknown>),
      updatedAt: store.now(),
    };
    return customizationView(siteCustomization(row));
  }),

  implement(getSiteSpaceCustomizationById, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    requireSiteSpaceId(row, params.siteSpaceId);
    return customizationView(siteSpaceCustomization(row, params.siteSpaceId));
  }),

  implement(overrideSiteSpaceCustomizationById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    requireSiteSpaceId(row, params.siteSpaceId);
    const overrides = (row.spaceCustomizations ??= {});
    overrides[params.siteSpaceId] = {
      ...merged(overrides[params.siteSpaceId] ?? {}, body as unknown as Record<string, unknown>),
      updatedAt: store.now(),
    };
    return customizationView(siteSpaceCustomization(row, params.siteSpaceId));
  }),

  implement(deleteSiteSpaceCustomizationById, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    requireSiteSpaceId(row, params.siteSpaceId);
    if (row.spaceCustomizations) delete row.spaceCustomizations[params.siteSpaceId];
  }),

  implement(getSiteAgentSettingsById, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    return agentSettingsView(store, row) as unknown as SiteAgentSettings;
  }),

  implement(updateSiteAgentSettingsById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const { updatedAt: _at, updatedBy: _by, ...set } = row.agentSettings ?? { updatedAt: '', updatedBy: '' };
    row.agentSettings = {
      ...merged(set, body as unknown as Record<string, unknown>),
      updatedAt: store.now(),
      updatedBy: store.actor,
    };
    return agentSettingsView(store, row) as unknown as SiteAgentSettings;
  }),

  implement(getSitePublishingAuthById, ({ store, params }) =>
    publishingAuthView(requireSite(store, params.organizationId, params.siteId)),
  ),

  implement(updateSitePublishingAuthById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const { privateKey } = publishingAuth(row);
    row.publishingAuth = {
      ...merged(row.publishingAuth ?? {}, body as unknown as Record<string, unknown>),
      privateKey,
    };
    return publishingAuthView(row);
  }),

  implement(regenerateSitePublishingAuthById, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    row.publishingAuth = { ...publishingAuth(row), privateKey: newPrivateKey() };
    return publishingAuthView(row);
  }),

  implement(getSubdomain, ({ store, params }) => {
    const organization = [...store.organizations.values()].find(
      (candidate) => candidate.hostname === params.subdomain,
    );
    if (!organization) throw notFound('subdomain', params.subdomain);
    return {
      object: 'subdomain' as const,
      subdomain: params.subdomain,
      target: { type: 'organization' as const, organization: organization.id },
      isActive: true,
    };
  }),
];

export const siteSettingsHandlers: Implementation[] = handlers;
