import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distance, suggestCommands } from './command-not-found.js';

// The real command list, as the build wrote it.
const manifest = JSON.parse(readFileSync(new URL('../../oclif.manifest.json', import.meta.url), 'utf8')) as {
  commands: Record<string, { id: string; hidden?: boolean; aliases?: string[] }>;
};
const commands = Object.values(manifest.commands);
const suggest = (typed: string) =>
  suggestCommands(typed.split(' '), commands).map((s) => [...s.command, ...s.args].join(' '));

describe('suggestCommands', () => {
  it('suggests the command meant, keeping the arguments typed after it', () => {
    expect(suggest('cr veiw space_handbook 3')).toEqual(['cr view space_handbook 3']);
    expect(suggest('cr lst')).toEqual(['cr list']);
    expect(suggest('crr list')).toEqual(['cr list']);
    expect(suggest('cr comments lst space_handbook 1')).toEqual(['cr comments list space_handbook 1']);
  });

  it('suggests nothing rather than something unrelated', () => {
    expect(suggest('frobnicate')).toEqual([]);
    expect(suggest('cr xyzzy space_handbook 3')).toEqual([]);
    expect(suggest('cr veiw space_handbook 3')).not.toContain('members spaces');
  });

  it('counts edits', () => {
    expect(distance('lst', 'list')).toBe(1);
    expect(distance('veiw', 'view')).toBe(2);
  });
});
