import { describe, expect, it } from 'vitest';
import { isSecretName } from './redact.js';

/* The one set of redaction rules the SDK, the CLI and the sandbox share (issue 31). */

describe('isSecretName', () => {
  it('names what the CLI and the sandbox hid and the SDK did not', () => {
    for (const name of ['X-Amz-Signature', 'X-Goog-Signature', 'shareLink', 'db_passwd', 'sig', 'share'])
      expect(isSecretName(name), name).toBe(true);
  });
  it('names what the sandbox hid in bodies', () => {
    for (const name of ['secrets', 'certificate', 'credentials', 'cookie'])
      expect(isSecretName(name), name).toBe(true);
  });
  it('leaves ordinary names alone', () => {
    for (const name of ['page', 'limit', 'title', 'signatureCount', 'keyboard', 'sites'])
      expect(isSecretName(name), name).toBe(false);
  });
});
