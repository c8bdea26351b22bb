import { describe, expect, it } from 'vitest';
import { NotFoundError, type SearchAIAnswerStream } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';
import { questionWords } from '../domain/ask.js';
import { askHandlers } from './ask.js';

const ORG = 'org_acme';
const { setup, servedOperationIds } = trackSandboxes();

type Client = ReturnType<typeof setup>['client'];

async function streamed(
  client: Client,
  query: string,
  format?: 'markdown' | 'document',
): Promise<SearchAIAnswerStream[]> {
  const events: SearchAIAnswerStream[] = [];
  for await (const event of client.organizations.streamAsk(ORG, { query, ...(format ? { format } : {}) }))
    events.push(event);
  return events;
}

const markdownOf = (event: SearchAIAnswerStream | undefined) =>
  (event?.answer.answer as { markdown?: string } | undefined)?.markdown ?? '';

describe('organizations.streamAsk', () => {
  it('streams an answer built from the pages that match, each event the answer so far, with its sources', async () => {
    const { client, sandbox } = setup();
    const events = await streamed(client, 'How do I install Acme?', 'markdown');
    expect(sandbox.hits.get('streamAskInOrganization')).toBe(1);
    expect(events.length).toBe(4);
    // Each event extends the one before.
    for (let i = 1; i < events.length; i++) {
      expect(markdownOf(events[i]).startsWith(markdownOf(events[i - 1]).trimEnd())).toBe(true);
      expect(events[i]!.answer.sources.length).toBeGreaterThanOrEqual(events[i - 1]!.answer.sources.length);
    }
    const last = events.at(-1)!;
    expect(markdownOf(last)).toBe(
      [
        'From the content of Acme Inc, 3 pages answer:',
        '',
        '- **Getting started** (Handbook): Install and configure Acme',
        '- **Getting started** (Handbook (fr)): Install and configure Acme',
        '- **Installation** (Handbook): Run `npm install @acme/cli`.',
        '',
      ].join('\n'),
    );
    expect(
      last.answer.sources.map(
        (source) => source.type === 'page' && [source.space, source.page, source.sections],
      ),
    ).toEqual([
      ['space_handbook', 'page_getting_started', ['getting-started']],
      ['space_handbook_fr', 'page_getting_started', ['getting-started']],
      ['space_handbook', 'page_installation', ['installation']],
    ]);
    expect(last.answer.followupQuestions).toEqual([
      'What else does "Getting started" cover?',
      'What else does "Installation" cover?',
    ]);
    expect(events[0]!.answer.sources).toEqual([]);
  });

  it('follows the content: a page edited since answers with its new text', async () => {
    const { client, sandbox } = setup();
    const space = sandbox.store.spaces.get('space_guides')!;
    const revision = sandbox.store.revisions.get(space.revision)!;
    revision.pages.push({
      id: 'page_rotate',
      title: 'Rotating tokens',
      slug: 'rotating-tokens',
      markdown: '# Rotating tokens\n\nCreate a new token, deploy it, then revoke the old one.\n',
      createdAt: '2026-01-05T09:00:00.000Z',
      updatedAt: '2026-01-05T09:00:00.000Z',
      links: [],
      pages: [],
    });
    const last = (await streamed(client, 'rotate a token', 'markdown')).at(-1)!;
    expect(markdownOf(last)).toContain(
      '- **Rotating tokens** (Guides): Create a new token, deploy it, then revoke the old one.',
    );
    expect(last.answer.sources[0]).toMatchObject({
      type: 'page',
      page: 'page_rotate',
      space: 'space_guides',
      revision: revision.id,
    });
  });

  it('says so in one event when nothing matches', async () => {
    const { client } = setup();
    const events = await streamed(client, 'quantum entanglement', 'markdown');
    expect(events).toEqual([
      {
        type: 'answer',
        answer: {
          answer: { markdown: 'I found nothing about this in the content of Acme Inc.' },
          sources: [],
          followupQuestions: [],
        },
      },
    ]);
  });

  it('answers a rich-text document without format=markdown', async () => {
    const { client } = setup();
    const last = (await streamed(client, 'configuration')).at(-1)!;
    expect(last.answer.answer).toMatchObject({ document: { object: 'document' } });
  });

  it('404s for an organization the caller is not in, before any event', async () => {
    const { client } = setup();
    const events: unknown[] = [];
    const read = async () => {
      for await (const event of client.organizations.streamAsk('org_gamma', { query: 'install' }))
        events.push(event);
    };
    await expect(read()).rejects.toBeInstanceOf(NotFoundError);
    expect(events).toEqual([]);
    await failure(client.organizations.ask('org_gamma', { query: 'install' }), NotFoundError);
  });

  it('takes a question to its words, without common ones and endings', () => {
    expect(questionWords('How do I install the installations? Installing!')).toEqual(['install']);
    expect(questionWords('API keys & tokens')).toEqual(['api', 'key', 'token']);
  });
});

describe('organizations.ask', () => {
  it('answers at once what the stream ends with', async () => {
    const { client } = setup();
    const streamedLast = (await streamed(client, 'configuration read', 'markdown')).at(-1)!;
    const { answer } = await client.organizations.ask(
      ORG,
      { query: 'configuration read' },
      { format: 'markdown' },
    );
    expect(answer).toEqual(streamedLast.answer);
  });
});

describe('coverage', () => {
  it('served both asking operations through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = askHandlers.map((handler) => handler.operation.id);
    expect(ids).toEqual(['streamAskInOrganization', 'askInOrganization']);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
