import { notFound } from '../errors.js';
import type { ResourceRow, Store } from '../store.js';

/*
 * A site's context (what the service learns about its docs from outside): connections, the
 * records they bring, the scans that read them, the findings (documentation issues) the scans
 * raise, the questions asked of the site, and the topics all of them are sorted into. The
 * resource engine keeps the families with a list (`store.resources`, by collection path); this
 * module names those families and the relations the API shows but gives no list-and-item family:
 *
 * - topics: `TOPICS` rows (the topic as stored: label, parent, icon, summary, usage settings); the
 *   counts a topic shows are worked out from the rows that name it.
 * - a finding's evidence: rows under the finding's scope (`org/site/finding`) of `FINDING_RECORDS`
 *   (id: a context record's id), `FINDING_QUESTIONS` (id: a site question's id) and `FINDING_PAGES`
 *   (id: a page's id, value `{ spaceId }`). The service's AI links them; the sandbox takes them
 *   from fixtures, and shows those whose record, question or page exists.
 */

const SITE = '/v1/orgs/{organizationId}/sites/{siteId}';
export const TOPICS = `${SITE}/topics`;
export const RECORDS = `${SITE}/context-records`;
export const FINDINGS = `${SITE}/findings`;
export const QUESTIONS = `${SITE}/questions`;
export const CONNECTIONS = `${SITE}/context-connections`;
export const FINDING_RECORDS = `${FINDINGS}/{siteFindingId}/records`;
export const FINDING_QUESTIONS = `${FINDINGS}/{siteFindingId}/questions`;
export const FINDING_PAGES = `${FINDINGS}/{siteFindingId}/pages`;

export interface SiteScope {
  organizationId: string;
  siteId: string;
}

export const siteScope = (params: SiteScope) => `${params.organizationId}/${params.siteId}`;

export const resourceKey = (family: string, scope: string, id: string) => `${family}|${scope}|${id}`;

/** The rows of a family in one scope, in creation order. */
export function rowsIn(store: Store, family: string, scope: string): ResourceRow[] {
  return [...store.resources.values()].filter((row) => row.family === family && row.scope === scope);
}

/** A row of a family, or the 404 naming it. */
export function requireRow(
  store: Store,
  family: string,
  scope: string,
  id: string,
  kind: string,
): ResourceRow {
  const row = store.resources.get(resourceKey(family, scope, id));
  if (!row) throw notFound(kind, id);
  return row;
}

/** A finding's evidence of one kind: the ids of its relation rows. */
export function evidenceIds(store: Store, relation: string, scope: string, findingId: string): string[] {
  return rowsIn(store, relation, `${scope}/${findingId}`).map((row) => row.id);
}

/** The records evidencing a finding that exist. */
export function findingRecords(store: Store, scope: string, findingId: string): ResourceRow[] {
  return evidenceIds(store, FINDING_RECORDS, scope, findingId).flatMap((id) => {
    const row = store.resources.get(resourceKey(RECORDS, scope, id));
    return row ? [row] : [];
  });
}

/** The questions evidencing a finding that exist. */
export function findingQuestions(store: Store, scope: string, findingId: string): ResourceRow[] {
  return evidenceIds(store, FINDING_QUESTIONS, scope, findingId).flatMap((id) => {
    const row = store.resources.get(resourceKey(QUESTIONS, scope, id));
    return row ? [row] : [];
  });
}

/** Removes a finding's evidence rows (its relations), as the finding goes. */
export function removeEvidence(store: Store, scope: string, findingId: string): void {
  for (const relation of [FINDING_RECORDS, FINDING_QUESTIONS, FINDING_PAGES]) {
    for (const row of rowsIn(store, relation, `${scope}/${findingId}`))
      store.resources.delete(resourceKey(relation, row.scope, row.id));
  }
}

type Stats = Record<string, unknown>;

/** Question stats of no question: every count 0, a 13-week pulse of zeros. */
export function emptyQuestionStats(): Stats {
  return {
    total: 0,
    answers: 0,
    feedback: { positive: 0, negative: 0, unrated: 0 },
    answered: { yes: 0, partially: 0, no: 0 },
    relevance: { relevant: 0, spam: 0, 'off-topic': 0, unclear: 0 },
    types: { exploring: 0, 'how-to': 0, troubleshooting: 0, reference: 0, unknown: 0 },
    channelTypes: {},
    channels: {},
    weeklyPulse: Array.from({ length: 13 }, () => 0),
  };
}

/** Adds `more` into `sum`: counts by key, arrays (the weekly pulse) position by position. */
function addStats(sum: Stats, more: Stats): void {
  for (const [key, value] of Object.entries(more)) {
    const current = sum[key];
    if (typeof value === 'number') sum[key] = (typeof current === 'number' ? current : 0) + value;
    else if (Array.isArray(value)) {
      const into = Array.isArray(current) ? (current as number[]) : [];
      value.forEach((count, index) => (into[index] = (into[index] ?? 0) + Number(count)));
      sum[key] = into;
    } else if (value && typeof value === 'object') {
      const into = current && typeof current === 'object' ? (current as Stats) : {};
      addStats(into, value as Stats);
      sum[key] = into;
    }
  }
}

/** The stats of a set of questions: the sum of each one's (`SiteQuestion.stats`). */
export function questionStats(questions: readonly ResourceRow[]): Stats {
  const sum = emptyQuestionStats();
  for (const question of questions) {
    const stats = question.value.stats;
    if (stats && typeof stats === 'object') addStats(sum, stats as Stats);
  }
  return sum;
}
