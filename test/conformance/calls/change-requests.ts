import { documentFromText } from '@docs-api/sdk/contract';
import { ORG, type AreaCalls } from './types.js';

/** Ids of the sandbox's demo seed (packages/sandbox/fixtures/demo.json). */
const SPACE = 'space_handbook';
const CR = 'cr_cli';
const COMMENT = 'comment_cli_question';
const PAGE = 'page_getting_started';
const FILE = 'file_logo';

const content = { metadata: false, computed: false } as const;

/** A rich-text description: paragraphs of text. */
const description = documentFromText('Adds the install section.\nFixes two broken links.');

export const changeRequestCalls: AreaCalls = {
  'changeRequests.list': {
    full: (c) =>
      c.changeRequests.list(SPACE, {
        status: 'open',
        creator: 'user_linus',
        contributor: 'user_ada',
        requestedReviewer: 'user_grace',
        topic: 'topic_cli',
        orderBy: 'createdAt',
        conversationsIssuesCluster: 'cluster_cli_questions',
        limit: 10,
        page: 'p2',
      }),
    seed: (c) => c.changeRequests.list(SPACE),
  },
  'changeRequests.listForOrganization': {
    full: (c) =>
      c.changeRequests.listForOrganization(ORG, {
        status: ['open', 'draft'],
        creator: 'user_linus',
        contributor: 'user_ada',
        requestedReviewer: 'user_grace',
        site: 'site_docs',
        space: SPACE,
        topic: 'topic_cli',
        styleguideRun: 'run_1',
        finding: 'all',
        orderBy: 'updatedAt',
        conversationsIssuesCluster: 'cluster_cli_questions',
        limit: 10,
        page: 'p2',
      }),
    seed: (c) => c.changeRequests.listForOrganization(ORG),
  },
  'changeRequests.create': {
    full: (c) =>
      c.changeRequests.create(SPACE, {
        subject: 'Document the API',
        template: { id: 'tpl_guide', params: { contentRefs: { logo: { kind: 'file', file: FILE } } } },
      }),
    seed: (c) => c.changeRequests.create(SPACE),
  },
  'changeRequests.get': {
    full: (c) => c.changeRequests.get(SPACE, CR),
    seed: (c) => c.changeRequests.get(SPACE, 1),
  },
  'changeRequests.update': {
    full: (c) =>
      c.changeRequests.update(SPACE, CR, {
        subject: 'Document the new CLI and its flags',
        description,
        status: 'draft',
        links: [{ ref: { kind: 'url', url: 'https://github.com/acme/cli/pull/12' }, title: 'Pull request' }],
      }),
    seed: (c) => c.changeRequests.update(SPACE, CR, { subject: 'Document the new CLI and its flags' }),
  },
  'changeRequests.merge': {
    full: (c) => c.changeRequests.merge(SPACE, CR),
    seed: (c) => c.changeRequests.merge(SPACE, CR),
  },
  'changeRequests.updateFromPrimary': {
    full: (c) => c.changeRequests.updateFromPrimary(SPACE, 'cr_typos'),
    seed: (c) => c.changeRequests.updateFromPrimary(SPACE, 'cr_typos'),
  },
  'changeRequests.getPdf': {
    full: (c) => c.changeRequests.getPdf(SPACE, CR, { only: true, page: 'page_cli' }),
    seed: (c) => c.changeRequests.getPdf(SPACE, CR),
  },
  'changeRequests.listContributors': {
    full: (c) => c.changeRequests.listContributors(SPACE, CR),
    seed: (c) => c.changeRequests.listContributors(SPACE, CR),
  },
  'changeRequests.reviewers.list': {
    full: (c) => c.changeRequests.reviewers.list(SPACE, CR, { limit: 10, page: 'p2' }),
    seed: (c) => c.changeRequests.reviewers.list(SPACE, CR),
  },
  'changeRequests.reviewers.request': {
    full: (c) =>
      c.changeRequests.reviewers.request(SPACE, CR, {
        users: ['user_ada'],
        subject: 'Document the new CLI',
        description,
      }),
    seed: (c) => c.changeRequests.reviewers.request(SPACE, CR, { users: ['user_ada'] }),
  },
  'changeRequests.reviewers.remove': {
    full: (c) => c.changeRequests.reviewers.remove(SPACE, CR, 'user_grace'),
    seed: (c) => c.changeRequests.reviewers.remove(SPACE, CR, 'user_grace'),
  },

  'changeRequests.comments.list': {
    full: (c) =>
      c.changeRequests.comments.list(SPACE, CR, {
        order: 'asc',
        format: 'markdown',
        status: 'open',
        targetPage: 'page_cli',
        authors: ['user_grace', 'user_ada'],
        limit: 10,
        page: 'p2',
      }),
    seed: (c) => c.changeRequests.comments.list(SPACE, CR),
  },
  'changeRequests.comments.create': {
    full: (c) =>
      c.changeRequests.comments.create(SPACE, CR, {
        body: { markdown: 'Should the install step come first?' },
        page: 'page_cli',
        node: 'node_1',
        tableCell: { record: 'record_1', definition: 'definition_1' },
      }),
    seed: (c) => c.changeRequests.comments.create(SPACE, CR, { body: { markdown: 'Looks good.' } }),
  },
  'changeRequests.comments.get': {
    full: (c) => c.changeRequests.comments.get(SPACE, CR, COMMENT, { format: 'document' }),
    seed: (c) => c.changeRequests.comments.get(SPACE, CR, COMMENT),
  },
  'changeRequests.comments.update': {
    full: (c) =>
      c.changeRequests.comments.update(SPACE, CR, COMMENT, {
        resolved: true,
        body: { markdown: 'Should this page document the `--json` flag too?' },
        addedReactions: ['🎉'],
        removedReactions: ['👍'],
      }),
    seed: (c) => c.changeRequests.comments.update(SPACE, CR, COMMENT, { resolved: true }),
  },
  'changeRequests.comments.delete': {
    full: (c) => c.changeRequests.comments.delete(SPACE, CR, COMMENT),
    seed: (c) => c.changeRequests.comments.delete(SPACE, CR, COMMENT),
  },
  'changeRequests.comments.listReplies': {
    full: (c) =>
      c.changeRequests.comments.listReplies(SPACE, CR, COMMENT, {
        format: 'markdown',
        limit: 10,
        page: 'p2',
      }),
    seed: (c) => c.changeRequests.comments.listReplies(SPACE, CR, COMMENT),
  },
  'changeRequests.comments.createReply': {
    full: (c) =>
      c.changeRequests.comments.createReply(
        SPACE,
        CR,
        COMMENT,
        { body: { markdown: 'Added, thanks.' } },
        { format: 'markdown' },
      ),
    seed: (c) => c.changeRequests.comments.createReply(SPACE, CR, COMMENT, { body: { markdown: 'Done.' } }),
  },

  'changeRequests.content.getRevision': {
    full: (c) => c.changeRequests.content.getRevision(SPACE, CR, content),
    seed: (c) => c.changeRequests.content.getRevision(SPACE, CR),
  },
  'changeRequests.content.listPages': {
    full: (c) => c.changeRequests.content.listPages(SPACE, CR, content),
    seed: (c) => c.changeRequests.content.listPages(SPACE, CR),
  },
  'changeRequests.content.listFiles': {
    full: (c) => c.changeRequests.content.listFiles(SPACE, CR, { ...content, limit: 10, page: 'p2' }),
    seed: (c) => c.changeRequests.content.listFiles(SPACE, CR),
  },
  'changeRequests.content.getFile': {
    full: (c) => c.changeRequests.content.getFile(SPACE, CR, FILE, content),
    seed: (c) => c.changeRequests.content.getFile(SPACE, CR, FILE),
  },
  'changeRequests.content.listFileBacklinks': {
    full: (c) =>
      c.changeRequests.content.listFileBacklinks(SPACE, CR, FILE, { ...content, limit: 10, page: 'p2' }),
    seed: (c) => c.changeRequests.content.listFileBacklinks(SPACE, CR, FILE),
  },
  'changeRequests.content.getPage': {
    full: (c) =>
      c.changeRequests.content.getPage(SPACE, CR, PAGE, {
        ...content,
        format: 'markdown',
        'format.markdown.refs': 'stable',
        evaluated: 'deterministic-only',
        dereferenced: 'reusable-contents',
      }),
    seed: (c) => c.changeRequests.content.getPage(SPACE, CR, PAGE),
  },
  'changeRequests.content.listPageLinks': {
    full: (c) =>
      c.changeRequests.content.listPageLinks(SPACE, CR, PAGE, { ...content, limit: 10, page: 'p2' }),
    seed: (c) => c.changeRequests.content.listPageLinks(SPACE, CR, PAGE),
  },
  'changeRequests.content.listPageBacklinks': {
    full: (c) =>
      c.changeRequests.content.listPageBacklinks(SPACE, CR, 'page_installation', {
        ...content,
        limit: 10,
        page: 'p2',
      }),
    seed: (c) => c.changeRequests.content.listPageBacklinks(SPACE, CR, 'page_installation'),
  },
};
