import { describe, expect, it } from 'vitest';
import { selectFields, takeJsonFields } from './json-fields.js';

const flags = { status: { type: 'option' }, limit: { type: 'option', char: 'L' }, all: { type: 'boolean' } };

describe('takeJsonFields (gh --json field,field)', () => {
  it('takes a list after --json or after --json=', () => {
    expect(takeJsonFields(['space_a', '--json', 'number,subject'], flags, 1)).toEqual({
      argv: ['space_a', '--json'],
      fields: ['number', 'subject'],
    });
    expect(takeJsonFields(['--json=number,subject', 'space_a'], flags, 1)).toEqual({
      argv: ['--json', 'space_a'],
      fields: ['number', 'subject'],
    });
  });

  it('keeps --json alone, and a word after it that is a missing argument', () => {
    expect(takeJsonFields(['space_a', '--json'], flags, 1).fields).toBeUndefined();
    expect(takeJsonFields(['--json', 'space_a'], flags, 1)).toEqual({
      argv: ['--json', 'space_a'],
      fields: undefined,
    });
    // The flag's value is not an argument: `space_a` still is the word after --json.
    expect(takeJsonFields(['--status', 'open', '--json', 'space_a'], flags, 1).fields).toBeUndefined();
    expect(takeJsonFields(['space_a', '--json', 'number'], flags, 1).fields).toEqual(['number']);
    expect(takeJsonFields(['space_a', '-L', '5', '--json', 'number'], flags, 1).fields).toEqual(['number']);
    expect(takeJsonFields(['--json', '--all'], flags, 1).fields).toBeUndefined();
  });

  it('refuses --json= with something that is not a list of fields', () => {
    expect(() => takeJsonFields(['--json=a b'], flags, 0)).toThrow('comma-separated list of fields');
  });
});

describe('selectFields', () => {
  const rows = [
    { number: 1, subject: 'A', createdBy: { id: 'u1' }, status: 'open' },
    { number: 2, subject: 'B', createdBy: { id: 'u2' }, status: 'merged' },
  ];
  it('keeps those fields of each object, in their order, nested ones by path', () => {
    expect(selectFields(rows, ['subject', 'number'])).toEqual([
      { subject: 'A', number: 1 },
      { subject: 'B', number: 2 },
    ]);
    expect(selectFields(rows[0], ['createdBy.id'])).toEqual({ 'createdBy.id': 'u1' });
  });
  it('an unknown field lists the fields of the objects', () => {
    expect(() => selectFields(rows, ['numbr'])).toThrow(
      'Unknown JSON field: "numbr". This command\'s fields: createdBy, number, status, subject.',
    );
  });
});
