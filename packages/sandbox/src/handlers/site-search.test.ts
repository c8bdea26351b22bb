import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError, type DocsClient } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes();
const ORG = 'org_acme';
const SITE = 'site_docs';

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** A page the test writes into the handbook, through a change request merged into its content. */
async function addHandbookPage(client: DocsClient, title: string, markdown: string) {
  const cr = await client.changeRequests.create('space_handbook', { subject: `Add ${title}` });
  await client.changeRequests.content.update('space_handbook', cr.id, {
    changes: [{ operation: 'insert_page', title, document: { markdown } }],
  });
  await client.changeRequests.merge('space_handbook', cr.id);
}

describe('site search, computed from the content of the site', () => {
  it('finds the pages of the published site spaces in scope, and a new page once merged', async () => {
    const { client } = setup();
    const all = await client.sites
      .searchContent(ORG, SITE, { query: 'install', scope: { mode: 'all' } })
      .withResponse();
    expect(all.response.headers.get('x-sandbox-answer')).toBe('computed');
    const spaces = all.data.items.map((item) => item.id);
    expect(spaces).toContain('space_handbook');
    // Only the site's spaces: the guides are published by another site.
    expect(spaces).not.toContain('space_guides');

    const onlyApi = await client.sites.searchContent(ORG, SITE, {
      query: 'install',
      scope: { mode: 'specific', siteSpaceIds: ['sitesp_api'] },
    });
    expect(onlyApi.items.every((item) => item.id === 'space_api')).toBe(true);

    const none = await client.sites.searchContent(ORG, SITE, { query: 'zebracorn', scope: { mode: 'all' } });
    expect(none.items).toEqual([]);
    await addHandbookPage(client, 'Zebracorn care', 'Feed the zebracorn daily.');
    const found = await client.sites.searchContent(ORG, SITE, { query: 'zebracorn', scope: { mode: 'all' } });
    expect(found.items.map((item) => item.id)).toEqual(['space_handbook']);
    const page = (found.items[0] as { pages: Array<{ title: string }> }).pages[0];
    expect(page?.title).toBe('Zebracorn care');
  });

  it('restricts the default scope to the current site space, or to the others', async () => {
    const { client } = setup();
    const current = await client.sites.searchContent(ORG, SITE, {
      query: 'a',
      scope: { mode: 'default', currentSiteSpace: 'sitesp_api', restrictTo: 'currentSiteSpace' },
    });
    expect(new Set(current.items.map((item) => item.id))).toEqual(new Set(['space_api']));
    const others = await client.sites.searchContent(ORG, SITE, {
      query: 'a',
      scope: { mode: 'default', currentSiteSpace: 'sitesp_api', restrictTo: 'otherSiteSpaces' },
    });
    expect(others.items.map((item) => item.id)).not.toContain('space_api');
    const legacy = await client.sites.searchContent(ORG, SITE, {
      query: 'a',
      mode: 'current',
      siteSpaceId: 'sitesp_api',
    });
    expect(legacy.items.map((item) => item.id)).toEqual(current.items.map((item) => item.id));
  });

  it('answers 404 for a missing site or a site space the site does not have', async () => {
    const { client } = setup();
    await failure(
      client.sites.searchContent(ORG, 'site_missing', { query: 'x', scope: { mode: 'all' } }),
      NotFoundError,
    );
    await failure(
      client.sites.searchContent(ORG, SITE, {
        query: 'x',
        scope: { mode: 'specific', siteSpaceIds: ['sitesp_guides'] },
      }),
      NotFoundError,
    );
    await failure(client.sites.prewarmSearch(ORG, 'site_missing'), NotFoundError);
    await expect(client.sites.prewarmSearch(ORG, SITE)).resolves.toBeUndefined();
  });
});

describe('site ask and AI responses, computed from the site content', () => {
  it('streams an answer citing the pages of the site that match', async () => {
    const { client } = setup();
    await addHandbookPage(client, 'Zebracorn care', 'Feed the zebracorn daily.');
    const events = await collect(
      client.sites.streamAsk(
        ORG,
        SITE,
        { question: 'How do I feed a zebracorn?', scope: { mode: 'all' } },
        {
          format: 'markdown',
        },
      ),
    );
    const last = events.at(-1)!;
    expect((last.answer.answer as { markdown: string }).markdown).toContain('**Zebracorn care** (Handbook)');
    expect(last.answer.sources.map((source) => (source as { space: string }).space)).toEqual([
      'space_handbook',
    ]);
    expect(last.answer.answer).not.toHaveProperty('markdown', 'string');

    // The other site does not publish the handbook: nothing there.
    const internal = await collect(
      client.sites.streamAsk(
        ORG,
        'site_internal',
        { question: 'zebracorn', scope: { mode: 'all' } },
        { format: 'markdown' },
      ),
    );
    expect((internal.at(-1)!.answer.answer as { markdown: string }).markdown).toBe(
      'I found nothing about this in the content of Internal Handbook.',
    );
    const missing = collect(
      client.sites.streamAsk(ORG, 'site_missing', { question: 'x', scope: { mode: 'all' } }),
    );
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
  });

  it('streams an AI response whose document is the answer, finished with a response id', async () => {
    const { client } = setup();
    await addHandbookPage(client, 'Zebracorn care', 'Feed the zebracorn daily.');
    const events = await collect(
      client.sites.streamAiResponse(ORG, SITE, {
        input: [{ role: 'user', content: 'zebracorn feeding' }],
        previousResponseId: 'aires_earlier',
      }),
    );
    expect(events.map((event) => event.type)).toEqual([
      'response_start',
      'response_step_start',
      'response_document',
      'response_followup_suggestion',
      'response_finish',
    ]);
    const messageIds = new Set(events.map((event) => event.messageId));
    expect(messageIds.size).toBe(1);
    expect(JSON.stringify(events[2])).toContain('Zebracorn care');
    const finish = events.at(-1) as { responseId: string; response: { id: string; previous?: string } };
    expect(finish.response).toEqual({ id: finish.responseId, previous: 'aires_earlier' });

    const noUser = collect(
      client.sites.streamAiResponse(ORG, SITE, { input: [{ role: 'assistant', content: 'hello' }] }),
    );
    expect(await failure(noUser, BadRequestError)).toContain('input');
  });
});

describe('recommended questions, computed from the content', () => {
  it('asks about the pages of the organization, or of one site space', async () => {
    const { client } = setup();
    const { data, response } = await client.organizations.getRecommendedQuestions(ORG).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(data.questions.length).toBeGreaterThan(0);
    expect(data.questions[0]).toBe('What does "Getting started" cover?');
    const streamed = await collect(client.organizations.streamRecommendedQuestions(ORG));
    expect(streamed.map((event) => event.question)).toEqual(data.questions);

    const api = await collect(
      client.sites.streamRecommendedQuestions(ORG, SITE, { siteSpaceId: 'sitesp_api' }),
    );
    const apiTitles = await client.spaces.content.listPages('space_api');
    expect(api[0]?.question).toBe(`What does "${apiTitles.pages[0]!.title}" cover?`);
    await expect(
      collect(client.sites.streamRecommendedQuestions(ORG, SITE, { siteSpaceId: 'sitesp_missing' })),
    ).rejects.toBeInstanceOf(NotFoundError);
    await failure(client.organizations.getRecommendedQuestions('org_missing'), NotFoundError);
  });
});
