import {
  getRecommendedQuestionsInOrganization,
  streamRecommendedQuestionsInOrganization,
  streamRecommendedQuestionsInSite,
  type Space,
} from '@docs-api/sdk/contract';
import { recommendedQuestions } from '../domain/ask.js';
import { organizationSpaces, requireOrganization } from '../domain/organizations.js';
import { publishedSiteSpaces, requirePublishedSiteSpace } from '../domain/site-content.js';
import { requireSite } from '../domain/sites.js';
import { notFound } from '../errors.js';
import { implement, type Implementation } from '../implement.js';
import type { Store } from '../store.js';

/*
 * Recommended questions to ask, computed from the content asked (domain/ask.ts): an
 * organization's spaces, or a site's published ones (one site space, or one of its spaces, when
 * the query names it). Streamed, each question is one event.
 */

function organizationQuestions(store: Store, organizationId: string): string[] {
  requireOrganization(store, organizationId);
  return recommendedQuestions(store, organizationSpaces(store, organizationId));
}

export const recommendedQuestionHandlers: Implementation[] = [
  {
    ...implement(getRecommendedQuestionsInOrganization, ({ store, params }) => ({
      questions: organizationQuestions(store, params.organizationId),
    })),
    answer: 'computed',
  },

  {
    ...implement(streamRecommendedQuestionsInOrganization, ({ store, params }) =>
      organizationQuestions(store, params.organizationId).map((question) => ({ question })),
    ),
    answer: 'computed',
  },

  {
    ...implement(streamRecommendedQuestionsInSite, ({ store, params, query }) => {
      const row = requireSite(store, params.organizationId, params.siteId);
      let siteSpaces = publishedSiteSpaces(store, row);
      if (query.siteSpaceId !== undefined)
        siteSpaces = [requirePublishedSiteSpace(store, row, query.siteSpaceId)];
      if (query.spaceId !== undefined) {
        siteSpaces = siteSpaces.filter((siteSpace) => siteSpace.space === query.spaceId);
        if (siteSpaces.length === 0) throw notFound('space', query.spaceId);
      }
      const spaces = siteSpaces.flatMap((siteSpace): Space[] => {
        const space = store.spaces.get(siteSpace.space);
        return space ? [space] : [];
      });
      return recommendedQuestions(store, spaces).map((question) => ({ question }));
    }),
    answer: 'computed',
  },
];
