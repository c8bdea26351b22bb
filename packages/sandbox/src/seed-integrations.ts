import { integrationUrls, storeIntegration } from './handlers/integrations.js';
import type { Store } from './store.js';

/**
 * The demo's integrations, their owners and installations (after the organizations are seeded):
 * - `analytics-pro` (version 3, verified, for all targets) is owned by org_acme, whose admin,
 *   user_ada, can publish new versions; `support-chat` (version 1, for sites) by org_beta,
 *   where user_ada only reads. Both are public and enabled on site_docs.
 * - org_acme's installations: `inst_analytics_pro` (analytics-pro, organization-wide, active)
 *   and `inst_support_chat` (support-chat, on site_docs, active).
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
  for (const [id, integration, target, site] of [
    ['inst_analytics_pro', 'analytics-pro', 'organization', undefined],
    ['inst_support_chat', 'support-chat', 'site', 'site_docs'],
  ] as const) {
    store.installations.set(id, {
      id,
      organization: 'org_acme',
      integration,
      target,
      ...(site ? { site } : {}),
      status: 'active',
      createdAt: '2026-01-05T12:00:00.000Z',
    });
  }
}
