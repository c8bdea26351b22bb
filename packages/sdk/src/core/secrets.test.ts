import { inspect } from 'node:util';
import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  DocsClient,
  DocsError,
  InternalServerError,
  InvalidBaseUrlError,
  InvalidOptionError,
  InvalidTokenError,
  MissingTokenError,
  NotFoundError,
  PaginationError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  UnprocessableEntityError,
  WaitTimeoutError,
} from '../index.js';
import { API, TOKEN, makeClient, rejection, siteFixture, useNockLifecycle } from '../../test-support/nock.js';
import * as documented from '../../test-support/documented.js';
import { redactCause, redactHeaders } from './redact-failure.js';
import { safeUrl } from './redact.js';

const SHARE_KEY = 'shk_live_9f8e7d6c5b4a';
const SPACE = '/v1/spaces/sp_1';
const SECRETS = [TOKEN, SHARE_KEY];
/** Everything a server could echo: the token, the share key, both in a header and a body. */
const ECHO = `Bearer ${TOKEN} with shareKey=${SHARE_KEY}`;

useNockLifecycle();
afterEach(() => {
  vi.unstubAllEnvs();
});

function expectNoSecret(value: unknown): void {
  const shown = [
    inspect(value, { depth: 20, showHidden: true }),
    JSON.stringify(value),
    value instanceof Error ? `${value.message}\n${value.stack ?? ''}` : '',
  ].join('\n');
  for (const secret of SECRETS) expect(shown).not.toContain(secret);
}

/** Answers the space read (with the share key in its query) with `status` and secrets everywhere. */
function echoing(status: number, extraHeaders: Record<string, string> = {}) {
  return nock(API)
    .get(SPACE)
    .query({ shareKey: SHARE_KEY })
    .reply(
      status,
      { error: { message: ECHO }, token: TOKEN },
      {
        'set-cookie': `session=${TOKEN}`,
        'www-authenticate': `Bearer realm="${TOKEN}"`,
        'x-echo': ECHO,
        'x-request-id': 'req_1',
        ...extraHeaders,
      },
    );
}

const readSpace = (client = makeClient({ maxRetries: 0 })) =>
  client.spaces.get('sp_1', { shareKey: SHARE_KEY });

describe('no error class ever shows the token or a share key (util.inspect, JSON.stringify, message, stack)', () => {
  const statuses: Array<[number, typeof ApiError]> = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [418, ApiError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
  ];
  it.each(statuses.map(([status, type]) => [status, type.name, type] as const))(
    '%i: %s',
    async (status, _name, type) => {
      echoing(status, { 'retry-after': '99999' });
      const error = await rejection(readSpace(), type);
      expectNoSecret(error);
      // What stays useful: the redacted URL still names the request, the headers their names.
      expect(error.url).toBe(`${API}${SPACE}?shareKey=[redacted]`);
      expect(error.headers.get('set-cookie')).toBe('[redacted]');
      expect(error.headers.get('www-authenticate')).toBe('[redacted]');
      expect(error.headers.get('x-request-id')).toBe('req_1');
      expect(error.serverMessage).toBe('Bearer [redacted] with shareKey=[redacted]');
    },
  );

  it('RedirectError, to another origin with credentials and secrets in the location', async () => {
    nock(API)
      .get(SPACE)
      .query({ shareKey: SHARE_KEY })
      .reply(302, '', {
        location: `https://alice:hunter2@elsewhere.test/x?token=${TOKEN}&shareKey=${SHARE_KEY}`,
      });
    const error = await rejection(readSpace(), RedirectError);
    expectNoSecret(error);
    expect(inspect(error)).not.toContain('hunter2');
    expect(error.message).toContain(
      'another origin (https://elsewhere.test/x?token=[redacted]&shareKey=[redacted])',
    );
  });

  it('ConnectionError, whose cause chain echoes the token and carries a socket', async () => {
    const cause = Object.assign(new Error(`proxy said ${ECHO}`), {
      code: 'ECONNRESET',
      socket: { authorization: `Bearer ${TOKEN}` },
    });
    nock(API)
      .get(SPACE)
      .query({ shareKey: SHARE_KEY })
      .replyWithError(new TypeError(`fetch failed for ?shareKey=${SHARE_KEY}`, { cause }));
    const error = await rejection(readSpace(), ConnectionError);
    expectNoSecret(error);
    expect(error.message).toContain(`GET ${API}${SPACE} failed`);
    expect(error.message).toContain('ECONNRESET');
    expect(inspect(error.cause, { depth: 10 })).toContain("code: 'ECONNRESET'");
  });

  it('TimeoutError and AbortError', async () => {
    nock(API).get(SPACE).query({ shareKey: SHARE_KEY }).delay(2000).reply(200, {});
    expectNoSecret(await rejection(readSpace(makeClient({ maxRetries: 0, timeout: 50 })), TimeoutError));

    nock(API).get(SPACE).query({ shareKey: SHARE_KEY }).delay(2000).reply(200, {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error(`stop ${TOKEN}`)), 30);
    const call = makeClient().spaces.get('sp_1', { shareKey: SHARE_KEY }, { signal: controller.signal });
    expectNoSecret(await rejection(call, AbortError));
  });

  it('ResponseValidationError, whose raw data echoes the secrets', async () => {
    nock(API).get(SPACE).query({ shareKey: SHARE_KEY }).reply(200, { id: 42, note: ECHO });
    expectNoSecret(await rejection(readSpace(), ResponseValidationError));

    nock(API).get(SPACE).query({ shareKey: SHARE_KEY }).reply(200, `<html>${ECHO}</html>`);
    expectNoSecret(await rejection(readSpace(), ResponseValidationError));
  });

  it('RequestValidationError, PaginationError and WaitTimeoutError', async () => {
    expectNoSecret(
      await rejection(() => makeClient().spaces.get('..', { shareKey: SHARE_KEY }), RequestValidationError),
    );

    const cursor = `${TOKEN}_${SHARE_KEY}`;
    nock(API)
      .get('/v1/orgs/org_1/sites')
      .reply(200, { items: [siteFixture('s1')], next: { page: cursor } });
    nock(API)
      .get('/v1/orgs/org_1/sites')
      .query({ page: cursor })
      .reply(200, { items: [siteFixture('s2')], next: { page: cursor } });
    expectNoSecret(await rejection(makeClient().sites.list('org_1').toArray({ max: 10 }), PaginationError));

    const translation = { ...documented.translation('tr_1'), status: 'running', language: 'fr' };
    nock(API).get('/v1/orgs/org_1/translations/tr_1').reply(200, translation);
    expectNoSecret(
      await rejection(
        makeClient().translations.waitForRun('org_1', 'tr_1', { timeout: 0, interval: 0 }),
        WaitTimeoutError,
      ),
    );
  });

  it('the configuration errors', () => {
    const thrown = (make: () => unknown): unknown => {
      try {
        make();
      } catch (error) {
        return error;
      }
      throw new Error('expected a throw');
    };
    vi.stubEnv('DOCS_API_TOKEN', '');
    expect(thrown(() => new DocsClient({ baseUrl: API }))).toBeInstanceOf(MissingTokenError);
    const badToken = thrown(() => new DocsClient({ token: `${TOKEN}\n`, baseUrl: API }));
    expect(badToken).toBeInstanceOf(InvalidTokenError);
    expectNoSecret(badToken);
    const badUrl = thrown(() => new DocsClient({ token: TOKEN, baseUrl: `https://u:${TOKEN}@api.test` }));
    expect(badUrl).toBeInstanceOf(InvalidBaseUrlError);
    expectNoSecret(badUrl);
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', TOKEN);
    const badOption = thrown(() => makeClient({ responseValidation: undefined }));
    expect(badOption).toBeInstanceOf(InvalidOptionError);
    expectNoSecret(badOption);
  });

  it('every class above is a DocsError', () => {
    for (const type of [
      RedirectError,
      ConnectionError,
      TimeoutError,
      AbortError,
      PaginationError,
      InvalidOptionError,
    ]) {
      expect(type.prototype).toBeInstanceOf(DocsError);
    }
  });
});

describe('log lines (DOCS_DEBUG in the CLI) carry no secret', () => {
  it('in requests, retries, redirects and failures', async () => {
    const logger = { debug: vi.fn(), warn: vi.fn() };
    nock(API).get(SPACE).query({ shareKey: SHARE_KEY }).reply(503, { message: ECHO }, { 'retry-after': '0' });
    nock(API)
      .get(SPACE)
      .query({ shareKey: SHARE_KEY })
      .reply(302, '', { location: `/v1/moved?token=${TOKEN}` });
    nock(API).get('/v1/moved').query({ token: TOKEN }).reply(404, { message: ECHO });

    await rejection(makeClient({ logger }).spaces.get('sp_1', { shareKey: SHARE_KEY }), NotFoundError);
    const lines = JSON.stringify([logger.debug.mock.calls, logger.warn.mock.calls]);
    for (const secret of SECRETS) expect(lines).not.toContain(secret);
    expect(lines).toContain(`GET ${API}${SPACE}?shareKey=[redacted]`);
    expect(lines).toContain('followed to https://api.test/v1/moved?token=[redacted]');
  });
});

describe('redaction helpers', () => {
  it('safeUrl strips credentials and secret query values, and keeps the rest as written', () => {
    expect(safeUrl('https://u:p@api.test/v1/x?limit=5&shareKey=abc&access_token=zz&Key=k1#f', [])).toBe(
      'https://api.test/v1/x?limit=5&shareKey=[redacted]&access_token=[redacted]&Key=[redacted]#f',
    );
    expect(safeUrl(`https://api.test/v1/x?q=${encodeURIComponent(`a ${TOKEN}`)}&page=2`, [TOKEN])).toBe(
      'https://api.test/v1/x?q=[redacted]&page=2',
    );
    expect(safeUrl('https://api.test/v1/x?a=1&a=2&flag', [])).toBe('https://api.test/v1/x?a=1&a=2&flag');
  });

  it('redactHeaders hides credentials and any value holding a secret', () => {
    const headers = redactHeaders(
      new Headers({
        authorization: 'x',
        cookie: 'c',
        'proxy-authorization': 'p',
        'x-ok': 'fine',
        'x-leak': `a${TOKEN}b`,
      }),
      [TOKEN],
    );
    expect(Object.fromEntries(headers)).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'proxy-authorization': '[redacted]',
      'x-ok': 'fine',
      'x-leak': '[redacted]',
    });
  });

  it('redactCause keeps name, message, code and the chain, and drops the rest', () => {
    const inner = Object.assign(new Error(`inner ${TOKEN}`), {
      code: 'UND_ERR_SOCKET',
      socket: { x: TOKEN },
    });
    const outer = new TypeError('terminated', { cause: inner });
    const copy = redactCause(outer, [TOKEN]) as Error & { cause: Error & { code: string } };
    expect(copy.name).toBe('TypeError');
    expect(copy.message).toBe('terminated');
    expect(copy.cause.code).toBe('UND_ERR_SOCKET');
    expect(copy.cause.message).toBe('inner [redacted]');
    expect(inspect(copy, { depth: 10, showHidden: true })).not.toContain(TOKEN);
  });
});
