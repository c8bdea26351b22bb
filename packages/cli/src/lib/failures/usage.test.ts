import { describe, expect, it } from 'vitest';
import { closestFlag, pickedArgument } from './usage.js';

describe('closestFlag', () => {
  const flags = { org: {}, limit: {}, status: {}, 'update-first': { allowNo: true } };
  it('finds the flag a typo probably meant, and nothing for a word too far from any', () => {
    expect(closestFlag('--orgg', flags)).toBe('--org');
    expect(closestFlag('--stauts=open', flags)).toBe('--status');
    expect(closestFlag('--no-update-frist', flags)).toBe('--no-update-first');
    expect(closestFlag('--lim', flags)).toBe('--limit');
    expect(closestFlag('--frobnicate', flags)).toBeUndefined();
  });
});

describe('pickedArgument', () => {
  it('reads what an argument picked at a terminal names, from its description', () => {
    expect(pickedArgument('Space id (picked from a list at a terminal when omitted)')).toBe('the space id');
    expect(
      pickedArgument(
        'Change request number (e.g. 12 or #12) or id (picked from a list at a terminal when omitted)',
      ),
    ).toBe('the change request number or id');
    expect(pickedArgument('SAML provider id (picked from a list at a terminal when omitted)')).toBe(
      'the SAML provider id',
    );
    expect(pickedArgument('Space id; omit it to list across the organization')).toBeUndefined();
  });
});
