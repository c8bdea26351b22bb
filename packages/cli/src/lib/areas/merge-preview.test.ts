import { expect, it } from 'vitest';
import { wrapLine } from './merge-preview.js';

it('leaves a line that fits, or any line when the width is unbounded (piped), as it is', () => {
  expect(wrapLine('  NOT MET  Approval from user_ada', 60)).toEqual(['  NOT MET  Approval from user_ada']);
  expect(wrapLine('x '.repeat(100), Infinity)).toEqual(['x '.repeat(100)]);
});

it('breaks at spaces under the line’s indent plus two, keeping its own spacing elsewhere', () => {
  const lines = wrapLine('  NOT MET  Approval from user_ada: no current approval from user_ada', 40);
  expect(lines).toEqual(['  NOT MET  Approval from user_ada: no', '    current approval from user_ada']);
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
});

it('never cuts a word wider than the width: a URL goes whole on a line of its own; wide characters count two columns', () => {
  expect(wrapLine('see https://app.example.test/a/very/long/path then more', 20)).toEqual([
    'see',
    'https://app.example.test/a/very/long/path',
    '  then more',
  ]);
  expect(wrapLine('Token from: /home/ada/.config/docs/config.json', 30)).toEqual([
    'Token from:',
    '/home/ada/.config/docs/config.json',
  ]);
  expect(wrapLine('🚀🚀🚀 ab cd', 8)).toEqual(['🚀🚀🚀', '  ab cd']);
});
