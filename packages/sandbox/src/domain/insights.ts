import { badRequest } from '../errors.js';
import type { SiteRow } from '../store.js';

/*
 * A site's insights, computed from the events it was sent (`trackEventsInSiteById`): an
 * aggregation groups the events in its range that pass its filters by its `groupBy` columns and
 * answers, per group, the columns it selects (one list of values per column, a row per group).
 * A column reads the event (its type, time, location, session, search query); the metrics count
 * the group's events, sessions and visitors. What the service derives from the world outside
 * (a visitor's country, device, browser or bot from the IP and user agent, referrer domains,
 * ads, claims) the sandbox cannot know: such a column answers 400 naming it, never a made-up value.
 */

export type StoredEvent = NonNullable<SiteRow['events']>[number];

type Value = string | number | boolean | null | Record<string, unknown>;

interface Column {
  column: string;
  interval?: 'hour' | 'day' | 'week' | 'month';
}

interface Filter {
  column: string;
  operator?: 'in' | 'notIn' | 'greaterThan' | 'greaterThanOrEqual' | 'lessThan' | 'lessThanOrEqual';
  values: Value[];
}

export interface Aggregation {
  select?: Column[];
  where?: Filter[];
  groupBy?: Column[];
  order?: { by: Column; direction: 'asc' | 'desc' };
  range: string | { from: string; to: string };
  limit?: number;
}

const METRICS = new Set(['eventsCount', 'sessionsCount', 'visitorsCount']);

const DAY = 24 * 60 * 60 * 1000;
const RANGES: Record<string, number> = {
  last24Hours: DAY,
  last7Days: 7 * DAY,
  last30Days: 30 * DAY,
  last3Months: 90 * DAY,
  lastYear: 365 * DAY,
};

interface Location {
  url: string;
  displayContext?: string;
  siteSection: string | null;
  siteSpace: string | null;
  siteShareKey: string | null;
  space: string | null;
  page: string | null;
}

/** The start of the interval holding `time` (weeks start on Monday), as an ISO time. */
function bucket(time: string, interval: Column['interval'] = 'day'): string {
  const date = new Date(time);
  if (interval !== 'hour') date.setUTCHours(0, 0, 0, 0);
  else date.setUTCMinutes(0, 0, 0);
  if (interval === 'week') date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  if (interval === 'month') date.setUTCDate(1);
  return date.toISOString();
}

/** A dimension column's value for one event. */
function dimension(event: StoredEvent, column: Column): Value {
  const location = event.location as Location;
  const session = event.session as { language: string | null };
  const time = new Date(event.receivedAt);
  switch (column.column) {
    case 'datetime':
      return bucket(event.receivedAt, column.interval);
    case 'dayOfWeek':
      return time.getUTCDay() || 7;
    case 'hourOfDay':
      return time.getUTCHours();
    case 'url':
      return location.url;
    case 'urlPath':
      return new URL(location.url).pathname;
    case 'eventType':
      return event.type as string;
    case 'siteSection':
    case 'siteSpace':
    case 'siteShareKey':
      return location[column.column];
    case 'displayContext':
      return location.displayContext ?? 'site';
    case 'page':
      return location.space ? { page: location.page, space: location.space } : null;
    case 'visitorLanguage':
      return session.language;
    case 'eventSearchQuery':
      return typeof event.query === 'string' ? event.query : '';
    default:
      throw cannotCompute(column.column);
  }
}

/** The columns `dimension` reads from an event. */
const DIMENSIONS = new Set([
  'datetime',
  'dayOfWeek',
  'hourOfDay',
  'url',
  'urlPath',
  'eventType',
  'siteSection',
  'siteSpace',
  'siteShareKey',
  'displayContext',
  'page',
  'visitorLanguage',
  'eventSearchQuery',
]);

function cannotCompute(column: string) {
  return badRequest(
    `The sandbox cannot compute the column "${column}": it comes from what the service learns outside the events sent`,
  );
}

function metric(events: StoredEvent[], column: string): number {
  const session = (event: StoredEvent) => event.session as { visitorId: string; sessionId: string };
  if (column === 'eventsCount') return events.length;
  if (column === 'sessionsCount') return new Set(events.map((event) => session(event).sessionId)).size;
  return new Set(events.map((event) => session(event).visitorId)).size;
}

function compare(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
}

function passes(value: Value, filter: Filter): boolean {
  const operator = filter.operator ?? 'in';
  const key = JSON.stringify(value);
  if (operator === 'in') return filter.values.some((candidate) => JSON.stringify(candidate) === key);
  if (operator === 'notIn') return filter.values.every((candidate) => JSON.stringify(candidate) !== key);
  const bound = filter.values[0] ?? null;
  // A time compares as a time, whatever its offset.
  const order =
    filter.column === 'datetime'
      ? Date.parse(value as string) - Date.parse(bound as string)
      : compare(value, bound);
  if (operator === 'greaterThan') return order > 0;
  if (operator === 'greaterThanOrEqual') return order >= 0;
  if (operator === 'lessThan') return order < 0;
  return order <= 0;
}

/** The events of the range, at `now`. */
function inRange(events: readonly StoredEvent[], range: Aggregation['range'], now: string): StoredEvent[] {
  const [from, to] =
    typeof range === 'string'
      ? [Date.parse(now) - (RANGES[range] ?? 0), Date.parse(now)]
      : [Date.parse(range.from), Date.parse(range.to)];
  return events.filter((event) => {
    const time = Date.parse(event.receivedAt);
    return time >= from && time <= to;
  });
}

/** The aggregation's answer over the site's events. */
export function aggregate(
  events: readonly StoredEvent[],
  query: Aggregation,
  now: string,
): { columns: Array<{ column: string; values: Value[] } & Record<string, unknown>> } {
  const groupBy = query.groupBy ?? [];
  const select = query.select ?? [...groupBy, { column: 'eventsCount' }];
  for (const { column } of [
    ...select,
    ...groupBy,
    ...(query.where ?? []),
    ...(query.order ? [query.order.by] : []),
  ]) {
    if (!DIMENSIONS.has(column) && !METRICS.has(column)) throw cannotCompute(column);
  }
  const metricFilters = (query.where ?? []).filter((filter) => METRICS.has(filter.column));
  const eventFilters = (query.where ?? []).filter((filter) => !METRICS.has(filter.column));
  // A time filter compares the event's own time, not its interval's.
  const filtered = (event: StoredEvent, filter: Filter): Value =>
    filter.column === 'datetime' ? event.receivedAt : dimension(event, filter);
  const kept = inRange(events, query.range, now).filter((event) =>
    eventFilters.every((filter) => passes(filtered(event, filter), filter)),
  );

  const groups = new Map<string, { key: Value[]; events: StoredEvent[] }>();
  for (const event of kept) {
    const key = groupBy.map((column) => dimension(event, column));
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, events: [] };
    group.events.push(event);
    groups.set(id, group);
  }
  // No groupBy: one row over all the events (an empty range still counts zero).
  if (groupBy.length === 0 && groups.size === 0) groups.set('[]', { key: [], events: [] });

  const valueOf = (group: { key: Value[]; events: StoredEvent[] }, column: Column): Value => {
    if (METRICS.has(column.column)) return metric(group.events, column.column);
    const index = groupBy.findIndex((candidate) => candidate.column === column.column);
    if (index >= 0) return group.key[index] ?? null;
    throw badRequest(`select: "${column.column}" is neither a metric nor in groupBy`);
  };

  let rows = [...groups.values()].filter((group) =>
    metricFilters.every((filter) => passes(metric(group.events, filter.column), filter)),
  );
  if (query.order) {
    const by = query.order.by;
    const sign = query.order.direction === 'desc' ? -1 : 1;
    rows = rows.sort((a, b) => sign * compare(valueOf(a, by), valueOf(b, by)));
  }
  rows = rows.slice(0, query.limit ?? 1000);
  return {
    columns: select.map((column) => ({ ...column, values: rows.map((row) => valueOf(row, column)) })),
  };
}

/** Claims of an event's visitor (signed in through visitor authentication), `{}` for anonymous ones. */
function visitorClaims(event: StoredEvent): Record<string, unknown> {
  const claims = (event.session as { visitorAuthClaims?: Record<string, unknown> } | undefined)
    ?.visitorAuthClaims;
  return claims && typeof claims === 'object' ? claims : {};
}

/** Keys sorted at every level, so that equal claims group together whatever their order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The site's visitor segments: its events grouped by the visitor's claims (the same claims, the
 * same segment; anonymous visitors form one), most events first. A segment is titled by its
 * claims (`plan: pro, beta: true`).
 */
export function visitorSegments(events: readonly StoredEvent[]) {
  const groups = new Map<string, { claims: Record<string, unknown>; events: StoredEvent[] }>();
  for (const event of events) {
    const claims = canonical(visitorClaims(event)) as Record<string, unknown>;
    const key = JSON.stringify(claims);
    const group = groups.get(key) ?? { claims, events: [] };
    group.events.push(event);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ claims, events: grouped }) => ({
      title: Object.keys(claims).length
        ? Object.entries(claims)
            .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
            .join(', ')
        : 'Anonymous visitors',
      claims,
      events: metric(grouped, 'eventsCount'),
      visitors: metric(grouped, 'visitorsCount'),
      sessions: metric(grouped, 'sessionsCount'),
    }))
    .sort((a, b) => b.events - a.events);
}
