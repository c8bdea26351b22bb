import { afterEach, describe, expect, it, vi } from 'vitest';
import { findReference, loadReference, operationHelp } from './api-operation.js';

/* `docs api <operationId> --help` and its did-you-mean (issue 31, item 5 and 4). */

afterEach(() => vi.unstubAllEnvs());

describe('docs api <operationId> --help', () => {
  it('wraps at words to the width, with no line wider and no word broken', async () => {
    vi.stubEnv('COLUMNS', '60');
    const help = operationHelp(await findReference('getSiteById'));
    const lines = help.trimEnd().split('\n');
    for (const line of lines) if (!/\S{50,}/.test(line)) expect(line.length, line).toBeLessThanOrEqual(59);
    // The description's words are whole: "you have" is never "you hav|e".
    const words = (help.match(/[A-Za-z']+/g) ?? []).join(' ');
    expect(words).toContain('Retrieves full details for a single documentation site');
    expect(help).toMatch(/\n {6}\S/);
    // The SDK's name of the call is never split from its label.
    expect(lines).toContain('SDK: client.sites.get()');
  });

  it('drops limits that say nothing, and points at the generic help in one line instead of appending it', async () => {
    const operations = await loadReference();
    const noisy = operations.find((operation) =>
      [...operation.params, ...operation.query, ...operation.body].some((field) =>
        field.limits?.includes('at least 0 characters'),
      ),
    );
    if (!noisy) throw new Error('no operation with a field of "at least 0 characters" in the reference');
    const help = operationHelp(noisy);
    expect(help).not.toContain('at least 0');
    expect(help.trimEnd().split('\n').at(-1)).toBe(
      'The flags of every call (-f, -F, -q, --input, --paginate): docs api --help',
    );
    expect(help).not.toContain('GLOBAL FLAGS');
  });
});

describe('an unknown operation id', () => {
  it('gets a did-you-mean for a typo', async () => {
    await expect(findReference('getSiteByIdd')).rejects.toThrow(
      /No operation getSiteByIdd: did you mean getSiteById\b/,
    );
    await expect(findReference('listSties')).rejects.toThrow(/did you mean listSites\b/);
  });
});
