import { askInOrganization, streamAskInOrganization } from '@docs-api/sdk/contract';
import { answerEvents, type AskedContent } from '../domain/ask.js';
import { requireOrganization } from '../domain/organizations.js';
import { implement } from '../implement.js';
import type { Store } from '../store.js';

/* Asking the organization a question: answered from its live spaces' content (domain/ask.ts). */

function organizationContent(store: Store, organizationId: string): AskedContent {
  const organization = requireOrganization(store, organizationId);
  return {
    title: organization.title ?? organizationId,
    spaces: [...store.spaces.values()].filter(
      (space) => space.organization === organizationId && !space.deletedAt,
    ),
  };
}

export const askHandlers = [
  implement(streamAskInOrganization, ({ store, params, query }) => {
    return answerEvents(store, organizationContent(store, params.organizationId), query.query, query.format);
  }),

  implement(askInOrganization, ({ store, params, query, body }) => {
    const content = organizationContent(store, params.organizationId);
    const events = answerEvents(store, content, body.query, query.format);
    return { answer: events[events.length - 1]!.answer };
  }),
];
