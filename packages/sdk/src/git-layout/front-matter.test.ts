import { describe, expect, it } from 'vitest';
import { parsePageFile, renderFrontMatter, renderPageFile } from './page-file.js';

/*
 * Front matter as the service's Git Sync writes it (js-yaml's dump), taken from real Git-Synced
 * files: a file pulled from a space it was imported into comes back byte for byte.
 */

describe('front matter in the service form', () => {
  it('folds a description longer than the line under >-, as aviator-co/gitbook-docs has it', () => {
    // aviator-cli/configuration.md (MIT), as Git Sync last wrote it.
    const file = [
      '---',
      'description: >-',
      "  Read documentation to configure Aviator's StackedPRs CLI, also known as av",
      '  CLI.',
      '---',
      '',
      '# Configuration',
      '',
      'Text.',
      '',
    ].join('\n');
    expect(renderPageFile(parsePageFile(file))).toBe(file);
  });

  it('keeps a description of 78 characters on its line, and folds one of 79', () => {
    const short = 'x'.repeat(40) + ' ' + 'y'.repeat(37);
    expect(renderFrontMatter(short)).toBe(`---\ndescription: ${short}\n---\n\n`);
    const long = `${short}y`;
    expect(renderFrontMatter(long)).toBe(
      `---\ndescription: >-\n  ${'x'.repeat(40)}\n  ${'y'.repeat(38)}\n---\n\n`,
    );
  });

  it('double-quotes a string with a no-break space on one line, with js-yaml escape', () => {
    const description = `Import content from your previous provider —\u00a0or from GitHub —\u00a0using Git Sync in the app`;
    expect(renderFrontMatter(description)).toBe(
      '---\ndescription: "Import content from your previous provider —\\_or from GitHub —\\_using Git Sync in the app"\n---\n\n',
    );
    expect(parsePageFile(`${renderFrontMatter(description)}# T\n`).description).toBe(description);
  });

  it('single-quotes a string that needs quotes, and folds nested options by their indentation', () => {
    const text = renderFrontMatter('Spark: How To Guides', {
      layout: { note: 'n '.repeat(45).trim() },
    });
    expect(text).toBe(
      [
        '---',
        "description: 'Spark: How To Guides'",
        'layout:',
        '  note: >-',
        `    ${'n '.repeat(38).trim()}`,
        `    ${'n '.repeat(7).trim()}`,
        '---',
        '',
        '',
      ].join('\n'),
    );
  });
});
