import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  DocsError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  UnprocessableEntityError,
} from '../index.js';
import { API, TOKEN, makeClient, rejection, useNockLifecycle } from '../../test-support/nock.js';
import { messageFromBody } from './errors.js';

const SITE_PATH = '/v1/orgs/org_1/sites/s1';

useNockLifecycle();

describe('API errors by status', () => {
  it.each([
    [400, BadRequestError, 'BadRequestError'],
    [401, AuthenticationError, 'AuthenticationError'],
    [403, PermissionDeniedError, 'PermissionDeniedError'],
    [404, NotFoundError, 'NotFoundError'],
    [409, ConflictError, 'ConflictError'],
    [422, UnprocessableEntityError, 'UnprocessableEntityError'],
    [429, RateLimitError, 'RateLimitError'],
    [500, InternalServerError, 'InternalServerError'],
  ] as const)('maps %i to %s with the details of the answer', async (status, type, name) => {
    const body = { error: { code: status, message: `server says ${status}` } };
    nock(API)
      .get(SITE_PATH)
      .reply(status, body, { 'x-request-id': `req_${status}`, 'x-extra': 'kept' });

    const error = await rejection(makeClient().sites.get('org_1', 's1', { maxRetries: 0 }), type);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(DocsError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.status).toBe(status);
    expect(error.body).toEqual(body);
    expect(error.headers.get('x-extra')).toBe('kept');
    expect(error.requestId).toBe(`req_${status}`);
    expect(error.method).toBe('GET');
    expect(error.url).toBe(`${API}${SITE_PATH}`);
    expect(error.serverMessage).toBe(`server says ${status}`);
    expect(error.message).toBe(
      `GET ${API}${SITE_PATH} failed with ${status}: server says ${status} (request id req_${status})`,
    );
  });

  it.each([
    [{ error: { code: 409, message: 'outdated', reason: 'outdated' } }, 'outdated'],
    [{ message: 'locked', reason: 'space-locked' }, 'space-locked'],
    [{ error: { code: 409, message: 'no reason given' } }, 'unknown'],
    ['plain text', 'unknown'],
  ])('gives a 409 the reason its body names, else unknown (%j)', async (body, reason) => {
    nock(API).get(SITE_PATH).reply(409, body);
    const error = await rejection(makeClient().sites.get('org_1', 's1'), ConflictError);
    expect(error.reason).toBe(reason);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ reason });
  });

  it('maps other 5xx statuses to InternalServerError', async () => {
    nock(API).get(SITE_PATH).reply(502, 'Bad Gateway');

    const error = await rejection(
      makeClient().sites.get('org_1', 's1', { maxRetries: 0 }),
      InternalServerError,
    );
    expect(error.status).toBe(502);
  });

  it('keeps an unlisted 4xx as a plain ApiError', async () => {
    nock(API).get(SITE_PATH).reply(418, '');

    const error = await rejection(makeClient().sites.get('org_1', 's1'), ApiError);
    expect(error.name).toBe('ApiError');
    expect(error.status).toBe(418);
    expect(error.message).toBe(`GET ${API}${SITE_PATH} failed with 418: HTTP 418`);
  });

  it('has no requestId when the server sends no x-request-id', async () => {
    nock(API).get(SITE_PATH).reply(404, { message: 'gone' });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), NotFoundError);
    expect(error.requestId).toBeUndefined();
    expect(error.message).not.toContain('request id');
  });

  it('keeps the full url with its query, and names the url without its query in the message', async () => {
    nock(API).get('/v1/orgs/org_1/sites').query({ limit: '5' }).reply(400, { message: 'bad cursor' });

    const error = await rejection(makeClient().sites.list('org_1', { limit: 5 }), BadRequestError);
    expect(error.url).toBe(`${API}/v1/orgs/org_1/sites?limit=5`);
    expect(error.message).toBe(`GET ${API}/v1/orgs/org_1/sites failed with 400: bad cursor`);
  });

  it('records the method of the call', async () => {
    nock(API).delete(SITE_PATH).reply(409, { message: 'site has published spaces' });

    const error = await rejection(makeClient().sites.delete('org_1', 's1'), ConflictError);
    expect(error.method).toBe('DELETE');
    expect(error.message).toBe(`DELETE ${API}${SITE_PATH} failed with 409: site has published spaces`);
  });
});

describe('error messages from bodies of any shape', () => {
  it.each([
    ['a nested error object', { error: { code: 404, message: 'site missing' } }, 'site missing'],
    ['a top-level message', { message: 'x' }, 'x'],
    ['an error list', { errors: [{ message: 'a' }, { message: 'b' }] }, 'a; b'],
    [
      'an OAuth error',
      { error: 'invalid_token', error_description: 'the token expired' },
      'the token expired',
    ],
    ['a detail field', { detail: 'no such site' }, 'no such site'],
  ])('reads %s', async (_shape, body, expected) => {
    nock(API).get(SITE_PATH).reply(404, body);

    const error = await rejection(makeClient().sites.get('org_1', 's1'), NotFoundError);
    expect(error.body).toEqual(body);
    expect(error.serverMessage).toBe(expected);
    expect(error.message).toBe(`GET ${API}${SITE_PATH} failed with 404: ${expected}`);
  });

  it('uses a plain text body as it is', async () => {
    nock(API).get(SITE_PATH).reply(404, 'no site here\n', { 'content-type': 'text/plain' });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), NotFoundError);
    expect(error.body).toBe('no site here\n');
    expect(error.message).toBe(`GET ${API}${SITE_PATH} failed with 404: no site here`);
  });

  it('falls back to a status phrase for an empty body', async () => {
    nock(API).get(SITE_PATH).reply(404);

    const error = await rejection(makeClient().sites.get('org_1', 's1'), NotFoundError);
    expect(error.body).toBeUndefined();
    expect(error.message).toBe(`GET ${API}${SITE_PATH} failed with 404: not found`);
  });

  it('falls back to a status phrase when the JSON body has no message', async () => {
    nock(API)
      .get(SITE_PATH)
      .reply(403, { error: { code: 403 } });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), PermissionDeniedError);
    expect(error.serverMessage).toBe('permission denied');
  });

  it('shortens a very long message', () => {
    const message = messageFromBody({ message: 'x'.repeat(2000) }, 500);
    expect(message).toHaveLength(501);
    expect(message.endsWith('…')).toBe(true);
  });
});

describe('token redaction in errors', () => {
  it('removes a token echoed in a JSON error body from the message and the body', async () => {
    nock(API)
      .get(SITE_PATH)
      .reply(401, { error: { message: `bad token ${TOKEN}` } });

    const error = await rejection(makeClient().sites.get('org_1', 's1'), AuthenticationError);
    expect(error.message).not.toContain(TOKEN);
    expect(JSON.stringify(error.body)).not.toContain(TOKEN);
    expect(error.serverMessage).toBe('bad token [redacted]');
  });

  it('removes a token echoed in a text error body', async () => {
    nock(API).get(SITE_PATH).reply(401, `Authorization: Bearer ${TOKEN} is not valid`);

    const error = await rejection(makeClient().sites.get('org_1', 's1'), AuthenticationError);
    expect(error.body).toBe('Authorization: Bearer [redacted] is not valid');
    expect(error.message).not.toContain(TOKEN);
  });
});

describe('validation errors', () => {
  it('names every field of a bad request in the message', () => {
    const error = new RequestValidationError('sites.create', [
      { path: 'body.title', message: 'too short' },
      { path: 'body.titel', message: 'is not a known field' },
    ]);
    expect(error).toBeInstanceOf(DocsError);
    expect(error.name).toBe('RequestValidationError');
    expect(error.message).toBe(
      'Invalid request for sites.create: body.title: too short; body.titel: is not a known field',
    );
  });

  it('keeps the issues and the raw data of an unexpected response', () => {
    const data = { id: 1 };
    const error = new ResponseValidationError(
      'sites.get',
      [{ path: 'id', message: 'expected string' }],
      data,
    );
    expect(error).toBeInstanceOf(DocsError);
    expect(error.message).toBe('Unexpected response for sites.get: id: expected string');
    expect(error.data).toBe(data);
  });
});
