import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { RequestValidationError, ResponseValidationError } from '../index.js';
import {
  API,
  makeClient,
  rejection,
  siteFixture as site,
  useNockLifecycle,
} from '../../test-support/nock.js';

// zod's English messages are loaded on the first failed check (core/http.ts, loadZodMessages).
// Here they cannot be loaded, as in a browser gone offline: the errors keep their kind, their
// fields and zod's own short messages.
vi.mock('../contract/messages.js', () => {
  throw new Error('the module could not be fetched');
});

useNockLifecycle();

describe('zod messages that cannot be loaded', () => {
  it('still rejects an answer that does not fit, naming the field', async () => {
    nock(API)
      .get('/v1/orgs/org_1/sites')
      .reply(200, { items: [site('s1', { visibility: 1 })], next: null });

    const error = await rejection(makeClient().sites.list('org_1'), ResponseValidationError);
    expect(error.issues).toEqual([{ path: 'items.0.visibility', message: 'Invalid input' }]);
  });

  it('still refuses a request that does not fit, before sending it', async () => {
    const error = await rejection(makeClient().sites.get('org_1', ''), RequestValidationError);
    expect(error.issues.map((issue) => issue.path)).toEqual(['path.siteId']);
    expect(nock.pendingMocks()).toEqual([]);
  });
});
