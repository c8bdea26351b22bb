import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsageError } from '../failures/exit-codes.js';
import { createOutput } from '../terminal/output.js';
import {
  cliClientOptions,
  cliLogger,
  driftWarning,
  maxRetries,
  maxRetryDelayMs,
  onRetry,
  requestTimeoutMs,
  retryNotice,
  type RetryEvent,
} from './client-options.js';

const event = (overrides: Partial<RetryEvent> = {}): RetryEvent => ({
  operation: 'sites.list',
  method: 'GET',
  path: '/v1/orgs/org_acme/sites',
  attempt: 1,
  maxRetries: 2,
  delayMs: 5000,
  reason: 'HTTP 429',
  ...overrides,
});

/** Captures stderr and stdout writes. */
function captureOutput() {
  const written = { stdout: '', stderr: '' };
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.stderr += String(chunk);
    return true;
  });
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.stdout += String(chunk);
    return true;
  });
  return written;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('DOCS_MAX_RETRY_DELAY', () => {
  it('is 60 s when unset or empty, and read in seconds otherwise', () => {
    expect(maxRetryDelayMs({})).toBe(60_000);
    expect(maxRetryDelayMs({ DOCS_MAX_RETRY_DELAY: '' })).toBe(60_000);
    expect(maxRetryDelayMs({ DOCS_MAX_RETRY_DELAY: '0' })).toBe(0);
    expect(maxRetryDelayMs({ DOCS_MAX_RETRY_DELAY: '5' })).toBe(5000);
    expect(maxRetryDelayMs({ DOCS_MAX_RETRY_DELAY: '2.5' })).toBe(2500);
    expect(maxRetryDelayMs({ DOCS_MAX_RETRY_DELAY: '86400' })).toBe(86_400_000);
  });

  it.each(['abc', '-1', '1e3', '5s', '86401', '0x10', 'Infinity', ' '])(
    'refuses %j as a usage error naming the variable',
    (value) => {
      expect(() => maxRetryDelayMs({ DOCS_MAX_RETRY_DELAY: value })).toThrow(
        expect.objectContaining({
          name: 'UsageError',
          message: expect.stringMatching(
            /^DOCS_MAX_RETRY_DELAY must be a number of seconds from 0 to 86400/,
          ) as unknown,
        }),
      );
    },
  );
});

describe('retry notices', () => {
  it('says why, how long and which retry', () => {
    expect(retryNotice(event())).toBe('Rate limited (HTTP 429): waiting 5 s before retry 1 of 2…');
    expect(retryNotice(event({ reason: 'HTTP 503', delayMs: 90_000, attempt: 2 }))).toBe(
      'The request failed (HTTP 503): waiting 1 min 30 s before retry 2 of 2…',
    );
    expect(retryNotice(event({ reason: 'connection reset', delayMs: 1500 }))).toBe(
      'The request failed (connection reset): waiting 1.5 s before retry 1 of 2…',
    );
  });

  it('announces short waits too, in seconds', () => {
    expect(retryNotice(event({ reason: 'timeout', delayMs: 412.7 }))).toBe(
      'The request failed (timeout): waiting 0.4 s before retry 1 of 2…',
    );
  });

  it('prints one line per retry on stderr and nothing on stdout', () => {
    const written = captureOutput();
    onRetry(event());
    onRetry(event({ delayMs: 400, attempt: 2 }));
    expect(written.stderr).toBe(
      'Rate limited (HTTP 429): waiting 5 s before retry 1 of 2…\nRate limited (HTTP 429): waiting 0.4 s before retry 2 of 2…\n',
    );
    expect(written.stdout).toBe('');
  });
});

describe('request timeout and retries', () => {
  it('takes --timeout before DOCS_TIMEOUT, in seconds, 60 s by default', () => {
    expect(requestTimeoutMs(undefined, {})).toBe(60_000);
    expect(requestTimeoutMs(undefined, { DOCS_TIMEOUT: '2.5' })).toBe(2500);
    expect(requestTimeoutMs('10', { DOCS_TIMEOUT: '2.5' })).toBe(10_000);
  });

  it('refuses a timeout that is not a positive number of seconds up to an hour, naming its source', () => {
    expect(() => requestTimeoutMs('0', {})).toThrow(
      /--timeout must be a number of seconds more than 0 and at most 3600 \(got "0"\)/,
    );
    expect(() => requestTimeoutMs('5s', {})).toThrow(/--timeout .*got "5s"/);
    expect(() => requestTimeoutMs(undefined, { DOCS_TIMEOUT: '-5' })).toThrow(/DOCS_TIMEOUT must be/);
    expect(() => requestTimeoutMs(undefined, { DOCS_TIMEOUT: '7200' })).toThrow(UsageError);
  });

  it('reads DOCS_MAX_RETRIES as a whole number from 0 to 10, the SDK default when unset', () => {
    expect(maxRetries({})).toBeUndefined();
    expect(maxRetries({ DOCS_MAX_RETRIES: '0' })).toBe(0);
    expect(maxRetries({ DOCS_MAX_RETRIES: '5' })).toBe(5);
    for (const bad of ['-1', '1.5', 'NaN', '11', 'many']) {
      expect(() => maxRetries({ DOCS_MAX_RETRIES: bad })).toThrow(
        /DOCS_MAX_RETRIES must be a whole number from 0 to 10/,
      );
    }
  });

  it('gives the SDK the timeout and the retry count', () => {
    const options = cliClientOptions({ DOCS_TIMEOUT: '3', DOCS_MAX_RETRIES: '4' });
    expect(options).toMatchObject({ timeout: 3000, maxRetries: 4 });
    expect(cliClientOptions({})).not.toHaveProperty('maxRetries');
  });
});

describe('response drift', () => {
  const details = {
    operation: 'sites.list',
    path: '/v1/orgs/org_acme/sites',
    issue: { path: 'items.0.hostname', message: 'Invalid input: expected string, received number' },
  };

  it('words a drift as one sentence naming the operation and the field', () => {
    expect(driftWarning('x', details)).toBe(
      'the API answered sites.list with a shape this CLI does not know (items.0.hostname: Invalid input: expected string, received number); continuing.',
    );
    expect(driftWarning('x', { operation: 'sites.get', issue: { path: '', message: 'not JSON' } })).toBe(
      'the API answered sites.get with a shape this CLI does not know (the body: not JSON); continuing.',
    );
    expect(driftWarning('retrying', { reason: 'HTTP 503' } as never)).toBeUndefined();
  });

  it('prints each drift once, as a warning line, and other SDK warnings only with DOCS_DEBUG', () => {
    const written = captureOutput();
    const logger = cliLogger();
    logger.warn('drift', details);
    logger.warn('drift', details);
    logger.warn('drift', { ...details, issue: { path: 'items.1.hostname', message: 'm' } });
    logger.warn('retrying GET /v1/x', { reason: 'HTTP 503' });
    logger.debug('→ GET /v1/x');
    expect(written.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^Warning: the API answered sites\.list .*\(items\.0\.hostname: /),
      expect.stringMatching(/^Warning: the API answered sites\.list .*\(items\.1\.hostname: m\)/),
    ]);

    vi.stubEnv('DOCS_DEBUG', '1');
    written.stderr = '';
    logger.warn('retrying GET /v1/x', { reason: 'HTTP 503' });
    logger.debug('→ GET /v1/x?shareKey=share_docs');
    expect(written.stderr).toBe('Warning: retrying GET /v1/x\n→ GET /v1/x?shareKey=[redacted]\n');
    expect(written.stdout).toBe('');
  });
});

describe('the options of every client', () => {
  it('ask for the warn policy, bound retry waits and report retries', () => {
    const said: string[] = [];
    const output = createOutput({ stderr: { write: (text: string) => said.push(text) } });
    const options = cliClientOptions({ DOCS_MAX_RETRY_DELAY: '7' }, undefined, output);
    expect(options).toMatchObject({ maxRetryDelay: 7000, responseValidation: 'warn' });
    options.onRetry?.(event());
    expect(said.join('')).toBe('Rate limited (HTTP 429): waiting 5 s before retry 1 of 2…\n');
    expect(options.logger).toBeDefined();
  });

  it('leave the policy to the SDK when DOCS_RESPONSE_VALIDATION is set', () => {
    const options = cliClientOptions({ DOCS_RESPONSE_VALIDATION: 'strict' });
    expect(options).not.toHaveProperty('responseValidation');
  });
});
