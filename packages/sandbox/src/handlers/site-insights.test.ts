import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 10, 12) });
const ORG = 'org_acme';
const SITE = 'site_docs';
const URL_BASE = 'https://acme.sandbox.docs-api.local/docs';

function session(visitorId: string, sessionId: string) {
  return { visitorId, sessionId, cookies: {}, userAgent: 'test', language: 'en', referrer: null };
}

function location(path: string, page: string | null = null) {
  return {
    url: `${URL_BASE}${path}`,
    siteSection: null,
    siteSpace: null,
    siteShareKey: null,
    space: page ? 'space_guides' : null,
    revision: null,
    page,
  };
}

describe('site insights computed from the events sent', () => {
  it('counts events, sessions and visitors per path and type, in the range, ordered and filtered', async () => {
    const { client } = setup();
    const { data: before, response } = await client.sites.insights
      .aggregateEvents(ORG, SITE, { range: 'last7Days', select: [{ column: 'eventsCount' }] })
      .withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(before.columns).toEqual([{ column: 'eventsCount', values: [0] }]);

    await client.sites.insights.trackEvents(ORG, SITE, {
      events: [
        { type: 'page_view', session: session('v1', 's1'), location: location('/intro', 'page_intro') },
        { type: 'page_view', session: session('v1', 's1'), location: location('/intro', 'page_intro') },
        { type: 'page_view', session: session('v2', 's2'), location: location('/setup') },
        {
          type: 'search_type_query',
          query: 'install',
          session: session('v2', 's2'),
          location: location('/setup'),
        },
        // Out of the last 7 days.
        {
          type: 'page_view',
          session: session('v3', 's3'),
          location: location('/old'),
          timestamp: '2026-01-01T00:00:00Z',
        },
      ],
    });

    const byPath = await client.sites.insights.aggregateEvents(ORG, SITE, {
      range: 'last7Days',
      where: [{ column: 'eventType', values: ['page_view'] }],
      groupBy: [{ column: 'urlPath' }],
      select: [{ column: 'urlPath' }, { column: 'eventsCount' }, { column: 'visitorsCount' }],
      order: { by: { column: 'eventsCount' }, direction: 'desc' },
    });
    expect(byPath.columns).toEqual([
      { column: 'urlPath', values: ['/docs/intro', '/docs/setup'] },
      { column: 'eventsCount', values: [2, 1] },
      { column: 'visitorsCount', values: [1, 1] },
    ]);

    const all = await client.sites.insights.aggregateEvents(ORG, SITE, {
      range: { from: '2025-12-01T00:00:00Z', to: '2026-03-11T00:00:00Z' },
      groupBy: [{ column: 'eventType' }],
      select: [{ column: 'eventType' }, { column: 'sessionsCount' }],
      order: { by: { column: 'eventType' }, direction: 'asc' },
    });
    expect(all.columns).toEqual([
      { column: 'eventType', values: ['page_view', 'search_type_query'] },
      { column: 'sessionsCount', values: [3, 1] },
    ]);

    const queries = await client.sites.insights.aggregateEvents(ORG, SITE, {
      range: 'last24Hours',
      groupBy: [{ column: 'eventSearchQuery' }, { column: 'datetime', interval: 'day' }],
      where: [{ column: 'eventType', values: ['search_type_query'] }],
    });
    expect(queries.columns).toEqual([
      { column: 'eventSearchQuery', values: ['install'] },
      { column: 'datetime', interval: 'day', values: ['2026-03-10T00:00:00.000Z'] },
      { column: 'eventsCount', values: [1] },
    ]);
  });

  it('refuses what it cannot know offline (a visitor country) and a site that does not exist', async () => {
    const { client } = setup();
    await failure(
      client.sites.insights.aggregateEvents(ORG, SITE, {
        range: 'last7Days',
        groupBy: [{ column: 'visitorGeoCountry' }],
      }),
      BadRequestError,
    );
    await failure(client.sites.insights.trackEvents(ORG, 'site_missing', { events: [] }), NotFoundError);
  });
});

describe('site visitor segments computed from the events sent', () => {
  it('groups the events by the visitors claims, counting events, visitors and sessions', async () => {
    const { client } = setup();
    const empty = await client.sites.insights.listVisitorSegments(ORG, SITE);
    expect(empty.items).toEqual([]);
    const claimed = (visitorId: string, sessionId: string, claims?: Record<string, string | boolean>) => ({
      ...session(visitorId, sessionId),
      ...(claims ? { visitorAuthClaims: claims } : {}),
    });
    await client.sites.insights.trackEvents(ORG, SITE, {
      events: [
        {
          type: 'page_view',
          session: claimed('v1', 's1', { plan: 'pro', beta: true }),
          location: location('/a'),
        },
        {
          type: 'page_view',
          session: claimed('v1', 's2', { beta: true, plan: 'pro' }),
          location: location('/b'),
        },
        {
          type: 'page_view',
          session: claimed('v2', 's3', { plan: 'pro', beta: true }),
          location: location('/c'),
        },
        { type: 'page_view', session: claimed('v3', 's4'), location: location('/d') },
      ],
    });
    const { data, response } = await client.sites.insights.listVisitorSegments(ORG, SITE).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(data.items).toEqual([
      {
        title: 'beta: true, plan: pro',
        claims: { beta: true, plan: 'pro' },
        events: 3,
        visitors: 2,
        sessions: 3,
      },
      { title: 'Anonymous visitors', claims: {}, events: 1, visitors: 1, sessions: 1 },
    ]);
    await failure(client.sites.insights.listVisitorSegments(ORG, 'site_missing'), NotFoundError);
  });
});
