import { describe, expect, it } from 'vitest';
import { columnWidths, displayWidth, renderTable, truncate, type TableColumn } from './table.js';

const col = (header: string, fixed = false, secondary = false): TableColumn => ({ header, fixed, secondary });

const columns = [
  col('#', true),
  col('SUBJECT'),
  col('STATUS', true),
  col('AUTHOR'),
  col('UPDATED', true),
  col('COMMENTS', true, true),
  col('OUTDATED', true, true),
];
const rows = [
  [
    '12',
    'Rewrite the whole onboarding guide for the new billing flow and the API changes',
    'open',
    'Grace Hopper',
    '2026-01-05 10:00',
    '1',
    'no',
  ],
  ['3', 'Fix typo', 'merged', 'Linus Torvalds', '2026-01-04 09:30', '12', 'yes'],
];

describe('truncate', () => {
  it('cuts to the display width with an ellipsis, never inside an emoji', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(truncate('📘📘📘', 5)).toBe('📘📘…');
    expect(displayWidth(truncate('📘📘📘', 4))).toBeLessThanOrEqual(4);
  });
});

describe('columnWidths', () => {
  it('keeps fixed columns whole and gives the rest to text columns', () => {
    const widths = columnWidths(columns, rows, 120);
    expect(widths[0]).toBe(2);
    expect(widths[4]).toBe(16);
    expect(widths.reduce((a, b) => a + b, 0) + 2 * (columns.length - 1)).toBeLessThanOrEqual(120);
  });
});

describe('renderTable', () => {
  for (const width of [60, 80, 120]) {
    it(`fits ${width} columns: a header, a rule, one line per row, ids whole`, () => {
      const lines = renderTable(columns, rows, width).split('\n');
      expect(lines).toHaveLength(2 + rows.length);
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      expect(lines[1]).toMatch(/^─+$/);
      expect(lines[0]).toMatch(/^#\s+SUBJECT/);
      expect(lines[2]).toMatch(/^12 /);
      expect(lines[3]).toMatch(/^3 /);
      expect(lines[2]).toContain('2026-01-05 10:00');
      expect(lines[2]).toContain('…');
    });
  }

  it('leaves secondary columns out before cutting text to a stub', () => {
    const narrow = renderTable(columns, rows, 60).split('\n');
    expect(narrow[0]).not.toContain('OUTDATED');
    const wide = renderTable(columns, rows, 120).split('\n');
    expect(wide[0]).toContain('OUTDATED');
    expect(wide[0]).toContain('COMMENTS');
  });

  it('colours cells after cutting them, and the colour codes take no width', () => {
    const colored = columns.map((c) =>
      c.header === 'STATUS' ? { ...c, color: (t: string) => `\u001b[32m${t}\u001b[0m` } : c,
    );
    const lines = renderTable(colored, rows, 60).split('\n');
    expect(lines[2]).toContain('\u001b[32mopen');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(60);
  });
});
