import { aggregateSiteEvents, listSiteVisitorSegments, trackEventsInSiteById } from '@docs-api/sdk/contract';
import { aggregate, visitorSegments, type Aggregation } from '../domain/insights.js';
import { implement, type Implementation } from '../implement.js';
import { requireSite } from '../domain/sites.js';

/*
 * Site insights: `trackEventsInSiteById` keeps the events sent in the site's row (each at its
 * `timestamp`, else the sandbox's time of receipt); `aggregateSiteEvents` computes its answer from
 * them (domain/insights.ts), and so does `listSiteVisitorSegments` (the events by visitor claims).
 */

export const siteInsightsHandlers: Implementation[] = [
  implement(trackEventsInSiteById, ({ store, params, body }) => {
    const row = requireSite(store, params.organizationId, params.siteId);
    const events = (row.events ??= []);
    for (const event of body.events) {
      const { timestamp, ...rest } = event as typeof event & { timestamp?: string };
      events.push({ ...rest, receivedAt: timestamp ? new Date(timestamp).toISOString() : store.now() });
    }
  }),
  {
    ...implement(aggregateSiteEvents, ({ store, params, body }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      return aggregate(row.events ?? [], body as unknown as Aggregation, store.now()) as never;
    }),
    answer: 'computed',
  },
  {
    ...implement(listSiteVisitorSegments, ({ store, params }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      // The operation takes no page: every segment in one answer.
      const segments = visitorSegments(row.events ?? []);
      return { items: segments, count: segments.length } as never;
    }),
    answer: 'computed',
  },
];
