import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 10, 12) });
const ORG = 'org_acme';
const SITE = 'site_docs';
const SCOPE = `${ORG}/${SITE}`;
const ANSWERS = '/v1/orgs/{organizationId}/sites/{siteId}/answers';
const QUESTIONS = '/v1/orgs/{organizationId}/sites/{siteId}/questions';

function answer(id: string, fields: Record<string, unknown>) {
  return {
    family: ANSWERS,
    scope: SCOPE,
    id,
    value: {
      object: 'site-question-answer',
      id,
      topics: [],
      responseId: `resp_${id}`,
      language: 'en',
      helpfulness: 'medium',
      urls: {},
      ...fields,
    },
  };
}

const question = (id: string, text: string) => ({
  family: QUESTIONS,
  scope: SCOPE,
  id,
  value: {
    object: 'site-question',
    id,
    question: text,
    type: 'how-to',
    createdAt: '2026-03-01T10:00:00.000Z',
    askedAt: '2026-03-02T10:00:00.000Z',
    stats: {
      total: 1,
      answers: 2,
      feedback: { positive: 1, negative: 0, unrated: 1 },
      answered: { yes: 1, partially: 1, no: 0 },
      relevance: { relevant: 2, spam: 0, 'off-topic': 0, unclear: 0 },
      types: { exploring: 0, 'how-to': 2, troubleshooting: 0, reference: 0, unknown: 0 },
      channelTypes: { site: 1, 'builtin:slack': 1 },
      channels: {},
      weeklyPulse: Array.from({ length: 13 }, () => 0),
    },
    urls: {},
  },
});

const fixtures = {
  version: 1 as const,
  resources: [
    question('q_install', 'How do I install Acme?'),
    answer('ans_1', {
      question: { id: 'q_install', type: 'how-to' },
      input: { text: 'How do I install Acme?' },
      thread: { id: 'thread_1' },
      answered: 'yes',
      relevance: 'relevant',
      feedback: { rating: 1 },
      channel: { type: 'site' },
      createdAt: '2026-03-02T10:00:00.000Z',
    }),
    answer('ans_2', {
      question: { id: 'q_install', type: 'how-to' },
      input: { text: 'And configure it?' },
      thread: { id: 'thread_1', previous: 'ans_1' },
      topics: ['setup'],
      answered: 'partially',
      relevance: 'relevant',
      channel: { type: 'builtin:slack', id: 'slack_general' },
      createdAt: '2026-03-03T10:00:00.000Z',
    }),
    answer('ans_spam', {
      question: { type: 'unknown' },
      input: { text: 'buy cheap watches' },
      answered: 'no',
      relevance: 'spam',
      feedback: { rating: -1 },
      channel: { type: 'api' },
      createdAt: '2025-01-01T00:00:00.000Z',
    }),
  ],
};

describe('site questions: threads, sources and stats computed from the answers kept', () => {
  it('answers the thread of an answer in order, each with its response', async () => {
    const { client } = setup({ fixtures });
    const { data: thread, response } = await client.sites.questions
      .getAnswerThread(ORG, SITE, 'ans_2')
      .withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(thread.map((each) => each.id)).toEqual(['ans_1', 'ans_2']);
    expect(thread[0]!.response.id).toBe('resp_ans_1');
    expect(JSON.stringify(thread[0]!.response.steps)).toContain('Installation');
    const alone = await client.sites.questions.getAnswerThread(ORG, SITE, 'ans_spam');
    expect(alone.map((each) => each.id)).toEqual(['ans_spam']);
    await failure(client.sites.questions.getAnswerThread(ORG, SITE, 'ans_missing'), NotFoundError);
    await failure(client.sites.questions.getAnswerThread(ORG, 'site_missing', 'ans_1'), NotFoundError);
  });

  it("lists an answer's sources: the site's pages its input is about", async () => {
    const { client } = setup({ fixtures });
    const sources = await client.sites.questions.listAnswerSources(ORG, SITE, 'ans_1');
    expect(sources.items.length).toBeGreaterThan(0);
    expect(sources.count).toBe(sources.items.length);
    const first = sources.items[0] as {
      type: string;
      space: string;
      title: string;
      urls: { location?: string };
    };
    expect(first.type).toBe('page');
    expect(first.space).toBe('space_handbook');
    expect(first.urls.location).toMatch(
      /^https:\/\/acme\.sandbox\.docs-api\.local\/docs\/product\/handbook\//,
    );
    expect((await client.sites.questions.listAnswerSources(ORG, SITE, 'ans_spam')).items).toEqual([]);
    await failure(client.sites.questions.listAnswerSources(ORG, SITE, 'ans_missing'), NotFoundError);
  });

  it("lists a question's sources over its answers, filtered", async () => {
    const { client } = setup({ fixtures });
    const all = await client.sites.questions.listSources(ORG, SITE, 'q_install');
    const one = await client.sites.questions.listAnswerSources(ORG, SITE, 'ans_1');
    expect(one.items.length).toBeGreaterThan(0);
    expect(all.items.every((each) => each.id.startsWith('space_'))).toBe(true);
    for (const source of one.items) expect(all.items.map((each) => each.id)).toContain(source.id);
    const slackOnly = await client.sites.questions.listSources(ORG, SITE, 'q_install', {
      channelType: ['builtin:slack'],
    });
    const two = await client.sites.questions.listAnswerSources(ORG, SITE, 'ans_2');
    expect(slackOnly.items.map((each) => each.id).sort()).toEqual(two.items.map((each) => each.id).sort());
    await failure(client.sites.questions.listSources(ORG, SITE, 'q_missing'), NotFoundError);
  });

  it('counts the answers in range and filters', async () => {
    const { client } = setup({ fixtures });
    const stats = await client.sites.questions.getStats(ORG, SITE);
    expect(stats).toMatchObject({
      total: 2,
      answers: 3,
      feedback: { positive: 1, negative: 1, unrated: 1 },
      answered: { yes: 1, partially: 1, no: 1 },
      relevance: { relevant: 2, spam: 1, 'off-topic': 0, unclear: 0 },
      types: { 'how-to': 2, unknown: 1 },
      channelTypes: { site: 1, 'builtin:slack': 1, api: 1 },
      channels: { slack_general: 1 },
    });
    // Oldest week first; the clock is at 2026-03-10 noon: both March answers are 7 to 8 days old.
    expect(stats.weeklyPulse).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]);
    const recent = await client.sites.questions.getStats(ORG, SITE, {
      from: '2026-03-01T00:00:00Z',
      relevance: ['relevant'],
      topic: ['setup'],
    });
    expect(recent).toMatchObject({ total: 1, answers: 1, answered: { partially: 1, yes: 0 } });
    const none = await client.sites.questions.getStats(ORG, 'site_internal');
    expect(none).toMatchObject({ total: 0, answers: 0 });
    await failure(client.sites.questions.getStats(ORG, 'site_missing'), NotFoundError);
  });
});
