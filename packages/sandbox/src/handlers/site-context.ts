import {
  deleteSiteTopicFindings,
  getSiteFindingStats,
  getSiteTopicById,
  listChangeRequestsForSiteFinding,
  listPagesForSiteFinding,
  listQuestionsForSiteFinding,
  listRecordsForSiteFinding,
  listSiteTopics,
  triggerChangeRequestsForSiteFinding,
  updateSiteTopicById,
  upsertSiteContextRecords,
  type GetSiteFindingStatsQuery,
  type SiteTopic,
} from '@docs-api/sdk/contract';
import { findPage, primaryRevision } from '../content.js';
import { changeRequestView } from '../domain/change-requests.js';
import {
  CONNECTIONS,
  evidenceIds,
  FINDING_PAGES,
  findingQuestions,
  findingRecords,
  FINDINGS,
  questionStats,
  RECORDS,
  removeEvidence,
  requireRow,
  resourceKey,
  rowsIn,
  siteScope,
  TOPICS,
  type SiteScope,
} from '../domain/site-context.js';
import { invalidField, SandboxError } from '../errors.js';
import { implement, type Implementation } from '../implement.js';
import { paginate } from '../pagination.js';
import { requireParents } from '../resources/parents.js';
import type { ResourceRow, Store } from '../store.js';

/*
 * A site's topics, the evidence of its findings, the findings' stats and the records pushed
 * through the API (see domain/site-context.ts for the rows).
 *
 * - A topic shows what names it: `records` the context records whose `topics` hold it,
 *   `findings` the findings of the topic (open, and all), `pages` the distinct pages evidencing
 *   those findings, `questions` the stats of the distinct questions evidencing them (asked in
 *   the `from`/`to` range when given). An update sets its usage settings and `updatedAt`.
 * - Deleting a topic's findings removes them and their evidence; a topic without findings, or
 *   none at all, succeeds (the document's 204).
 * - A finding's records, questions and pages are its evidence rows whose object exists; its
 *   change requests those opened from it (`siteTopic.finding`).
 * - Fixing a finding needs the service's AI to draft the change: the sandbox answers that it
 *   cannot, after checking the finding exists.
 * - Records pushed with `upsertSiteContextRecords` belong to the site's `builtin:api` connection
 *   (created with `createSiteContextConnection`; 400 without one): a record is keyed by the id
 *   sent, a second push of the same id replaces it (keeping its topics and creation date), and
 *   the connection's `records` counts them.
 */

const API_CONNECTOR = 'builtin:api';

/** The site of the path (404 for an unknown organization or site), as a scope of rows. */
function siteOf(store: Store, params: SiteScope): string {
  requireParents(store, ['organizationId', 'siteId'], { ...params });
  return siteScope(params);
}

const findingOf = (store: Store, scope: string, id: string) =>
  requireRow(store, FINDINGS, scope, id, 'site finding');

/** Findings of a topic. */
const topicFindings = (store: Store, scope: string, topicId: string) =>
  rowsIn(store, FINDINGS, scope).filter((row) => row.value.topic === topicId);

/** Rows counted once each, by id. */
function distinct(rows: ResourceRow[]): ResourceRow[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

function topicView(
  store: Store,
  params: SiteScope,
  row: ResourceRow,
  range: { from?: string | undefined; to?: string | undefined } = {},
): SiteTopic {
  const scope = siteScope(params);
  const findings = topicFindings(store, scope, row.id);
  const pages = new Set(findings.flatMap((finding) => evidenceIds(store, FINDING_PAGES, scope, finding.id)));
  const questions = distinct(
    findings.flatMap((finding) => findingQuestions(store, scope, finding.id)),
  ).filter((question) => {
    const askedAt = (question.value.askedAt ?? question.value.createdAt) as string;
    return (
      (range.from === undefined || Date.parse(askedAt) >= Date.parse(range.from)) &&
      (range.to === undefined || Date.parse(askedAt) <= Date.parse(range.to))
    );
  });
  const records = rowsIn(store, RECORDS, scope).filter(
    (record) => Array.isArray(record.value.topics) && record.value.topics.includes(row.id),
  );
  return {
    ...structuredClone(row.value),
    pages: pages.size,
    records: records.length,
    findings: {
      open: findings.filter((finding) => finding.value.status === 'open').length,
      total: findings.length,
    },
    questions: questionStats(questions),
    urls: {
      location: store.apiUrl(
        `/orgs/${params.organizationId}/sites/${params.siteId}/topics/${encodeURIComponent(row.id)}`,
      ),
    },
  } as unknown as SiteTopic;
}

/** Change requests opened from a finding of the site. */
function findingChangeRequests(store: Store, params: SiteScope, findingId: string) {
  return [...store.changeRequests.values()].filter(
    (row) => row.siteTopic?.site === params.siteId && row.siteTopic.finding === findingId,
  );
}

/** Whether a finding matches the stats' filters. */
function matchesStats(
  store: Store,
  params: SiteScope,
  finding: ResourceRow,
  query: GetSiteFindingStatsQuery,
): boolean {
  const value = finding.value;
  const scope = siteScope(params);
  if (query.topic !== undefined && value.topic !== query.topic) return false;
  if (query.status !== undefined && value.status !== query.status) return false;
  if (query.type !== undefined && !query.type.includes(value.type as never)) return false;
  if (query.severity !== undefined && value.severity !== query.severity) return false;
  if (
    query.hasChangeRequests !== undefined &&
    findingChangeRequests(store, params, finding.id).length > 0 !== query.hasChangeRequests
  )
    return false;
  if (query.source !== undefined) {
    const connections = new Set(findingRecords(store, scope, finding.id).map((r) => r.value.connection));
    const hasQuestions = findingQuestions(store, scope, finding.id).length > 0;
    const matched = query.source.some((source) =>
      source === 'questions' ? hasQuestions : connections.has(source.slice('connection:'.length)),
    );
    if (!matched) return false;
  }
  return true;
}

/** Stores one pushed record of the site's API connection (checked first: see the handler). */
function upsertRecord(
  store: Store,
  params: SiteScope,
  connection: ResourceRow,
  input: {
    id: string;
    type: string;
    title: string;
    description?: string | undefined;
    body: string;
    url?: string | undefined;
    createdAt?: string | undefined;
  },
): void {
  const scope = siteScope(params);
  const key = resourceKey(RECORDS, scope, input.id);
  const existing = store.resources.get(key);
  const now = store.now();
  const path = `/orgs/${params.organizationId}/sites/${params.siteId}/context-records/${encodeURIComponent(input.id)}`;
  const value: Record<string, unknown> = {
    object: 'context-record',
    id: input.id,
    title: input.title,
    ...(input.description !== undefined ? { description: input.description } : {}),
    type: input.type,
    createdAt: input.createdAt ?? existing?.value.createdAt ?? now,
    processedAt: now,
    connection: connection.id,
    connector: API_CONNECTOR,
    // The service sorts a record into topics with its AI: a new record has none; a replaced one keeps its own.
    ...(Array.isArray(existing?.value.topics) ? { topics: existing.value.topics } : {}),
    urls: { location: store.apiUrl(path), ...(input.url !== undefined ? { source: input.url } : {}) },
  };
  if (existing) existing.value = value;
  else store.resources.set(key, { family: RECORDS, scope, id: input.id, value });
}

export const siteContextHandlers: Implementation[] = [
  {
    ...implement(listSiteTopics, ({ store, params, query }) => {
      const scope = siteOf(store, params);
      return { items: rowsIn(store, TOPICS, scope).map((row) => topicView(store, params, row, query)) };
    }),
    answer: 'computed',
  },

  {
    ...implement(getSiteTopicById, ({ store, params }) => {
      const scope = siteOf(store, params);
      return topicView(store, params, requireRow(store, TOPICS, scope, params.siteTopicId, 'site topic'));
    }),
    answer: 'computed',
  },

  {
    ...implement(updateSiteTopicById, ({ store, params, body }) => {
      const scope = siteOf(store, params);
      const row = requireRow(store, TOPICS, scope, params.siteTopicId, 'site topic');
      row.value = { ...row.value, usageSettings: { ...body.usageSettings }, updatedAt: store.now() };
      return topicView(store, params, row);
    }),
    answer: 'computed',
  },

  implement(deleteSiteTopicFindings, ({ store, params }) => {
    const scope = siteOf(store, params);
    for (const finding of topicFindings(store, scope, params.siteTopicId)) {
      store.resources.delete(resourceKey(FINDINGS, scope, finding.id));
      removeEvidence(store, scope, finding.id);
    }
  }),

  {
    ...implement(getSiteFindingStats, ({ store, params, query }) => {
      const scope = siteOf(store, params);
      // Candidates are raised but not confirmed: never counted.
      const findings = rowsIn(store, FINDINGS, scope).filter(
        (row) => row.value.status !== 'candidate' && matchesStats(store, params, row, query),
      );
      const count = (field: string, value: string) =>
        findings.filter((row) => row.value[field] === value).length;
      const connectors: Record<string, number> = {};
      for (const finding of findings) {
        for (const connector of new Set(
          findingRecords(store, scope, finding.id).map((r) => String(r.value.connector)),
        ))
          connectors[connector] = (connectors[connector] ?? 0) + 1;
      }
      return {
        total: findings.length,
        statuses: {
          open: count('status', 'open'),
          done: count('status', 'done'),
          canceled: count('status', 'canceled'),
        },
        severities: {
          low: count('severity', 'low'),
          medium: count('severity', 'medium'),
          high: count('severity', 'high'),
        },
        connectors,
        questions: findings.filter((row) => findingQuestions(store, scope, row.id).length > 0).length,
        mergedChangeRequests: findings
          .flatMap((row) => findingChangeRequests(store, params, row.id))
          .filter((row) => row.status === 'merged').length,
      };
    }),
    answer: 'computed',
  },

  implement(listChangeRequestsForSiteFinding, ({ store, params, query }) => {
    findingOf(store, siteOf(store, params), params.siteFindingId);
    const requests = findingChangeRequests(store, params, params.siteFindingId);
    return paginate(
      requests.map((row) => changeRequestView(store, row)),
      query,
    );
  }),

  implement(triggerChangeRequestsForSiteFinding, ({ store, params }) => {
    findingOf(store, siteOf(store, params), params.siteFindingId);
    throw new SandboxError(
      400,
      "The sandbox cannot draft a fix for a finding offline: it needs the service's AI (open a change request yourself)",
    );
  }),

  implement(listPagesForSiteFinding, ({ store, params, query }) => {
    const scope = siteOf(store, params);
    findingOf(store, scope, params.siteFindingId);
    const pages = rowsIn(store, FINDING_PAGES, `${scope}/${params.siteFindingId}`).flatMap((relation) => {
      const spaceId = String(relation.value.spaceId);
      const space = store.spaces.get(spaceId);
      const entry = space ? findPage(primaryRevision(store, space), relation.id) : undefined;
      if (!entry) return [];
      return [
        {
          object: 'site-finding-page' as const,
          spaceId,
          page: {
            id: entry.page.id,
            type: entry.page.type ?? 'document',
            title: entry.page.title,
            path: entry.path,
          },
        },
      ];
    });
    return paginate(pages, query);
  }),

  implement(listQuestionsForSiteFinding, ({ store, params, query }) => {
    const scope = siteOf(store, params);
    findingOf(store, scope, params.siteFindingId);
    return paginate(
      findingQuestions(store, scope, params.siteFindingId).map((row) => structuredClone(row.value)),
      query,
    ) as never;
  }),

  implement(listRecordsForSiteFinding, ({ store, params, query }) => {
    const scope = siteOf(store, params);
    findingOf(store, scope, params.siteFindingId);
    return paginate(
      findingRecords(store, scope, params.siteFindingId).map((row) => structuredClone(row.value)),
      query,
    ) as never;
  }),

  implement(upsertSiteContextRecords, ({ store, params, body }) => {
    const scope = siteOf(store, params);
    const connection = rowsIn(store, CONNECTIONS, scope).find((row) => row.value.connector === API_CONNECTOR);
    if (!connection)
      throw invalidField(
        'body',
        `site "${params.siteId}" has no ${API_CONNECTOR} context connection: create one (createSiteContextConnection) to push records`,
      );
    // Every record is checked before any is stored: a refused push changes nothing.
    const ids = new Set<string>();
    body.forEach((input, index) => {
      if (ids.has(input.id)) throw invalidField(`body.${index}.id`, `"${input.id}" is sent twice`);
      ids.add(input.id);
      const other = store.resources.get(resourceKey(RECORDS, scope, input.id))?.value.connection;
      if (other !== undefined && other !== connection.id)
        throw invalidField(
          `body.${index}.id`,
          `record "${input.id}" belongs to connection "${other as string}": send another id`,
        );
    });
    for (const input of body) upsertRecord(store, params, connection, input);
    connection.value = {
      ...connection.value,
      records: rowsIn(store, RECORDS, scope).filter((row) => row.value.connection === connection.id).length,
    };
  }),
];
