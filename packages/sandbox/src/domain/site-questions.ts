import type { SiteQuestionStats } from '@docs-api/sdk/contract';
import { notFound } from '../errors.js';
import type { SiteRow, Store } from '../store.js';
import { matches, questionWords } from './ask.js';
import { publishedSiteSpaces } from './site-content.js';
import { publishedUrl } from './sites.js';

/*
 * A site's Ask AI questions and answers are rows the resource engine keeps (the contract lists and
 * gets them; fixtures load them): their threads, sources and statistics are computed here from
 * those rows and the site's content. An answer's sources are the pages the sandbox's ask engine
 * cites for its input (domain/ask.ts), unless its row keeps its own `sources`.
 */

const QUESTIONS = '/v1/orgs/{organizationId}/sites/{siteId}/questions';
const ANSWERS = '/v1/orgs/{organizationId}/sites/{siteId}/answers';

export type AnswerValue = Record<string, unknown> & {
  id: string;
  createdAt: string;
  responseId: string;
  question?: { id?: string; type?: string };
  input?: { text?: string };
  thread?: { id?: string; previous?: string };
  topics?: string[];
  feedback?: { rating?: number };
  answered?: string;
  relevance?: string;
  channel?: { type: string; id?: string | null };
};

export type SourceValue = Record<string, unknown> & { id: string; weight: number };

function rowsOf(store: Store, family: string, row: SiteRow): Array<Record<string, unknown>> {
  const scope = `${row.organization}/${row.site.id}`;
  return [...store.resources.values()]
    .filter((resource) => resource.family === family && resource.scope === scope)
    .map((resource) => resource.value);
}

/** The site's answers, oldest first (creation order on a tie). */
export function siteAnswers(store: Store, row: SiteRow): AnswerValue[] {
  return (rowsOf(store, ANSWERS, row) as AnswerValue[])
    .map((answer, index) => ({ answer, index }))
    .sort((a, b) => Date.parse(a.answer.createdAt) - Date.parse(b.answer.createdAt) || a.index - b.index)
    .map(({ answer }) => answer);
}

export function requireAnswer(store: Store, row: SiteRow, answerId: string): AnswerValue {
  const found = siteAnswers(store, row).find((answer) => answer.id === answerId);
  if (!found) throw notFound('siteQuestionAnswer', answerId);
  return found;
}

export function requireQuestion(store: Store, row: SiteRow, questionId: string): Record<string, unknown> {
  const found = rowsOf(store, QUESTIONS, row).find((question) => question.id === questionId);
  if (!found) throw notFound('siteQuestion', questionId);
  return found;
}

/** The filters the questions' reads share; each absent one keeps every answer. */
export interface AnswerFilter {
  from?: string | undefined;
  to?: string | undefined;
  topic?: string[] | undefined;
  relevance?: string[] | undefined;
  channelType?: string[] | undefined;
  answered?: string[] | undefined;
}

export function passesFilter(answer: AnswerValue, filter: AnswerFilter): boolean {
  const time = Date.parse(answer.createdAt);
  const within = (values: string[] | undefined, value: string | undefined) =>
    values === undefined || (value !== undefined && values.includes(value));
  return (
    (filter.from === undefined || time >= Date.parse(filter.from)) &&
    (filter.to === undefined || time <= Date.parse(filter.to)) &&
    (filter.topic === undefined || (answer.topics ?? []).some((topic) => filter.topic!.includes(topic))) &&
    within(filter.relevance, answer.relevance) &&
    within(filter.channelType, answer.channel?.type) &&
    within(filter.answered, answer.answered)
  );
}

/** The sources of an answer: those its row keeps, else the pages the ask engine cites for its input. */
export function answerSources(store: Store, row: SiteRow, answer: AnswerValue): SourceValue[] {
  if (Array.isArray(answer.sources)) return answer.sources as SourceValue[];
  const words = new Set(questionWords(answer.input?.text ?? ''));
  if (words.size === 0) return [];
  const siteSpaces = publishedSiteSpaces(store, row);
  const spaces = siteSpaces.flatMap((siteSpace) => {
    const space = store.spaces.get(siteSpace.space);
    return space ? [space] : [];
  });
  return matches(store, spaces, words).map((match) => {
    const siteSpace = siteSpaces.find((candidate) => candidate.space === match.space.id);
    const section = row.sections.find((candidate) => candidate.id === siteSpace?.section);
    const path = [section?.path, siteSpace?.path, match.entry.path].filter(Boolean).join('/');
    return {
      object: 'site-question-answer-source',
      type: 'page',
      id: `${match.space.id}/${match.entry.page.id}`,
      weight: match.score,
      title: match.entry.page.title,
      space: match.space.id,
      revision: match.revision,
      page: match.entry.page.id,
      urls: row.site.published ? { location: `${publishedUrl(store, row)}/${path}` } : {},
    };
  });
}

/** Sources of several answers as one list: one entry per source, its weights added, heaviest first. */
export function mergedSources(lists: readonly SourceValue[][]): SourceValue[] {
  const merged = new Map<string, SourceValue>();
  for (const source of lists.flat()) {
    const known = merged.get(source.id);
    merged.set(source.id, known ? { ...known, weight: known.weight + source.weight } : { ...source });
  }
  return [...merged.values()].sort((a, b) => b.weight - a.weight);
}

const WEEK = 7 * 24 * 60 * 60 * 1000;

/** Counts of the answers by a key, every listed key present. */
function countBy<K extends string>(
  answers: readonly AnswerValue[],
  keys: readonly K[],
  keyOf: (a: AnswerValue) => string,
): Record<K, number> & Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(keys.map((key) => [key, 0]));
  for (const answer of answers) {
    const key = keyOf(answer);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The statistics of a set of answers, at `now`; `weeklyPulse` counts them per week, oldest first. */
export function questionStats(answers: readonly AnswerValue[], now: string): SiteQuestionStats {
  const questions = new Set(answers.map((answer) => answer.question?.id ?? answer.id));
  const rating = (answer: AnswerValue) => answer.feedback?.rating;
  const weeklyPulse = Array.from({ length: 13 }, () => 0);
  for (const answer of answers) {
    const weeksAgo = Math.floor((Date.parse(now) - Date.parse(answer.createdAt)) / WEEK);
    if (weeksAgo >= 0 && weeksAgo < 13) weeklyPulse[12 - weeksAgo]! += 1;
  }
  const channels: Record<string, number> = {};
  for (const answer of answers) {
    const id = answer.channel?.id;
    if (id) channels[id] = (channels[id] ?? 0) + 1;
  }
  return {
    total: questions.size,
    answers: answers.length,
    feedback: {
      positive: answers.filter((answer) => rating(answer) === 1).length,
      negative: answers.filter((answer) => rating(answer) === -1).length,
      unrated: answers.filter((answer) => rating(answer) === undefined).length,
    },
    answered: countBy(answers, ['yes', 'partially', 'no'], (answer) => answer.answered ?? 'no'),
    relevance: countBy(
      answers,
      ['relevant', 'spam', 'off-topic', 'unclear'],
      (answer) => answer.relevance ?? 'unclear',
    ),
    types: countBy(
      answers,
      ['exploring', 'how-to', 'troubleshooting', 'reference', 'unknown'],
      (answer) => answer.question?.type ?? 'unknown',
    ),
    channelTypes: countBy(answers, [], (answer) => answer.channel?.type ?? 'site'),
    channels,
    weeklyPulse,
  };
}
