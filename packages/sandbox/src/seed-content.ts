import type { CommentRow, Store } from './store.js';

/*
 * Demo state of the content operations beyond the extract: a comment (with a reply) on the live
 * content of space_api, where change requests are not involved. See docs/sandbox.md.
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
}
