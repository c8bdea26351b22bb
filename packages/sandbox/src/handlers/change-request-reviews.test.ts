import { assert, describe, expect, it } from 'vitest';
import {
  ConflictError,
  MergeConflictError,
  NotFoundError,
  RequestValidationError,
  pageMarkdown,
} from '@docs-api/sdk';
import { documentFromText, type RevisionSemanticChange } from '@docs-api/sdk/contract';
import { failure, knownComment, trackSandboxes } from '../../test-support/client.js';
import { changeRequestReviewHandlers } from './change-request-reviews.js';

/*
 * Beyond the extract (published document): reviews, semantic changes, revision page reads, and
 * the states the service reaches that the extract does not show: merges the merge rules refuse,
 * updates and merges that conflict.
 */

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

const HANDBOOK = 'space_handbook';
const GUIDES = 'space_guides';

/** `type page` for each change, e.g. `page_created page_cli`. */
const summary = (changes: readonly RevisionSemanticChange[]) =>
  changes.map((change) => {
    const c = change as { type?: string; page?: { id: string }; file?: { id: string } };
    return `${c.type} ${c.page?.id ?? c.file?.id ?? ''}`.trim();
  });

describe('changeRequests.changes', () => {
  it('lists what a request changes against its base, page by page', async () => {
    const { client } = setup();
    const { changes, more } = await client.changeRequests.listChanges(HANDBOOK, 1);
    expect(more).toBeUndefined();
    expect(summary(changes)).toEqual(['page_edited page_getting_started', 'page_created page_cli']);
    expect(changes[0]).toMatchObject({
      type: 'page_edited',
      page: {
        id: 'page_getting_started',
        type: 'document',
        title: 'Getting started',
        path: 'getting-started',
      },
      attributes: { document: {} },
    });
    expect(changes[1]).toMatchObject({
      page: { path: 'getting-started/cli', title: 'Command-line interface' },
    });

    // The base of an updated request is the primary revision it was updated from: #2 changes one page.
    expect(summary((await client.changeRequests.listChanges(HANDBOOK, 2)).changes)).toEqual([
      'page_edited page_configuration',
    ]);
    // The legal request edits a page and a variable.
    const legal = await client.changeRequests.listChanges('space_legal', 1);
    expect(summary(legal.changes)).toEqual(['page_edited page_terms', 'variables_edited']);
    expect(legal.changes[1]).toEqual({
      type: 'variables_edited',
      variables: { effectiveDate: { before: '2026-01-01', after: '2026-02-01' } },
    });
  });

  it('cuts at limit and counts the rest in `more`', async () => {
    const { client } = setup();
    const cut = await client.changeRequests.listChanges(HANDBOOK, 1, { limit: 1 });
    expect(cut.changes).toHaveLength(1);
    expect(cut.more).toBe(1);
    // The published document takes any number (the extract has no such operation): 0 lists none.
    expect(await client.changeRequests.listChanges(HANDBOOK, 1, { limit: 0 })).toEqual({
      changes: [],
      more: 2,
    });
    expect(await client.changeRequests.listChanges(HANDBOOK, 1, { limit: -1 })).toEqual({
      changes: [],
      more: 2,
    });
    await failure(client.changeRequests.listChanges(HANDBOOK, 99), NotFoundError);
  });
});

describe('revisions.page', () => {
  it("reads a page's markdown at a request's base and refuses a revision of another space", async () => {
    const { client } = setup();
    const base = await client.revisions.getPage(HANDBOOK, 'rev_handbook_1', 'page_installation', {
      format: 'markdown',
    });
    expect(pageMarkdown(base)).toBe('Run `npm install acme`.\n');
    const now = await client.revisions.getPage(HANDBOOK, 'rev_handbook_2', 'page_installation');
    expect(pageMarkdown(now)).toContain('npm install @acme/cli');
    await failure(client.revisions.getPage(HANDBOOK, 'rev_api_1', 'page_api_auth'), NotFoundError);
    await failure(client.revisions.getPage(HANDBOOK, 'rev_handbook_1', 'page_cli'), NotFoundError);
  });

  it('reads a revision by id and the current one as the space holds them, and refuses one of another space', async () => {
    const { client, sandbox } = setup();
    const base = await client.revisions.get(HANDBOOK, 'rev_handbook_1');
    expect(base.id).toBe('rev_handbook_1');
    const current = await client.spaces.content.getCurrentRevision(HANDBOOK);
    expect(current.id).toBe(sandbox.store.spaces.get(HANDBOOK)?.revision);
    await failure(client.revisions.get(HANDBOOK, 'rev_api_1'), NotFoundError);
    await failure(client.revisions.get(HANDBOOK, 'rev_does_not_exist'), NotFoundError);
  });
});

describe('changeRequests.reviews', () => {
  it('lists the seeded reviews newest first, an outdated one marked', async () => {
    const { client } = setup();
    const cli = await client.changeRequests.reviews.list(HANDBOOK, 1).toArray({ max: 10 });
    // Ada approved the first revision; the update of 01-07 made a new one.
    expect(cli).toEqual([
      expect.objectContaining({
        object: 'change-request-review',
        id: 'review_cli_ada',
        status: 'approved',
        outdated: true,
        revision: 'rev_cr_cli_1',
      }),
    ]);
    expect(cli[0]?.reviewer.id).toBe('user_ada');
    const quickstart = await client.changeRequests.reviews.list(GUIDES, 2).toArray({ max: 10 });
    expect(quickstart.map((r) => [r.reviewer.id, r.status, r.outdated])).toEqual([
      ['user_grace', 'changes-requested', false],
      ['user_linus', 'approved', false],
    ]);
    expect(knownComment(quickstart[0]?.comment).body).toEqual({
      markdown: 'Please say which Node.js version the quick start needs.',
    });
    expect(quickstart[0]?.requestedBy?.id).toBe('user_linus');
    const current = await client.changeRequests.reviews.list(HANDBOOK, 1, { outdated: false });
    expect(current.items).toEqual([]);
  });

  it('records a review by the token user, with its comment, and outdates it on a new revision', async () => {
    const { sandbox, client } = setup();
    const review = await client.changeRequests.reviews.submit(HANDBOOK, 2, {
      status: 'changes-requested',
      comment: { document: documentFromText('Please fix the other typo too.') },
    });
    expect(review).toMatchObject({
      status: 'changes-requested',
      outdated: false,
      revision: 'rev_cr_typos',
      reviewer: { id: 'user_ada' },
      comment: { body: { markdown: 'Please fix the other typo too.' } },
    });
    expect(await client.changeRequests.reviews.get(HANDBOOK, 'cr_typos', review.id)).toEqual(review);
    // The comment is one of the request's comments.
    const comments = await client.changeRequests.comments.list(HANDBOOK, 2).toArray({ max: 10 });
    expect(comments.map((c) => knownComment(c).target?.review)).toContain(review.id);

    // A second review by the same user supersedes the first.
    const approval = await client.changeRequests.reviews.submit(HANDBOOK, 2, { status: 'approved' });
    expect((await client.changeRequests.reviews.get(HANDBOOK, 2, review.id)).outdated).toBe(true);
    expect((await client.changeRequests.reviews.get(HANDBOOK, 2, approval.id)).outdated).toBe(false);

    // Updating from the primary content lands a new revision: the approval is outdated.
    await client.changeRequests.updateFromPrimary(HANDBOOK, 2);
    expect((await client.changeRequests.reviews.get(HANDBOOK, 2, approval.id)).outdated).toBe(true);
    expect(sandbox.store.changeRequests.get('cr_typos')?.reviews).toHaveLength(2);

    await failure(client.changeRequests.reviews.get(HANDBOOK, 2, 'review_nope'), NotFoundError);
    await expect(
      client.changeRequests.reviews.submit(HANDBOOK, 2, { status: 'rejected' as never }),
    ).rejects.toThrow(RequestValidationError);
  });
});

describe('merge rules', () => {
  it("refuses a merge the space's rules do not allow, then merges once they are met", async () => {
    const { sandbox, client } = setup();
    const before = sandbox.store.spaces.get(GUIDES)?.revision;
    const refused = await failure(client.changeRequests.merge(GUIDES, 2), ConflictError);
    expect(refused).toContain(
      'Change request #2 does not meet the merge rules of space space_guides: Approval from user_ada (no current approval from user_ada)',
    );
    expect(sandbox.store.spaces.get(GUIDES)?.revision).toBe(before);
    expect(sandbox.store.changeRequests.get('cr_quickstart')?.status).toBe('open');

    await client.changeRequests.reviews.submit(GUIDES, 2, { status: 'approved' });
    const merged = await client.changeRequests.merge(GUIDES, 2);
    expect(merged.result).toBe('merge');
    expect(sandbox.store.spaces.get(GUIDES)?.revision).toBe(merged.revision);
  });

  it("applies the organization's rules to a space that inherits them", async () => {
    const { client } = setup();
    await client.organizations.update('org_acme', {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_at_least_one_approved_review' }] },
    });
    const refused = await failure(client.changeRequests.merge(HANDBOOK, 1), ConflictError);
    expect(refused).toContain(
      'merge rules of organization org_acme: At least one approval (no current approval)',
    );
    await client.changeRequests.reviews.submit(HANDBOOK, 1, { status: 'approved' });
    expect((await client.changeRequests.merge(HANDBOOK, 1)).result).toBe('merge');
  });

  it('lets a user named by allow_bypass merge anyway, and ignores the rules with type none', async () => {
    const { client } = setup();
    await client.spaces.update(GUIDES, {
      mergeRules: {
        type: 'rules',
        rules: [
          { rule: 'require_change_request_description' },
          { rule: 'allow_bypass', users: ['user_ada'] },
        ],
      },
    });
    // #2 has no description: the rule is not met, and Ada (the token's user) may bypass it.
    expect((await client.changeRequests.merge(GUIDES, 2)).result).toBe('merge');
    await client.spaces.update(GUIDES, {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_change_request_description' }] },
    });
    await client.changeRequests.create(GUIDES, { subject: 'No description' });
    await failure(client.changeRequests.merge(GUIDES, 3), ConflictError);
    await client.spaces.update(GUIDES, { mergeRules: { type: 'none' } });
    expect((await client.changeRequests.merge(GUIDES, 3)).result).toBe('merge');
  });
});

describe('conflicts', () => {
  it('answers conflicts to an update and changes nothing while the row says so', async () => {
    const { sandbox, client } = setup();
    const before = await client.changeRequests.get(GUIDES, 1);
    expect(before.outdated).toBe(true);
    // Never a success: a MergeConflictError, reason `conflicts`, nothing merged.
    const error = await client.changeRequests.updateFromPrimary(GUIDES, 1).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(MergeConflictError);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      reason: 'conflicts',
      operation: 'update',
      merged: false,
      revision: 'rev_cr_welcome',
      status: 200,
    });
    expect(await client.changeRequests.get(GUIDES, 1)).toEqual(before);
    // A fixture (or a test) clears the state: the update goes through.
    const row = sandbox.store.changeRequests.get('cr_welcome');
    if (row) row.conflicts = false;
    expect((await client.changeRequests.updateFromPrimary(GUIDES, 1)).result).toBe('update');
  });

  it('applies a conflicting merge and says so, as the published document describes', async () => {
    const { sandbox, client } = setup();
    const row = sandbox.store.changeRequests.get('cr_typos');
    if (row) row.conflicts = true;
    const typos = sandbox.store.changeRequests.get('cr_typos');
    if (typos) typos.revisionMergedAncestor = 'rev_handbook_2';
    // Applied, but not a success a script could miss: it rejects, saying it merged and where.
    const error = await client.changeRequests.merge(HANDBOOK, 2).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(MergeConflictError);
    assert(error instanceof MergeConflictError);
    expect(error).toMatchObject({ reason: 'conflicts', operation: 'merge', merged: true });
    expect(error.message).toMatch(
      /^Change request 2 in space_handbook was merged as revision \S+, but the service reports conflicts/,
    );
    expect(sandbox.store.spaces.get(HANDBOOK)?.revision).toBe(error.revision);
    expect((await client.changeRequests.get(HANDBOOK, 2)).status).toBe('merged');
  });
});

describe('coverage', () => {
  it('served every operation beyond the extract through the SDK in this file', () => {
    const served = servedOperationIds();
    // The operations beyond the extract that the reviews handler implements (the semantic
    // changes, the reviews), and the revision reads this file makes (revisions.test.ts checks
    // that they are the revisions handler's).
    const beyond = changeRequestReviewHandlers
      .map((implementation) => implementation.operation)
      .filter((operation) => operation.inExtract === false)
      .map((operation) => operation.id);
    expect(beyond.sort()).toEqual([
      'getChangeRequestChanges',
      'getChangeRequestReviewById',
      'getReviewsByChangeRequestId',
      'submitChangeRequestReview',
    ]);
    beyond.push('getCurrentRevision', 'getPageInRevisionById', 'getRevisionById');
    expect(beyond.filter((id) => !served.has(id))).toEqual([]);
  });
});
