import type { CommentRow, GitSyncRow, Store } from './store.js';

/*
 * Demo state of the content operations beyond the extract: a comment (with a reply) on the live
 * content of space_api, where change requests are not involved, and space_api's Git Sync state
 * (a GitHub repository its content was last exported to). See docs/sandbox.md.
 */

export function seedContent(store: Store): void {
  const comment: CommentRow = {
    id: 'comment_api_auth',
    space: 'space_api',
    revision: 'rev_api_2',
    postedBy: 'user_grace',
    postedAt: '2026-01-07T10:00:00.000Z',
    markdown: 'Does the token in the example expire?',
    page: 'page_api_auth',
    reactions: [],
    status: 'open',
    replies: [
      {
        id: 'reply_api_auth',
        postedBy: 'user_ada',
        postedAt: '2026-01-07T10:30:00.000Z',
        markdown: 'No: tokens last until revoked.',
        reactions: [],
      },
    ],
  };
  store.comments.set(comment.id, comment);

  const git: GitSyncRow = {
    space: 'space_api',
    installationId: 'gitsync_api',
    provider: 'github',
    url: 'https://github.com/acme/api-docs',
    repoName: 'api-docs',
    updatedAt: '2026-01-06T15:02:00.000Z',
    operation: {
      direction: 'export',
      state: 'success',
      outcome: 'success',
      ref: 'refs/heads/main',
      startedAt: '2026-01-06T15:01:00.000Z',
      endedAt: '2026-01-06T15:02:00.000Z',
      reads: 2,
    },
  };
  store.gitSync.set(git.space, git);
}
