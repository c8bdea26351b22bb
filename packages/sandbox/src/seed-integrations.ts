import type { Store } from './store.js';

/**
 * Owners and installations of the demo's integrations (seeded with the sites):
 * - `analytics-pro` is owned by org_acme (whose admin, user_ada, can publish new versions);
 *   `support-chat` by org_beta (where user_ada only reads).
 * - org_acme's installations: `inst_analytics_pro` (analytics-pro, organization-wide, active)
 *   and `inst_support_chat` (support-chat, on sites, active).
 */
export function seedIntegrations(store: Store): void {
  const owners = [
    ['analytics-pro', 'org_acme'],
    ['support-chat', 'org_beta'],
  ] as const;
  for (const [name, organizationId] of owners) {
    const row = store.integrations.get(name);
    const organization = store.organizations.get(organizationId);
    if (!row || !organization)
      throw new Error(`seed: no integration ${name} or organization ${organizationId}`);
    row.integration.owner = { object: 'organization', id: organization.id, title: organization.title };
  }
  for (const [id, integration, target] of [
    ['inst_analytics_pro', 'analytics-pro', 'organization'],
    ['inst_support_chat', 'support-chat', 'site'],
  ] as const) {
    store.installations.set(id, {
      id,
      organization: 'org_acme',
      integration,
      target,
      status: 'active',
      createdAt: '2026-01-05T12:00:00.000Z',
    });
  }
}
