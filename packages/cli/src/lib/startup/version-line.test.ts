import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Config } from '@oclif/core';
import { describe, expect, it } from 'vitest';
import { versionLine } from './version-line.js';

describe('versionLine', () => {
  it("is oclif's user agent, the line oclif prints for --version", async () => {
    const pjsonUrl = new URL('../../../package.json', import.meta.url);
    const pjson = JSON.parse(await readFile(pjsonUrl, 'utf8')) as { name: string; version: string };
    const config = await Config.load(fileURLToPath(new URL('.', pjsonUrl)));
    expect(await versionLine(pjson)).toBe(config.userAgent);
  });
});
