import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidOptionError, ResponseValidationError, type ResponseValidation } from '../index.js';
import {
  API,
  makeClient,
  rejection,
  siteFixture as site,
  useNockLifecycle,
} from '../../test-support/nock.js';

const SITES = '/v1/orgs/org_1/sites';
/** Two sites whose `visibility` drifted from a string to a number, and a new field. */
const drifted = {
  items: [site('s1', { visibility: 1, brandNew: true }), site('s2', { visibility: 2 })],
  next: null,
};

useNockLifecycle();
afterEach(() => {
  vi.unstubAllEnvs();
});

function client(responseValidation?: ResponseValidation) {
  const logger = { debug: vi.fn(), warn: vi.fn() };
  return {
    logger,
    // Undefined lets DOCS_RESPONSE_VALIDATION decide.
    client: makeClient({ logger, responseValidation }),
  };
}

describe('responseValidation: strict', () => {
  it('throws ResponseValidationError with the issues and the raw data', async () => {
    nock(API).get(SITES).reply(200, drifted);

    const error = await rejection(client('strict').client.sites.list('org_1'), ResponseValidationError);
    expect(error.operation).toBe('listSites');
    expect(error.issues.map((issue) => issue.path)).toEqual(['items.0.visibility', 'items.1.visibility']);
    expect(error.data).toEqual(drifted);
  });
});

describe('responseValidation: warn', () => {
  it('returns the data as received and reports each drift once per client', async () => {
    const { client: warned, logger } = client('warn');
    nock(API).get(SITES).times(2).reply(200, drifted);

    const page = await warned.sites.list('org_1');
    expect(page).toEqual(drifted);
    await warned.sites.list('org_1');

    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      'Response drift in listSites at items.0.visibility: expected string, received number (the data is used as received)',
      { operation: 'listSites', path: 'items.0.visibility', issue: 'expected string, received number' },
    );
  });

  it('reports the same field again for another operation, and for another client', async () => {
    const { client: warned, logger } = client('warn');
    nock(API).get(SITES).reply(200, drifted);
    nock(API)
      .get(`${SITES}/s1`)
      .reply(200, site('s1', { visibility: 1 }));

    await warned.sites.list('org_1');
    const one = await warned.sites.get('org_1', 's1');
    expect(one.visibility).toBe(1);
    expect(logger.warn.mock.calls.map(([line]) => String(line).split(':')[0])).toEqual([
      'Response drift in listSites at items.0.visibility',
      'Response drift in getSiteById at visibility',
    ]);

    const other = client('warn');
    nock(API)
      .get(`${SITES}/s1`)
      .reply(200, site('s1', { visibility: 1 }));
    await other.client.sites.get('org_1', 's1');
    expect(other.logger.warn).toHaveBeenCalledTimes(1);
  });

  it('returns the parsed data when the response fits, as strict does', async () => {
    const { client: warned, logger } = client('warn');
    nock(API).get(`${SITES}/s1`).reply(200, site('s1'));

    await expect(warned.sites.get('org_1', 's1')).resolves.toMatchObject({ id: 's1' });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('still throws when the body is not JSON or is empty: there is no data to use', async () => {
    const { client: warned } = client('warn');
    nock(API).get(`${SITES}/s1`).reply(200, '<html>maintenance</html>', { 'content-type': 'text/html' });
    nock(API).get(`${SITES}/s1`).reply(200, '');

    const notJson = await rejection(warned.sites.get('org_1', 's1'), ResponseValidationError);
    expect(notJson.issues).toEqual([{ path: '', message: 'the body is not JSON' }]);
    const empty = await rejection(warned.sites.get('org_1', 's1'), ResponseValidationError);
    expect(empty.issues).toEqual([{ path: '', message: 'the body is empty' }]);
  });

  it('walks the pages of a drifted list', async () => {
    const { client: warned } = client('warn');
    nock(API)
      .get(SITES)
      .reply(200, { ...drifted, next: { page: 'p2' } });
    nock(API)
      .get(SITES)
      .query({ page: 'p2' })
      .reply(200, { items: [site('s3', { visibility: 3 })] });

    const ids = (await warned.sites.list('org_1').toArray({ max: 10 })).map((item) => item.id);
    expect(ids).toEqual(['s1', 's2', 's3']);
  });
});

describe('responseValidation: off', () => {
  it('skips the schemas but still parses JSON', async () => {
    const { client: unchecked, logger } = client('off');
    nock(API)
      .get(`${SITES}/s1`)
      .reply(200, { anything: ['goes'] });
    nock(API).get(`${SITES}/s1`).reply(200, '{"id": ');

    await expect(unchecked.sites.get('org_1', 's1')).resolves.toEqual({ anything: ['goes'] });
    await rejection(unchecked.sites.get('org_1', 's1'), ResponseValidationError);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe('DOCS_RESPONSE_VALIDATION', () => {
  it('is the default when no option is given; the option wins', async () => {
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', 'warn');
    nock(API)
      .get(`${SITES}/s1`)
      .times(2)
      .reply(200, site('s1', { visibility: 1 }));

    await expect(client().client.sites.get('org_1', 's1')).resolves.toMatchObject({ visibility: 1 });
    await rejection(client('strict').client.sites.get('org_1', 's1'), ResponseValidationError);
  });

  it('refuses a value it does not know, naming the variable and the allowed values', () => {
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', 'lax');
    const fromEnv = () => makeClient({ responseValidation: undefined });
    expect(fromEnv).toThrow(InvalidOptionError);
    expect(fromEnv).toThrow('DOCS_RESPONSE_VALIDATION must be one of strict, warn, off (got "lax")');
  });

  it('refuses an unknown option value too', () => {
    expect(() => makeClient({ responseValidation: 'loose' as ResponseValidation })).toThrow(
      'the responseValidation option must be one of strict, warn, off (got "loose")',
    );
  });

  it('does not reach clients of tests, which stay strict unless they ask', async () => {
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', 'off');
    nock(API)
      .get(`${SITES}/s1`)
      .reply(200, site('s1', { visibility: 1 }));
    await rejection(makeClient().sites.get('org_1', 's1'), ResponseValidationError);
  });

  it('is warn without the option and the variable (empty is unset): the data, one warning', async () => {
    vi.stubEnv('DOCS_RESPONSE_VALIDATION', '');
    const { title: _title, ...answer } = site('s1', { visibility: 1 }); // without a field the document requires
    nock(API).get(`${SITES}/s1`).times(2).reply(200, answer);
    const { client: tolerant, logger } = client();
    await expect(tolerant.sites.get('org_1', 's1')).resolves.toEqual(answer);
    await expect(tolerant.sites.get('org_1', 's1')).resolves.toEqual(answer);
    expect(logger.warn.mock.calls.map(([line]) => line as string)).toEqual([
      expect.stringMatching(/^Response drift in getSiteById at title: /),
      expect.stringMatching(/^Response drift in getSiteById at visibility: /),
    ]);
  });
});
