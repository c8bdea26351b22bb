import { describe, expect, it } from 'vitest';
import { operations } from '@docs-api/sdk/contract';
import { json, lines, ok, useE2e, type RunResult } from './harness.js';

/*
 * Every `docs cr ...` command, run as the built binary (no TTY) against one sandbox on a
 * loopback port. The tests share the sandbox and run in order: reads first, then edits,
 * then merges, so each test states the seed it starts from.
 */

type ChangeRequest = {
  id: string;
  number: number;
  status: string;
  subject: string;
  outdated: boolean;
  revision: string;
  description?: { nodes: unknown[] };
  requestedReviewers?: Array<{ user: { id: string } }>;
  contributors?: Array<{ user: { id: string }; count: number }>;
};
type Comment = {
  id: string;
  status?: string;
  body: { markdown: string };
  target?: { page?: { id: string } };
  reactions?: Array<{ emoji: string; count: number }>;
};
type Link = { status: string; targetReference: { kind: string; page?: string } };
type LinkReport = {
  stats: { total: number; broken: { total: number; changeRequest: number } };
  items: Link[];
};

const e2e = useE2e();
const { run: docs } = e2e;
const ids = (result: RunResult) => json<Array<{ id: string }>>(result).map((item) => item.id);
const served = (operationId: string) => e2e.sandbox.requests.get(operationId) ?? 0;

describe('docs cr list and view', () => {
  it('lists the open requests of a space as tab-separated rows, last updated first', async () => {
    const result = ok(await docs('cr', 'list', 'space_handbook'));
    expect(lines(result.stdout)).toEqual([
      '1\tDocument the new CLI\topen\tLinus Torvalds\t2026-01-08T16:00:00.000Z\t1\tno',
      '2\tFix typos\topen\tGrace Hopper\t2026-01-06T10:05:00.000Z\t0\tyes',
    ]);
    const byCreation = ok(await docs('cr', 'list', 'space_handbook', '--order-by', 'createdAt'));
    expect(lines(byCreation.stdout).map((line) => line.split('\t')[0])).toEqual(['2', '1']);
    const merged = ok(await docs('cr', 'list', 'space_api'));
    expect(merged.stdout).toBe('');
    expect(ids(await docs('cr', 'list', 'space_api', '--status', 'merged', '--json'))).toEqual([
      'cr_ratelimits',
    ]);
    // A space's list takes one status: "all" (and several --status) list each status and merge.
    const before = served('changeRequests.list');
    expect(ids(await docs('cr', 'list', 'space_api', '--status', 'all', '--json'))).toEqual([
      'cr_ratelimits',
    ]);
    expect(served('changeRequests.list') - before).toBe(4);
    expect(
      ids(await docs('cr', 'list', 'space_handbook', '--status', 'open', '--status', 'merged', '--json')),
    ).toEqual(['cr_cli', 'cr_typos']);
    const bogus = await docs('cr', 'list', 'space_handbook', '--status', 'closed');
    expect(bogus.code).toBe(2);
  });

  it('lists across the organization without a space, naming the space first', async () => {
    // Across an organization "all" is one request for the four statuses.
    const before = served('changeRequests.listForOrganization');
    const all = ok(await docs('cr', 'list', '--status', 'all'));
    expect(served('changeRequests.listForOrganization') - before).toBe(1);
    expect(lines(all.stdout).map((line) => line.split('\t').slice(0, 3).join(' '))).toEqual([
      'space_guides 2 Add a quick-start guide',
      'space_guides 1 Reword the welcome page',
      'space_legal 1 Update terms',
      'space_handbook 1 Document the new CLI',
      'space_api 1 Document rate limits',
      'space_handbook 2 Fix typos',
    ]);
    expect(ids(await docs('cr', 'list', '--org', 'org_acme', '--json'))).toEqual([
      'cr_quickstart',
      'cr_welcome',
      'cr_terms',
      'cr_cli',
      'cr_typos',
    ]);
    expect(ids(await docs('cr', 'list', '--site', 'site_docs', '--json'))).toEqual(['cr_cli', 'cr_typos']);
    const siteOfSpace = await docs('cr', 'list', 'space_handbook', '--site', 'site_docs');
    expect(siteOfSpace.code).toBe(2);
    expect(ids(await docs('cr', 'list', '--status', 'all', '--limit', '2', '--json'))).toHaveLength(2);

    const noOrg = await e2e.docs(['cr', 'list'], { env: { DOCS_ORG: undefined } });
    expect(noOrg.code).toBe(2);
    expect(noOrg.stderr).toContain('Missing the space id');
    expect(noOrg.stderr).toContain('--org');
  });

  it('filters by creator, contributor, requested reviewer, topic and cluster', async () => {
    const filtered = await Promise.all([
      docs('cr', 'list', 'space_handbook', '--creator', 'user_grace', '--json'),
      docs('cr', 'list', 'space_handbook', '--contributor', 'user_ada', '--json'),
      docs('cr', 'list', 'space_handbook', '--reviewer', 'user_grace', '--json'),
      docs('cr', 'list', 'space_handbook', '--cluster', 'cluster_cli_questions', '--json'),
      docs('cr', 'list', 'space_handbook', '--topic', 'topic_configuration', '--json'),
      docs('cr', 'list', '--status', 'all', '--creator', 'user_linus', '--json'),
    ]);
    expect(filtered.map(ids)).toEqual([
      ['cr_typos'],
      ['cr_cli'],
      ['cr_cli'],
      ['cr_cli'],
      ['cr_typos'],
      ['cr_quickstart', 'cr_cli', 'cr_ratelimits'],
    ]);
  });

  it('shows a request with its reviewers, contributors and counts', async () => {
    const view = ok(await docs('cr', 'view', 'space_handbook', '1'));
    expect(view.stdout).toMatch(/^Change request:\s+#1 Document the new CLI$/m);
    expect(view.stdout).toMatch(/^Author:\s+Linus Torvalds \(user_linus\)$/m);
    expect(view.stdout).toMatch(/^Open comments:\s+1$/m);
    // Each reviewer with their latest review: Ada's approval is of an earlier revision; Grace was asked.
    expect(view.stdout).toMatch(
      /^Reviewers:\s+Ada Lovelace:\s+approved \(outdated: on an earlier revision\)$/m,
    );
    expect(view.stdout).toMatch(/^\s+Grace Hopper:\s+review requested, none yet$/m);
    expect(view.stdout).toMatch(/^Merge rules:\s+none$/m);
    expect(view.stdout).toMatch(/^Contributors:\s+Linus Torvalds \(3\), Ada Lovelace \(1\)$/m);
    expect(view.stdout).toMatch(/^Description:\s+Adds a page on the CLI\.$/m);

    const byId = json<ChangeRequest>(await docs('cr', 'view', 'space_handbook', 'cr_cli', '--json'));
    expect(byId).toMatchObject({ id: 'cr_cli', number: 1, outdated: false });
    expect(byId.requestedReviewers?.map((r) => r.user.id)).toEqual(['user_grace']);
    expect(byId.contributors?.map((c) => [c.user.id, c.count])).toEqual([
      ['user_linus', 3],
      ['user_ada', 1],
    ]);
    const hash = json<ChangeRequest>(await docs('cr', 'view', 'space_handbook', '#2', '--json'));
    expect(hash).toMatchObject({ id: 'cr_typos', outdated: true });
  });

  it('exits 2 naming a missing argument, and 3 for a request that does not exist', async () => {
    const noSpace = await docs('cr', 'view');
    expect(noSpace.code).toBe(2);
    expect(noSpace.stderr).toContain('Missing the space id');
    const noCr = await docs('cr', 'view', 'space_handbook');
    expect(noCr.code).toBe(2);
    expect(noCr.stderr).toContain('Missing the change request number or id');
    const missing = await docs('cr', 'view', 'space_handbook', '99');
    expect(missing.code).toBe(3);
    expect(lines(missing.stderr)).toEqual([
      expect.stringMatching(/^Error: Change request #99 was not found in space space_handbook \(HTTP 404/),
    ]);
  });

  it('lists contributors and prints a PDF URL that downloads the PDF', async () => {
    const contributors = ok(await docs('cr', 'contributors', 'space_handbook', '1'));
    expect(lines(contributors.stdout)).toEqual([
      'user_linus\tLinus Torvalds\t3\tedit\t2026-01-08T16:00:00.000Z',
      'user_ada\tAda Lovelace\t1\tedit\t2026-01-08T12:00:00.000Z',
    ]);

    const pdf = ok(await docs('cr', 'pdf', 'space_handbook', '1'));
    // On the sandbox's own loopback origin, as `curl -o cr.pdf "$(docs cr pdf ...)"` fetches it.
    const url = pdf.stdout.trim();
    expect(url.startsWith(`${new URL(e2e.running.url).origin}/_pdf/`)).toBe(true);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    const pagePdf = json<{ url: string }>(
      await docs('cr', 'pdf', 'space_handbook', '1', '--page', 'page_cli', '--only', '--json'),
    );
    expect(pagePdf.url).toMatch(/\?page=page_cli&only=true&expires=/);
    const onlyAlone = await docs('cr', 'pdf', 'space_handbook', '1', '--only');
    expect(onlyAlone.code).toBe(2);
    expect(onlyAlone.stderr).toContain('--page');
  });
});

describe('docs cr content and links', () => {
  it('summarises the revision, with or without git metadata', async () => {
    const revision = ok(await docs('cr', 'content', 'revision', 'space_handbook', '1'));
    expect(revision.stdout).toMatch(/^Revision:\s+rev_cr_cli$/m);
    expect(revision.stdout).toMatch(/^Pages:\s+6$/m);
    expect(revision.stdout).toMatch(/^Files:\s+2$/m);
    expect(revision.stdout).toMatch(/^Variables:\s+product=Acme, version=1\.1$/m);
    const withGit = json<{ git?: unknown }>(
      await docs('cr', 'content', 'revision', 'space_handbook', '1', '--json'),
    );
    expect(withGit.git).toBeDefined();
    const withoutGit = json<{ id: string; git?: unknown }>(
      await docs('cr', 'content', 'revision', 'space_handbook', '1', '--no-git-metadata', '--json'),
    );
    expect(withoutGit).toMatchObject({ id: 'rev_cr_cli' });
    expect(withoutGit.git).toBeUndefined();
  });

  it('prints the page tree indented', async () => {
    const pages = ok(await docs('cr', 'content', 'pages', 'space_handbook', '1'));
    expect(lines(pages.stdout)).toEqual([
      '🚀 Getting started  (page_getting_started, /getting-started)',
      '  Installation  (page_installation, /getting-started/installation)',
      '  Configuration  (page_configuration, /getting-started/configuration)',
      '  💻 Command-line interface  (page_cli, /getting-started/cli)',
      'Internal notes  (page_internal, /internal-notes, hidden)',
      '🗂️ All pages  (page_all_pages, /all-pages)',
    ]);
    // The primary content's tree, seen through request #2, has no CLI page.
    const typos = json<{ pages: Array<{ pages?: Array<{ id: string }> }> }>(
      await docs('cr', 'content', 'pages', 'space_handbook', '2', '--no-computed', '--json'),
    );
    expect(typos.pages[0]?.pages?.map((p) => p.id)).toEqual(['page_installation', 'page_configuration']);
  });

  it('writes one page as raw markdown, evaluated on request', async () => {
    const raw = ok(await docs('cr', 'content', 'page', 'space_handbook', '1', 'page_getting_started'));
    expect(raw.stdout.startsWith('Welcome to the {{ variables.product }} handbook')).toBe(true);
    expect(raw.stdout).toContain('* [Command-line interface](getting-started/cli.md)');
    expect(raw.stderr).toBe('');

    const evaluated = ok(
      await docs(
        'cr',
        'content',
        'page',
        'space_handbook',
        '1',
        'page_getting_started',
        '--evaluate',
        'true',
      ),
    );
    expect(evaluated.stdout).toContain('Welcome to the Acme handbook, version 1.1.');
    expect(evaluated.stdout).not.toContain('{{');
    const deterministic = ok(
      await docs(
        'cr',
        'content',
        'page',
        'space_handbook',
        '1',
        'page_getting_started',
        '--evaluate',
        'deterministic-only',
      ),
    );
    expect(deterministic.stdout).toContain('version 1.1. Status checked {{ now }}.');

    const asJson = json<{ id: string; title: string }>(
      await docs('cr', 'content', 'page', 'space_handbook', '1', 'page_getting_started', '--json'),
    );
    expect(asJson).toMatchObject({ id: 'page_getting_started', title: 'Getting started' });

    const computed = ok(await docs('cr', 'content', 'page', 'space_handbook', '1', 'page_all_pages'));
    expect(computed.stdout).toContain('  * [Command-line interface](/getting-started/cli)');
    const notComputed = await docs(
      'cr',
      'content',
      'page',
      'space_handbook',
      '1',
      'page_all_pages',
      '--no-computed',
    );
    expect(notComputed.code).toBe(1);
    expect(notComputed.stderr).toContain('came back without markdown; use --json');

    const badFormat = await docs(
      'cr',
      'content',
      'page',
      'space_handbook',
      '1',
      'page_cli',
      '--format',
      'html',
    );
    // The published document lists the formats: anything else is refused before sending.
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toContain('html');

    const asDocument = ok(
      await docs('cr', 'content', 'page', 'space_handbook', '1', 'page_installation', '--format', 'document'),
    );
    expect(json<{ object: string; nodes: unknown[] }>(asDocument)).toMatchObject({ object: 'document' });
  });

  it('lists files, shows one, and lists backlinks of a page or a file', async () => {
    const files = ok(await docs('cr', 'content', 'files', 'space_handbook', '1'));
    expect(lines(files.stdout).map((line) => line.split('\t').slice(0, 5))).toEqual([
      ['file_logo', 'logo.png', 'image/png', '1.5 KB', '512x512'],
      ['file_guide', 'guide.pdf', 'application/pdf', '599 B', ''],
    ]);
    const file = ok(await docs('cr', 'content', 'file', 'space_handbook', '1', 'file_logo'));
    expect(file.stdout).toMatch(/^Name:\s+logo\.png$/m);
    // The demo's files are served by the sandbox itself, on its own loopback host.
    const download = /^Download:\s+(http:\/\/127\.0\.0\.1:\d+\/\S+logo\.png)$/m.exec(file.stdout)?.[1];
    expect(download, file.stdout).toBeDefined();
    expect((await fetch(download!)).headers.get('content-type')).toBe('image/png');

    const fileBacklinks = ok(
      await docs('cr', 'content', 'backlinks', 'space_handbook', '1', '--file', 'file_logo'),
    );
    expect(lines(fileBacklinks.stdout)).toEqual(['page page_getting_started', 'page page_installation']);
    const pageBacklinks = json<Array<{ kind: string; page: string }>>(
      await docs(
        'cr',
        'content',
        'backlinks',
        'space_handbook',
        '1',
        '--page',
        'page_installation',
        '--json',
      ),
    );
    expect(pageBacklinks.map((ref) => ref.page).sort()).toEqual([
      'page_cli',
      'page_configuration',
      'page_getting_started',
    ]);
    const neither = await docs('cr', 'content', 'backlinks', 'space_handbook', '1');
    expect(neither.code).toBe(2);
    const both = await docs(
      'cr',
      'content',
      'backlinks',
      'space_handbook',
      '1',
      '--page',
      'a',
      '--file',
      'b',
    );
    expect(both.code).toBe(2);
  });

  it('lists a page’s links with a summary of the broken ones', async () => {
    const links = ok(await docs('cr', 'links', 'space_handbook', '1', '--page', 'page_getting_started'));
    expect(lines(links.stdout)).toHaveLength(8);
    expect(links.stdout).toContain('broken\tpage page_cli_reference\tpage page_getting_started');
    expect(links.stdout).toContain('broken\tpage page_faq\t');
    expect(links.stdout).toMatch(/^in-app\turl https:\/\/app\.sandbox\.docs-api\.local\/s\/space_api\t/m);
    expect(links.stderr).toBe('8 links, 2 broken (1 introduced by this change request)\n');

    const broken = ok(
      await docs(
        'cr',
        'links',
        'space_handbook',
        '1',
        '--page',
        'page_getting_started',
        '--status',
        'broken',
      ),
    );
    expect(lines(broken.stdout).map((line) => line.split('\t')[1])).toEqual([
      'page page_cli_reference',
      'page page_faq',
    ]);
    const report = json<LinkReport>(
      await docs(
        'cr',
        'links',
        'space_handbook',
        '1',
        '--page',
        'page_getting_started',
        '--json',
        '--no-computed',
      ),
    );
    expect(report.stats).toEqual({ total: 8, broken: { total: 2, changeRequest: 1 } });
    expect(report.items.map((link) => link.status)).toContain('in-app');
  });

  it('exits 1 with --fail-on-broken when a link is broken, 0 when none is', async () => {
    const failing = await docs(
      'cr',
      'links',
      'space_handbook',
      '1',
      '--page',
      'page_getting_started',
      '--fail-on-broken',
    );
    expect(failing.code).toBe(1);
    expect(lines(failing.stdout)).toHaveLength(8);
    expect(failing.stderr).toContain('8 links, 2 broken (1 introduced by this change request)');
    expect(failing.stderr).toContain('Error: 2 broken links in page page_getting_started.');

    const failingJson = await docs(
      'cr',
      'links',
      'space_handbook',
      '1',
      '--page',
      'page_getting_started',
      '--fail-on-broken',
      '--json',
    );
    expect(failingJson.code).toBe(1);
    expect(json<LinkReport>(failingJson).stats.broken.total).toBe(2);

    const passing = await docs(
      'cr',
      'links',
      'space_handbook',
      '1',
      '--page',
      'page_cli',
      '--fail-on-broken',
    );
    expect(passing.code).toBe(0);
    expect(passing.stderr).toBe('2 links, 0 broken (0 introduced by this change request)\n');
  });
});

describe('docs cr create, edit, reviewers and comments', () => {
  it('creates a request and edits its subject, description and status', async () => {
    const created = json<ChangeRequest>(
      await docs('cr', 'create', 'space_handbook', '--subject', 'Add a glossary', '--json'),
    );
    expect(created).toMatchObject({ number: 3, status: 'open', subject: 'Add a glossary', outdated: false });

    const edited = json<ChangeRequest>(
      await docs(
        'cr',
        'edit',
        'space_handbook',
        '3',
        '--subject',
        'Add a glossary of terms',
        '--description',
        'Defines every term.\nLinks each to its page.',
        '--status',
        'draft',
        '--json',
      ),
    );
    expect(edited).toMatchObject({ id: created.id, subject: 'Add a glossary of terms', status: 'draft' });
    expect(edited.description?.nodes).toHaveLength(2);

    const fromStdin = ok(
      await e2e.docs(['cr', 'edit', 'space_handbook', created.id, '--description', '-'], {
        input: 'Read from stdin.\n',
      }),
    );
    expect(fromStdin.stderr).toContain('Updated change request #3');
    expect(fromStdin.stdout).toMatch(/^Description:\s+Read from stdin\.$/m);
    const drafts = await docs('cr', 'list', 'space_handbook', '--status', 'draft', '--json');
    expect(ids(drafts)).toEqual([created.id]);
  });

  it('refuses an edit with nothing to change or a subject over 100 characters, sending nothing', async () => {
    const before = served('changeRequests.update');
    const nothing = await docs('cr', 'edit', 'space_handbook', '3');
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('Nothing to change');
    const tooLong = await docs('cr', 'edit', 'space_handbook', '3', '--subject', 'x'.repeat(101));
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toMatch(/subject: Too big/);
    expect(served('changeRequests.update')).toBe(before);
  });

  it('lists, requests and withdraws reviewers', async () => {
    const listed = ok(await docs('cr', 'reviewers', 'list', 'space_handbook', '1'));
    expect(lines(listed.stdout)).toEqual([
      'user_grace\tGrace Hopper\tLinus Torvalds\t2026-01-08T16:05:00.000Z',
    ]);

    const requested = ok(
      await docs(
        'cr',
        'reviewers',
        'request',
        'space_handbook',
        '1',
        '--user',
        'user_ada',
        '--subject',
        'Document the new CLI: please look',
      ),
    );
    expect(requested.stderr).toContain('Asked Ada Lovelace to review change request #1');
    // The published document: the subject given with a review request becomes the request's.
    expect(e2e.sandbox.store.changeRequests.get('cr_cli')?.subject).toBe('Document the new CLI: please look');
    const both = json<Array<{ user: { id: string } }>>(
      await docs('cr', 'reviewers', 'list', 'space_handbook', '1', '--json'),
    );
    expect(both.map((r) => r.user.id)).toEqual(['user_grace', 'user_ada']);

    const stranger = await docs('cr', 'reviewers', 'request', 'space_handbook', '1', '--user', 'user_nobody');
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toMatch(/user "user_nobody" is not a member .*HTTP 400/);
    const noUser = await docs('cr', 'reviewers', 'request', 'space_handbook', '1');
    expect(noUser.code).toBe(2);

    const unconfirmed = await docs('cr', 'reviewers', 'remove', 'space_handbook', '1', 'user_ada');
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('--yes');
    const removed = ok(await docs('cr', 'reviewers', 'remove', 'space_handbook', '1', 'user_ada', '--yes'));
    expect(removed.stderr).toContain('user_ada is no longer asked to review change request #1');
    // The service answers a withdrawal the same whether or not there was one: the command checks.
    const again = await docs('cr', 'reviewers', 'remove', 'space_handbook', '1', 'user_ada', '--yes');
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('user_ada is not asked to review change request #1');
    const left = json<Array<{ user: { id: string } }>>(
      await docs('cr', 'reviewers', 'list', 'space_handbook', '1', '--json'),
    );
    expect(left.map((r) => r.user.id)).toEqual(['user_grace']);
  });

  it('lists and views comments', async () => {
    const listed = ok(await docs('cr', 'comments', 'list', 'space_handbook', '1'));
    expect(lines(listed.stdout)).toEqual([
      'comment_cli_question\tGrace Hopper\t2026-01-08T17:00:00.000Z\topen\t1\tpage_cli\tShould this page document the `--json` flag?',
      'comment_cli_title\tAda Lovelace\t2026-01-08T12:30:00.000Z\tresolved\t0\tpage_cli\tTypo in the new page title: "Comand-line".',
    ]);
    expect(
      ids(await docs('cr', 'comments', 'list', 'space_handbook', '1', '--status', 'resolved', '--json')),
    ).toEqual(['comment_cli_title']);
    expect(
      ids(await docs('cr', 'comments', 'list', 'space_handbook', '1', '--author', 'user_grace', '--json')),
    ).toEqual(['comment_cli_question']);
    expect(
      ids(await docs('cr', 'comments', 'list', 'space_handbook', '1', '--order', 'asc', '--json')),
    ).toEqual(['comment_cli_title', 'comment_cli_question']);

    const view = ok(await docs('cr', 'comments', 'view', 'space_handbook', '1', 'comment_cli_question'));
    expect(view.stdout).toMatch(/^Author:\s+Grace Hopper \(user_grace\)$/m);
    expect(view.stdout).toMatch(/^Reactions:\s+👍 1$/m);
    // The body, then the replies under it.
    expect(view.stdout).toContain('\n\nShould this page document the `--json` flag?\n\n↳ Linus Torvalds');
  });

  it('adds, edits, resolves, reopens, reacts to and deletes a comment', async () => {
    const added = json<Comment>(
      await docs(
        'cr',
        'comments',
        'add',
        'space_handbook',
        '1',
        '--body',
        'Add an example.',
        '--page',
        'page_cli',
        '--json',
      ),
    );
    expect(added).toMatchObject({
      body: { markdown: 'Add an example.' },
      target: { page: { id: 'page_cli' } },
    });
    const fromStdin = ok(
      await e2e.docs(['cr', 'comments', 'add', 'space_handbook', '1', '--body', '-'], {
        input: '**Great** work.\n',
      }),
    );
    expect(fromStdin.stderr).toMatch(/Commented on change request #1: \S+/);
    expect(fromStdin.stdout.trimEnd().endsWith('**Great** work.')).toBe(true);
    const empty = await e2e.docs(['cr', 'comments', 'add', 'space_handbook', '1', '--body', '-'], {
      input: '  \n',
    });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--body is empty');

    const edited = json<Comment>(
      await docs(
        'cr',
        'comments',
        'edit',
        'space_handbook',
        '1',
        added.id,
        '--body',
        'Add two examples.',
        '--json',
      ),
    );
    expect(edited.body.markdown).toBe('Add two examples.');

    const resolved = json<Comment>(
      await docs('cr', 'comments', 'resolve', 'space_handbook', '1', added.id, '--json'),
    );
    expect(resolved.status).toBe('resolved');
    const resolvedMessage = ok(
      await docs('cr', 'comments', 'resolve', 'space_handbook', '1', 'comment_cli_question'),
    );
    expect(resolvedMessage.stderr).toContain('Resolved comment comment_cli_question by Ada Lovelace');
    const reopened = ok(
      await docs('cr', 'comments', 'reopen', 'space_handbook', '1', 'comment_cli_question'),
    );
    expect(reopened.stderr).toContain('Reopened comment comment_cli_question');
    const reopenedJson = json<Comment>(
      await docs('cr', 'comments', 'reopen', 'space_handbook', '1', added.id, '--json'),
    );
    expect(reopenedJson.status).not.toBe('resolved');

    const reacted = ok(
      await docs('cr', 'comments', 'react', 'space_handbook', '1', added.id, '--add', '👍', '--add', '🎉'),
    );
    expect(reacted.stderr).toContain(`Reactions on ${added.id}: 👍 1  🎉 1`);
    const unreacted = json<Comment>(
      await docs('cr', 'comments', 'react', 'space_handbook', '1', added.id, '--remove', '🎉', '--json'),
    );
    expect(unreacted.reactions?.map((r) => [r.emoji, r.count])).toEqual([['👍', 1]]);
    const noReaction = await docs('cr', 'comments', 'react', 'space_handbook', '1', added.id);
    expect(noReaction.code).toBe(2);

    const unconfirmed = await docs('cr', 'comments', 'delete', 'space_handbook', '1', added.id);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('--yes');
    const deleted = ok(await docs('cr', 'comments', 'delete', 'space_handbook', '1', added.id, '--yes'));
    expect(deleted.stderr).toContain(`Deleted comment ${added.id}`);
    const gone = await docs('cr', 'comments', 'view', 'space_handbook', '1', added.id);
    expect(gone.code).toBe(3);
    // Deleting it again: the service would answer a success; the command reads it first.
    const deletedAgain = await docs('cr', 'comments', 'delete', 'space_handbook', '1', added.id, '--yes');
    expect(deletedAgain.code).toBe(3);
  });

  it('lists replies and replies to a comment', async () => {
    const replies = ok(
      await docs('cr', 'comments', 'replies', 'space_handbook', '1', 'comment_cli_question'),
    );
    expect(lines(replies.stdout)).toEqual([
      'reply_cli_answer\tLinus Torvalds\t2026-01-08T17:20:00.000Z\tYes: I will add a section on output formats.',
    ]);
    const reply = ok(
      await docs(
        'cr',
        'comments',
        'reply',
        'space_handbook',
        '1',
        'comment_cli_question',
        '--body',
        'Thanks!',
      ),
    );
    expect(reply.stderr).toMatch(/Replied to comment comment_cli_question: \S+/);
    const all = json<Array<{ body: { markdown: string } }>>(
      await docs('cr', 'comments', 'replies', 'space_handbook', '1', 'comment_cli_question', '--json'),
    );
    expect(all.map((r) => r.body.markdown)).toEqual([
      'Yes: I will add a section on output formats.',
      'Thanks!',
    ]);
  });
});

describe('docs cr merge and update', () => {
  it('without --yes, exits 2 before sending anything and merges nothing', async () => {
    const before = e2e.totalRequests();
    const result = await docs('cr', 'merge', 'space_handbook', '1');
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'Error: Confirmation needed: `docs cr merge` changes data. Pass --yes to confirm when not at a terminal. Nothing was sent.',
    ]);
    expect(result.stdout).toBe('');
    // Not even the request is read: a missing confirmation is a usage error (issue 7).
    expect(e2e.totalRequests()).toBe(before);
    expect(e2e.sandbox.store.changeRequests.get('cr_cli')?.status).toBe('open');
  });

  it('refuses an outdated request with --no-update-first, pointing at `docs cr update`', async () => {
    const result = await docs('cr', 'merge', 'space_handbook', '2', '--yes', '--no-update-first');
    expect(result.code).toBe(1);
    expect(lines(result.stderr).filter((line) => line.startsWith('Error:'))).toEqual([
      'Error: Change request #2 is outdated, and --no-update-first says not to update it: run `docs cr update space_handbook 2` (or leave the flag out), then merge.',
    ]);
    expect(served('changeRequests.merge')).toBe(0);
  });

  it('refuses to merge into a locked space before sending the merge, as one line, exit 1', async () => {
    const result = await docs('cr', 'merge', 'space_legal', '1', '--yes');
    expect(result.code).toBe(1);
    const errors = lines(result.stderr).filter((line) => line.startsWith('Error:'));
    expect(errors).toEqual([
      'Error: Space space_legal is locked: the service refuses merges into it. Unlock it with `docs spaces edit space_legal --edit-mode live`, then merge.',
    ]);
    expect(served('changeRequests.merge')).toBe(0);
    expect(e2e.sandbox.store.changeRequests.get('cr_terms')?.status).toBe('open');
  });

  it('merges with --yes and prints the new revision', async () => {
    const result = ok(await docs('cr', 'merge', 'space_handbook', '1', '--yes'));
    const revision = e2e.sandbox.store.spaces.get('space_handbook')?.revision;
    expect(result.stdout).toBe(`${revision}\n`);
    expect(result.stderr).toContain(`Merged #1 into space_handbook: new revision ${revision}`);
    expect(e2e.sandbox.store.changeRequests.get('cr_cli')?.status).toBe('merged');

    const again = await docs('cr', 'merge', 'space_handbook', '1', '--yes');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Change request #1 is already merged as revision ${revision}.`);
  });

  it('with --update-first, updates an outdated request, then merges it; --json prints the merge result', async () => {
    const updatesBefore = served('changeRequests.updateFromPrimary');
    const result = ok(await docs('cr', 'merge', 'space_handbook', '2', '--yes', '--update-first', '--json'));
    const merged = json<{ revision: string; result: string; url: string }>(result);
    expect(merged).toMatchObject({
      revision: e2e.sandbox.store.spaces.get('space_handbook')?.revision,
      result: 'merge',
      url: 'https://app.sandbox.docs-api.local/s/space_handbook/~/changes/2',
    });
    expect(result.stderr).toMatch(/^Updated #2 from the primary content: revision \S+$/m);
    expect(served('changeRequests.updateFromPrimary')).toBe(updatesBefore + 1);
    expect(e2e.sandbox.store.changeRequests.get('cr_typos')?.status).toBe('merged');
  });

  it('updates a request from the primary content', async () => {
    // #3 started before the two merges above: it is behind now.
    expect(json<ChangeRequest>(await docs('cr', 'view', 'space_handbook', '3', '--json')).outdated).toBe(
      true,
    );
    const updated = ok(await docs('cr', 'update', 'space_handbook', '3'));
    expect(updated.stdout).toMatch(/^rev_\S+\n$/);
    expect(updated.stderr).toContain(`Updated change request #3 from the primary content of space_handbook`);
    const after = json<ChangeRequest>(await docs('cr', 'view', 'space_handbook', '3', '--json'));
    expect(after).toMatchObject({ outdated: false, revision: updated.stdout.trim() });
    const asJson = json<{ result: string }>(await docs('cr', 'update', 'space_handbook', '3', '--json'));
    expect(asJson.result).toBe('update');
    // Up to date now: said so, not "Updated".
    const again = ok(await docs('cr', 'update', 'space_handbook', '3'));
    expect(again.stderr).toContain(
      'was already up to date with the primary content of space_handbook: nothing changed',
    );
  });
});

describe('docs cr diff, review, reviews and merge: the review flow (beyond the extract)', () => {
  it('shows the changes page by page and the diff of each page against the base', async () => {
    const names = ok(await docs('cr', 'diff', 'space_guides', '2', '--name-only'));
    // The names the diff gives its files.
    expect(lines(names.stdout)).toEqual(['welcome.md', 'quick-start.md']);
    const diff = ok(await docs('cr', 'diff', 'space_guides', '2'));
    // Piped: plain text a `patch` can read.
    expect(diff.stdout).not.toContain('\u001b[');
    expect(diff.stdout).toContain(
      'diff --git a/welcome.md b/welcome.md\n--- a/welcome.md\n+++ b/welcome.md\n',
    );
    expect(diff.stdout).toContain('+New here? Start with the [Quick start](quick-start.md).\n');
    expect(diff.stdout).toContain('--- /dev/null\n+++ b/quick-start.md\n');
    const asJson = json<{ base: string; pages: Array<{ id: string; patch: string }> }>(
      await docs('cr', 'diff', 'space_guides', '2', '--json'),
    );
    expect(asJson.base).toBe('rev_guides_2');
    expect(asJson.pages.map((page) => page.id)).toEqual(['page_guides_welcome', 'page_guides_quickstart']);
  });

  it('refuses a merge the rules do not allow, then merges once approved, printing the app URL', async () => {
    const preview = json<{ mergeRules: { unmet: number; from: string } }>(
      await docs('cr', 'merge', 'space_guides', '2', '--dry-run', '--json'),
    );
    expect(preview.mergeRules).toMatchObject({ from: 'space', unmet: 1 });

    const refused = await docs('cr', 'merge', 'space_guides', '2', '--yes');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('NOT MET  Approval from user_ada: no current approval from user_ada');
    expect(refused.stderr).toContain(
      'Error: Change request #2 does not meet the merge rules: Approval from user_ada (no current approval from user_ada). Pass --admin to merge anyway',
    );

    const review = ok(await docs('cr', 'review', 'space_guides', '2', '--approve', '--body', 'Clear.'));
    expect(review.stdout).toMatch(/^review_\S+\n$/);
    const reviews = ok(await docs('cr', 'reviews', 'space_guides', '2'));
    expect(lines(reviews.stdout).map((line) => line.split('\t').slice(0, 3).join(' '))).toEqual([
      'Ada Lovelace approved no',
      'Grace Hopper changes-requested no',
      'Linus Torvalds approved no',
    ]);
    const single = json<{ id: string }>(
      await docs('api', `/spaces/space_guides/change-requests/2/reviews/${review.stdout.trim()}`),
    );
    expect(single.id).toBe(review.stdout.trim());

    const merged = ok(await docs('cr', 'merge', 'space_guides', '2', '--yes'));
    expect(merged.stdout).toMatch(/^rev_\S+\n$/);
    expect(merged.stderr).toContain("Merge rules: the space's, all met");
    expect(merged.stderr).toContain('View it: https://app.sandbox.docs-api.local/s/space_guides/~/changes/2');
  });

  it('on a conflicting update, names the app URL and the next step', async () => {
    const result = await docs('cr', 'merge', 'space_guides', '1', '--yes', '--update-first');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Error: Change request #1 conflicts with the primary content of space_guides: nothing was merged. Open https://app.sandbox.docs-api.local/s/space_guides/~/changes/1, resolve the conflicts there, then run `docs cr merge space_guides 1` again.',
    );
    expect(e2e.sandbox.store.changeRequests.get('cr_welcome')?.status).toBe('open');
  });
});

describe('coverage through the CLI', () => {
  it('exercised every change request operation of the contract', () => {
    // The extract's 27 (their area is the extract's), and the reviews, changes and revision page
    // read (published document: their area is the document's tag).
    const notInExtract = [
      'getReviewsByChangeRequestId',
      'submitChangeRequestReview',
      'getChangeRequestReviewById',
      'getChangeRequestChanges',
      'getPageInRevisionById',
    ];
    const crOperations = operations
      .filter(
        (op) =>
          op.area.startsWith('Change request') || op.area === 'Revisions' || notInExtract.includes(op.id),
      )
      .map((op) => op.id);
    expect(crOperations).toHaveLength(32);
    const missed = e2e.unhit(crOperations);
    expect(missed).toEqual([]);
  });
});
