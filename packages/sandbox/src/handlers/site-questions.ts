import {
  getSiteQuestionAnswerThreadById,
  getSiteQuestionStats,
  listSiteQuestionAnswerSources,
  listSiteQuestionSources,
} from '@docs-api/sdk/contract';
import { markdownDocument } from '../content.js';
import { finalAnswer } from '../domain/ask.js';
import { spacesInScope } from '../domain/site-content.js';
import {
  answerSources,
  mergedSources,
  passesFilter,
  questionStats,
  requireAnswer,
  requireQuestion,
  siteAnswers,
  type AnswerValue,
} from '../domain/site-questions.js';
import { requireSite } from '../domain/sites.js';
import { implement, type Implementation } from '../implement.js';
import { paginate } from '../pagination.js';
import type { SiteRow, Store } from '../store.js';

/*
 * What the site's Ask AI questions and answers (rows of the resource engine) say together: an
 * answer's thread, its sources, a question's sources and the site's statistics, all computed from
 * those rows and the site's content (domain/site-questions.ts).
 */

/** The assistant's message of an answer: kept in its row, else the sandbox's answer to its input. */
function responseOf(store: Store, row: SiteRow, answer: AnswerValue): Record<string, unknown> {
  if (answer.response && typeof answer.response === 'object')
    return answer.response as Record<string, unknown>;
  const content = { title: row.site.title, spaces: spacesInScope(store, row, { mode: 'all' }) };
  const { markdown } = finalAnswer(store, content, answer.input?.text ?? '');
  return {
    id: answer.responseId,
    role: 'assistant',
    steps: [{ phase: 'final_answer', content: markdownDocument(markdown) }],
    createdAt: answer.createdAt,
  };
}

export const siteQuestionHandlers: Implementation[] = [
  {
    ...implement(getSiteQuestionAnswerThreadById, ({ store, params }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      const answer = requireAnswer(store, row, params.siteQuestionAnswerId);
      const threadId = answer.thread?.id;
      const thread = threadId
        ? siteAnswers(store, row).filter((candidate) => candidate.thread?.id === threadId)
        : [answer];
      return thread.map((each) => ({ ...each, response: responseOf(store, row, each) })) as never;
    }),
    answer: 'computed',
  },

  {
    ...implement(listSiteQuestionAnswerSources, ({ store, params, query }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      const answer = requireAnswer(store, row, params.siteQuestionAnswerId);
      return paginate(answerSources(store, row, answer), query) as never;
    }),
    answer: 'computed',
  },

  {
    ...implement(listSiteQuestionSources, ({ store, params, query }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      requireQuestion(store, row, params.siteQuestionId);
      const answers = siteAnswers(store, row).filter(
        (answer) => answer.question?.id === params.siteQuestionId && passesFilter(answer, query),
      );
      const sources = mergedSources(answers.map((answer) => answerSources(store, row, answer)));
      return paginate(sources, query) as never;
    }),
    answer: 'computed',
  },

  {
    ...implement(getSiteQuestionStats, ({ store, params, query }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      const answers = siteAnswers(store, row).filter((answer) => passesFilter(answer, query));
      return questionStats(answers, store.now());
    }),
    answer: 'computed',
  },
];
