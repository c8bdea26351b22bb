import type { AreaCalls } from './types.js';

/*
 * Operations beyond the extract (published document): reviews, semantic changes and the revision
 * page read. Ids of the sandbox's demo seed (packages/sandbox/fixtures/demo.json).
 */
const SPACE = 'space_handbook';
const CR = 'cr_cli';
const GUIDES = 'space_guides';
const PAGE = 'page_getting_started';

export const changeRequestReviewCalls: AreaCalls = {
  'changeRequests.listChanges': {
    full: (c) => c.changeRequests.listChanges(SPACE, CR, { limit: 50 }),
    seed: (c) => c.changeRequests.listChanges(SPACE, CR),
  },
  'changeRequests.reviews.list': {
    full: (c) =>
      c.changeRequests.reviews.list(GUIDES, 2, {
        format: 'markdown',
        outdated: false,
        limit: 10,
        page: 'p2',
      }),
    // The seed's reviews with a comment (Grace's) and without (Linus's).
    seed: (c) => c.changeRequests.reviews.list(GUIDES, 2),
  },
  'changeRequests.reviews.submit': {
    full: (c) =>
      c.changeRequests.reviews.submit(SPACE, CR, {
        status: 'changes-requested',
        comment: { markdown: 'Please add an example.' },
      }),
    seed: (c) => c.changeRequests.reviews.submit(SPACE, CR, { status: 'approved' }),
  },
  'changeRequests.reviews.get': {
    full: (c) => c.changeRequests.reviews.get(GUIDES, 2, 'review_quickstart_grace', { format: 'document' }),
    seed: (c) => c.changeRequests.reviews.get(GUIDES, 2, 'review_quickstart_grace'),
  },
  'revisions.getPage': {
    full: (c) =>
      c.revisions.getPage(SPACE, 'rev_handbook_1', PAGE, {
        metadata: false,
        computed: false,
        format: 'markdown',
        'format.markdown.refs': 'stable',
        evaluated: 'deterministic-only',
        dereferenced: 'reusable-contents',
      }),
    seed: (c) => c.revisions.getPage(SPACE, 'rev_handbook_1', PAGE),
  },
};
