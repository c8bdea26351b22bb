import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 10, 12) });
const ORG = 'org_acme';
const SITE = 'site_docs';
const SCOPE = `${ORG}/${SITE}`;
const FAMILY = `/v1/orgs/{organizationId}/sites/{siteId}`;
const T0 = '2026-03-01T00:00:00.000Z';
const EMPTY_DOCUMENT = { object: 'document', data: {}, nodes: [] };

function stats(total: number, pulse: number) {
  return {
    total,
    answers: total,
    feedback: { positive: total, negative: 0, unrated: 0 },
    answered: { yes: total, partially: 0, no: 0 },
    relevance: { relevant: total, spam: 0, 'off-topic': 0, unclear: 0 },
    types: { exploring: 0, 'how-to': total, troubleshooting: 0, reference: 0, unknown: 0 },
    channelTypes: { slack: total },
    channels: {},
    weeklyPulse: Array.from({ length: 13 }, (_, index) => (index === 12 ? pulse : 0)),
  };
}

const row = (family: string, id: string, value: Record<string, unknown>, scope = SCOPE) => ({
  family: `${FAMILY}${family}`,
  scope,
  id,
  value,
});

function finding(id: string, topic: string | null, status: string, severity: string) {
  return row('/findings', id, {
    object: 'site-finding',
    id,
    scan: 'scan_1',
    topic,
    title: `Finding ${id}`,
    changeRequests: 0,
    pages: 0,
    records: 0,
    questions: 0,
    status,
    type: 'content-gap',
    severity,
    description: EMPTY_DOCUMENT,
    autoFixable: false,
    createdAt: T0,
    updatedAt: T0,
    urls: { location: `https://api.test/v1/orgs/${ORG}/sites/${SITE}/findings` },
  });
}

function record(id: string, connection: string, connector: string, topics: string[]) {
  return row('/context-records', id, {
    object: 'context-record',
    id,
    title: `Ticket ${id}`,
    type: 'ticket',
    createdAt: T0,
    connection,
    connector,
    topics,
    urls: { location: `https://api.test/v1/orgs/${ORG}/sites/${SITE}/context-records/${id}` },
  });
}

function question(id: string, askedAt: string) {
  return row('/questions', id, {
    object: 'site-question',
    id,
    question: `How do I ${id}?`,
    type: 'how-to',
    createdAt: askedAt,
    askedAt,
    stats: stats(1, 1),
    urls: { location: `https://api.test/v1/orgs/${ORG}/sites/${SITE}/questions/${id}` },
  });
}

const evidence = (kind: string, finding: string, id: string, value: Record<string, unknown> = {}) =>
  row(`/findings/{siteFindingId}/${kind}`, id, value, `${SCOPE}/${finding}`);

/** A page of the demo's guides space, named as evidence of finding_a. */
const GUIDES = 'space_guides';

function fixtures(pageId: string) {
  return {
    version: 1 as const,
    base: 'demo',
    resources: [
      row('/topics', 'topic_billing', {
        object: 'context-topic',
        id: 'topic_billing',
        label: 'Billing',
        icon: 'credit-card',
        summary: EMPTY_DOCUMENT,
        usageSettings: { changeRequests: false },
        createdAt: T0,
        updatedAt: T0,
      }),
      row('/topics', 'topic_empty', {
        object: 'context-topic',
        id: 'topic_empty',
        label: 'Nothing yet',
        icon: 'circle',
        summary: EMPTY_DOCUMENT,
        usageSettings: { changeRequests: true },
        createdAt: T0,
        updatedAt: T0,
      }),
      finding('finding_a', 'topic_billing', 'open', 'high'),
      finding('finding_b', 'topic_billing', 'done', 'low'),
      finding('finding_c', null, 'candidate', 'medium'),
      row('/context-connections', 'conn_zendesk', {
        object: 'context-connection',
        id: 'conn_zendesk',
        connector: 'builtin:zendesk',
      }),
      record('rec_1', 'conn_zendesk', 'builtin:zendesk', ['topic_billing']),
      record('rec_2', 'conn_zendesk', 'builtin:zendesk', []),
      question('q_1', '2026-03-05T00:00:00.000Z'),
      question('q_2', '2026-02-01T00:00:00.000Z'),
      evidence('records', 'finding_a', 'rec_1'),
      // Evidence whose record is gone: not shown.
      evidence('records', 'finding_a', 'rec_gone'),
      evidence('questions', 'finding_a', 'q_1'),
      evidence('questions', 'finding_b', 'q_2'),
      evidence('pages', 'finding_a', pageId, { spaceId: GUIDES }),
    ],
  };
}

async function sandboxWithContext() {
  const probe = setup();
  const { pages } = await probe.client.spaces.content.listPages(GUIDES);
  const page = pages.find((candidate) => candidate.type === 'document');
  if (!page) throw new Error('the demo guides space has no document page');
  return { ...setup({ fixtures: fixtures(page.id) }), page };
}

describe('site topics from state', () => {
  it('lists and gets topics with counts worked out from the rows that name them', async () => {
    const { client } = await sandboxWithContext();
    const { data: list, response } = await client.sites.context.listTopics(ORG, SITE).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(list.items.map((topic) => topic.id)).toEqual(['topic_billing', 'topic_empty']);
    const billing = await client.sites.context.getTopic(ORG, SITE, 'topic_billing');
    expect(billing).toMatchObject({
      label: 'Billing',
      records: 1,
      pages: 1,
      findings: { open: 1, total: 2 },
      questions: { total: 2, answers: 2, channelTypes: { slack: 2 } },
    });
    expect(billing.questions.weeklyPulse[12]).toBe(2);
    expect(billing.urls.location).toBe(
      `http://sandbox.test/v1/orgs/${ORG}/sites/${SITE}/topics/topic_billing`,
    );
    const empty = await client.sites.context.getTopic(ORG, SITE, 'topic_empty');
    expect(empty).toMatchObject({
      records: 0,
      pages: 0,
      findings: { open: 0, total: 0 },
      questions: { total: 0 },
    });

    // The range keeps the questions asked in it.
    const march = await client.sites.context.listTopics(ORG, SITE, { from: '2026-03-01T00:00:00Z' });
    expect(march.items[0]?.questions.total).toBe(1);
  });

  it('updates a topic: the get shows it', async () => {
    const { client } = await sandboxWithContext();
    const updated = await client.sites.context.updateTopic(ORG, SITE, 'topic_billing', {
      usageSettings: { changeRequests: true },
    });
    expect(updated.usageSettings).toEqual({ changeRequests: true });
    expect(updated.updatedAt).not.toBe(T0);
    const read = await client.sites.context.getTopic(ORG, SITE, 'topic_billing');
    expect(read.usageSettings).toEqual({ changeRequests: true });
    expect(read.updatedAt).toBe(updated.updatedAt);
  });

  it('answers 404 for an unknown topic, site or organization', async () => {
    const { client } = await sandboxWithContext();
    expect(await failure(client.sites.context.getTopic(ORG, SITE, 'topic_nope'), NotFoundError)).toContain(
      'topic_nope',
    );
    await failure(
      client.sites.context.updateTopic(ORG, SITE, 'topic_nope', { usageSettings: { changeRequests: true } }),
      NotFoundError,
    );
    await failure(client.sites.context.listTopics(ORG, 'site_nope'), NotFoundError);
    await failure(client.sites.context.listTopics('org_nope', SITE), NotFoundError);
  });

  it("deletes a topic's findings and their evidence; the topic and the other findings stay", async () => {
    const { client } = await sandboxWithContext();
    await client.sites.context.deleteTopicFindings(ORG, SITE, 'topic_billing');
    const findings = await client.sites.context.listFindings(ORG, SITE);
    expect(findings.items.map((item) => item.id)).toEqual(['finding_c']);
    await failure(client.sites.context.getFinding(ORG, SITE, 'finding_a'), NotFoundError);
    await failure(client.sites.context.listFindingRecords(ORG, SITE, 'finding_a'), NotFoundError);
    const topic = await client.sites.context.getTopic(ORG, SITE, 'topic_billing');
    expect(topic).toMatchObject({ findings: { open: 0, total: 0 }, pages: 0, questions: { total: 0 } });
    // A topic without findings (or none at all) succeeds, as the document says.
    await client.sites.context.deleteTopicFindings(ORG, SITE, 'topic_nope');
  });
});

describe("a finding's evidence and stats from state", () => {
  it('lists the records, questions and pages that exist and relate to the finding', async () => {
    const { client, page } = await sandboxWithContext();
    const records = await client.sites.context.listFindingRecords(ORG, SITE, 'finding_a');
    expect(records.items.map((item) => item.id)).toEqual(['rec_1']);
    expect(records.count).toBe(1);
    const questions = await client.sites.context.listFindingQuestions(ORG, SITE, 'finding_a');
    expect(questions.items.map((item) => item.question)).toEqual(['How do I q_1?']);
    const pages = await client.sites.context.listFindingPages(ORG, SITE, 'finding_a');
    expect(pages.items).toEqual([
      {
        object: 'site-finding-page',
        spaceId: GUIDES,
        page: { id: page.id, type: 'document', title: page.title, path: page.path },
      },
    ]);
    expect((await client.sites.context.listFindingPages(ORG, SITE, 'finding_b')).items).toEqual([]);
    await failure(client.sites.context.listFindingQuestions(ORG, SITE, 'finding_nope'), NotFoundError);
    await failure(client.sites.context.listFindingPages(ORG, SITE, 'finding_nope'), NotFoundError);
  });

  it('lists the change requests opened from the finding', async () => {
    const { client, sandbox } = await sandboxWithContext();
    expect((await client.sites.context.listFindingChangeRequests(ORG, SITE, 'finding_a')).items).toEqual([]);
    const request = await client.changeRequests.create(GUIDES, { subject: 'Fix billing docs' });
    const row = sandbox.store.changeRequests.get(request.id);
    if (!row) throw new Error('no change request row');
    row.siteTopic = { site: SITE, topic: 'topic_billing', finding: 'finding_a' };
    const listed = await client.sites.context.listFindingChangeRequests(ORG, SITE, 'finding_a');
    expect(listed.items.map((item) => [item.id, item.subject])).toEqual([[request.id, 'Fix billing docs']]);
    await failure(client.sites.context.listFindingChangeRequests(ORG, SITE, 'finding_nope'), NotFoundError);

    const stats = await client.sites.context.getFindingStats(ORG, SITE, { hasChangeRequests: true });
    expect(stats.total).toBe(1);
  });

  it('says a fix cannot be drafted offline, after checking the finding', async () => {
    const { client } = await sandboxWithContext();
    expect(
      await failure(
        client.sites.context.triggerFindingChangeRequests(ORG, SITE, 'finding_a'),
        BadRequestError,
      ),
    ).toContain('offline');
    await failure(
      client.sites.context.triggerFindingChangeRequests(ORG, SITE, 'finding_nope'),
      NotFoundError,
    );
  });

  it('counts the findings by status, severity, connector and questions, with the filters', async () => {
    const { client } = await sandboxWithContext();
    const { data: all, response } = await client.sites.context.getFindingStats(ORG, SITE).withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    // The candidate is never counted.
    expect(all).toEqual({
      total: 2,
      statuses: { open: 1, done: 1, canceled: 0 },
      severities: { low: 1, medium: 0, high: 1 },
      connectors: { 'builtin:zendesk': 1 },
      questions: 2,
      mergedChangeRequests: 0,
    });
    expect((await client.sites.context.getFindingStats(ORG, SITE, { severity: 'high' })).total).toBe(1);
    expect(
      (await client.sites.context.getFindingStats(ORG, SITE, { source: ['connection:conn_zendesk'] })).total,
    ).toBe(1);
    expect((await client.sites.context.getFindingStats(ORG, SITE, { topic: 'topic_empty' })).total).toBe(0);
    await failure(client.sites.context.getFindingStats(ORG, 'site_nope'), NotFoundError);
  });
});

describe('records pushed through the API', () => {
  it("stores them under the site's API connection: the record list and get show them, a second push replaces", async () => {
    const { client } = await sandboxWithContext();
    expect(
      await failure(
        client.sites.context.upsertRecords(ORG, SITE, [
          { id: 'ext-1', type: 'ticket', title: 'Refunds', body: 'How?' },
        ]),
        BadRequestError,
      ),
    ).toContain('builtin:api');

    const connection = await client.sites.context.createConnection(ORG, SITE, { connector: 'builtin:api' });
    await client.sites.context.upsertRecords(ORG, SITE, [
      { id: 'ext-1', type: 'ticket', title: 'Refunds', body: 'How?', url: 'https://help.acme.test/t/1' },
      { id: 'ext-2', type: 'document', title: 'Pricing', body: 'Plans' },
    ]);
    const listed = await client.sites.context.listRecords(ORG, SITE);
    const pushed = listed.items.filter((item) => item.connection === connection.id);
    expect(pushed.map((item) => [item.id, item.title, item.connector])).toEqual([
      ['ext-1', 'Refunds', 'builtin:api'],
      ['ext-2', 'Pricing', 'builtin:api'],
    ]);
    const first = await client.sites.context.getRecord(ORG, SITE, 'ext-1');
    expect(first.urls).toEqual({
      location: `http://sandbox.test/v1/orgs/${ORG}/sites/${SITE}/context-records/ext-1`,
      source: 'https://help.acme.test/t/1',
    });
    expect((await client.sites.context.getConnection(ORG, SITE, connection.id)).records).toBe(2);

    await client.sites.context.upsertRecords(ORG, SITE, [
      { id: 'ext-1', type: 'ticket', title: 'Refunds v2', body: 'Now' },
    ]);
    const again = await client.sites.context.getRecord(ORG, SITE, 'ext-1');
    expect(again.title).toBe('Refunds v2');
    expect(again.createdAt).toBe(first.createdAt);
    expect((await client.sites.context.listRecords(ORG, SITE)).count).toBe(listed.count);

    // A record of another connection is not overwritten; nothing of the refused push is stored.
    expect(
      await failure(
        client.sites.context.upsertRecords(ORG, SITE, [
          { id: 'ext-3', type: 'ticket', title: 'New', body: 'x' },
          { id: 'rec_1', type: 'ticket', title: 'Taken', body: 'x' },
        ]),
        BadRequestError,
      ),
    ).toContain('body.1.id');
    await failure(client.sites.context.getRecord(ORG, SITE, 'ext-3'), NotFoundError);
    await failure(
      client.sites.context.upsertRecords(ORG, 'site_nope', [
        { id: 'x', type: 'ticket', title: 'x', body: 'x' },
      ]),
      NotFoundError,
    );
  });
});
