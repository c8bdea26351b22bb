/*
 * Issue 24, script author's point 6: a fixture path in code is the calling file's, not the
 * working directory's (a runner started from another folder found `.../test/test/fixtures.json`),
 * and a `file:` URL is taken as it is.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox } from '@docs-api/sandbox';
import { useSandbox } from '@docs-api/sandbox/testing';
import { afterAll, beforeEach } from 'vitest';

describe('fixture paths', () => {
  it('resolves a relative path against the calling file, whatever the working directory', () => {
    expect(process.cwd()).not.toBe(new URL('.', import.meta.url).pathname.replace(/\/$/, ''));
    const sandbox = createSandbox({ fixtures: './fixture-paths/team.fixture.json' });
    expect(sandbox.store.teams.get('team_from_file')).toMatchObject({ title: 'From the file' });
  });

  it('takes a file: URL', () => {
    const sandbox = createSandbox({
      fixtures: new URL('./fixture-paths/team.fixture.json', import.meta.url),
    });
    expect(sandbox.store.teams.has('team_from_file')).toBe(true);
  });

  describe('through useSandbox, whose sandbox is made later from a hook', () => {
    const env = useSandbox({ fixtures: './fixture-paths/team.fixture.json', beforeEach, afterAll });
    it('still reads the path as the calling file’s', () => {
      expect(env.sandbox.store.teams.has('team_from_file')).toBe(true);
    });
  });
});
