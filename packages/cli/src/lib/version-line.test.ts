import { fileURLToPath } from 'node:url';
import { Config } from '@oclif/core';
import { describe, expect, it } from 'vitest';
import { asksForVersion, versionLine } from './version-line.js';

describe('versionLine', () => {
  it("is oclif's user agent, the line oclif prints for --version", async () => {
    const config = await Config.load(fileURLToPath(new URL('../..', import.meta.url)));
    expect(await versionLine()).toBe(config.userAgent);
  });

  it('is asked for by --version first only, as oclif reads it', () => {
    expect(asksForVersion(['--version'])).toBe(true);
    expect(asksForVersion(['sites', '--version'])).toBe(false);
    expect(asksForVersion([])).toBe(false);
  });
});
