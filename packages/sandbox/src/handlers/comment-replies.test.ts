import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '@docs-api/sdk';
import { failure, knownComment, trackSandboxes } from '../../test-support/client.js';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

describe('comment replies in a change request', () => {
  it('reads, edits and deletes a reply; the comment counts what is left', async () => {
    const { client } = setup();
    const get = () =>
      client.changeRequests.comments.getReply(
        'space_handbook',
        'cr_cli',
        'comment_cli_question',
        'reply_cli_answer',
      );
    expect(await get()).toMatchObject({
      object: 'comment-reply',
      id: 'reply_cli_answer',
      postedBy: { id: 'user_linus' },
      body: { markdown: 'Yes: I will add a section on output formats.' },
      urls: {
        location:
          'http://sandbox.test/v1/spaces/space_handbook/change-requests/cr_cli/comments/comment_cli_question/replies/reply_cli_answer',
      },
    });
    const edited = await client.changeRequests.comments.updateReply(
      'space_handbook',
      'cr_cli',
      'comment_cli_question',
      'reply_cli_answer',
      { body: { markdown: 'Yes, in a section on --json.' }, addedReactions: ['🎉'] },
    );
    expect(edited).toMatchObject({
      body: { markdown: 'Yes, in a section on --json.' },
      editedAt: '2026-03-01T00:00:00.000Z',
      reactions: [{ emoji: '🎉', count: 1, users: [{ user: { id: 'user_ada' } }] }],
    });
    expect((await get()).body).toEqual({ markdown: 'Yes, in a section on --json.' });
    // Created, read back, then deleted: a round trip through the new reply too.
    const reply = await client.changeRequests.comments.createReply(
      'space_handbook',
      'cr_cli',
      'comment_cli_question',
      {
        body: { markdown: 'Thanks!' },
      },
    );
    expect(
      (await client.changeRequests.comments.getReply('space_handbook', 1, 'comment_cli_question', reply.id))
        .body,
    ).toEqual({ markdown: 'Thanks!' });
    await client.changeRequests.comments.deleteReply(
      'space_handbook',
      'cr_cli',
      'comment_cli_question',
      'reply_cli_answer',
    );
    await failure(get(), NotFoundError);
    const comment = await client.changeRequests.comments.get(
      'space_handbook',
      'cr_cli',
      'comment_cli_question',
    );
    expect(comment.replies).toBe(1);
    // Deleting a reply that is not there (any more) is a success, as deleting a comment is.
    await client.changeRequests.comments.deleteReply(
      'space_handbook',
      'cr_cli',
      'comment_cli_question',
      'reply_cli_answer',
    );
    await failure(
      client.changeRequests.comments.deleteReply(
        'space_handbook',
        'cr_cli',
        'comment_nope',
        'reply_cli_answer',
      ),
      NotFoundError,
    );
  });
});

describe('comments on a space (its live content)', () => {
  it('posts, lists, reads, resolves and deletes comments, apart from the change requests’ ones', async () => {
    const { client } = setup();
    const posted = knownComment(
      await client.spaces.comments.create('space_api', {
        body: { markdown: 'Add an example?' },
        page: 'page_api_overview',
      }),
    );
    expect(posted).toMatchObject({
      object: 'comment',
      status: 'open',
      body: { markdown: 'Add an example?' },
      target: { space: 'space_api', revision: 'rev_api_2', page: { id: 'page_api_overview' } },
      urls: { location: `http://sandbox.test/v1/spaces/space_api/comments/${posted.id}` },
    });
    expect(posted.target?.changeRequest).toBeUndefined();
    expect(knownComment(await client.spaces.comments.get('space_api', posted.id)).body).toEqual({
      markdown: 'Add an example?',
    });
    const listed = await client.spaces.comments.list('space_api');
    expect(listed.items.map((item) => item.id)).toEqual([posted.id, 'comment_api_auth']);
    expect((await client.spaces.comments.list('space_api', { order: 'asc' })).items[0]?.id).toBe(
      'comment_api_auth',
    );
    // A change request's comment is not a comment of the space's live content.
    expect((await client.spaces.comments.list('space_handbook')).items).toEqual([]);
    await failure(client.spaces.comments.get('space_handbook', 'comment_cli_question'), NotFoundError);
    expect(
      (await client.spaces.get('space_api')).comments,
      'open comments of the space, its live content included',
    ).toBe(2);

    const resolved = knownComment(
      await client.spaces.comments.update('space_api', posted.id, { resolved: true }),
    );
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: { id: 'user_ada' } });
    expect(
      (await client.spaces.comments.list('space_api', { status: 'open' })).items.map((item) => item.id),
    ).toEqual(['comment_api_auth']);
    await client.spaces.comments.delete('space_api', posted.id);
    await failure(client.spaces.comments.get('space_api', posted.id), NotFoundError);
    await client.spaces.comments.delete('space_api', posted.id);
    expect(
      await failure(
        client.spaces.comments.create('space_api', { body: { markdown: 'x' }, page: 'page_nope' }),
        BadRequestError,
      ),
    ).toContain('page "page_nope" is not in the live content of space "space_api"');
  });

  it('posts, lists, reads, edits and deletes replies', async () => {
    const { client } = setup();
    const reply = await client.spaces.comments.createReply('space_api', 'comment_api_auth', {
      body: { markdown: 'Unless the organization rotates them.' },
    });
    expect(reply).toMatchObject({
      object: 'comment-reply',
      postedBy: { id: 'user_ada' },
      urls: {
        location: `http://sandbox.test/v1/spaces/space_api/comments/comment_api_auth/replies/${reply.id}`,
      },
    });
    const replies = await client.spaces.comments.listReplies('space_api', 'comment_api_auth');
    expect(replies.items.map((item) => item.id)).toEqual(['reply_api_auth', reply.id]);
    expect((await client.spaces.comments.getReply('space_api', 'comment_api_auth', reply.id)).body).toEqual({
      markdown: 'Unless the organization rotates them.',
    });
    const edited = await client.spaces.comments.updateReply(
      'space_api',
      'comment_api_auth',
      'reply_api_auth',
      {
        body: { markdown: 'No: tokens last until they are revoked.' },
      },
    );
    expect(edited).toMatchObject({
      body: { markdown: 'No: tokens last until they are revoked.' },
      editedAt: expect.any(String) as unknown,
    });
    await client.spaces.comments.deleteReply('space_api', 'comment_api_auth', reply.id);
    await failure(client.spaces.comments.getReply('space_api', 'comment_api_auth', reply.id), NotFoundError);
    expect(knownComment(await client.spaces.comments.get('space_api', 'comment_api_auth')).replies).toBe(1);
  });
});

describe('coverage', () => {
  it('served every comment operation of this file through the SDK', () => {
    const served = servedOperationIds();
    const ids = [
      'getCommentReplyInChangeRequest',
      'updateCommentReplyInChangeRequest',
      'deleteCommentReplyInChangeRequest',
      'listCommentsInSpace',
      'postCommentInSpace',
      'getCommentInSpace',
      'updateCommentInSpace',
      'deleteCommentInSpace',
      'listCommentRepliesInSpace',
      'postCommentReplyInSpace',
      'getCommentReplyInSpace',
      'updateCommentReplyInSpace',
      'deleteCommentReplyInSpace',
    ];
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
