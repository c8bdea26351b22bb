import { describe, expect, it } from 'vitest';
import { redactFields, scrub } from './redact.js';

describe('a repository URL with credentials in a recorded body', () => {
  it('is kept without them, and they are scrubbed wherever else they appear', () => {
    const found: string[] = [];
    const body = redactFields(
      { url: 'https://ada:ghp_s3cr3t@github.com/acme/docs.git', ref: 'refs/heads/main', note: 'no URL here' },
      found,
    );
    expect(body).toEqual({
      url: 'https://[redacted]@github.com/acme/docs.git',
      ref: 'refs/heads/main',
      note: 'no URL here',
    });
    expect(found).toEqual(['ada:ghp_s3cr3t', 'ghp_s3cr3t']);
    expect(scrub({ error: 'cannot clone with ghp_s3cr3t' }, found)).toEqual({
      error: 'cannot clone with [redacted]',
    });
    // A URL without credentials, a token-less file URL: kept as they are.
    expect(redactFields(['https://github.com/acme/docs', 'file:///tmp/docs'], [])).toEqual([
      'https://github.com/acme/docs',
      'file:///tmp/docs',
    ]);
  });
});
