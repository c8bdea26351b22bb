import { describe, expect, it } from 'vitest';
import { applyJq, checkJq, formatJq, isJqLoaded, JqError, runJq } from './jq.js';

const prs = [
  {
    number: 1,
    title: 'Fix "typo"',
    state: 'open',
    labels: ['docs'],
    n: 1.0,
    big: 12345678901234567890n.toString(),
  },
  { number: 2, title: 'Ünïcode ✓\nsecond line', state: 'merged', labels: [], n: null },
];

describe('applyJq', () => {
  it('is not loaded until an expression is applied', async () => {
    expect(isJqLoaded()).toBe(false);
    await applyJq('.', 1);
    expect(isJqLoaded()).toBe(true);
  });

  it('prints strings raw and other values as compact JSON, one result a line, as gh does', async () => {
    expect(await applyJq('.[].number', prs)).toEqual(['1', '2']);
    expect(await applyJq('.[].title', prs)).toEqual(['Fix "typo"', 'Ünïcode ✓\nsecond line']);
    expect(await applyJq('.[0] | {number, labels}', prs)).toEqual(['{"number":1,"labels":["docs"]}']);
    expect(await applyJq('.[] | [.number, .state] | @tsv', prs)).toEqual(['1\topen', '2\tmerged']);
    expect(await applyJq('.[1].n, .[5]', prs)).toEqual(['null', 'null']);
    expect(await applyJq('empty', prs)).toEqual([]);
    expect(await formatJq('map(select(.labels | length > 0)) | length', prs)).toBe('1\n');
    expect(await formatJq('empty', prs)).toBe('');
  });

  it('keeps numbers as jq writes them', async () => {
    expect(await applyJq('1.0, 12345678901234567890, 0.1 + 0.2', null)).toEqual([
      '1.0',
      '12345678901234567890',
      '0.30000000000000004',
    ]);
  });

  it("names the expression in errors, with jq's message", async () => {
    await expect(applyJq('.[] | [', prs)).rejects.toThrow(JqError);
    await expect(applyJq('.[] | [', prs)).rejects.toThrow(
      /^--jq "\.\[\] \| \[": syntax error, unexpected end of file/,
    );
    await expect(applyJq('.[0].title | tonumber', prs)).rejects.toThrow(
      /^--jq "\.\[0\]\.title \| tonumber": string \("Fix \\"typo\\""\) cannot be parsed as a number$/,
    );
    await expect(applyJq('error("boom")', prs)).rejects.toThrow(/: boom$/);
  });

  it('cannot read the process environment', async () => {
    process.env['DOCS_JQ_TEST_SECRET'] = 'secret';
    expect(await applyJq('$ENV.DOCS_JQ_TEST_SECRET, env.DOCS_JQ_TEST_SECRET', null)).toEqual([
      'null',
      'null',
    ]);
    delete process.env['DOCS_JQ_TEST_SECRET'];
  });
});

describe('checkJq and runJq', () => {
  it('refuses an expression that does not compile, and lets one that fails on null through', async () => {
    await expect(checkJq('.[] | [')).rejects.toThrow(/^--jq "\.\[\] \| \[": syntax error/);
    await expect(checkJq('$nope')).rejects.toThrow(/\$nope is not defined/);
    await expect(checkJq('.[] | .number')).resolves.toBeUndefined();
    await expect(checkJq('error("only on data")')).resolves.toBeUndefined();
  });

  it('runs without waiting once jq is loaded', async () => {
    await checkJq('.');
    expect(runJq('.[].state', prs)).toEqual(['open', 'merged']);
    expect(() => runJq('.[0].title | tonumber', prs)).toThrow(JqError);
  });
});
