/*
 * Shared scaffolding for the SDK's nock tests: the fake API origin, a client pointed at it,
 * a site fixture, a typed rejection helper and the nock lifecycle every file registers.
 * Lives outside src so it is neither built nor published.
 */
import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DocsClient, type ClientOptions } from '../src/index.js';

export const API = 'https://api.test';
export const TOKEN = 'tok_secret_123';

/**
 * A client for {@link API}: two quick retries, and strict response validation whatever
 * `DOCS_RESPONSE_VALIDATION` says, unless `overrides` says otherwise (pass
 * `responseValidation: undefined` to read the variable).
 */
export function makeClient(overrides: ClientOptions = {}): DocsClient {
  return new DocsClient({
    token: TOKEN,
    baseUrl: `${API}/v1`,
    maxRetries: 2,
    maxRetryDelay: 50,
    responseValidation: 'strict',
    ...overrides,
  });
}

/** A valid site as the API returns it; `overrides` replaces or adds fields. */
export function siteFixture(id: string, overrides: Record<string, unknown> = {}) {
  return {
    object: 'site',
    id,
    type: 'basic',
    appliedType: 'basic',
    title: `Site ${id}`,
    visibility: 'public',
    defaultLevel: 'inherit',
    permissions: { view: true, edit: true, admin: true },
    published: true,
    siteSpaces: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    features: [],
    urls: { location: `${API}/v1/orgs/org_1/sites/${id}`, app: `https://app.test/s/${id}` },
    agentsContext: 'excluded',
    ...overrides,
  };
}

/**
 * Awaits a call that must fail, checks the error's class and returns it typed.
 * `call` may be a function, so that an error thrown before any promise exists is caught too.
 */
export async function rejection<E extends Error>(
  call: PromiseLike<unknown> | (() => PromiseLike<unknown>),
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await (typeof call === 'function' ? call() : call);
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected ${type.name}, but the call succeeded`);
}

/**
 * Registers the nock hooks of a test file; call it once at the top level.
 * No real network; after each test every interceptor must have been used and no request may have
 * reached nock without matching one (a retry too many, a request that should not exist).
 * Interceptors are cleaned even when a check fails, so one failure does not leak into the next test.
 */
export function useNockLifecycle(): void {
  const unmatched: string[] = [];
  const onNoMatch = (request: { method?: string; path?: string; href?: string }) =>
    unmatched.push(`${request.method ?? ''} ${request.href ?? request.path ?? ''}`);

  beforeAll(() => {
    nock.disableNetConnect();
    nock.emitter.on('no match', onNoMatch);
  });
  afterAll(() => {
    nock.emitter.removeListener('no match', onNoMatch);
    nock.enableNetConnect();
  });
  afterEach(() => {
    try {
      expect(nock.pendingMocks()).toEqual([]);
      expect(unmatched).toEqual([]);
    } finally {
      nock.cleanAll();
      unmatched.length = 0;
    }
  });
}
