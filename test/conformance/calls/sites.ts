import { ORG, type AreaCalls } from './types.js';

const jsonSchema = {
  type: 'object' as const,
  properties: {
    isBetaUser: { type: 'boolean' as const, description: 'In the beta programme' },
    unsigned: {
      type: 'object' as const,
      description: 'Unsigned claims of the site visitor.' as const,
      properties: { plan: { type: 'string' as const, enum: ['free', 'pro'], description: 'Plan' } },
      additionalProperties: false as const,
    },
  },
  additionalProperties: false as const,
};

export const siteCalls: AreaCalls = {
  'sites.list': {
    full: (c) =>
      c.sites.list(ORG, { space: 'space_handbook', title: 'Docs', published: true, limit: 10, page: 'p2' }),
    seed: (c) => c.sites.list(ORG),
  },
  'sites.create': {
    full: (c) =>
      c.sites.create(ORG, {
        type: 'basic',
        title: 'New docs',
        visibility: 'unlisted',
        spaces: ['space_guides'],
      }),
    seed: (c) => c.sites.create(ORG, {}),
  },
  'sites.get': { full: (c) => c.sites.get(ORG, 'site_docs'), seed: (c) => c.sites.get(ORG, 'site_docs') },
  'sites.delete': {
    full: (c) => c.sites.delete(ORG, 'site_docs'),
    seed: (c) => c.sites.delete(ORG, 'site_internal'),
  },
  'sites.update': {
    full: (c) =>
      c.sites.update(ORG, 'site_docs', {
        title: 'Acme Documentation',
        visibility: 'share-link',
        basename: 'documentation',
        adaptiveContent: { enabled: true },
        defaultSiteSpace: 'sitesp_handbook',
        defaultSiteSection: 'sitesc_product',
        proxy: 'acme.example.com/docs',
      }),
    seed: (c) => c.sites.update(ORG, 'site_docs', { title: 'Acme Documentation' }),
  },
  'sites.adaptiveSchema.get': {
    full: (c) => c.sites.adaptiveSchema.get(ORG, 'site_docs'),
    seed: (c) => c.sites.adaptiveSchema.get(ORG, 'site_docs'),
  },
  'sites.adaptiveSchema.update': {
    full: (c) => c.sites.adaptiveSchema.update(ORG, 'site_docs', { jsonSchema }),
    seed: (c) => c.sites.adaptiveSchema.update(ORG, 'site_docs', { jsonSchema }),
  },
  'sites.adaptiveSchema.listTemplateConditions': {
    full: (c) => c.sites.adaptiveSchema.listTemplateConditions(ORG, 'site_docs'),
    seed: (c) => c.sites.adaptiveSchema.listTemplateConditions(ORG, 'site_docs'),
  },
  'sites.getPublished': {
    full: (c) => c.sites.getPublished(ORG, 'site_docs', { shareKey: 'share_docs' }),
    seed: (c) => c.sites.getPublished(ORG, 'site_docs'),
  },
  'sites.listIntegrationScripts': {
    full: (c) => c.sites.listIntegrationScripts(ORG, 'site_docs'),
    seed: (c) => c.sites.listIntegrationScripts(ORG, 'site_docs'),
  },
  'sites.listIntegrations': {
    full: (c) => c.sites.listIntegrations(ORG, 'site_docs', { search: 'analytics', limit: 5, page: 'p2' }),
    seed: (c) => c.sites.listIntegrations(ORG, 'site_docs'),
  },
};
