import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { displayWidth, layout, renderBlocks, renderTable, truncate, type TableColumn } from './table.js';

const col = (header: string, options: { cut?: boolean; priority?: number } = {}): TableColumn => ({
  header,
  cut: options.cut ?? false,
  priority: options.priority,
});

/** `docs cr list --org`'s columns. */
const columns = [
  col('SPACE'),
  col('#'),
  col('SUBJECT', { cut: true }),
  col('STATUS'),
  col('AUTHOR', { cut: true, priority: 2 }),
  col('UPDATED (UTC)', { priority: 3 }),
  col('COMMENTS', { priority: 1 }),
  col('OUTDATED', { priority: 4 }),
];
const rows = [
  [
    'space_handbook',
    '12',
    'Rewrite the whole onboarding guide for the new billing flow and the API changes',
    'changes-requested',
    'Grace Hopper',
    '2026-01-05 10:00',
    '1',
    'no',
  ],
  ['space_guides', '3', 'Fix typo', 'merged', 'Linus Torvalds', '2026-01-04 09:30', '12', 'yes'],
];

const headersAt = (width: number) => {
  const fit = layout(columns, rows, width);
  return fit.kind === 'table' ? fit.shown.map((i) => columns[i]?.header) : 'blocks';
};

describe('displayWidth (issue 31: cells as the terminal draws them)', () => {
  it('counts an emoji as 2 cells whatever its code points: joined, flags, with a selector', () => {
    expect(displayWidth('🧑‍💻')).toBe(2);
    expect(displayWidth('👩‍👩‍👧‍👦')).toBe(2);
    expect(displayWidth('🇫🇷')).toBe(2);
    expect(displayWidth('❤️')).toBe(2);
    expect(displayWidth('🧑‍💻 Dev guide')).toBe(12);
  });
  it('counts wide characters 2, combining marks and colour codes 0', () => {
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('\u001b[31mred\u001b[0m')).toBe(3);
    expect(displayWidth('plain')).toBe(5);
  });
  it('keeps the columns after a joined emoji in place', () => {
    const two = [col('TITLE'), col('ID')];
    const lines = renderTable(
      two,
      [
        ['🧑‍💻 Dev', 'space_a'],
        ['Plain', 'space_b'],
      ],
      60,
    ).split('\n');
    const at = (line: string) => displayWidth(line.slice(0, line.indexOf('space_')));
    expect(at(lines[2] ?? '')).toBe(at(lines[3] ?? ''));
    expect(at(lines[2] ?? '')).toBe(6 + 2);
  });
});

describe('cli-table3 draws the table, laid out by the terminal widths', () => {
  // The copy table.ts loads: the same path, so the same module.
  const Table = createRequire(import.meta.url)('cli-table3') as {
    prototype: { toString: (this: object) => string };
  };
  const two = [col('TITLE'), col('ID')];
  /** Where each line's `space_` starts, in cells. */
  const idAt = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.includes('space_'))
      .map((line) => displayWidth(line.slice(0, line.indexOf('space_'))));

  it('hands its rows, widths and borderless chars to cli-table3 and prints what it draws', () => {
    const drawn: Array<{ options: Record<string, unknown>; text: string }> = [];
    const toString = Table.prototype.toString;
    const spy = vi.spyOn(Table.prototype, 'toString').mockImplementation(function (this: { options: never }) {
      const text = toString.call(this);
      drawn.push({ options: this.options, text });
      return text;
    });
    try {
      const text = renderTable(two, [['🧑‍💻 Dev', 'space_a']], 60);
      expect(spy).toHaveBeenCalledOnce();
      expect(drawn[0]?.options).toMatchObject({
        colWidths: [6 + 2, 7],
        wordWrap: false,
        chars: { mid: '─', left: '', middle: '', top: '' },
        style: { compact: true },
      });
      // The emoji reached cli-table3 as a stand-in of two cells and came back in its place.
      expect(drawn[0]?.text).not.toContain('🧑‍💻');
      expect(text.split('\n')).toEqual(['TITLE   ID', '─'.repeat(15), '🧑‍💻 Dev  space_a']);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps columns in place after several emoji, a repeated one, a flag and a private use icon', () => {
    const text = renderTable(
      two,
      [
        ['🧑‍💻🇫🇷 Dev 🧑‍💻', 'space_a'],
        ['\ue0a0 branch', 'space_b'],
        ['👩‍👩‍👧‍👦 ❤️ family', 'space_c'],
        ['Plain', 'space_d'],
      ],
      60,
    );
    expect(new Set(idAt(text))).toEqual(new Set([12 + 2]));
    // Every grapheme is back, and no stand-in is left over.
    for (const whole of ['🧑‍💻🇫🇷 Dev 🧑‍💻', '\ue0a0 branch', '👩‍👩‍👧‍👦 ❤️ family']) expect(text).toContain(whole);
    expect(text.replace('\ue0a0', '')).not.toMatch(/\p{Co}/u);
  });

  it('cuts a text column with an emoji by the terminal width, colour around it', () => {
    const columnsWithColour = [
      { ...col('TITLE', { cut: true }), color: (t: string) => `\u001b[1m${t}\u001b[22m` },
      col('ID'),
      col('STATE'),
    ];
    const long = `🧑‍💻 ${'word '.repeat(20)}`;
    const text = renderTable(
      columnsWithColour,
      [
        [long, 'space_a', 'open'],
        ['Short', 'space_b', 'merged'],
      ],
      40,
    );
    const lines = text.split('\n');
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(40);
    expect(lines[2]).toContain('\u001b[1m🧑‍💻 word');
    expect(lines[2]).toContain('…');
    expect(new Set(idAt(text)).size).toBe(1);
  });
});

describe('blocks show nesting (issue 31)', () => {
  it('an indented title becomes a tree mark under its level, not spaces after the key', () => {
    const text = renderBlocks(
      [col('ID'), col('TITLE', { cut: true })],
      [
        ['page_a_long_identifier', 'Guides'],
        ['page_b_long_identifier', '  Install'],
        ['page_c_long_identifier', '    On Windows'],
      ],
      30,
    );
    expect(text.split('\n').filter((line) => line.startsWith('Title'))).toEqual([
      'Title: Guides',
      'Title: └ Install',
      'Title:   └ On Windows',
    ]);
  });
});

describe('truncate', () => {
  it('cuts to the display width with an ellipsis, never inside an emoji', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(truncate('📘📘📘', 5)).toBe('📘📘…');
    expect(displayWidth(truncate('📘📘📘', 4))).toBeLessThanOrEqual(4);
  });
});

describe('layout', () => {
  it('shows every column when they fit, the text columns sharing the room', () => {
    expect(headersAt(160)).toEqual(columns.map((c) => c.header));
  });

  it('drops columns by their declared priority, lowest first, before cutting text below 20', () => {
    expect(headersAt(113)).toEqual(columns.map((c) => c.header));
    expect(headersAt(112)).not.toContain('COMMENTS');
    // The subject at 20 needs AUTHOR out too; OUTDATED outlives AUTHOR and UPDATED.
    expect(headersAt(100)).toEqual(['SPACE', '#', 'SUBJECT', 'STATUS', 'UPDATED (UTC)', 'OUTDATED']);
    expect(headersAt(77)).toEqual(['SPACE', '#', 'SUBJECT', 'STATUS', 'OUTDATED']);
    expect(headersAt(60)).toEqual(['SPACE', '#', 'SUBJECT', 'STATUS']);
  });

  it('turns rows into blocks below the width the always-shown columns need', () => {
    // SPACE 14 + # 2 + SUBJECT 10 + STATUS 17, and three gaps: 49.
    expect(headersAt(49)).toEqual(['SPACE', '#', 'SUBJECT', 'STATUS']);
    expect(headersAt(48)).toBe('blocks');
  });
});

describe('renderTable', () => {
  for (const width of [40, 60, 80, 120]) {
    it(`at ${width} columns: no line wider, ids, numbers, states and dates whole, headers whole`, () => {
      const text = renderTable(columns, rows, width);
      const lines = text.split('\n');
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      for (const whole of ['space_handbook', 'space_guides', '12', 'changes-requested', 'merged'])
        expect(text).toMatch(new RegExp(`(^|\\s)${whole}(\\s|$)`, 'm'));
      expect(text).not.toMatch(/[A-Z]…/);
      if (layout(columns, rows, width).kind === 'table') {
        expect(lines[1]).toMatch(/^─+$/);
        expect(lines).toHaveLength(2 + rows.length);
      }
    });
  }

  it('keeps a date whole or leaves it out, never cut', () => {
    for (let width = 40; width <= 140; width++) {
      const text = renderTable(columns, rows, width);
      expect(text.includes('2026-01-05 10:00') || !text.includes('2026-01')).toBe(true);
    }
  });

  it('prints each row as a block of Key: value lines at a narrow terminal, text cut to the width', () => {
    const text = renderTable(columns, rows, 40);
    const blocks = text.split('\n\n');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]?.split('\n')).toEqual([
      'Space:         space_handbook',
      '#:             12',
      'Subject:       Rewrite the whole onboar…',
      'Status:        changes-requested',
      'Author:        Grace Hopper',
      'Updated (UTC): 2026-01-05 10:00',
      'Comments:      1',
      'Outdated:      no',
    ]);
  });

  it('colours cells after cutting them, and the colour codes take no width', () => {
    const colored = columns.map((c) =>
      c.header === 'STATUS' ? { ...c, color: (t: string) => `\u001b[32m${t}\u001b[0m` } : c,
    );
    const lines = renderTable(colored, rows, 60).split('\n');
    expect(lines[3]).toContain('\u001b[32mmerged');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(60);
  });
});
