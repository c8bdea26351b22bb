import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { checkMergeRules, pageMarkdown, RequestValidationError, type MergeRule } from '../index.js';
import * as documented from '../../test-support/documented.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';

/* The operations beyond the extract (published document): reviews, semantic changes, revision pages. */

const CR = '/v1/spaces/sp_1/change-requests/7';
const client = makeClient({ token: 'tok_test', maxRetries: 0 });

const user = (id: string) => ({
  object: 'user',
  id,
  displayName: id,
  urls: { location: `${API}/v1/users/${id}` },
});

function review(overrides: Record<string, unknown> = {}) {
  return {
    object: 'change-request-review',
    id: 'rv_1',
    revision: 'rev_2',
    reviewer: user('u_1'),
    status: 'approved',
    outdated: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    urls: { location: `${API}${CR}/reviews/rv_1` },
    ...overrides,
  };
}

useNockLifecycle();

describe('client.changeRequests.reviews', () => {
  it('lists with the outdated filter and the comment format, and walks the pages', async () => {
    nock(API)
      .get(`${CR}/reviews`)
      .query({ outdated: 'false', format: 'markdown', limit: '1' })
      .reply(200, { items: [review()], next: { page: 'p2' } })
      .get(`${CR}/reviews`)
      .query({ outdated: 'false', format: 'markdown', limit: '1', page: 'p2' })
      .reply(200, { items: [review({ id: 'rv_2', status: 'changes-requested', futureField: 1 })] });

    const reviews = await client.changeRequests.reviews
      .list('sp_1', 7, { outdated: false, format: 'markdown', limit: 1 })
      .toArray({ max: 10 });
    expect(reviews.map((r) => [r.id, r.status])).toEqual([
      ['rv_1', 'approved'],
      ['rv_2', 'changes-requested'],
    ]);
  });

  it('submits a verdict with a markdown comment and reads a review back', async () => {
    nock(API)
      .post(`${CR}/reviews`, { status: 'changes-requested', comment: { markdown: 'Add an example.' } })
      .reply(201, review({ status: 'changes-requested' }))
      .get(`${CR}/reviews/rv_1`)
      .query({ format: 'document' })
      .reply(200, review({ outdated: true }));

    const submitted = await client.changeRequests.reviews.submit('sp_1', 7, {
      status: 'changes-requested',
      comment: { markdown: 'Add an example.' },
    });
    expect(submitted.status).toBe('changes-requested');
    expect(
      (await client.changeRequests.reviews.get('sp_1', 7, 'rv_1', { format: 'document' })).outdated,
    ).toBe(true);
  });

  it('refuses a verdict the document does not list, before sending', async () => {
    const error = await rejection(
      () => client.changeRequests.reviews.submit('sp_1', 7, { status: 'rejected' as never }),
      RequestValidationError,
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['body.status']);
    // A comment is one of the document's forms: markdown, a rich-text document, or none.
    const other = await rejection(
      () =>
        client.changeRequests.reviews.submit('sp_1', 7, {
          status: 'approved',
          comment: { html: '<p>ok</p>' } as never,
        }),
      RequestValidationError,
    );
    expect(other.issues[0]?.path).toMatch(/^body\.comment/);
  });
});

describe('client.changeRequests.listChanges', () => {
  it('sends limit and reads every kind of change, one of a type not known yet kept', async () => {
    nock(API)
      .get(`${CR}/changes`)
      .query({ limit: '50' })
      .reply(200, {
        changes: [
          { type: 'page_created', page: { id: 'pg_1', type: 'document', title: 'New', path: 'new' } },
          {
            type: 'page_edited',
            page: { id: 'pg_2', type: 'document', title: 'Old' },
            attributes: { title: { before: 'Old', after: 'Older' } },
          },
          {
            type: 'file_deleted',
            file: { id: 'f_1', name: 'a.png', contentType: 'image/png', downloadURL: 'x' },
          },
          { type: 'custom_fields_edited', fields: {} },
        ],
        more: 3,
      });
    const { changes, more } = await client.changeRequests.listChanges('sp_1', 7, { limit: 50 });
    expect(more).toBe(3);
    expect(changes.map((c) => c.type)).toEqual([
      'page_created',
      'page_edited',
      'file_deleted',
      'custom_fields_edited',
    ]);
  });

  // The document's limit is any number (0.1 refused 0 and fractions, a rule of its own): a value
  // that is not a number is still refused.
  it('refuses a limit that is not a number, before sending', async () => {
    const error = await rejection(
      () => client.changeRequests.listChanges('sp_1', 7, { limit: '10' as never }),
      RequestValidationError,
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['query.limit']);
  });
});

describe('client.revisions.getPage', () => {
  it('reads a page of a revision, the query named as the document names it', async () => {
    nock(API)
      .get('/v1/spaces/sp_1/revisions/rev_1/page/pg_1')
      .query({ format: 'markdown', metadata: 'false', evaluated: 'true' })
      .reply(200, {
        ...documented.page('pg_1'),
        object: 'revision-page',
        title: 'Intro',
        path: 'intro',
        slug: 'intro',
        markdown: '# Intro\n',
      });
    const page = await client.revisions.getPage('sp_1', 'rev_1', 'pg_1', {
      format: 'markdown',
      metadata: false,
      evaluated: true,
    });
    expect(pageMarkdown(page)).toBe('# Intro\n');
  });
});

describe('checkMergeRules', () => {
  const cr = { subject: 'Fix', hasDescription: false, outdated: true, createdBy: { id: 'u_author' } };
  const reviews = [
    { reviewer: { id: 'u_grace' }, status: 'approved', outdated: false },
    { reviewer: { id: 'u_ada' }, status: 'approved', outdated: true },
    { reviewer: { id: 'u_linus' }, status: 'changes-requested', outdated: false },
  ];

  it('says which rules are met, with what is missing', () => {
    const check = checkMergeRules({
      rules: [
        { rule: 'require_specific_reviewers', users: ['u_grace', 'u_ada'] },
        { rule: 'require_one_of_specific_reviewers', users: ['u_ada', 'u_grace'] },
        { rule: 'require_all_reviews_approved' },
        { rule: 'require_up_to_date_change_request' },
        { rule: 'require_change_request_description' },
        { rule: 'require_author_to_merge' },
        { rule: 'custom', expression: 'true' },
      ],
      changeRequest: cr,
      reviews,
    });
    expect(check.results.map((r) => [r.rule.rule, r.met, r.reason])).toEqual([
      ['require_specific_reviewers', false, 'no current approval from u_ada'],
      ['require_one_of_specific_reviewers', true, undefined],
      ['require_all_reviews_approved', false, 'changes requested by u_linus'],
      ['require_up_to_date_change_request', false, 'the request is outdated'],
      ['require_change_request_description', false, 'the request has no description'],
      // Without knowing who merges, the author rule cannot be checked.
      ['require_author_to_merge', undefined, undefined],
      ['custom', undefined, undefined],
    ]);
    expect(check.unmet).toHaveLength(4);
    expect(check.bypass).toBe(false);
  });

  it('lets a user named by allow_bypass through', () => {
    const rules: MergeRule[] = [
      { rule: 'require_at_least_one_approved_review' },
      { rule: 'allow_bypass', users: ['u_me'] },
    ];
    const none = checkMergeRules({ rules, changeRequest: cr, reviews: [], actor: 'u_me' });
    expect(none.unmet.map((r) => r.rule.rule)).toEqual(['require_at_least_one_approved_review']);
    expect(none.bypass).toBe(true);
    expect(checkMergeRules({ rules, changeRequest: cr, reviews: [], actor: 'u_other' }).bypass).toBe(false);
  });
});
