import { describe, expect, it } from 'vitest';
import { fitChoice, rankChoices, withoutLeadingEmoji } from './prompts.js';

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
