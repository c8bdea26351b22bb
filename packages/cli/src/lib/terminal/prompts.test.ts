import { describe, expect, it } from 'vitest';
import { fitChoice, fitQuestion, rankChoices, withoutLeadingEmoji } from './prompts.js';

const requests = [4, 7, 17, 70].map((n) => ({ name: `#${n} Request ${n}`, value: String(n) }));
const spaces = [
  { name: '📘 Handbook (space_handbook)', value: 'space_handbook' },
  { name: '🇫🇷 Handbook FR (space_handbook_fr)', value: 'space_handbook_fr' },
  { name: 'API Reference (space_api)', value: 'space_api' },
  { name: '🧑‍💻 Guides (space_guides)', value: 'space_guides' },
];
const values = (choices: Array<{ value: string }>) => choices.map((c) => c.value);

describe('rankChoices', () => {
  it('puts the change request of the number typed first, whatever its row', () => {
    expect(values(rankChoices(requests, '7'))[0]).toBe('7');
    expect(values(rankChoices(requests, '#7'))[0]).toBe('7');
    expect(values(rankChoices(requests, '4'))).toEqual(['4']);
  });

  it('matches names past a leading emoji, flag or joined emoji', () => {
    expect(values(rankChoices(spaces, 'gui'))).toEqual(['space_guides']);
    expect(values(rankChoices(spaces, 'hand'))).toEqual(['space_handbook', 'space_handbook_fr']);
    expect(values(rankChoices(spaces, 'space_api'))).toEqual(['space_api']);
    expect(withoutLeadingEmoji('🧑‍💻 Guides')).toBe('Guides');
  });

  it('keeps every choice, in order, for an empty term', () => {
    expect(rankChoices(spaces, '  ')).toEqual(spaces);
  });
});

describe('fitChoice', () => {
  it('cuts a long name to the width, keeping the id at its end whole', () => {
    expect(fitChoice('Reword the welcome page of the guides (space_guides)', 30)).toBe(
      'Reword the wel… (space_guides)',
    );
    expect(fitChoice('Short (space_api)', 30)).toBe('Short (space_api)');
    expect(fitChoice('#12 A very long change request subject that goes on', 20)).toBe('#12 A very long cha…');
  });
});

describe('fitQuestion (issue 31: words that fit)', () => {
  it('wraps a question at words under its first line, never inside a word', () => {
    const columns = Object.getOwnPropertyDescriptor(process.stdout, 'columns');
    Object.defineProperty(process.stdout, 'columns', { value: 60, configurable: true });
    try {
      const lines = fitQuestion('Default organization (used when --org and DOCS_ORG are absent)').split('\n');
      expect(lines).toEqual(['Default organization (used when --org and DOCS_ORG are', '  absent)']);
      expect(`? ${lines[0]}`.length).toBeLessThanOrEqual(59);
    } finally {
      if (columns) Object.defineProperty(process.stdout, 'columns', columns);
      else delete (process.stdout as { columns?: number }).columns;
    }
  });
});
