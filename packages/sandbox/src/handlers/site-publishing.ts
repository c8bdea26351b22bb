import { publishSite, unpublishSite, type Organization } from '@docs-api/sdk/contract';
import { implement } from '../implement.js';
import type { SiteRow, Store } from '../store.js';
import { requireSite, siteView } from '../domain/sites.js';

/*
 * Publishing a site: `publishSite` sets `published` (and so `urls.published`, and the published
 * URLs of its sections and site spaces), `unpublishSite` clears it; both answer the site.
 *
 * The published document answers a publish with a checkout (`{ type: "checkout", sessionId }`,
 * a Stripe payment session) "if the organization's plan requires an upgrade". The sandbox does
 * so when the site's type is one the organization's plan does not include (`PLAN_SITE_TYPES`):
 * a `premium` site on a free plan, an `ultimate` one below `pro`. The site stays unpublished.
 * A fixture sets the organization's `plan` and the site's `type` to reach either answer.
 */

/** The site types each plan publishes; plans not listed (a future one) publish every type. */
export const PLAN_SITE_TYPES: Record<string, readonly string[]> = {
  free: ['basic'],
  free_2024: ['basic'],
  community_2024: ['basic'],
  plus: ['basic', 'premium'],
  plus_2024: ['basic', 'premium'],
  pro: ['basic', 'premium', 'ultimate'],
  pro_2024: ['basic', 'premium', 'ultimate'],
  enterprise_2024: ['basic', 'premium', 'ultimate'],
  internal: ['basic', 'premium', 'ultimate'],
};

/** Types of the service's own past plans, kept by the sites that have them: never a checkout. */
const KEPT_TYPES = new Set(['sponsored', 'legacy-basic', 'legacy-premium']);

/** Whether the organization's plan lets it publish a site of this type. */
export function planAllows(organization: Organization | undefined, type: string): boolean {
  if (KEPT_TYPES.has(type)) return true;
  const allowed = PLAN_SITE_TYPES[organization?.plan ?? 'free_2024'];
  return allowed === undefined || allowed.includes(type);
}

function checkout(store: Store, row: SiteRow) {
  // A Stripe checkout session id has the form cs_test_... in test mode.
  return { type: 'checkout' as const, sessionId: `cs_test_${store.newId(`publish_${row.site.id}`)}` };
}

export const sitePublishingHandlers = [
  implement(publishSite, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    if (!planAllows(store.organizations.get(row.organization), row.site.type)) return checkout(store, row);
    row.site.published = true;
    return siteView(store, row);
  }),

  implement(unpublishSite, ({ store, params }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    row.site.published = false;
    return siteView(store, row);
  }),
];
