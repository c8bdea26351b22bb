import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@docs-api/sdk';
import { failure, trackSandboxes } from '../../test-support/client.js';

const { setup } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

describe('commenters: computed from the comments kept', () => {
  it("lists a change request's commenters once they post, and the space's", async () => {
    const { client } = setup();
    const me = await client.users.getAuthenticated();
    const request = await client.changeRequests.create('space_handbook', { subject: 'Edit' });
    const { data: none, response } = await client.changeRequests.comments
      .listCommenters('space_handbook', request.id)
      .withResponse();
    expect(response.headers.get('x-sandbox-answer')).toBe('computed');
    expect(none.items).toEqual([]);

    await client.changeRequests.comments.create('space_handbook', request.id, {
      body: { markdown: 'Looks good.' },
    });
    const commenters = await client.changeRequests.comments.listCommenters('space_handbook', request.id);
    expect(commenters.items.map((member) => member.user.id)).toEqual([me.id]);
    expect(commenters.count).toBe(1);
    expect(
      (await client.spaces.comments.listCommenters('space_handbook')).items.map((m) => m.user.id),
    ).toContain(me.id);
    expect(JSON.stringify(commenters)).not.toContain('"string"');
    await failure(client.spaces.comments.listCommenters('space_missing'), NotFoundError);
    await failure(
      client.changeRequests.comments.listCommenters('space_handbook', 'cr_missing'),
      NotFoundError,
    );
  });
});
