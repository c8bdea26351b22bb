import { updateSiteAdsById, type SiteAds } from '@docs-api/sdk/contract';
import { requireSite } from '../domain/sites.js';
import { invalidField } from '../errors.js';
import { implement, type Implementation } from '../implement.js';

/*
 * A site's advertising settings, kept in its row and shown by the site's reads (`site.ads`). An
 * update moves them to the status it gives with its topic (else the topic they had). A site in
 * review or disabled needs a topic; disabling needs the ad zone the service gave the site when its
 * ads went live, which only a fixture's `ads` can hold: the sandbox serves no ads.
 */

export const siteAdsHandlers: Implementation[] = [
  implement(updateSiteAdsById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const current = row.site.ads as (SiteAds & { topic?: string; zoneId?: string }) | undefined;
    const status = (body.status ?? current?.status) as string | undefined;
    if (status === undefined)
      throw invalidField('status', 'is required: the site has no advertising settings yet');
    const topic = body.topic ?? current?.topic;
    if (topic === undefined) throw invalidField('topic', `is required for the status "${status}"`);
    if (status === 'in-review') {
      row.site.ads = { status, topic };
      return;
    }
    if (status !== 'disabled')
      throw invalidField('status', `cannot stay "${status}" with a new topic: only the service moves it on`);
    if (!current?.zoneId)
      throw invalidField('status', 'cannot be "disabled": the site has no ad zone (its ads never went live)');
    row.site.ads = { status, topic, zoneId: current.zoneId };
  }),
];
