import { afterEach, describe, expect, it, vi } from 'vitest';
import { addSecret, clearSecrets, displayUrl, redact } from './redact.js';

afterEach(() => {
  clearSecrets();
  vi.unstubAllEnvs();
});

describe('redact', () => {
  it('replaces every occurrence of a registered secret and of DOCS_API_TOKEN', () => {
    addSecret('tok_registered');
    vi.stubEnv('DOCS_API_TOKEN', 'tok_from_env');
    expect(redact('a tok_registered b tok_registered c tok_from_env')).toBe(
      'a [redacted] b [redacted] c [redacted]',
    );
  });

  it('ignores secrets too short to be told from ordinary text', () => {
    addSecret('abc');
    expect(redact('abc abcd')).toBe('abc abcd');
  });

  it('removes the credentials of any URL in the text', () => {
    expect(redact('GET http://user:pass@host.test:8080/v1/x failed')).toBe(
      'GET http://[redacted]@host.test:8080/v1/x failed',
    );
    expect(redact('see https://tok@api.test/v1 and ftp://a:b@c/d')).toBe(
      'see https://[redacted]@api.test/v1 and ftp://[redacted]@c/d',
    );
    // An email address is not a URL.
    expect(redact('mail ada@acme.test')).toBe('mail ada@acme.test');
  });

  it('hides the values of secret query parameters, and only those', () => {
    expect(
      redact(
        '→ GET http://h/v1/orgs/o/sites/s/published?shareKey=share_docs&limit=5&api_key=k1&access_token=t2#x',
      ),
    ).toBe(
      '→ GET http://h/v1/orgs/o/sites/s/published?shareKey=[redacted]&limit=5&api_key=[redacted]&access_token=[redacted]#x',
    );
    expect(redact('/v1/spaces/s?share=abc&page=2&author=user_ada')).toBe(
      '/v1/spaces/s?share=[redacted]&page=2&author=user_ada',
    );
  });
});

describe('displayUrl', () => {
  it('drops user and password, and keeps everything else', () => {
    expect(displayUrl('http://user:pass@127.0.0.1:4010/v1')).toBe('http://127.0.0.1:4010/v1');
    expect(displayUrl('https://api.test/v1')).toBe('https://api.test/v1');
    expect(displayUrl('not a url user:pass@x')).toBe('not a url user:pass@x');
  });
});

describe('one set of rules for the SDK, the CLI and the sandbox (issue 31)', () => {
  it('hides the union of the three sets: sig, X-Amz-Signature, X-Goog-Signature, shareLink, db_passwd', () => {
    const url =
      'https://files.example.test/a.png?sig=abcd1234&X-Amz-Signature=amz5678&X-Goog-Signature=goog9012&shareLink=link3456&db_passwd=pw7890&page=2';
    const shown = redact(`GET ${url} failed`);
    for (const secret of ['abcd1234', 'amz5678', 'goog9012', 'link3456', 'pw7890'])
      expect(shown).not.toContain(secret);
    expect(shown).toContain('page=2');
    expect(shown).toContain('sig=[redacted]');
  });
});
