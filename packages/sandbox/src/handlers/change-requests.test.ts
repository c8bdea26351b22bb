import { assert, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  childPages,
  RequestValidationError,
  ConflictError,
  NotFoundError,
  pageMarkdown,
  reviewerUser,
  type ChangeRequest,
  type RevisionPage,
} from '@docs-api/sdk';
import {
  documentFromText,
  operations,
  type Comment,
  type ListChangeRequestsForOrganizationQuery,
  type ListChangeRequestsForSpaceQuery,
  type ListCommentsInChangeRequestQuery,
} from '@docs-api/sdk/contract';
import {
  documentPage,
  everyItem,
  failure,
  knownComment,
  knownRevision,
  sandboxWithClient,
  trackSandboxes,
  type DocumentPage,
} from '../../test-support/client.js';

const HANDBOOK = 'space_handbook';
const CLOCK_START = Date.UTC(2026, 2, 1);

const { setup, servedOperationIds } = trackSandboxes({ clockStart: CLOCK_START });

async function all<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of pages) items.push(item);
  return items;
}

const ids = (items: ReadonlyArray<{ id: string }>) => items.map((item) => item.id);
const numbers = (items: readonly ChangeRequest[]) => items.map((item) => item.number);

/** Page ids as a tree: a page with children becomes `[id, [children]]`. */
function tree(pages: readonly RevisionPage[] = []): unknown[] {
  return pages.map((page) => {
    const children = childPages(page);
    const { id } = documentPage(page);
    return children.length ? [id, tree(children)] : id;
  });
}

function findIn(pages: readonly RevisionPage[] = [], id: string): DocumentPage | undefined {
  for (const page of pages) {
    if (documentPage(page).id === id) return documentPage(page);
    const found = findIn(childPages(page), id);
    if (found) return found;
  }
  return undefined;
}

describe('change requests: seed and lookup', () => {
  it('finds a request by number or by id within its space only', async () => {
    const { client } = setup();
    const byNumber = await client.changeRequests.get(HANDBOOK, 1);
    expect(byNumber).toMatchObject({
      object: 'change-request',
      id: 'cr_cli',
      number: 1,
      status: 'open',
      subject: 'Document the new CLI',
      space: HANDBOOK,
      revision: 'rev_cr_cli',
      revisionInitial: 'rev_handbook_1',
      revisionMergedAncestor: 'rev_handbook_2',
      comments: 1,
      outdated: false,
      conversationsIssuesCluster: 'cluster_cli_questions',
      createdBy: {
        object: 'user',
        id: 'user_linus',
        displayName: 'Linus Torvalds',
        urls: { location: 'http://sandbox.test/v1/users/user_linus' },
      },
      links: [
        {
          id: 'link_cli_issue',
          ref: { kind: 'url', url: 'https://github.com/acme/cli/issues/12' },
          title: 'Document the CLI (issue 12)',
        },
      ],
      // Absolute, at the origin the sandbox was reached on, as the published document has it.
      urls: {
        app: 'https://app.sandbox.docs-api.local/s/space_handbook/~/changes/1',
        location: 'http://sandbox.test/v1/spaces/space_handbook/change-requests/cr_cli',
      },
    });
    // The seed's users have no photo: the field is left out rather than null.
    expect(byNumber.createdBy).not.toHaveProperty('photoURL');
    expect(byNumber.description?.object).toBe('document');
    expect(await client.changeRequests.get(HANDBOOK, 'cr_cli')).toEqual(byNumber);
    expect(await client.changeRequests.get(HANDBOOK, '1')).toEqual(byNumber);

    const typos = await client.changeRequests.get(HANDBOOK, 'cr_typos');
    expect(typos).toMatchObject({
      number: 2,
      revisionInitial: 'rev_handbook_1',
      outdated: true,
      comments: 0,
    });
    expect(typos.revisionMergedAncestor).toBeUndefined();

    expect(await failure(client.changeRequests.get(HANDBOOK, 99), NotFoundError)).toContain('99');
    expect(await failure(client.changeRequests.get('space_api', 'cr_cli'), NotFoundError)).toContain(
      'cr_cli',
    );
    await failure(client.changeRequests.get('space_nope', 1), NotFoundError);
  });

  it('gives each seeded space a primary revision', async () => {
    const { client } = setup();
    expect((await client.spaces.get(HANDBOOK)).revision).toBe('rev_handbook_2');
    expect((await client.spaces.get('space_api')).revision).toBe('rev_api_2');
    expect(await client.spaces.get('space_legal')).toMatchObject({
      editMode: 'locked',
      revision: 'rev_legal_1',
    });
  });
});

describe('changeRequests.create', () => {
  it('numbers requests per space and starts them from the current primary revision', async () => {
    const { client } = setup();
    const created = await client.changeRequests.create(HANDBOOK, { subject: 'Add a FAQ' });
    expect(created).toMatchObject({
      object: 'change-request',
      number: 3,
      status: 'open',
      subject: 'Add a FAQ',
      space: HANDBOOK,
      revisionInitial: 'rev_handbook_2',
      comments: 0,
      outdated: false,
      createdBy: { id: 'user_ada' },
    });
    expect(created.revision).not.toBe('rev_handbook_2');
    expect(created.createdAt).toBe(created.updatedAt);
    expect(created.createdAt.startsWith('2026-03-01T')).toBe(true);

    // Its revision is a copy of the primary one.
    const revision = knownRevision(await client.changeRequests.content.getRevision(HANDBOOK, created.number));
    expect(revision.id).toBe(created.revision);
    expect(revision.parents).toEqual(['rev_handbook_2']);
    expect(revision.variables).toEqual({ product: 'Acme', version: '1.1' });
    expect(tree(revision.pages ?? [])).toEqual([
      ['page_getting_started', ['page_installation', 'page_configuration']],
      'page_internal',
      'page_all_pages',
    ]);

    const untitled = await client.changeRequests.create(HANDBOOK);
    expect(untitled).toMatchObject({ number: 4, subject: 'Untitled change request' });
    expect(await client.changeRequests.get(HANDBOOK, 4)).toEqual(untitled);
    // Numbers are per space.
    expect((await client.changeRequests.create('space_guides', { subject: 'Guides' })).number).toBe(3);
    expect((await client.changeRequests.create('space_api', { subject: 'API' })).number).toBe(2);
    await failure(client.changeRequests.create('space_nope', {}), NotFoundError);
  });
});

describe('changeRequests.update (PATCH)', () => {
  it('changes subject, description and status, and refuses "merged"', async () => {
    const { client } = setup();
    const before = await client.changeRequests.get(HANDBOOK, 2);
    const description = {
      object: 'document' as const,
      data: { schemaVersion: 1 },
      nodes: [{ object: 'block' as const, type: 'paragraph' as const, nodes: [] }],
    };
    const updated = await client.changeRequests.update(HANDBOOK, 2, {
      subject: 'Fix typos in Configuration',
      description,
      status: 'draft',
    });
    expect(updated).toMatchObject({ subject: 'Fix typos in Configuration', status: 'draft', description });
    expect(updated.updatedAt > before.updatedAt).toBe(true);
    expect(await client.changeRequests.get(HANDBOOK, 'cr_typos')).toEqual(updated);

    // "merged" is not a status a PATCH takes (published document): refused before sending by
    // the SDK, and by the sandbox when sent anyway.
    await expect(
      client.changeRequests.update(HANDBOOK, 2, { status: 'merged' as 'open' }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    const message = await failure(
      client.request({
        method: 'PATCH',
        path: `/v1/spaces/${HANDBOOK}/change-requests/2`,
        body: { status: 'merged' },
      }),
      BadRequestError,
    );
    expect(message).toContain('body.status');
    expect((await client.changeRequests.get(HANDBOOK, 2)).status).toBe('draft');

    // A merged request keeps its status.
    expect(
      await failure(client.changeRequests.update('space_api', 1, { status: 'open' }), ConflictError),
    ).toContain('merged');
    await failure(client.changeRequests.update(HANDBOOK, 42, { subject: 'x' }), NotFoundError);
  });
});

describe('changeRequests.merge and updateFromPrimary', () => {
  it('merges into a new primary revision and makes the other requests outdated', async () => {
    const { client } = setup();
    const other = await client.changeRequests.create(HANDBOOK, { subject: 'Other' });
    expect(other.outdated).toBe(false);

    const result = await client.changeRequests.merge(HANDBOOK, 1);
    expect(result.result).toBe('merge');
    expect(result.revision).not.toBe('rev_handbook_2');

    const space = await client.spaces.get(HANDBOOK);
    expect(space.revision).toBe(result.revision);
    const merged = await client.changeRequests.get(HANDBOOK, 1);
    expect(merged).toMatchObject({ status: 'merged', revisionMerged: result.revision, outdated: false });
    expect((await client.changeRequests.get(HANDBOOK, other.number)).outdated).toBe(true);

    // The primary content now holds the request's edits: a new request starts from them.
    const next = await client.changeRequests.create(HANDBOOK, { subject: 'After the merge' });
    expect(next.revisionInitial).toBe(result.revision);
    const revision = knownRevision(await client.changeRequests.content.getRevision(HANDBOOK, next.number));
    expect(tree(revision.pages ?? [])[0]).toEqual([
      'page_getting_started',
      ['page_installation', 'page_configuration', 'page_cli'],
    ]);
    // The broken link the merged request brought in is now the primary content's, not the new request's.
    const links = await client.changeRequests.content.listPageLinks(
      HANDBOOK,
      next.number,
      'page_getting_started',
    );
    expect(links.stats).toEqual({ total: 8, broken: { total: 2, changeRequest: 0 } });

    expect(await failure(client.changeRequests.merge(HANDBOOK, 1), ConflictError)).toContain(
      'already merged',
    );
    expect(await failure(client.changeRequests.updateFromPrimary(HANDBOOK, 1), ConflictError)).toContain(
      'merged',
    );
  });

  it('refuses an outdated request until it is updated from the primary content', async () => {
    const { client } = setup();
    const message = await failure(client.changeRequests.merge(HANDBOOK, 'cr_typos'), ConflictError);
    expect(message).toBe('Change request #2 is outdated: update it from the primary content first');
    expect((await client.changeRequests.get(HANDBOOK, 2)).status).toBe('open');

    const update = await client.changeRequests.updateFromPrimary(HANDBOOK, 2);
    expect(update.result).toBe('update');
    const updated = await client.changeRequests.get(HANDBOOK, 2);
    expect(updated).toMatchObject({
      revision: update.revision,
      revisionInitial: 'rev_handbook_1',
      revisionMergedAncestor: 'rev_handbook_2',
      outdated: false,
    });
    // The request's own edit is kept and the primary's edits are pulled in.
    const configuration = await client.changeRequests.content.getPage(HANDBOOK, 2, 'page_configuration');
    expect(pageMarkdown(configuration)).toContain('Configuration is read from');
    const installation = await client.changeRequests.content.getPage(HANDBOOK, 2, 'page_installation');
    expect(pageMarkdown(installation)).toContain('npm install @acme/cli');
    const revision = knownRevision(await client.changeRequests.content.getRevision(HANDBOOK, 2));
    expect(revision.parents).toEqual(['rev_cr_typos', 'rev_handbook_2']);
    expect(revision.variables?.version).toBe('1.1');

    const merge = await client.changeRequests.merge(HANDBOOK, 2);
    expect((await client.spaces.get(HANDBOOK)).revision).toBe(merge.revision);
    expect((await client.changeRequests.get(HANDBOOK, 2)).status).toBe('merged');

    // #1 is now behind; updating it re-applies its edits on the new primary, typo fix included.
    expect((await client.changeRequests.get(HANDBOOK, 1)).outdated).toBe(true);
    await client.changeRequests.updateFromPrimary(HANDBOOK, 1);
    const cli = await client.changeRequests.get(HANDBOOK, 1);
    expect(cli).toMatchObject({ outdated: false, revisionMergedAncestor: merge.revision });
    const pages = (await client.changeRequests.content.listPages(HANDBOOK, 1)).pages;
    expect(findIn(pages, 'page_configuration')?.markdown).toContain('Configuration is read from');
    expect(findIn(pages, 'page_cli')?.title).toBe('Command-line interface');
    expect((await client.changeRequests.merge(HANDBOOK, 1)).result).toBe('merge');
  });

  it('updating a request that is up to date is harmless', async () => {
    const { client } = setup();
    const before = await client.changeRequests.content.listPages(HANDBOOK, 1);
    const update = await client.changeRequests.updateFromPrimary(HANDBOOK, 1);
    expect(update.revision).not.toBe('rev_cr_cli');
    const after = await client.changeRequests.content.listPages(HANDBOOK, 1, { metadata: false });
    const strip = (pages: readonly RevisionPage[] = []): unknown =>
      pages.map((page) => {
        const { git: _git, ...rest } = page as Record<string, unknown>;
        return { ...rest, pages: strip(childPages(page)) };
      });
    expect(after.pages).toEqual(strip(before.pages));
    expect((await client.changeRequests.get(HANDBOOK, 1)).outdated).toBe(false);
  });

  it('refuses to merge in a locked space, with a message that says so', async () => {
    const { client } = setup();
    const message = await failure(client.changeRequests.merge('space_legal', 1), ConflictError);
    expect(message).toBe('Space "Legal" (space_legal) is locked: merges are refused');
    expect((await client.changeRequests.get('space_legal', 'cr_terms')).status).toBe('open');
    expect((await client.spaces.get('space_legal')).revision).toBe('rev_legal_1');
  });

  it('merges only open or draft requests', async () => {
    const { client } = setup();
    const created = await client.changeRequests.create(HANDBOOK, { subject: 'Shelved' });
    await client.changeRequests.update(HANDBOOK, created.number, { status: 'archived' });
    expect(await failure(client.changeRequests.merge(HANDBOOK, created.number), ConflictError)).toContain(
      'archived',
    );
    // A closed request is never reported as outdated.
    await client.changeRequests.merge(HANDBOOK, 1);
    expect((await client.changeRequests.get(HANDBOOK, created.number)).outdated).toBe(false);

    const draft = await client.changeRequests.create(HANDBOOK, { subject: 'Draft' });
    await client.changeRequests.update(HANDBOOK, draft.number, { status: 'draft' });
    expect((await client.changeRequests.merge(HANDBOOK, draft.number)).result).toBe('merge');
  });
});

describe('the reason of every 409, for scripts to switch on', () => {
  /** The ConflictError a call rejects with. */
  async function conflictOf(promise: PromiseLike<unknown>): Promise<ConflictError> {
    const error = await Promise.resolve(promise).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    assert(error instanceof ConflictError, `expected a ConflictError, got ${String(error)}`);
    return error;
  }

  it('outdated, merge rules not met, space locked, archived, already merged', async () => {
    const { client } = setup();
    expect((await conflictOf(client.changeRequests.merge(HANDBOOK, 2))).reason).toBe('outdated');
    // space_guides #2 needs Ada's approval (its merge rules).
    const rules = await conflictOf(client.changeRequests.merge('space_guides', 2));
    expect(rules.reason).toBe('merge-rules-not-met');
    expect(rules.body).toMatchObject({ error: { code: 409, reason: 'merge-rules-not-met' } });
    expect((await conflictOf(client.changeRequests.merge('space_legal', 1))).reason).toBe('space-locked');

    const shelved = await client.changeRequests.create(HANDBOOK, { subject: 'Shelved' });
    await client.changeRequests.update(HANDBOOK, shelved.number, { status: 'archived' });
    expect((await conflictOf(client.changeRequests.merge(HANDBOOK, shelved.number))).reason).toBe('archived');
    expect((await conflictOf(client.changeRequests.updateFromPrimary(HANDBOOK, shelved.number))).reason).toBe(
      'archived',
    );

    const merged = await client.changeRequests.merge(HANDBOOK, 1);
    expect(merged.result).toBe('merge');
    expect(typeof merged.revision).toBe('string');
    for (const again of [
      client.changeRequests.merge(HANDBOOK, 1),
      client.changeRequests.updateFromPrimary(HANDBOOK, 1),
      client.changeRequests.update(HANDBOOK, 1, { status: 'open' }),
    ])
      expect((await conflictOf(again)).reason).toBe('already-merged');
  });
});

describe('changeRequests.list and listForOrganization', () => {
  it('lists the open requests of a space, last updated first, with filters', async () => {
    const { client } = setup();
    const list = async (query: ListChangeRequestsForSpaceQuery = {}) =>
      numbers(await all(client.changeRequests.list(HANDBOOK, query)));
    const page = await client.changeRequests.list(HANDBOOK);
    expect(page.count).toBe(2);
    // The published document's default order: `updatedAt`, newest first.
    expect(ids(page.items)).toEqual(['cr_cli', 'cr_typos']);
    expect(await list({ orderBy: 'createdAt' })).toEqual([2, 1]);

    expect(await list({ creator: 'user_grace' })).toEqual([2]);
    expect(await list({ creator: 'user_ada' })).toEqual([]);
    expect(await list({ requestedReviewer: 'user_grace' })).toEqual([1]);
    expect(await list({ contributor: 'user_ada' })).toEqual([1]);
    expect(await list({ contributor: 'user_grace' })).toEqual([2]);
    expect(await list({ conversationsIssuesCluster: 'cluster_cli_questions' })).toEqual([1]);
    expect(await list({ topic: 'topic_configuration' })).toEqual([2]);
    expect(await list({ topic: 'topic_nope' })).toEqual([]);

    const api = async (status?: ListChangeRequestsForSpaceQuery['status']) =>
      ids(await all(client.changeRequests.list('space_api', status ? { status } : {})));
    expect(await api()).toEqual([]);
    expect(await api('merged')).toEqual(['cr_ratelimits']);
    expect(await api('draft')).toEqual([]);

    const created = await client.changeRequests.create(HANDBOOK, { subject: 'Newest' });
    expect(await list()).toEqual([created.number, 1, 2]);
    await client.changeRequests.merge(HANDBOOK, created.number);
    expect(await list()).toEqual([1, 2]);
    expect(await list({ status: 'merged' })).toEqual([created.number]);
    expect(await list({ status: 'merged', creator: 'user_ada' })).toEqual([created.number]);

    const first = await client.changeRequests.list(HANDBOOK, { limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.count).toBe(2);
    expect(first.next?.page).toEqual(expect.any(String));
    expect(await list({ limit: 1 })).toEqual([1, 2]);
    await failure(client.changeRequests.list('space_nope'), NotFoundError);
  });

  it('lists across the spaces of an organization, several statuses at once', async () => {
    const { client } = setup();
    const org = async (query: ListChangeRequestsForOrganizationQuery = {}) =>
      ids(await all(client.changeRequests.listForOrganization('org_acme', query)));
    expect(await org()).toEqual(['cr_quickstart', 'cr_welcome', 'cr_terms', 'cr_cli', 'cr_typos']);
    expect(await org({ status: ['draft', 'open', 'archived', 'merged'] })).toEqual([
      'cr_quickstart',
      'cr_welcome',
      'cr_terms',
      'cr_cli',
      'cr_ratelimits',
      'cr_typos',
    ]);
    expect(await org({ status: ['merged'] })).toEqual(['cr_ratelimits']);
    expect(await org({ status: ['open', 'merged'], orderBy: 'createdAt' })).toEqual([
      'cr_quickstart',
      'cr_welcome',
      'cr_terms',
      'cr_typos',
      'cr_ratelimits',
      'cr_cli',
    ]);
    expect(await org({ creator: 'user_ada' })).toEqual(['cr_terms']);
    expect(await org({ requestedReviewer: 'user_grace' })).toEqual(['cr_quickstart', 'cr_cli']);
    // The published document's filters: a space, the spaces a site publishes, a site topic.
    expect(await org({ space: 'space_legal' })).toEqual(['cr_terms']);
    expect(await org({ site: 'site_internal' })).toEqual(['cr_quickstart', 'cr_welcome']);
    expect(await org({ site: 'site_docs' })).toEqual(['cr_cli', 'cr_typos']);
    expect(await org({ topic: 'topic_configuration' })).toEqual(['cr_typos']);
    expect(await org({ styleguideRun: 'run_nope' })).toEqual([]);
    expect(ids(await all(client.changeRequests.listForOrganization('org_beta')))).toEqual([]);
    await failure(client.changeRequests.listForOrganization('org_nope'), NotFoundError);
  });

  it('leaves out requests opened from site findings unless finding=all', async () => {
    const { sandbox, client } = setup();
    const typos = sandbox.store.changeRequests.get('cr_typos');
    if (typos) typos.siteTopic = { site: 'site_docs', topic: 'topic_configuration', finding: 'finding_1' };
    const org = async (query: ListChangeRequestsForOrganizationQuery = {}) =>
      ids(await all(client.changeRequests.listForOrganization('org_acme', query)));
    const seeded = ['cr_quickstart', 'cr_welcome', 'cr_terms', 'cr_cli'];
    expect(await org()).toEqual(seeded);
    expect(await org({ finding: 'none' })).toEqual(seeded);
    expect(await org({ finding: 'all' })).toEqual([...seeded, 'cr_typos']);
    expect((await client.changeRequests.get(HANDBOOK, 2)).siteTopic?.finding).toBe('finding_1');
  });
});

describe('changeRequests.pdf', () => {
  it('gives the export URL, for one page when asked', async () => {
    const { client, sandbox } = setup();
    // On the sandbox's host, valid for the hour the document says (the bytes: downloads.test.ts).
    const base = 'http://sandbox.test/_pdf/spaces/space_handbook/change-requests/1/change-request.pdf';
    const expires = (url: string) => encodeURIComponent(new URL(url).searchParams.get('expires')!);
    const whole = (await client.changeRequests.getPdf(HANDBOOK, 'cr_cli')).url;
    expect(whole).toBe(`${base}?expires=${expires(whole)}`);
    const lifetime = Date.parse(new URL(whole).searchParams.get('expires')!) - sandbox.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    const only = (await client.changeRequests.getPdf(HANDBOOK, 1, { page: 'page_cli', only: true })).url;
    expect(only).toBe(`${base}?page=page_cli&only=true&expires=${expires(only)}`);
    const page = (await client.changeRequests.getPdf(HANDBOOK, 1, { page: 'page_cli' })).url;
    expect(page).toBe(`${base}?page=page_cli&expires=${expires(page)}`);
    expect(
      await failure(client.changeRequests.getPdf(HANDBOOK, 1, { only: true }), BadRequestError),
    ).toContain('query.page');
    expect(
      await failure(client.changeRequests.getPdf(HANDBOOK, 1, { page: 'page_nope' }), NotFoundError),
    ).toContain('page_nope');
    // page_cli exists only in #1's revision.
    await failure(client.changeRequests.getPdf(HANDBOOK, 2, { page: 'page_cli' }), NotFoundError);
  });
});

describe('changeRequests.contributors', () => {
  it('lists the edit log per user, latest first', async () => {
    const { client } = setup();
    const contributors = await client.changeRequests.listContributors(HANDBOOK, 1);
    expect(contributors.count).toBe(2);
    expect(contributors.items.map((c) => [c.user?.id, c.count, c.updatedAt, c.actionType])).toEqual([
      ['user_linus', 3, '2026-01-08T16:00:00.000Z', 'edit'],
      ['user_ada', 1, '2026-01-08T12:00:00.000Z', 'edit'],
    ]);
    const created = await client.changeRequests.create(HANDBOOK);
    expect(await client.changeRequests.listContributors(HANDBOOK, created.id)).toEqual({
      items: [],
      count: 0,
    });
  });
});

describe('changeRequests.reviewers', () => {
  it('requests, lists and removes reviewers', async () => {
    const { sandbox, client } = setup();
    const seeded = await client.changeRequests.reviewers.list(HANDBOOK, 1);
    expect(seeded.items).toEqual([
      expect.objectContaining({
        object: 'change-request-requested-reviewer',
        kind: 'user',
        revision: 'rev_cr_cli',
        createdAt: '2026-01-08T16:05:00.000Z',
        user: expect.objectContaining({ id: 'user_grace' }) as unknown,
        requestedBy: expect.objectContaining({ id: 'user_linus' }) as unknown,
      }),
    ]);

    const result = await client.changeRequests.reviewers.request(HANDBOOK, 1, {
      users: ['user_linus', 'user_grace', 'user_linus'],
      subject: 'Please review',
    });
    expect(
      result.users?.map((r) => [reviewerUser(r)?.id, r.kind === 'user' ? r.requestedBy?.id : undefined]),
    ).toEqual([
      ['user_grace', 'user_linus'],
      ['user_linus', 'user_ada'],
    ]);
    // The published document: requesting reviewers may set the subject too.
    expect((await client.changeRequests.get(HANDBOOK, 1)).subject).toBe('Please review');
    expect(
      ids(
        await all(client.changeRequests.listForOrganization('org_acme', { requestedReviewer: 'user_linus' })),
      ),
    ).toEqual(['cr_cli']);
    const paged = await all(client.changeRequests.reviewers.list(HANDBOOK, 'cr_cli', { limit: 1 }));
    expect(paged.map((r) => reviewerUser(r)?.id)).toEqual(['user_grace', 'user_linus']);

    // Only members of the space's organization can review; the call changes nothing then.
    sandbox.store.users.set('user_bob', {
      object: 'user',
      id: 'user_bob',
      displayName: 'Bob',
      photoURL: null,
      urls: { location: sandbox.store.apiUrl('/users/user_bob') },
    });
    sandbox.store.members.push({
      organization: 'org_beta',
      user: 'user_bob',
      role: 'edit',
      joinedAt: '2026-01-05',
    });
    for (const unknown of ['user_bob', 'user_nobody']) {
      const message = await failure(
        client.changeRequests.reviewers.request(HANDBOOK, 1, { users: ['user_ada', unknown] }),
        BadRequestError,
      );
      expect(message).toContain(`"${unknown}"`);
    }
    expect((await client.changeRequests.reviewers.list(HANDBOOK, 1)).count).toBe(2);

    await client.changeRequests.reviewers.remove(HANDBOOK, 1, 'user_grace');
    expect(
      (await client.changeRequests.reviewers.list(HANDBOOK, 1)).items.map((r) => reviewerUser(r)?.id),
    ).toEqual(['user_linus']);
    // The published document: removing someone who was not asked is a success with no content
    // (its 204 "Reviewer was not found"), not an error.
    await expect(client.changeRequests.reviewers.remove(HANDBOOK, 1, 'user_grace')).resolves.toBeUndefined();
    expect((await client.changeRequests.reviewers.list(HANDBOOK, 1)).count).toBe(1);
    await failure(client.changeRequests.reviewers.remove(HANDBOOK, 99, 'user_linus'), NotFoundError);
    // A user id that names no user at all is an unknown id: 404, as everywhere else.
    const message = await failure(
      client.changeRequests.reviewers.remove(HANDBOOK, 1, 'user_nobody'),
      NotFoundError,
    );
    expect(message).toContain('"user_nobody"');
  });
});

describe('change request comments', () => {
  it('lists comments with order, status, page and author filters', async () => {
    const { client } = setup();
    const list = async (query: ListCommentsInChangeRequestQuery = {}) =>
      ids((await all(client.changeRequests.comments.list(HANDBOOK, 1, query))).map(knownComment));
    expect(await list()).toEqual(['comment_cli_question', 'comment_cli_title']);
    expect(await list({ order: 'asc' })).toEqual(['comment_cli_title', 'comment_cli_question']);
    expect(await list({ status: 'open' })).toEqual(['comment_cli_question']);
    expect(await list({ status: 'resolved' })).toEqual(['comment_cli_title']);
    expect(await list({ authors: ['user_ada'] })).toEqual(['comment_cli_title']);
    expect(await list({ authors: ['user_ada', 'user_grace'] })).toEqual([
      'comment_cli_question',
      'comment_cli_title',
    ]);
    expect(await list({ targetPage: 'page_getting_started' })).toEqual([]);
    expect(await list({ targetPage: 'page_cli', format: 'markdown', limit: 1 })).toHaveLength(2);
    expect(await list({}).then(() => client.changeRequests.comments.list(HANDBOOK, 2))).toMatchObject({
      items: [],
      count: 0,
    });

    // Formats and statuses the published document does not list: refused by the SDK before
    // sending, and by the sandbox when sent anyway.
    await expect(
      client.changeRequests.comments.list(HANDBOOK, 1, { format: 'html' as 'markdown' }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    const raw = (search: string) =>
      client.request({
        method: 'GET',
        path: `/v1/spaces/${HANDBOOK}/change-requests/1/comments`,
        query: Object.fromEntries(new URLSearchParams(search)),
      });
    expect(await failure(raw('format=html'), BadRequestError)).toContain('query.format');
    expect(await failure(raw('status=bogus'), BadRequestError)).toContain('query.status');

    const question = await client.changeRequests.comments.get(HANDBOOK, 1, 'comment_cli_question', {
      format: 'markdown',
    });
    expect(question).toMatchObject({
      object: 'comment',
      status: 'open',
      replies: 1,
      repliers: [{ user: { id: 'user_linus' }, count: 1, updatedAt: '2026-01-08T17:20:00.000Z' }],
      reactions: [{ emoji: '👍', count: 1, users: [{ user: { id: 'user_linus' } }] }],
      target: { changeRequest: 'cr_cli', space: HANDBOOK, revision: 'rev_cr_cli', page: { id: 'page_cli' } },
      body: { markdown: 'Should this page document the `--json` flag?' },
    });
    // `format=document`: the body as a rich-text document.
    const asDocument = knownComment(
      await client.changeRequests.comments.get(HANDBOOK, 1, 'comment_cli_question', { format: 'document' }),
    );
    expect(asDocument.body).not.toHaveProperty('markdown');
    expect(asDocument.body).toMatchObject({
      document: { object: 'document', nodes: [{ object: 'block', type: 'paragraph' }] },
    });
    expect(await client.changeRequests.comments.get(HANDBOOK, 1, 'comment_cli_title')).toMatchObject({
      status: 'resolved',
      resolvedAt: '2026-01-08T16:10:00.000Z',
      resolvedBy: { id: 'user_linus' },
    });
    // A comment is found only through its own change request.
    await failure(client.changeRequests.comments.get(HANDBOOK, 2, 'comment_cli_question'), NotFoundError);
    expect(
      await failure(client.changeRequests.comments.get(HANDBOOK, 1, 'comment_nope'), NotFoundError),
    ).toContain('comment_nope');
  });

  it('creates, resolves, reopens, edits and deletes, keeping the open count', async () => {
    const { client } = setup();
    const openCount = async () => (await client.changeRequests.get(HANDBOOK, 1)).comments;
    expect(await openCount()).toBe(1);

    const created = knownComment(
      await client.changeRequests.comments.create(HANDBOOK, 1, {
        body: { markdown: 'Link the CLI reference once it exists.' },
        page: 'page_getting_started',
        node: 'node_links',
        tableCell: { record: 'rec_1', definition: 'def_1' },
      }),
    );
    expect(created).toMatchObject({
      object: 'comment',
      postedBy: { id: 'user_ada' },
      body: { markdown: 'Link the CLI reference once it exists.' },
      target: {
        changeRequest: 'cr_cli',
        space: HANDBOOK,
        revision: 'rev_cr_cli',
        page: { id: 'page_getting_started' },
        node: { id: 'node_links' },
        tableCell: { record: 'rec_1', definition: 'def_1' },
      },
      reactions: [],
      replies: 0,
      repliers: [],
      status: 'open',
      permissions: { view: true, edit: true, reply: true, delete: true },
      urls: {
        location: `http://sandbox.test/v1/spaces/${HANDBOOK}/change-requests/cr_cli/comments/${created.id}`,
      },
    });
    expect(created.resolvedAt).toBeUndefined();
    expect(await openCount()).toBe(2);
    expect(
      ids(
        (
          await all(client.changeRequests.comments.list(HANDBOOK, 1, { targetPage: 'page_getting_started' }))
        ).map(knownComment),
      ),
    ).toEqual([created.id]);
    expect(ids((await client.changeRequests.comments.list(HANDBOOK, 1)).items.map(knownComment))[0]).toBe(
      created.id,
    );

    const resolved = knownComment(await client.changeRequests.comments.resolve(HANDBOOK, 1, created.id));
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: 'user_ada' } });
    expect(resolved.resolvedAt).toMatch(/^2026-03-01T/);
    expect(await openCount()).toBe(1);

    const reopened = knownComment(await client.changeRequests.comments.reopen(HANDBOOK, 1, created.id));
    expect(reopened.status).toBe('open');
    expect(reopened.resolvedAt).toBeUndefined();
    expect(reopened.resolvedBy).toBeUndefined();
    expect(await openCount()).toBe(2);

    expect(created.editedAt).toBeUndefined();
    const edited = knownComment(
      await client.changeRequests.comments.update(HANDBOOK, 1, created.id, { body: { markdown: 'Edited.' } }),
    );
    expect(edited.body).toEqual({ markdown: 'Edited.' });
    expect(edited.editedAt).toMatch(/^2026-03-01T/);

    await client.changeRequests.comments.delete(HANDBOOK, 1, created.id);
    await failure(client.changeRequests.comments.get(HANDBOOK, 1, created.id), NotFoundError);
    // The published document: deleting a comment that does not exist is a success (its 204
    // "Comment did not exist"); the change request must exist.
    await expect(client.changeRequests.comments.delete(HANDBOOK, 1, created.id)).resolves.toBeUndefined();
    await failure(client.changeRequests.comments.delete(HANDBOOK, 99, created.id), NotFoundError);
    expect(await openCount()).toBe(1);
  });

  it('takes a body as a rich-text document, and gives it back in either format', async () => {
    const { client } = setup();
    const document = documentFromText('First line.\nSecond line.');
    const created = knownComment(
      await client.changeRequests.comments.create(HANDBOOK, 1, { body: { document } }),
    );
    expect(created.body).toEqual({ markdown: 'First line.\nSecond line.' });
    const read = knownComment(
      await client.changeRequests.comments.get(HANDBOOK, 1, created.id, { format: 'document' }),
    );
    expect(read.body).toEqual({ document });
    const reply = await client.changeRequests.comments.createReply(
      HANDBOOK,
      1,
      created.id,
      { body: { document } },
      { format: 'document' },
    );
    expect(reply.body).toEqual({ document });
  });

  it('refuses a comment on a page the request does not have', async () => {
    const { client } = setup();
    const message = await failure(
      client.changeRequests.comments.create(HANDBOOK, 2, { body: { markdown: 'Hi' }, page: 'page_cli' }),
      BadRequestError,
    );
    expect(message).toContain('page_cli');
    expect((await client.changeRequests.comments.list(HANDBOOK, 2)).count).toBe(0);
    await failure(
      client.changeRequests.comments.create(HANDBOOK, 9, { body: { markdown: 'Hi' } }),
      NotFoundError,
    );
  });

  it('adds and removes reactions per user', async () => {
    const { sandbox, client } = setup();
    const react = (reactions: { add?: string[]; remove?: string[] }) =>
      client.changeRequests.comments.react(HANDBOOK, 1, 'comment_cli_question', reactions);
    const summary = (comment: Comment) =>
      (knownComment(comment).reactions ?? []).map((r) => [
        r.emoji,
        r.count,
        (r.users ?? []).map((u) => u.user?.id),
      ]);

    expect(summary(await react({ add: ['👍', '🎉'] }))).toEqual([
      ['👍', 2, ['user_linus', 'user_ada']],
      ['🎉', 1, ['user_ada']],
    ]);
    // Reacting twice with the same emoji counts once.
    expect(summary(await react({ add: ['👍'] }))[0]).toEqual(['👍', 2, ['user_linus', 'user_ada']]);

    sandbox.store.actor = 'user_grace';
    expect(summary(await react({ add: ['🎉'] }))).toEqual([
      ['👍', 2, ['user_linus', 'user_ada']],
      ['🎉', 2, ['user_ada', 'user_grace']],
    ]);
    sandbox.store.actor = 'user_ada';

    expect(summary(await react({ remove: ['👍', '🎉'] }))).toEqual([
      ['👍', 1, ['user_linus']],
      ['🎉', 1, ['user_grace']],
    ]);
    sandbox.store.actor = 'user_grace';
    // An emoji nobody reacts with any more disappears.
    expect(summary(await react({ remove: ['🎉', '🚀'] }))).toEqual([['👍', 1, ['user_linus']]]);
  });

  it('posts replies and keeps the reply count and repliers', async () => {
    const { sandbox, client } = setup();
    const seeded = await all(client.changeRequests.comments.listReplies(HANDBOOK, 1, 'comment_cli_question'));
    expect(seeded).toEqual([
      expect.objectContaining({
        object: 'comment-reply',
        id: 'reply_cli_answer',
        postedBy: expect.objectContaining({ id: 'user_linus' }) as unknown,
        body: { markdown: 'Yes: I will add a section on output formats.' },
      }),
    ]);

    const reply = await client.changeRequests.comments.createReply(
      HANDBOOK,
      1,
      'comment_cli_question',
      { body: { markdown: 'Thanks!' } },
      { format: 'markdown' },
    );
    expect(reply).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: 'user_ada' },
      body: { markdown: 'Thanks!' },
      reactions: [],
      permissions: { view: true, edit: true, reply: true, delete: true },
      urls: {
        location: `http://sandbox.test/v1/spaces/${HANDBOOK}/change-requests/cr_cli/comments/comment_cli_question/replies/${reply.id}`,
      },
    });
    sandbox.store.actor = 'user_grace';
    await client.changeRequests.comments.createReply(HANDBOOK, 1, 'comment_cli_question', {
      body: { markdown: 'Me too.' },
    });
    sandbox.store.actor = 'user_ada';
    const last = await client.changeRequests.comments.createReply(HANDBOOK, 1, 'comment_cli_question', {
      body: { markdown: 'One more.' },
    });

    const comment = knownComment(
      await client.changeRequests.comments.get(HANDBOOK, 1, 'comment_cli_question'),
    );
    expect(comment.replies).toBe(4);
    expect(comment.repliers?.map((r) => [r.user?.id, r.count, r.updatedAt])).toEqual([
      ['user_linus', 1, '2026-01-08T17:20:00.000Z'],
      ['user_ada', 2, last.postedAt],
      ['user_grace', 1, expect.any(String)],
    ]);
    const replies = await all(
      client.changeRequests.comments.listReplies(HANDBOOK, 1, 'comment_cli_question', { limit: 2 }),
    );
    expect(ids(replies)).toEqual(['reply_cli_answer', reply.id, expect.any(String), last.id]);

    await failure(
      client.changeRequests.comments.createReply(HANDBOOK, 1, 'comment_nope', { body: { markdown: 'x' } }),
      NotFoundError,
    );
    await failure(client.changeRequests.comments.listReplies(HANDBOOK, 1, 'comment_nope'), NotFoundError);
    await expect(
      client.changeRequests.comments.createReply(
        HANDBOOK,
        1,
        'comment_cli_question',
        { body: { markdown: 'x' } },
        { format: 'html' as 'markdown' },
      ),
    ).rejects.toBeInstanceOf(RequestValidationError);
  });
});

describe('change request content', () => {
  it('gets the revision, with or without git metadata', async () => {
    const { client } = setup();
    const revision = knownRevision(await client.changeRequests.content.getRevision(HANDBOOK, 1));
    // Made by updating the request from the primary content: an `update` revision.
    expect(revision).toMatchObject({
      object: 'revision',
      id: 'rev_cr_cli',
      parents: ['rev_cr_cli_1', 'rev_handbook_2'],
      type: 'update',
      variables: { product: 'Acme', version: '1.1' },
      reusableContents: [{ id: 'reusable_support', title: 'Support contact' }],
      tags: [],
      git: { message: 'Update change request #1 from the primary content', createdByGitBook: false },
      urls: { app: 'https://app.sandbox.docs-api.local/s/space_handbook/~/revisions/rev_cr_cli' },
    });
    expect((await client.changeRequests.content.getRevision(HANDBOOK, 2)).type).toBe('edits');
    expect(revision.git?.oid).toMatch(/^[0-9a-f]{40}$/);
    expect(revision.files?.map((file) => file.git?.path)).toEqual([
      '.gitbook/assets/logo.png',
      '.gitbook/assets/guide.pdf',
    ]);
    expect(findIn(revision.pages, 'page_cli')?.git).toEqual({
      oid: expect.stringMatching(/^[0-9a-f]{40}$/) as unknown,
      path: 'getting-started/cli.md',
    });
    // The space's first page is README.md in the Git Sync layout, whatever its children.
    expect(findIn(revision.pages, 'page_getting_started')?.git).toMatchObject({ path: 'README.md' });

    const bare = knownRevision(
      await client.changeRequests.content.getRevision(HANDBOOK, 'cr_cli', { metadata: false }),
    );
    const json = JSON.stringify(bare);
    expect(json).not.toContain('"git"');
    expect(bare.id).toBe('rev_cr_cli');
    await failure(client.changeRequests.content.getRevision(HANDBOOK, 77), NotFoundError);
  });

  it('lists the page tree, computing computed pages unless told not to', async () => {
    const { client } = setup();
    const { pages } = await client.changeRequests.content.listPages(HANDBOOK, 1);
    expect(tree(pages)).toEqual([
      ['page_getting_started', ['page_installation', 'page_configuration', 'page_cli']],
      'page_internal',
      'page_all_pages',
    ]);
    expect(findIn(pages, 'page_cli')).toMatchObject({
      title: 'Command-line interface',
      kind: 'sheet',
      slug: 'cli',
      path: 'getting-started/cli',
      type: 'document',
      emoji: '💻',
      urls: { app: 'https://app.sandbox.docs-api.local/s/space_handbook/getting-started/cli' },
      layout: { width: 'default', cover: true, tableOfContents: true },
      tags: [],
    });
    expect(findIn(pages, 'page_internal')?.hidden).toBe(true);
    const index = findIn(pages, 'page_all_pages');
    // The published document's generator props are a `PlainObject` that refuses every scalar:
    // the depth stays in the sandbox.
    expect(index?.computed).toEqual({ type: 'integration:page-index:all-pages', props: {} });
    expect(index && pageMarkdown(index)).toBe(
      '* [Getting started](/getting-started)\n  * [Installation](/getting-started/installation)\n' +
        '  * [Configuration](/getting-started/configuration)\n  * [Command-line interface](/getting-started/cli)\n',
    );

    // Not computed: the page comes with an empty document, the body the document requires.
    const raw = await client.changeRequests.content.listPages(HANDBOOK, 1, { computed: false });
    const rawIndex = findIn(raw.pages, 'page_all_pages');
    expect(rawIndex && pageMarkdown(rawIndex)).toBeUndefined();
    expect(rawIndex?.document).toEqual({ object: 'document', data: {}, nodes: [] });
    expect(rawIndex?.computed).toEqual({ type: 'integration:page-index:all-pages', props: {} });
    expect(findIn(raw.pages, 'page_cli')?.markdown).toContain('The {{ variables.product }} CLI follows');
    expect(
      JSON.stringify(await client.changeRequests.content.listPages(HANDBOOK, 1, { metadata: false })),
    ).not.toContain('"git"');
  });

  it('lists files in pages and gets one file', async () => {
    const { client } = setup();
    const first = await client.changeRequests.content.listFiles(HANDBOOK, 1, { limit: 1 });
    expect(first.count).toBe(2);
    expect(ids(first.items)).toEqual(['file_logo']);
    expect(first.next?.page).toEqual(expect.any(String));
    expect(ids(await all(client.changeRequests.content.listFiles(HANDBOOK, 1, { limit: 1 })))).toEqual([
      'file_logo',
      'file_guide',
    ]);
    expect(first.items[0]).toMatchObject({
      name: 'logo.png',
      contentType: 'image/png',
      size: 1496,
      dimensions: { width: 512, height: 512 },
      downloadURL: expect.stringMatching(
        /^http:\/\/sandbox\.test\/_files\/[0-9a-f]{64}\/logo\.png$/,
      ) as unknown,
      git: { path: '.gitbook/assets/logo.png' },
    });

    const guide = await client.changeRequests.content.getFile(HANDBOOK, 1, 'file_guide');
    expect(guide).toMatchObject({ id: 'file_guide', name: 'guide.pdf', contentType: 'application/pdf' });
    expect(guide.dimensions).toBeUndefined();
    expect(
      (await client.changeRequests.content.getFile(HANDBOOK, 1, 'file_guide', { metadata: false })).git,
    ).toBeUndefined();
    expect(
      await failure(client.changeRequests.content.getFile(HANDBOOK, 1, 'file_nope'), NotFoundError),
    ).toContain('file_nope');
  });

  it('lists the backlinks of a file', async () => {
    const { client } = setup();
    // The extract's backlink lists are pages that the SDK does not walk (see sandbox-port notes):
    // the test follows `next` itself.
    const backlinks = async (cr: number, file: string) =>
      everyItem((page) =>
        client.changeRequests.content.listFileBacklinks(HANDBOOK, cr, file, page ? { page } : {}),
      );
    expect(await backlinks(1, 'file_logo')).toEqual([
      { kind: 'page', page: 'page_getting_started', space: HANDBOOK },
      { kind: 'page', page: 'page_installation', space: HANDBOOK },
    ]);
    expect(await backlinks(1, 'file_guide')).toEqual([
      { kind: 'page', page: 'page_configuration', space: HANDBOOK },
      { kind: 'page', page: 'page_cli', space: HANDBOOK },
    ]);
    // #2 started from the first revision, where the installation page had no logo.
    expect(await backlinks(2, 'file_logo')).toEqual([
      { kind: 'page', page: 'page_getting_started', space: HANDBOOK },
    ]);
    const paged = await client.changeRequests.content.listFileBacklinks(HANDBOOK, 1, 'file_logo', {
      limit: 1,
    });
    expect([paged.items.length, paged.count]).toEqual([1, 2]);
    await failure(client.changeRequests.content.listFileBacklinks(HANDBOOK, 1, 'file_nope'), NotFoundError);
  });

  it('gets a page, evaluating its expressions as asked', async () => {
    const { client } = setup();
    const page = await client.changeRequests.content.getPage(HANDBOOK, 1, 'page_getting_started');
    expect(page).toMatchObject({
      id: 'page_getting_started',
      title: 'Getting started',
      emoji: '🚀',
      description: 'Install and configure Acme',
      type: 'document',
      path: 'getting-started',
    });
    expect(ids(childPages(page).map(documentPage))).toEqual([
      'page_installation',
      'page_configuration',
      'page_cli',
    ]);
    expect(pageMarkdown(page)).toContain(
      'Welcome to the {{ variables.product }} handbook, version {{ variables.version }}.',
    );
    expect(pageMarkdown(page)).toContain('Status checked {{ now }}.');
    const raw = await client.changeRequests.content.getPage(HANDBOOK, 1, 'page_getting_started', {
      evaluated: false,
    });
    expect(pageMarkdown(raw)).toBe(pageMarkdown(page));

    const deterministic = await client.changeRequests.content.getPage(HANDBOOK, 1, 'page_getting_started', {
      evaluated: 'deterministic-only',
    });
    expect(pageMarkdown(deterministic)).toContain('Welcome to the Acme handbook, version 1.1.');
    expect(pageMarkdown(deterministic)).toContain('Status checked {{ now }}.');

    const evaluated = await client.changeRequests.content.getPage(HANDBOOK, 1, 'page_getting_started', {
      evaluated: true,
      format: 'markdown',
    });
    expect(pageMarkdown(evaluated)).toContain('Welcome to the Acme handbook, version 1.1.');
    expect(pageMarkdown(evaluated)).toMatch(/Status checked 2026-03-01T00:00:\d\d\.000Z\./);
    expect(pageMarkdown(evaluated)).not.toContain('{{');
    // #2's revision has the older variables.
    const older = await client.changeRequests.content.getPage(HANDBOOK, 2, 'page_getting_started', {
      evaluated: true,
    });
    expect(pageMarkdown(older)).toContain('version 1.0.');

    const computed = await client.changeRequests.content.getPage(HANDBOOK, 1, 'page_all_pages', {
      computed: false,
    });
    expect(pageMarkdown(computed)).toBeUndefined();

    // `format=document`: the body as a rich-text document, evaluated first when asked.
    const asDocument = await client.changeRequests.content.getPage(HANDBOOK, 1, 'page_installation', {
      format: 'document',
      evaluated: 'deterministic-only',
    });
    expect(pageMarkdown(asDocument)).toBeUndefined();
    expect(documentPage(asDocument).document).toMatchObject({
      object: 'document',
      nodes: [
        { type: 'paragraph', nodes: [{ leaves: [{ text: 'Acme 1.1 needs Node.js 20 or later.' }] }] },
        { type: 'paragraph' },
        { type: 'paragraph' },
      ],
    });
    // The reference style: links as stored (stable) or relative to the page's file (the default);
    // dereferencing is accepted and changes nothing in the sandbox.
    const stable = await client.changeRequests.content.getPage(HANDBOOK, 1, 'page_getting_started', {
      'format.markdown.refs': 'stable',
      dereferenced: true,
    });
    expect(pageMarkdown(stable)).toContain('* [Installation](/pages/page_installation)');
    expect(pageMarkdown(page)).toContain('* [Installation](getting-started/installation.md)');
    expect(pageMarkdown(stable)?.replace(/\]\([^)]*\)/g, '](.)')).toBe(
      pageMarkdown(page)?.replace(/\]\([^)]*\)/g, '](.)'),
    );
    expect(
      pageMarkdown(await client.changeRequests.content.getPage(HANDBOOK, 1, 'page_all_pages')),
    ).toContain('* [Getting started](/getting-started)');
    const withoutGit = await client.changeRequests.content.getPage(HANDBOOK, 1, 'page_cli', {
      metadata: false,
    });
    expect(documentPage(withoutGit).git).toBeUndefined();

    expect(
      await failure(client.changeRequests.content.getPage(HANDBOOK, 1, 'page_nope'), NotFoundError),
    ).toContain('page_nope');
    await failure(client.changeRequests.content.getPage(HANDBOOK, 2, 'page_cli'), NotFoundError);
    await expect(
      client.changeRequests.content.getPage(HANDBOOK, 1, 'page_cli', { format: 'html' as 'markdown' }),
    ).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('lists the links of a page with their status and the broken-link counts', async () => {
    const { client } = setup();
    const listing = await client.changeRequests.content.listPageLinks(HANDBOOK, 1, 'page_getting_started');
    expect(listing.items.map((link) => [link.status, link.targetReference])).toEqual([
      ['ok', { kind: 'page', page: 'page_installation', space: HANDBOOK }],
      ['ok', { kind: 'page', page: 'page_configuration', space: HANDBOOK }],
      ['ok', { kind: 'page', page: 'page_cli', space: HANDBOOK }],
      ['broken', { kind: 'page', page: 'page_cli_reference', space: HANDBOOK }],
      ['broken', { kind: 'page', page: 'page_faq', space: HANDBOOK }],
      ['in-app', { kind: 'url', url: 'https://app.sandbox.docs-api.local/s/space_api' }],
      ['ok', { kind: 'url', url: 'https://status.acme.test' }],
      ['ok', { kind: 'file', file: 'file_logo' }],
    ]);
    expect(listing.items[0]).toMatchObject({
      relation: 'reference',
      locationReferences: [{ kind: 'page', page: 'page_getting_started', space: HANDBOOK }],
    });
    // page_faq was already broken in the primary revision; page_cli_reference is the request's doing.
    expect(listing.stats).toEqual({ total: 8, broken: { total: 2, changeRequest: 1 } });
    expect(listing.count).toBe(8);

    const paged = await client.changeRequests.content.listPageLinks(HANDBOOK, 1, 'page_getting_started', {
      limit: 3,
    });
    expect(paged.items).toHaveLength(3);
    expect(paged.stats).toEqual(listing.stats);
    expect(
      await everyItem((page) =>
        client.changeRequests.content.listPageLinks(HANDBOOK, 1, 'page_getting_started', {
          limit: 3,
          ...(page ? { page } : {}),
        }),
      ),
    ).toHaveLength(8);

    const typos = await client.changeRequests.content.listPageLinks(HANDBOOK, 2, 'page_getting_started');
    expect(typos.stats).toEqual({ total: 6, broken: { total: 1, changeRequest: 0 } });
    const cli = await client.changeRequests.content.listPageLinks(HANDBOOK, 1, 'page_cli');
    expect(cli.items.map((link) => link.status)).toEqual(['ok', 'ok']);
    expect(cli.stats).toEqual({ total: 2, broken: { total: 0, changeRequest: 0 } });
    await failure(client.changeRequests.content.listPageLinks(HANDBOOK, 1, 'page_faq'), NotFoundError);
  });

  it('lists the backlinks of a page', async () => {
    const { client } = setup();
    expect(
      await everyItem((page) =>
        client.changeRequests.content.listPageBacklinks(
          HANDBOOK,
          1,
          'page_installation',
          page ? { page } : {},
        ),
      ),
    ).toEqual([
      { kind: 'page', page: 'page_getting_started', space: HANDBOOK },
      { kind: 'page', page: 'page_configuration', space: HANDBOOK },
      { kind: 'page', page: 'page_cli', space: HANDBOOK },
    ]);
    expect(
      await everyItem((page) =>
        client.changeRequests.content.listPageBacklinks(
          HANDBOOK,
          2,
          'page_installation',
          page ? { page } : {},
        ),
      ),
    ).toEqual([
      { kind: 'page', page: 'page_getting_started', space: HANDBOOK },
      { kind: 'page', page: 'page_configuration', space: HANDBOOK },
    ]);
    expect(
      await everyItem((page) =>
        client.changeRequests.content.listPageBacklinks('space_legal', 1, 'page_terms', page ? { page } : {}),
      ),
    ).toEqual([{ kind: 'page', page: 'page_privacy', space: 'space_legal' }]);
    expect(
      (await client.changeRequests.content.listPageBacklinks(HANDBOOK, 1, 'page_internal')).items,
    ).toEqual([]);
    await failure(
      client.changeRequests.content.listPageBacklinks(HANDBOOK, 1, 'page_cli_reference'),
      NotFoundError,
    );
  });
});

describe('coverage', () => {
  it('served every change request operation through the SDK in this file', () => {
    const served = servedOperationIds();
    // The reviews and changes (beyond the extract) have their own file.
    const crIds = operations
      .filter((operation) => operation.area.startsWith('Change request') && operation.inExtract !== false)
      .map((op) => op.id);
    expect(crIds).toHaveLength(27);
    expect(crIds.filter((id) => !served.has(id))).toEqual([]);
  });
});

describe('space counters', () => {
  it('derive change-request and open-comment counts from the store', async () => {
    const { client } = sandboxWithClient();
    const before = await client.spaces.get('space_handbook');
    expect(before).toMatchObject({ changeRequests: 2, changeRequestsOpen: 2, comments: 1 });
    await client.changeRequests.create('space_handbook', { subject: 'Counted' });
    await client.changeRequests.comments.create('space_handbook', 'cr_cli', {
      body: { markdown: 'One more' },
    });
    const after = await client.spaces.get('space_handbook');
    expect(after).toMatchObject({ changeRequests: 3, changeRequestsOpen: 3, comments: 2 });
  });
});
