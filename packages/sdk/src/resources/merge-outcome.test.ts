import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { ConflictError, MergeConflictError } from '../index.js';
import { API, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';

const CRS = '/v1/spaces/sp_1/change-requests';

describe('a merge or an update that did not merge is never a success', () => {
  useNockLifecycle();
  const client = makeClient({ maxRetries: 0 });

  it('rejects a merge that answers conflicts: applied, but never a success', async () => {
    nock(API)
      .post(`${CRS}/7/merge`)
      .reply(200, { revision: 'rev_2', result: 'conflicts' }, { 'x-request-id': 'req_9' });

    const error = await rejection(client.changeRequests.merge('sp_1', 7), MergeConflictError);

    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({
      reason: 'conflicts',
      operation: 'merge',
      merged: true,
      revision: 'rev_2',
      status: 200,
      requestId: 'req_9',
      method: 'POST',
      url: `${API}${CRS}/7/merge`,
    });
    expect(error.message).toBe(
      'Change request 7 in sp_1 was merged as revision rev_2, but the service reports conflicts to resolve by hand (result "conflicts") (request id req_9)',
    );
  });

  it('rejects an update from the primary content that conflicts: nothing merged', async () => {
    nock(API).post(`${CRS}/7/update`).reply(200, { revision: 'rev_1', result: 'conflicts' });

    const error = await rejection(client.changeRequests.updateFromPrimary('sp_1', 7), MergeConflictError);

    expect(error).toMatchObject({ reason: 'conflicts', operation: 'update', merged: false });
  });

  it('resolves a clean merge and update with their result, and with the response', async () => {
    nock(API).post(`${CRS}/7/merge`).reply(200, { revision: 'rev_3', result: 'merge' });
    nock(API).post(`${CRS}/7/update`).reply(200, { revision: 'rev_4', result: 'update' });

    const merged = await client.changeRequests.merge('sp_1', 7).withResponse();
    expect(merged.data).toEqual({ revision: 'rev_3', result: 'merge' });
    expect(merged.response.status).toBe(200);
    expect(merged.response.url).toBe(`${API}${CRS}/7/merge`);
    expect(await client.changeRequests.updateFromPrimary('sp_1', 7)).toEqual({
      revision: 'rev_4',
      result: 'update',
    });
  });

  it.each([
    [{ error: { code: 409, message: 'outdated', reason: 'outdated' } }, 'outdated'],
    [{ message: 'locked', reason: 'space-locked' }, 'space-locked'],
    [{ error: { code: 409, message: 'no reason given' } }, 'unknown'],
    ['plain text', 'unknown'],
  ])('gives a 409 the reason its body names, else unknown (%j)', async (body, reason) => {
    nock(API).post(`${CRS}/7/merge`).reply(409, body);
    const error = await rejection(client.changeRequests.merge('sp_1', 7), ConflictError);
    expect(error).not.toBeInstanceOf(MergeConflictError);
    expect(error.reason).toBe(reason);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ reason });
  });
});
