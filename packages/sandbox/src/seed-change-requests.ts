import {
  applyChanges,
  diffRevisions,
  PAGE_INDEX_GENERATOR,
  type FileRow,
  type LinkTarget,
  type PageRow,
  type RevisionContent,
  type RevisionRow,
} from './content.js';
import type { ChangeRequestRow, CommentRow, Store } from './store.js';

/**
 * Demo content and change requests. Timeline (all fixed, so seeds read the same every run and
 * the store's clock is never read):
 *
 * - 01-05 09:00 every space gets its first revision.
 * - 01-06 09:00 space_handbook #1 "Document the new CLI" (cr_cli) starts from rev_handbook_1.
 * - 01-06 09:30 space_api #1 "Document rate limits" (cr_ratelimits); merged at 15:00 (rev_api_2).
 * - 01-06 10:00 space_handbook #2 "Fix typos" (cr_typos) starts from rev_handbook_1.
 * - 01-07 09:00 a live edit makes rev_handbook_2 the primary revision: #2 is now outdated.
 * - 01-07 11:00 #1 is updated from the primary content (revisionMergedAncestor rev_handbook_2).
 * - 01-10 09:00 space_legal (locked) #1 "Update terms" (cr_terms).
 * - 01-10 10:00 space_guides #1 "Reword the welcome page" (cr_welcome) starts from rev_guides_1;
 *   Ada approves it at 11:00.
 * - 01-10 12:00 a live edit of the same welcome page makes rev_guides_2 the primary revision: #1 is
 *   outdated and its update conflicts (`conflicts: true`).
 * - 01-11 09:00 space_guides #2 "Add a quick-start guide" (cr_quickstart) starts from rev_guides_2;
 *   the space's merge rules require user_ada's approval, which it does not have (Linus approved,
 *   Grace asked for changes).
 */

const T0 = '2026-01-05T09:00:00.000Z';
const at = (day: number, time: string) => `2026-01-${String(day).padStart(2, '0')}T${time}:00.000Z`;

const APP = 'https://app.sandbox.docs-api.local';

const toPage = (page: string): LinkTarget => ({ kind: 'page', page });
const toFile = (file: string): LinkTarget => ({ kind: 'file', file });
const toUrl = (url: string): LinkTarget => ({ kind: 'url', url });

interface PageSeed {
  id: string;
  title: string;
  slug: string;
  markdown?: string;
  links?: LinkTarget[];
  pages?: PageRow[];
  emoji?: string;
  description?: string;
  hidden?: boolean;
  computed?: { type: string; props: Record<string, unknown> };
  createdAt?: string;
  updatedAt?: string;
}

function page(seed: PageSeed): PageRow {
  const { links = [], pages = [], createdAt = T0, updatedAt = createdAt, ...rest } = seed;
  return {
    ...rest,
    createdAt,
    updatedAt,
    links: links.map((target) => ({ target, relation: 'reference' })),
    pages,
  };
}

function content(
  pages: PageRow[],
  files: FileRow[] = [],
  variables: Record<string, string> = {},
): RevisionContent {
  return { pages, files, reusableContents: [], variables };
}

function revision(
  store: Store,
  id: string,
  space: string,
  createdAt: string,
  parents: string[],
  message: string,
  body: RevisionContent,
  made: Pick<RevisionRow, 'type' | 'mergedFrom'> = {},
): RevisionRow {
  const row: RevisionRow = { id, space, parents, createdAt, message, ...made, ...structuredClone(body) };
  store.revisions.set(id, row);
  return row;
}

/** A copy of `base` with `edit` applied to the copy. */
function edited(base: RevisionContent, edit: (draft: RevisionContent) => void): RevisionContent {
  const draft = structuredClone(base);
  edit(draft);
  return draft;
}

function pageIn(body: RevisionContent, id: string): PageRow {
  const stack = [...body.pages];
  for (let current = stack.shift(); current; current = stack.shift()) {
    if (current.id === id) return current;
    stack.push(...current.pages);
  }
  throw new Error(`seed: no page ${id}`);
}

// --- space_handbook -----------------------------------------------------------------------------

const HANDBOOK_FILES: FileRow[] = [
  {
    id: 'file_logo',
    name: 'logo.png',
    contentType: 'image/png',
    size: 24_576,
    dimensions: { width: 512, height: 512 },
  },
  { id: 'file_guide', name: 'guide.pdf', contentType: 'application/pdf', size: 482_133 },
];

const GETTING_STARTED_MARKDOWN = `# Getting started

Welcome to the {{ variables.product }} handbook, version {{ variables.version }}. Status checked {{ now }}.

- [Installation](getting-started/installation.md)
- [Configuration](getting-started/configuration.md)
- [Frequently asked questions](faq.md)
- The [API reference space](${APP}/s/space_api) in the app
- [Service status](https://status.acme.test)

![Acme logo](.gitbook/assets/logo.png)
`;

function handbookV1(): RevisionContent {
  const body = content(
    [
      page({
        id: 'page_getting_started',
        title: 'Getting started',
        slug: 'getting-started',
        emoji: '🚀',
        description: 'Install and configure Acme',
        markdown: GETTING_STARTED_MARKDOWN,
        links: [
          toPage('page_installation'),
          toPage('page_configuration'),
          toPage('page_faq'),
          toUrl(`${APP}/s/space_api`),
          toUrl('https://status.acme.test'),
          toFile('file_logo'),
        ],
        pages: [
          page({
            id: 'page_installation',
            title: 'Installation',
            slug: 'installation',
            markdown: '# Installation\n\nRun `npm install acme`.\n',
          }),
          page({
            id: 'page_configuration',
            title: 'Configuration',
            slug: 'configuration',
            markdown:
              '# Configuration\n\nInstall first: see [Installation](installation.md).\n\n' +
              'Configuraton is read from `acme.json` in the working directory. ' +
              'The [PDF guide](../.gitbook/assets/guide.pdf) lists every setting.\n',
            links: [toPage('page_installation'), toFile('file_guide')],
          }),
        ],
      }),
      page({
        id: 'page_internal',
        title: 'Internal notes',
        slug: 'internal-notes',
        hidden: true,
        markdown: '# Internal notes\n\nLast reviewed {{ now }}.\n',
      }),
      page({
        id: 'page_all_pages',
        title: 'All pages',
        slug: 'all-pages',
        emoji: '🗂️',
        computed: { type: PAGE_INDEX_GENERATOR, props: { depth: 2 } },
      }),
    ],
    structuredClone(HANDBOOK_FILES),
    { product: 'Acme', version: '1.0' },
  );
  body.reusableContents.push({ id: 'reusable_support', title: 'Support contact' });
  return body;
}

function handbookV2(v1: RevisionContent): RevisionContent {
  return edited(v1, (draft) => {
    const installation = pageIn(draft, 'page_installation');
    installation.markdown =
      '# Installation\n\n{{ variables.product }} {{ variables.version }} needs Node.js 20 or later.\n\n' +
      'Run `npm install @acme/cli`.\n\n![Acme logo](../.gitbook/assets/logo.png)\n';
    installation.links = [{ target: toFile('file_logo'), relation: 'reference' }];
    installation.updatedAt = at(7, '09:00');
    draft.variables.version = '1.1';
  });
}

/** The edits of "Document the new CLI": a changed page and a new one. */
function withCliEdits(base: RevisionContent): RevisionContent {
  return edited(base, (draft) => {
    const gettingStarted = pageIn(draft, 'page_getting_started');
    gettingStarted.markdown = GETTING_STARTED_MARKDOWN.replace(
      '- [Frequently asked questions]',
      '- [Command-line interface](getting-started/cli.md)\n- [CLI reference](cli-reference.md)\n' +
        '- [Frequently asked questions]',
    );
    gettingStarted.links.splice(
      2,
      0,
      { target: toPage('page_cli'), relation: 'reference' },
      { target: toPage('page_cli_reference'), relation: 'reference' },
    );
    gettingStarted.updatedAt = at(6, '11:00');
    gettingStarted.pages.push(
      page({
        id: 'page_cli',
        title: 'Command-line interface',
        slug: 'cli',
        emoji: '💻',
        createdAt: at(6, '09:20'),
        updatedAt: at(6, '11:00'),
        markdown:
          '# Command-line interface\n\nThe {{ variables.product }} CLI follows the product version ' +
          '({{ variables.version }}). Install it as described in [Installation](installation.md).\n\n' +
          'The [PDF guide](../.gitbook/assets/guide.pdf) lists every command.\n',
        links: [toPage('page_installation'), toFile('file_guide')],
      }),
    );
  });
}

function withTypoFix(base: RevisionContent): RevisionContent {
  return edited(base, (draft) => {
    const configuration = pageIn(draft, 'page_configuration');
    configuration.markdown = (configuration.markdown ?? '').replace('Configuraton', 'Configuration');
    configuration.updatedAt = at(6, '10:05');
  });
}

// --- the other spaces ---------------------------------------------------------------------------

const API_V1 = content(
  [
    page({
      id: 'page_api_overview',
      title: 'Overview',
      slug: 'overview',
      markdown:
        '# API overview\n\nEvery endpoint lives under `{{ variables.baseUrl }}`. ' +
        'Requests need a token: see [Authentication](authentication.md).\n',
      links: [toPage('page_api_auth')],
    }),
    page({
      id: 'page_api_auth',
      title: 'Authentication',
      slug: 'authentication',
      markdown: '# Authentication\n\nSend `Authorization: Bearer <token>` with every request.\n',
    }),
  ],
  [],
  { baseUrl: 'https://api.acme.test/v1' },
);

const API_RATE_LIMITS = edited(API_V1, (draft) => {
  draft.pages.push(
    page({
      id: 'page_api_rate_limits',
      title: 'Rate limits',
      slug: 'rate-limits',
      createdAt: at(6, '10:00'),
      markdown: '# Rate limits\n\nA token may send 600 requests a minute; beyond that the API answers 429.\n',
      links: [toPage('page_api_auth')],
    }),
  );
});

const GUIDES_WELCOME_V2 = '# Welcome\n\nStep-by-step guides for the Acme platform, checked every release.\n';

const GUIDES_V1 = content([
  page({
    id: 'page_guides_welcome',
    title: 'Welcome',
    slug: 'welcome',
    markdown: '# Welcome\n\nStep-by-step guides for the Acme platform.\n',
  }),
]);

const GUIDES_V2 = edited(GUIDES_V1, (draft) => {
  const welcome = pageIn(draft, 'page_guides_welcome');
  welcome.markdown = GUIDES_WELCOME_V2;
  welcome.updatedAt = at(10, '12:00');
});

/** "Add a quick-start guide": a new page and an edited welcome page. */
const GUIDES_QUICKSTART = edited(GUIDES_V2, (draft) => {
  const welcome = pageIn(draft, 'page_guides_welcome');
  welcome.markdown = `${GUIDES_WELCOME_V2}\nNew here? Start with the [Quick start](quick-start.md).\n`;
  welcome.links = [{ target: toPage('page_guides_quickstart'), relation: 'reference' }];
  welcome.updatedAt = at(11, '09:10');
  draft.pages.push(
    page({
      id: 'page_guides_quickstart',
      title: 'Quick start',
      slug: 'quick-start',
      emoji: '⚡',
      createdAt: at(11, '09:05'),
      markdown: '# Quick start\n\n1. Install the CLI: `npm install @acme/cli`.\n2. Run `acme init`.\n',
    }),
  );
});

/** "Reword the welcome page": the line the live edit of 01-10 12:00 also changed. */
const GUIDES_WELCOME_REWORD = edited(GUIDES_V1, (draft) => {
  const welcome = pageIn(draft, 'page_guides_welcome');
  welcome.markdown = '# Welcome\n\nGuides that walk you through the Acme platform, one step at a time.\n';
  welcome.updatedAt = at(10, '10:30');
});

const LEGAL_V1 = content(
  [
    page({
      id: 'page_terms',
      title: 'Terms of service',
      slug: 'terms',
      markdown: '# Terms of service\n\nEffective {{ variables.effectiveDate }}.\n',
    }),
    page({
      id: 'page_privacy',
      title: 'Privacy policy',
      slug: 'privacy',
      markdown: '# Privacy policy\n\nSee also the [Terms of service](terms.md).\n',
      links: [toPage('page_terms')],
    }),
  ],
  [],
  { effectiveDate: '2026-01-01' },
);

const LEGAL_TERMS = edited(LEGAL_V1, (draft) => {
  const terms = pageIn(draft, 'page_terms');
  terms.markdown =
    '# Terms of service\n\nEffective {{ variables.effectiveDate }}. Disputes go to arbitration.\n';
  terms.updatedAt = at(10, '09:30');
  draft.variables.effectiveDate = '2026-02-01';
});

// --- change requests and comments ---------------------------------------------------------------

function changeRequest(
  row: Omit<ChangeRequestRow, 'status' | 'contributors' | 'reviewers' | 'links'> & Partial<ChangeRequestRow>,
): ChangeRequestRow {
  return { status: 'open', contributors: [], reviewers: [], links: [], ...row };
}

function comment(
  row: Omit<CommentRow, 'reactions' | 'replies' | 'status'> & Partial<CommentRow>,
): CommentRow {
  return { reactions: [], replies: [], status: 'open', ...row };
}

/** Gives every demo space its revisions, and seeds their change requests, reviewers and comments. */
export function seedChangeRequests(store: Store): void {
  const setRevision = (spaceId: string, revisionId: string) => {
    const space = store.spaces.get(spaceId);
    if (!space) throw new Error(`seed: no space ${spaceId}`);
    space.revision = revisionId;
  };

  // space_handbook: two primary revisions, two open requests (#2 outdated).
  const v1 = handbookV1();
  const v2 = handbookV2(v1);
  revision(store, 'rev_handbook_1', 'space_handbook', T0, [], 'Initial content', v1);
  revision(
    store,
    'rev_cr_cli_1',
    'space_handbook',
    at(6, '09:00'),
    ['rev_handbook_1'],
    'Change request #1',
    withCliEdits(v1),
  );
  revision(
    store,
    'rev_cr_typos',
    'space_handbook',
    at(6, '10:00'),
    ['rev_handbook_1'],
    'Change request #2',
    withTypoFix(v1),
  );
  revision(
    store,
    'rev_handbook_2',
    'space_handbook',
    at(7, '09:00'),
    ['rev_handbook_1'],
    'Update the installation steps',
    v2,
  );
  // #1 was updated from rev_handbook_2: its edits re-applied on it, as the update endpoint does.
  const cliOnV2 = structuredClone(v2);
  applyChanges(cliOnV2, diffRevisions(v1, withCliEdits(v1)));
  revision(
    store,
    'rev_cr_cli',
    'space_handbook',
    at(7, '11:00'),
    ['rev_cr_cli_1', 'rev_handbook_2'],
    'Update change request #1 from the primary content',
    cliOnV2,
    { type: 'update' },
  );
  setRevision('space_handbook', 'rev_handbook_2');

  store.changeRequests.set(
    'cr_cli',
    changeRequest({
      id: 'cr_cli',
      space: 'space_handbook',
      number: 1,
      subject: 'Document the new CLI',
      description: {
        object: 'document',
        data: { schemaVersion: 1 },
        nodes: [
          {
            object: 'block',
            type: 'paragraph',
            nodes: [
              { object: 'text', leaves: [{ object: 'leaf', text: 'Adds a page on the CLI.', marks: [] }] },
            ],
          },
        ],
      },
      createdBy: 'user_linus',
      createdAt: at(6, '09:00'),
      updatedAt: at(8, '16:00'),
      revision: 'rev_cr_cli',
      revisionInitial: 'rev_handbook_1',
      revisionMergedAncestor: 'rev_handbook_2',
      conversationsIssuesCluster: 'cluster_cli_questions',
      links: [
        {
          id: 'link_cli_issue',
          ref: { kind: 'url', url: 'https://github.com/acme/cli/issues/12' },
          title: 'Document the CLI (issue 12)',
        },
      ],
      contributors: [
        { user: 'user_linus', count: 3, updatedAt: at(8, '16:00') },
        { user: 'user_ada', count: 1, updatedAt: at(8, '12:00') },
      ],
      reviewers: [
        { user: 'user_grace', requestedBy: 'user_linus', createdAt: at(8, '16:05'), revision: 'rev_cr_cli' },
      ],
    }),
  );
  store.changeRequests.set(
    'cr_typos',
    changeRequest({
      id: 'cr_typos',
      space: 'space_handbook',
      number: 2,
      subject: 'Fix typos',
      createdBy: 'user_grace',
      createdAt: at(6, '10:00'),
      updatedAt: at(6, '10:05'),
      revision: 'rev_cr_typos',
      revisionInitial: 'rev_handbook_1',
      // Opened from a topic of the Acme Docs site ("configuration questions").
      siteTopic: { site: 'site_docs', topic: 'topic_configuration' },
      contributors: [{ user: 'user_grace', count: 1, updatedAt: at(6, '10:05') }],
    }),
  );

  store.comments.set(
    'comment_cli_title',
    comment({
      id: 'comment_cli_title',
      changeRequest: 'cr_cli',
      space: 'space_handbook',
      revision: 'rev_cr_cli',
      postedBy: 'user_ada',
      postedAt: at(8, '12:30'),
      markdown: 'Typo in the new page title: "Comand-line".',
      page: 'page_cli',
      status: 'resolved',
      resolvedAt: at(8, '16:10'),
      resolvedBy: 'user_linus',
    }),
  );
  store.comments.set(
    'comment_cli_question',
    comment({
      id: 'comment_cli_question',
      changeRequest: 'cr_cli',
      space: 'space_handbook',
      revision: 'rev_cr_cli',
      postedBy: 'user_grace',
      postedAt: at(8, '17:00'),
      markdown: 'Should this page document the `--json` flag?',
      page: 'page_cli',
      reactions: [{ emoji: '👍', users: [{ user: 'user_linus', reactedAt: at(8, '17:30') }] }],
      replies: [
        {
          id: 'reply_cli_answer',
          postedBy: 'user_linus',
          postedAt: at(8, '17:20'),
          markdown: 'Yes: I will add a section on output formats.',
          reactions: [],
        },
      ],
    }),
  );

  // space_api: one merged request, whose merge made rev_api_2.
  revision(store, 'rev_api_1', 'space_api', T0, [], 'Initial content', API_V1);
  revision(
    store,
    'rev_cr_ratelimits',
    'space_api',
    at(6, '09:30'),
    ['rev_api_1'],
    'Change request #1',
    API_RATE_LIMITS,
  );
  revision(
    store,
    'rev_api_2',
    'space_api',
    at(6, '15:00'),
    ['rev_api_1', 'rev_cr_ratelimits'],
    'Merge change request #1: Document rate limits',
    API_RATE_LIMITS,
    { type: 'merge', mergedFrom: 'cr_ratelimits' },
  );
  setRevision('space_api', 'rev_api_2');
  store.changeRequests.set(
    'cr_ratelimits',
    changeRequest({
      id: 'cr_ratelimits',
      space: 'space_api',
      number: 1,
      status: 'merged',
      subject: 'Document rate limits',
      createdBy: 'user_linus',
      createdAt: at(6, '09:30'),
      updatedAt: at(6, '15:00'),
      revision: 'rev_cr_ratelimits',
      revisionInitial: 'rev_api_1',
      revisionMerged: 'rev_api_2',
      mergedBy: 'user_linus',
      mergedAt: at(6, '15:00'),
      contributors: [{ user: 'user_linus', count: 1, updatedAt: at(6, '10:00') }],
    }),
  );

  // cr_cli: Ada approved its first revision; the update of 01-07 made that review outdated.
  const cli = store.changeRequests.get('cr_cli');
  if (cli) {
    cli.reviews = [
      {
        id: 'review_cli_ada',
        reviewer: 'user_ada',
        status: 'approved',
        revision: 'rev_cr_cli_1',
        createdAt: at(6, '12:00'),
        updatedAt: at(6, '12:00'),
      },
    ];
  }

  // space_guides: merge rules requiring Ada's approval; one request that conflicts, one without it.
  revision(store, 'rev_guides_1', 'space_guides', T0, [], 'Initial content', GUIDES_V1);
  revision(
    store,
    'rev_cr_welcome',
    'space_guides',
    at(10, '10:00'),
    ['rev_guides_1'],
    'Change request #1',
    GUIDES_WELCOME_REWORD,
  );
  revision(
    store,
    'rev_guides_2',
    'space_guides',
    at(10, '12:00'),
    ['rev_guides_1'],
    'Say how often the guides are checked',
    GUIDES_V2,
  );
  revision(
    store,
    'rev_cr_quickstart',
    'space_guides',
    at(11, '09:00'),
    ['rev_guides_2'],
    'Change request #2',
    GUIDES_QUICKSTART,
  );
  setRevision('space_guides', 'rev_guides_2');
  const guides = store.spaces.get('space_guides');
  if (guides) {
    guides.mergeRules = {
      type: 'rules',
      rules: [{ rule: 'require_specific_reviewers', users: ['user_ada'] }],
    };
  }
  store.changeRequests.set(
    'cr_welcome',
    changeRequest({
      id: 'cr_welcome',
      space: 'space_guides',
      number: 1,
      subject: 'Reword the welcome page',
      createdBy: 'user_grace',
      createdAt: at(10, '10:00'),
      updatedAt: at(10, '11:00'),
      revision: 'rev_cr_welcome',
      revisionInitial: 'rev_guides_1',
      conflicts: true,
      contributors: [{ user: 'user_grace', count: 1, updatedAt: at(10, '10:30') }],
      reviews: [
        {
          id: 'review_welcome_ada',
          reviewer: 'user_ada',
          status: 'approved',
          revision: 'rev_cr_welcome',
          createdAt: at(10, '11:00'),
          updatedAt: at(10, '11:00'),
        },
      ],
    }),
  );
  store.changeRequests.set(
    'cr_quickstart',
    changeRequest({
      id: 'cr_quickstart',
      space: 'space_guides',
      number: 2,
      subject: 'Add a quick-start guide',
      createdBy: 'user_linus',
      createdAt: at(11, '09:00'),
      updatedAt: at(11, '11:30'),
      revision: 'rev_cr_quickstart',
      revisionInitial: 'rev_guides_2',
      contributors: [{ user: 'user_linus', count: 2, updatedAt: at(11, '09:10') }],
      reviewers: [
        {
          user: 'user_ada',
          requestedBy: 'user_linus',
          createdAt: at(11, '09:15'),
          revision: 'rev_cr_quickstart',
        },
        {
          user: 'user_grace',
          requestedBy: 'user_linus',
          createdAt: at(11, '09:15'),
          revision: 'rev_cr_quickstart',
        },
      ],
      reviews: [
        {
          id: 'review_quickstart_linus',
          reviewer: 'user_linus',
          status: 'approved',
          revision: 'rev_cr_quickstart',
          createdAt: at(11, '10:00'),
          updatedAt: at(11, '10:00'),
        },
        {
          id: 'review_quickstart_grace',
          reviewer: 'user_grace',
          requestedBy: 'user_linus',
          status: 'changes-requested',
          revision: 'rev_cr_quickstart',
          comment: 'comment_quickstart_review',
          createdAt: at(11, '11:30'),
          updatedAt: at(11, '11:30'),
        },
      ],
    }),
  );
  store.comments.set(
    'comment_quickstart_review',
    comment({
      id: 'comment_quickstart_review',
      changeRequest: 'cr_quickstart',
      space: 'space_guides',
      revision: 'rev_cr_quickstart',
      postedBy: 'user_grace',
      postedAt: at(11, '11:30'),
      markdown: 'Please say which Node.js version the quick start needs.',
      page: 'page_guides_quickstart',
      review: 'review_quickstart_grace',
    }),
  );

  // space_legal (locked): an open request that cannot be merged.
  revision(store, 'rev_legal_1', 'space_legal', T0, [], 'Initial content', LEGAL_V1);
  revision(
    store,
    'rev_cr_terms',
    'space_legal',
    at(10, '09:00'),
    ['rev_legal_1'],
    'Change request #1',
    LEGAL_TERMS,
  );
  setRevision('space_legal', 'rev_legal_1');
  store.changeRequests.set(
    'cr_terms',
    changeRequest({
      id: 'cr_terms',
      space: 'space_legal',
      number: 1,
      subject: 'Update terms',
      createdBy: 'user_ada',
      createdAt: at(10, '09:00'),
      updatedAt: at(10, '09:30'),
      revision: 'rev_cr_terms',
      revisionInitial: 'rev_legal_1',
      contributors: [{ user: 'user_ada', count: 2, updatedAt: at(10, '09:30') }],
    }),
  );
}
