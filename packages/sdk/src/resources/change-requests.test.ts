import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { decodeQuery, documentFromText, getPageInChangeRequestById } from '../contract/index.js';
import {
  childPages,
  extraFields,
  MergeConflictError,
  RequestValidationError,
  reviewerTeam,
  reviewerUser,
} from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';

const CRS = '/v1/spaces/sp_1/change-requests';

const client = makeClient({ token: 'tok_test', maxRetries: 0 });

function changeRequest(overrides: Record<string, unknown> = {}) {
  return {
    ...documented.changeRequest(),
    object: 'change-request',
    id: 'cr_abc',
    number: 7,
    status: 'open',
    subject: 'Fix typos',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-02T00:00:00.000Z',
    space: 'sp_1',
    revision: 'rev_2',
    revisionInitial: 'rev_1',
    comments: 0,
    outdated: false,
    ...overrides,
  };
}

/** A comment as the document requires it: its status (`open`, or `resolved` with when and by whom). */
function comment(overrides: Record<string, unknown> = {}) {
  return { ...documented.comment('cm_1'), ...overrides };
}

/** A comment's or reply's markdown body (a body is one of the document's forms: read it as data). */
const markdownOf = (item: { body?: object | undefined }) =>
  item.body ? extraFields(item.body).markdown : undefined;

/** Calls `fn`, which must throw a RequestValidationError, and returns it. */
const validationError = (fn: () => PromiseLike<unknown>) => rejection(fn, RequestValidationError);

useNockLifecycle();

describe('client.changeRequests', () => {
  it('puts a change request number or id in the path', async () => {
    nock(API)
      .get(`${CRS}/7`)
      .reply(200, changeRequest())
      .get(`${CRS}/cr_abc`)
      .reply(200, changeRequest({ number: 8 }));

    const byNumber = await client.changeRequests.get('sp_1', 7);
    const byId = await client.changeRequests.get('sp_1', 'cr_abc');

    expect(byNumber.number).toBe(7);
    expect(byId.number).toBe(8);
  });

  it('refuses a change request id containing whitespace before sending', async () => {
    const error = await validationError(() => client.changeRequests.get('sp_1', 'cr abc'));
    expect(error.issues.map((issue) => issue.path)).toEqual(['path.changeRequestId']);
  });

  it('encodes the list filters', async () => {
    nock(API)
      .get(CRS)
      .query({ status: 'merged', creator: 'u_1', requestedReviewer: 'u_2', limit: '10' })
      .reply(200, { items: [changeRequest({ status: 'merged' })], count: 1 });

    const page = await client.changeRequests.list('sp_1', {
      status: 'merged',
      creator: 'u_1',
      requestedReviewer: 'u_2',
      limit: 10,
    });

    expect(page.items.map((cr) => cr.status)).toEqual(['merged']);
  });

  it('lists the change requests of an organization', async () => {
    nock(API)
      .get('/v1/orgs/org_1/change-requests')
      .query({ contributor: 'u_3' })
      .reply(200, { items: [changeRequest()] });

    const all = await client.changeRequests
      .listForOrganization('org_1', { contributor: 'u_3' })
      .toArray({ max: 10 });

    expect(all.map((cr) => cr.id)).toEqual(['cr_abc']);
  });

  it('sends several statuses across an organization as repeated keys, with the document-only filters', async () => {
    let uri = '';
    nock(API)
      .get('/v1/orgs/org_1/change-requests')
      .query(true)
      .reply(200, (requestUri) => {
        uri = requestUri;
        return { items: [] };
      });

    await client.changeRequests.listForOrganization('org_1', {
      status: ['open', 'draft'],
      site: 'site_1',
      finding: 'all',
      orderBy: 'createdAt',
    });

    const sent = new URL(uri, API).searchParams;
    expect(sent.getAll('status')).toEqual(['open', 'draft']);
    expect([sent.get('site'), sent.get('finding'), sent.get('orderBy')]).toEqual([
      'site_1',
      'all',
      'createdAt',
    ]);
  });

  it('refuses a status the published document does not list (the old "all") before sending', async () => {
    const error = await validationError(() =>
      client.changeRequests.list('sp_1', { status: 'all' as 'open' }),
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['query.status']);
  });

  // The document lets the create body hold more (`additionalProperties: true`), but a field the
  // SDK does not name is sent through `extraBody` (docs/sdk.md, "Fields the types do not name").
  it('sends the create body as given, extra properties through extraBody', async () => {
    const body = {
      subject: 'New guide',
      template: { id: 'tpl_1', params: { contentRefs: { logo: { kind: 'file' as const, file: 'file_1' } } } },
    };
    const origin = { source: 'script', attempt: 1 };
    nock(API)
      .post(CRS, { ...body, origin })
      .reply(201, changeRequest({ subject: 'New guide' }));

    const created = await client.changeRequests.create('sp_1', body, { extraBody: { origin } });

    expect(created.subject).toBe('New guide');
  });

  it('refuses a subject over 100 characters and sends nothing', async () => {
    const error = await validationError(() =>
      client.changeRequests.update('sp_1', 7, { subject: 'x'.repeat(101) }),
    );

    expect(error.issues.map((issue) => issue.path)).toEqual(['body.subject']);
    // The operation is named by its public id, the document's operationId.
    expect(error.operation).toBe('updateChangeRequestById');
  });

  it('refuses to set the status to "merged": only a merge does that', async () => {
    const error = await validationError(() =>
      client.changeRequests.update('sp_1', 7, { status: 'merged' as 'open' }),
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['body.status']);
  });

  it('sends external links, at most 10, titles at most 128 characters', async () => {
    const link = { ref: { kind: 'url' as const, url: 'https://example.com/issue/1' }, title: 'Issue 1' };
    nock(API)
      .patch(`${CRS}/7`, { links: [link] })
      .reply(200, changeRequest({ links: [{ id: 'lnk_1', ...link }] }));

    const updated = await client.changeRequests.update('sp_1', 7, { links: [link] });

    expect(updated.links?.[0]?.id).toBe('lnk_1');
    const tooMany = await validationError(() =>
      client.changeRequests.update('sp_1', 7, { links: Array.from({ length: 11 }, () => link) }),
    );
    expect(tooMany.issues.map((issue) => issue.path)).toEqual(['body.links']);
    const longTitle = await validationError(() =>
      client.changeRequests.update('sp_1', 7, { links: [{ ...link, title: 'x'.repeat(129) }] }),
    );
    expect(longTitle.issues.map((issue) => issue.path)).toEqual(['body.links.0.title']);
  });

  // The published document requires a document's `data` and `nodes` (0.1 sent `data: {}` when it
  // was left out): a description without them is refused before sending.
  it('refuses a description without `data`, which the published document requires', async () => {
    const nodes = [{ object: 'block', type: 'paragraph', nodes: [] }];
    const missing = await validationError(() =>
      client.changeRequests.update('sp_1', 7, { description: { object: 'document', nodes } as never }),
    );
    expect(missing.issues.map((issue) => issue.path)).toEqual(['body.description.data']);
    const error = await validationError(() =>
      client.changeRequests.update('sp_1', 7, {
        description: { object: 'document', data: { schemaVersion: 1.5 }, nodes } as never,
      }),
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['body.description.data.schemaVersion']);
  });

  it('reads the request back when the update answers 204 without it', async () => {
    nock(API)
      .patch(`${CRS}/7`, { subject: 'Renamed' })
      .reply(204)
      .get(`${CRS}/7`)
      .reply(200, changeRequest({ subject: 'Renamed' }));

    const updated = await client.changeRequests.update('sp_1', 7, { subject: 'Renamed' });

    expect(updated.subject).toBe('Renamed');
  });

  it("reads the published document's change request fields and tolerates what it does not know", async () => {
    nock(API)
      .get(`${CRS}/7`)
      .reply(
        200,
        changeRequest({
          status: 'merged',
          mergedAt: '2024-01-03T00:00:00.000Z',
          siteTopic: { site: 'site_1', topic: 'topic_1' },
          links: [
            {
              id: 'lnk_1',
              ref: { kind: 'url', url: 'https://jira.example.com/DOC-1' },
              expanded: { kind: 'external-ticket', provider: 'jira', state: 'error' },
            },
          ],
          futureField: 1,
        }),
      );

    const cr = await client.changeRequests.get('sp_1', 7);

    expect(cr.mergedAt).toBe('2024-01-03T00:00:00.000Z');
    expect(cr.links?.[0]?.expanded?.state).toBe('error');
    expect(extraFields(cr).futureField).toBe(1);
  });

  it('accepts a subject of exactly 100 characters', async () => {
    const subject = 'x'.repeat(100);
    nock(API).patch(`${CRS}/7`, { subject }).reply(200, changeRequest({ subject }));

    const updated = await client.changeRequests.update('sp_1', 7, { subject });

    expect(updated.subject).toHaveLength(100);
  });

  it('merges and returns the new revision', async () => {
    nock(API).post(`${CRS}/7/merge`).reply(200, { revision: 'rev_3', result: 'merge' });

    const result = await client.changeRequests.merge('sp_1', 7);

    expect(result).toEqual({ revision: 'rev_3', result: 'merge' });
  });

  // A merge that did not merge cleanly is never a success (merge-outcome.test.ts).
  it('rejects a merge that conflicts with a MergeConflictError', async () => {
    nock(API).post(`${CRS}/7/merge`).reply(200, { revision: 'rev_2', result: 'conflicts' });

    const error = await rejection(client.changeRequests.merge('sp_1', 7), MergeConflictError);
    expect(error).toMatchObject({ reason: 'conflicts', merged: true, revision: 'rev_2' });
  });

  it('updates from the primary content through POST .../update', async () => {
    nock(API).post(`${CRS}/cr_abc/update`).reply(200, { revision: 'rev_4', result: 'update' });

    const result = await client.changeRequests.updateFromPrimary('sp_1', 'cr_abc');

    expect(result.result).toBe('update');
  });

  it('returns the contributors envelope', async () => {
    nock(API)
      .get(`${CRS}/7/contributors`)
      .reply(200, {
        items: [{ ...documented.contributor('u_1'), count: 3 }],
        count: 1,
      });

    const contributors = await client.changeRequests.listContributors('sp_1', 7);

    expect(contributors.items[0]?.count).toBe(3);
  });
});

describe('client.changeRequests.reviewers', () => {
  it('sends the review request body', async () => {
    nock(API)
      .post(`${CRS}/7/requested-reviewers`, { users: ['u_1', 'u_2'], subject: 'Please review' })
      .reply(200, { users: [documented.requestedReviewer('u_1'), documented.requestedReviewer('u_2')] });

    const result = await client.changeRequests.reviewers.request('sp_1', 7, {
      users: ['u_1', 'u_2'],
      subject: 'Please review',
    });

    expect(result.users?.map((r) => reviewerUser(r)?.id)).toEqual(['u_1', 'u_2']);
  });

  it('reads team reviewers and reviewers of kinds not known yet', async () => {
    const { kind: _kind, user: _user, ...base } = documented.requestedReviewer();
    nock(API)
      .get(`${CRS}/7/requested-reviewers`)
      .reply(200, {
        items: [
          { ...base, kind: 'user', user: documented.user('u_1') },
          { ...base, kind: 'team', team: documented.team('team_docs') },
          { ...base, kind: 'group', group: 'g_1' },
        ],
      });

    const { items } = await client.changeRequests.reviewers.list('sp_1', 7);

    expect(items.map((r) => reviewerUser(r)?.id)).toEqual(['u_1', undefined, undefined]);
    expect(items.map((r) => reviewerTeam(r)?.id)).toEqual([undefined, 'team_docs', undefined]);
    expect(items[2] && extraFields(items[2]).group).toBe('g_1');
    expect(items[2]?.kind).toBe('group');
  });

  it('refuses a review request with no users', async () => {
    const error = await validationError(() =>
      client.changeRequests.reviewers.request('sp_1', 7, { users: [] }),
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['body.users']);
  });

  it('removes a reviewer (205 when removed, 204 when they were not asked)', async () => {
    nock(API)
      .delete(`${CRS}/7/requested-reviewers/u_1`)
      .reply(205)
      .delete(`${CRS}/7/requested-reviewers/u_2`)
      .reply(204);

    await expect(client.changeRequests.reviewers.remove('sp_1', 7, 'u_1')).resolves.toBeUndefined();
    await expect(client.changeRequests.reviewers.remove('sp_1', 7, 'u_2')).resolves.toBeUndefined();
  });
});

describe('client.changeRequests.comments', () => {
  it('encodes authors as repeated keys, with the order', async () => {
    let uri = '';
    nock(API)
      .get(`${CRS}/7/comments`)
      .query(true)
      .reply(200, (requestUri) => {
        uri = requestUri;
        return { items: [comment()] };
      });

    const page = await client.changeRequests.comments.list('sp_1', 7, {
      order: 'asc',
      authors: ['u1', 'u2'],
    });

    expect(new URL(uri, API).search).toBe('?order=asc&authors=u1&authors=u2');
    expect(page.items[0] && extraFields(page.items[0]).body).toEqual({ markdown: 'Looks good' });
  });

  it('resolves, reopens and reacts with the documented update bodies', async () => {
    const path = `${CRS}/7/comments/cm_1`;
    nock(API)
      .put(path, { resolved: true })
      .reply(
        200,
        comment({
          status: 'resolved',
          resolvedAt: '2024-01-03T00:00:00.000Z',
          resolvedBy: documented.user('u_1'),
        }),
      )
      .put(path, { resolved: false })
      .reply(200, comment())
      .put(path, { addedReactions: ['👍'] })
      .reply(200, comment({ reactions: [documented.reaction('👍')] }))
      .put(path, { addedReactions: ['🎉'], removedReactions: ['👍'] })
      .reply(200, comment({ reactions: [documented.reaction('🎉')] }));

    const resolved = await client.changeRequests.comments.resolve('sp_1', 7, 'cm_1');
    const reopened = await client.changeRequests.comments.reopen('sp_1', 7, 'cm_1');
    const liked = await client.changeRequests.comments.react('sp_1', 7, 'cm_1', { add: ['👍'] });
    const swapped = await client.changeRequests.comments.react('sp_1', 7, 'cm_1', {
      add: ['🎉'],
      remove: ['👍'],
    });

    expect(resolved.status).toBe('resolved');
    expect(resolved.status === 'resolved' && resolved.resolvedBy?.id).toBe('u_1');
    expect(reopened.status).toBe('open');
    expect(liked.status === 'open' && liked.reactions?.[0]?.emoji).toBe('👍');
    expect(swapped.status === 'open' && swapped.reactions?.[0]?.emoji).toBe('🎉');
  });

  // The document's body is markdown, a rich-text document or empty (0.1 refused an empty one, a
  // rule of its own): a body of another form, or none, is refused.
  it('refuses a comment without a body or with a body of no known form', async () => {
    const other = await validationError(() =>
      client.changeRequests.comments.create('sp_1', 7, { body: { html: '<p>x</p>' } as never }),
    );
    expect(other.issues.map((issue) => issue.path)).toEqual(['body.body.html']);
    const none = await validationError(() => client.changeRequests.comments.create('sp_1', 7, {} as never));
    expect(none.issues.map((issue) => issue.path)).toEqual(['body.body']);
  });

  it('posts a rich-text document as a body and reads the document form back', async () => {
    const document = documentFromText('Looks good');
    nock(API)
      .post(
        `${CRS}/7/comments`,
        (body: unknown) => JSON.stringify(body) === JSON.stringify({ body: { document } }),
      )
      .reply(200, comment({ body: { document } }))
      .get(`${CRS}/7/comments/cm_1`)
      .query({ format: 'document' })
      .reply(200, comment({ body: { document }, status: 'open' }))
      .get(`${CRS}/7/comments/cm_2`)
      .reply(200, comment({ id: 'cm_2', body: {} }));

    const posted = await client.changeRequests.comments.create('sp_1', 7, { body: { document } });
    const read = await client.changeRequests.comments.get('sp_1', 7, 'cm_1', { format: 'document' });
    const empty = await client.changeRequests.comments.get('sp_1', 7, 'cm_2');

    expect(posted.status === 'open' && posted.body && extraFields(posted.body).document).toEqual(document);
    expect(read.status === 'open' && markdownOf(read)).toBeUndefined();
    expect(read.status).toBe('open');
    expect(empty.status === 'open' && empty.body).toEqual({});
  });

  it('posts a reply with the output format in the query', async () => {
    nock(API)
      .post(`${CRS}/7/comments/cm_1/replies`, { body: { markdown: 'Done' } })
      .query({ format: 'markdown' })
      .reply(200, { ...documented.commentReply('rp_1'), body: { markdown: 'Done' } });

    const reply = await client.changeRequests.comments.createReply(
      'sp_1',
      7,
      'cm_1',
      { body: { markdown: 'Done' } },
      { format: 'markdown' },
    );

    expect(reply.id).toBe('rp_1');
  });
});

describe('client.changeRequests.content', () => {
  const CONTENT = `${CRS}/7/content`;

  it("sends the page options and the two content booleans under the published document's names", async () => {
    let uri = '';
    nock(API)
      .get(`${CONTENT}/page/pg_1`)
      .query(true)
      .reply(200, (requestUri) => {
        uri = requestUri;
        return { ...documented.page('pg_1'), title: 'Intro' };
      });

    const page = await client.changeRequests.content.getPage('sp_1', 7, 'pg_1', {
      evaluated: 'deterministic-only',
      metadata: false,
      computed: false,
      format: 'markdown',
      'format.markdown.refs': 'stable',
      dereferenced: 'reusable-contents',
    });

    const sent = new URL(uri, API).searchParams;
    expect([...sent].sort()).toEqual([
      ['computed', 'false'],
      ['dereferenced', 'reusable-contents'],
      ['evaluated', 'deterministic-only'],
      ['format', 'markdown'],
      ['format.markdown.refs', 'stable'],
      ['metadata', 'false'],
    ]);
    expect(extraFields(page).title).toBe('Intro');
  });

  it('decodes the evaluated option back to a boolean or the literal (sandbox side)', () => {
    const operation = getPageInChangeRequestById;
    const decode = (search: string) => {
      const result = operation.query!.safeParse(
        decodeQuery(operation.queryKinds, new URLSearchParams(search)),
      );
      if (!result.success) throw new Error(result.error.issues.map((issue) => issue.message).join('; '));
      return result.data;
    };

    expect(decode('evaluated=true&metadata=false')).toEqual({ evaluated: true, metadata: false });
    expect(decode('evaluated=deterministic-only&computed=true')).toEqual({
      evaluated: 'deterministic-only',
      computed: true,
    });
    expect(decode('dereferenced=false&format.markdown.refs=relative')).toEqual({
      dereferenced: false,
      'format.markdown.refs': 'relative',
    });
    expect(() => decode('evaluated=sometimes')).toThrow();
  });

  // The list's pages are typed by their items: the extract's `stats` beside them is kept as data.
  it('keeps the link listing stats on every page and the content booleans on the next page', async () => {
    const stats = { total: 3, broken: { total: 1, changeRequest: 1 } };
    nock(API)
      .get(`${CONTENT}/page/pg_1/links`)
      .query({ metadata: 'false' })
      .reply(200, {
        items: [{ status: 'ok', relation: 'reference', targetReference: { kind: 'page', page: 'pg_2' } }],
        next: { page: 'p2' },
        stats,
      })
      .get(`${CONTENT}/page/pg_1/links`)
      .query({ metadata: 'false', page: 'p2' })
      .reply(200, { items: [{ status: 'broken' }], stats });

    const links = client.changeRequests.content.listPageLinks('sp_1', 7, 'pg_1', { metadata: false });
    const first = await links;
    const statuses: string[] = [];
    const pageStats: unknown[] = [];
    for await (const page of links.pages()) {
      statuses.push(...page.items.map((link) => String(link.status)));
      pageStats.push(extraFields(page).stats);
    }

    expect(extraFields(first).stats).toEqual(stats);
    expect(pageStats).toEqual([stats, stats]);
    expect(statuses).toEqual(['ok', 'broken']);
  });

  it('reads each revision type, and one not known yet', async () => {
    const revision = (type: string, extra: Record<string, unknown> = {}) => ({
      ...documented.revision(`rev_${type}`),
      type,
      variables: { version: 2, beta: true, product: 'Acme' },
      ...extra,
    });
    nock(API)
      .get(CONTENT)
      .reply(200, revision('merge', { mergedFrom: changeRequest() }))
      .get(CONTENT)
      .reply(200, revision('squash'));

    const merge = await client.changeRequests.content.getRevision('sp_1', 7);
    const other = await client.changeRequests.content.getRevision('sp_1', 7);

    expect(merge.type).toBe('merge');
    expect(merge.type === 'merge' && merge.variables).toEqual({ version: 2, beta: true, product: 'Acme' });
    expect(other.type).toBe('squash');
  });

  // A page of a type not known yet, with known fields of other forms, is drift: read under `warn`.
  it('accepts unknown page fields, nested pages and unknown link statuses', async () => {
    const drifting = {
      id: 'pg_1',
      type: 'openapi-operation',
      futureField: { nested: true },
      layout: { width: 'wide', coverSize: 'banner' },
      pages: [{ id: 'pg_1a', pages: [{ id: 'pg_1a_i', hidden: true }] }],
    };
    nock(API)
      .get(`${CONTENT}/page/pg_1`)
      .twice()
      .reply(200, drifting)
      .get(`${CONTENT}/page/pg_1/links`)
      .reply(200, {
        items: [
          { status: 'redirected', locationReferences: [{ kind: 'organization', organization: 'org_1' }] },
        ],
        stats: { total: 1, broken: { total: 0, changeRequest: 0 } },
      });
    const logger = { warn: vi.fn() };
    const tolerant = makeClient({ token: 'tok_test', maxRetries: 0, responseValidation: 'warn', logger });

    const page = await tolerant.changeRequests.content.getPage('sp_1', 7, 'pg_1');
    const links = await tolerant.changeRequests.content.listPageLinks('sp_1', 7, 'pg_1');
    await tolerant.changeRequests.content.getPage('sp_1', 7, 'pg_1');

    // The drift is reported once, though the page was read twice; the links fit the document.
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^Response drift in getPageInChangeRequestById at the top level: /),
      expect.objectContaining({ operation: 'getPageInChangeRequestById', path: '' }),
    );
    expect(page).toEqual(drifting);

    expect(extraFields(page).futureField).toEqual({ nested: true });
    expect(String(extraFields(page).type)).toBe('openapi-operation');
    const [child] = childPages(page);
    expect(child && childPages(child)).toEqual([{ id: 'pg_1a_i', hidden: true }]);
    expect(links.items[0]?.status).toBe('redirected');
    expect(links.items[0]?.locationReferences?.[0]).toEqual({ kind: 'organization', organization: 'org_1' });
  });

  it('lists file backlinks with paging and the content booleans', async () => {
    nock(API)
      .get(`${CONTENT}/files/file_1/backlinks`)
      .query({ computed: 'false', limit: '5' })
      .reply(200, { items: [{ kind: 'page', page: 'pg_1', space: 'sp_1' }] });

    const page = await client.changeRequests.content.listFileBacklinks('sp_1', 7, 'file_1', {
      computed: false,
      limit: 5,
    });

    expect(page.items).toEqual([{ kind: 'page', page: 'pg_1', space: 'sp_1' }]);
  });
});
