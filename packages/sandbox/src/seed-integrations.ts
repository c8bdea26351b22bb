import { integrationUrls, storeIntegration } from './handlers/integrations.js';
import type { Store } from './store.js';

/**
 * The demo's integrations, their owners and installations (after the organizations are seeded):
 * - `analytics-pro` (version 3, verified, for all targets) is owned by org_acme, whose admin,
 *   user_ada, can publish new versions; `support-chat` (version 1, for sites) by org_beta,
 *   where user_ada only reads. Both are public and enabled on site_docs.
 * - org_acme's installations: `inst_analytics_pro` (analytics-pro, organization-wide: every
 *   space and site, active) and `inst_support_chat` (support-chat, installed in the organization
 *   and enabled on site_docs only, active).
 * - Their execution logs: each installation's setup events, as the service delivered them.
 */
export function seedIntegrations(store: Store): void {
  storeIntegration(store, {
    owner: 'org_acme',
    integration: {
      object: 'integration',
      name: 'analytics-pro',
      version: 3,
      title: 'Analytics Pro',
      description: 'Page views and search analytics',
      previewImages: [],
      target: 'all',
      verified: true,
      visibility: 'public',
      scopes: ['space:content:read'],
      categories: ['analytics'],
      externalLinks: [{ url: 'https://www.acme.test/analytics-pro', label: 'Documentation' }],
      urls: integrationUrls('analytics-pro', 3),
    },
    script: 'https://integrations.sandbox.docs-api.local/analytics-pro/script.js',
    cookies: true,
  });
  storeIntegration(store, {
    owner: 'org_beta',
    integration: {
      object: 'integration',
      name: 'support-chat',
      version: 1,
      title: 'Support Chat',
      description: 'A chat bubble on every page',
      previewImages: [],
      target: 'site',
      verified: false,
      visibility: 'public',
      scopes: ['site:script:inject'],
      categories: ['other'],
      externalLinks: [],
      urls: integrationUrls('support-chat', 1),
    },
    script: 'https://integrations.sandbox.docs-api.local/support-chat/widget.js',
  });
  const T = '2026-01-05T12:00:00.000Z';
  store.installations.set('inst_analytics_pro', {
    id: 'inst_analytics_pro',
    organization: 'org_acme',
    integration: 'analytics-pro',
    target: 'organization',
    status: 'active',
    spaceSelection: 'all',
    siteSelection: 'all',
    createdAt: T,
  });
  store.installations.set('inst_support_chat', {
    id: 'inst_support_chat',
    organization: 'org_acme',
    integration: 'support-chat',
    target: 'organization',
    status: 'active',
    createdAt: T,
  });
  store.installations.set('inst_support_chat_site_docs', {
    id: 'inst_support_chat_site_docs',
    organization: 'org_acme',
    integration: 'support-chat',
    target: 'site',
    site: 'site_docs',
    installation: 'inst_support_chat',
    status: 'active',
    createdAt: T,
  });
  const events: Array<[string, string, string, Record<string, unknown>]> = [
    [
      'event_analytics_setup',
      'analytics-pro',
      'inst_analytics_pro',
      { type: 'installation_setup', status: 'active' },
    ],
    [
      'event_chat_setup',
      'support-chat',
      'inst_support_chat',
      { type: 'installation_setup', status: 'active' },
    ],
    [
      'event_chat_site_setup',
      'support-chat',
      'inst_support_chat',
      { type: 'site_installation_setup', siteId: 'site_docs', status: 'active' },
    ],
  ];
  for (const [id, integration, installation, payload] of events) {
    const type = String(payload.type);
    store.integrationEvents.set(id, {
      id,
      integration,
      installation,
      createdAt: T,
      status: 'success',
      payload: { ...payload, type, eventId: id, installationId: installation },
      logs: [
        { level: 'info', message: `Received ${type} for installation ${installation}`, timestamp: T },
        { level: 'debug', message: `Handled ${type}`, timestamp: T },
      ],
    });
  }
}
