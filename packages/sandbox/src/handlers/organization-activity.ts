import {
  getOrganizationAIUsage,
  listOrganizationAuditEventActions,
  updateOrganizationAgentConversation,
} from '@docs-api/sdk/contract';
import { requireOrganization, requireOrganizationAdmin } from '../domain/organizations.js';
import { notFound } from '../errors.js';
import { implement, type Implementation } from '../implement.js';

/*
 * An organization's activity: its AI credit usage, the actions its audit log records, and the
 * renaming of its agent conversations.
 *
 * - AI usage: the sandbox runs no AI model and spends no credits, so every bucket of the range
 *   (UTC calendar days, Monday weeks, months or years; `to` capped at the sandbox's clock) holds
 *   0 credits and no feature. Admins only (403); a range that ends before it starts has no bucket. The service's
 *   two-year limit on `from` is not applied: it would refuse fixed dates as the clock moves.
 * - Audit event actions: those of the organization's audit events (the resource engine's rows),
 *   each labelled from its identifier (`space.create` is "Space create"). Admins only.
 * - An agent conversation (the engine's row) takes the new title; `updatedAt` moves; the list
 *   shows it. 404 for an unknown one.
 */

const AUDIT_EVENTS = '/v1/orgs/{organizationId}/audit-events';
const AGENT_CONVERSATIONS = '/v1/orgs/{organizationId}/agent/conversations';
const DAY = 86_400_000;

type Interval = 'day' | 'week' | 'month' | 'year';

/** The UTC start of the calendar bucket holding `time`. */
function bucketStart(time: number, interval: Interval): number {
  const date = new Date(time);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  if (interval === 'day') return day;
  if (interval === 'week') return day - ((date.getUTCDay() + 6) % 7) * DAY;
  if (interval === 'month') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  return Date.UTC(date.getUTCFullYear(), 0, 1);
}

function nextBucket(start: number, interval: Interval): number {
  const date = new Date(start);
  if (interval === 'day') return start + DAY;
  if (interval === 'week') return start + 7 * DAY;
  if (interval === 'month') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return Date.UTC(date.getUTCFullYear() + 1, 0, 1);
}

/** `space.create` as "Space create". */
function labelOf(action: string): string {
  const words = action
    .split(/[._:-]+/)
    .filter(Boolean)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const organizationActivityHandlers: Implementation[] = [
  {
    ...implement(getOrganizationAIUsage, ({ store, params, query }) => {
      requireOrganizationAdmin(store, params.organizationId);
      const now = Date.parse(store.now());
      const from = Date.parse(query.from);
      const to = Math.min(Date.parse(query.to), now);
      const interval = query.interval ?? 'day';
      const periods = [];
      // Bounded: the range ends at the clock.
      for (let start = bucketStart(from, interval); start < to; start = nextBucket(start, interval))
        periods.push({ date: new Date(start).toISOString().slice(0, 10), credits: 0, features: [] });
      return { from: new Date(from).toISOString(), to: new Date(Math.max(to, from)).toISOString(), periods };
    }),
    answer: 'computed',
  },

  {
    ...implement(listOrganizationAuditEventActions, ({ store, params }) => {
      requireOrganizationAdmin(store, params.organizationId);
      const actions = new Set<string>();
      for (const row of store.resources.values()) {
        const action = row.value.action;
        if (row.family === AUDIT_EVENTS && row.scope === params.organizationId && typeof action === 'string')
          actions.add(action);
      }
      return {
        items: [...actions]
          .sort()
          .map((id) => ({ object: 'audit-event-action' as const, id, label: labelOf(id) })),
      };
    }),
    answer: 'computed',
  },

  implement(updateOrganizationAgentConversation, ({ store, params, body }) => {
    requireOrganization(store, params.organizationId);
    const row = store.resources.get(
      `${AGENT_CONVERSATIONS}|${params.organizationId}|${params.conversationId}`,
    );
    if (!row) throw notFound('agent conversation', params.conversationId);
    row.value = { ...row.value, title: body.title, updatedAt: store.now() };
    return row.value as never;
  }),
];
