import {
  prewarmSiteSearch,
  searchSiteContent,
  streamAIResponseInSite,
  streamAskInSite,
  type AIStreamResponse,
  type BodyOf,
  type SiteSearchScope,
} from '@docs-api/sdk/contract';
import { documentPlainText, markdownDocument } from '../content.js';
import { answerEvents, finalAnswer, type AskedContent } from '../domain/ask.js';
import { searchSpaces } from '../domain/search.js';
import { requirePublishedSiteSpace, spacesInScope } from '../domain/site-content.js';
import { requireSite } from '../domain/sites.js';
import { invalidField } from '../errors.js';
import { implement, type Implementation } from '../implement.js';
import { paginate } from '../pagination.js';
import type { SiteRow, Store } from '../store.js';

/*
 * A site's search and Ask AI, computed from the content its visitors read (domain/site-content.ts):
 * search ranks the pages of the spaces in scope (domain/search.ts), ask and the AI response answer
 * from them (domain/ask.ts), so a test can predict both. A prewarm is only a hint to the
 * service's search backend: the sandbox's search needs none, so it checks the site and answers.
 */

type SearchBody = BodyOf<typeof searchSiteContent>;

/** The scope a search body names: its `scope`, or the older `mode` forms said as one. */
function scopeOf(body: SearchBody): SiteSearchScope {
  if ('scope' in body) return body.scope;
  if (body.mode === 'all') return { mode: 'all' };
  if (body.mode === 'current')
    return { mode: 'default', currentSiteSpace: body.siteSpaceId, restrictTo: 'currentSiteSpace' };
  return { mode: 'specific', siteSpaceIds: body.siteSpaceIds };
}

function siteContent(store: Store, row: SiteRow, scope: SiteSearchScope): AskedContent {
  return { title: row.site.title, spaces: spacesInScope(store, row, scope) };
}

/** The question of an AI request: the text of its last user message. */
function questionOf(input: ReadonlyArray<{ role: string; content: unknown }>): string {
  const message = [...input].reverse().find((each) => each.role === 'user');
  if (!message) throw invalidField('input', 'has no message with role "user" to respond to');
  return typeof message.content === 'string'
    ? message.content
    : documentPlainText(message.content as Parameters<typeof documentPlainText>[0]);
}

export const siteSearchHandlers: Implementation[] = [
  {
    ...implement(searchSiteContent, ({ store, params, query, body }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      const spaces = spacesInScope(store, row, scopeOf(body));
      return paginate(searchSpaces(store, spaces, body.query.toLowerCase()), query);
    }),
    answer: 'computed',
  },

  implement(prewarmSiteSearch, ({ store, params }) => {
    requireSite(store, params.organizationId, params.siteId);
  }),

  {
    ...implement(streamAskInSite, ({ store, params, query, body }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      const siteSpaceId = body.context?.siteSpaceId;
      if (siteSpaceId !== undefined) requirePublishedSiteSpace(store, row, siteSpaceId);
      return answerEvents(store, siteContent(store, row, body.scope), body.question, query.format);
    }),
    answer: 'computed',
  },

  {
    ...implement(streamAIResponseInSite, ({ store, params, body }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      const question = questionOf(body.input);
      const { markdown, followups } = finalAnswer(store, siteContent(store, row, { mode: 'all' }), question);
      const messageId = store.newId('aimsg');
      const responseId = store.newId('aires');
      const events: AIStreamResponse[] = [
        { type: 'response_start', messageId },
        { type: 'response_step_start', messageId, stepIndex: 0, phase: 'final_answer' },
        {
          type: 'response_document',
          messageId,
          stepIndex: 0,
          operation: 'insert',
          blocks: markdownDocument(markdown).nodes,
        },
        ...(followups.length
          ? [{ type: 'response_followup_suggestion' as const, messageId, suggestions: followups }]
          : []),
        {
          type: 'response_finish',
          messageId,
          responseId,
          response: {
            id: responseId,
            ...(body.previousResponseId ? { previous: body.previousResponseId } : {}),
          },
        },
      ];
      return events;
    }),
    answer: 'computed',
  },
];
