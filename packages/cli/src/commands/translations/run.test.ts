import { describe, expect, it, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { prompts } from '../../lib/terminal/prompts.js';
import { runProgress } from '../../lib/terminal/progress.js';
import GlossaryView from './glossary/view.js';
import TranslationsDelete from './delete.js';
import TranslationsRun from './run.js';

/* The translations commands at a terminal: pickers, the run progress line and the delete confirmation. */

const cli = useInProcessCli();

/** What the progress line writes to go back to the start of the line and clear it. */
const CLEAR_LINE = '\r\u001b[K';

describe('docs translations run at a terminal', () => {
  it('picks the translation from a list and shows the run progress on one rewritten stderr line', async () => {
    vi.spyOn(runProgress, 'enabled').mockReturnValue(true);
    const select = vi.spyOn(prompts, 'select').mockResolvedValue('tr_handbook_fr');

    const result = await cli.run(TranslationsRun, ['--wait', '--interval', '1']);

    expect(result.code).toBe(0);
    expect(select.mock.calls[0]?.[0]).toBe('Translation');
    expect(select.mock.calls[0]?.[1]).toEqual([
      {
        name: 'space_handbook en → fr (tr_handbook_fr)',
        value: 'tr_handbook_fr',
        description: 'completed, 1 run',
      },
      { name: 'space_legal en → de (tr_legal_de)', value: 'tr_legal_de', description: 'pending, 0 runs' },
    ]);
    // A live line from the start, rewritten at each read and each second, cleared before the outcome.
    const parts = result.stderr.split(CLEAR_LINE);
    expect(parts[0]).toBe('');
    expect(parts[1]).toBe('Translating tr_handbook_fr (0 s)');
    expect(parts).toContainEqual(expect.stringMatching(/^Translating tr_handbook_fr: running \(0 s\)$/));
    expect(parts).toContainEqual(expect.stringMatching(/^Translating tr_handbook_fr: completed \(1 s\)$/));
    expect(parts.at(-1)).toContain('Run of tr_handbook_fr completed: 5 pages');
    expect(result.stdout).not.toContain('Translating');
    expect(result.stdout).toMatch(/Runs:\s+2/);
  });

  it('follows a run already under way (HTTP 409) with --wait instead of failing', async () => {
    vi.spyOn(runProgress, 'enabled').mockReturnValue(false);
    const first = await cli.run(TranslationsRun, ['tr_legal_de']);
    expect(first.code).toBe(0);
    const again = await cli.run(TranslationsRun, ['tr_legal_de']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('docs translations run tr_legal_de --wait --org org_acme');
    const followed = await cli.run(TranslationsRun, ['tr_legal_de', '--wait', '--interval', '1']);
    expect(followed.code, followed.stderr).toBe(0);
    expect(followed.stderr).toContain('under way already: following it');
    expect(followed.stderr).toContain('Run of tr_legal_de');
  });

  it('shows no progress line when stderr is not a terminal', async () => {
    vi.spyOn(runProgress, 'enabled').mockReturnValue(false);

    const result = await cli.run(TranslationsRun, ['tr_handbook_fr', '--wait', '--interval', '1']);

    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('Translating');
    expect(result.stderr).not.toContain('\r');
  });

  it('exits 1 when the run ends failed, showing the translation on stderr', async () => {
    vi.spyOn(runProgress, 'enabled').mockReturnValue(false);
    // The published document has no failure status: the sandbox sends one only when a test asks.
    const row = cli.sandbox.store.translations.get('tr_legal_de');
    if (!row) throw new Error('seed has no tr_legal_de');
    row.failRuns = true;

    const result = await cli.run(TranslationsRun, ['tr_legal_de', '--wait', '--interval', '1']);

    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Status:\s+failed/);
    expect(result.stderr).toContain('The run of translation tr_legal_de ended failed.');
    expect(result.stdout).toBe('');
  });
});

describe('docs translations delete at a terminal', () => {
  it('asks before deleting and keeps the translation on "no"', async () => {
    const confirm = vi.spyOn(prompts, 'confirm').mockResolvedValue(false);

    const result = await cli.run(TranslationsDelete, ['tr_legal_de']);

    expect(result.code).toBe(2);
    expect(confirm).toHaveBeenCalledWith('Delete translation tr_legal_de?');
    expect(cli.sandbox.store.translations.has('tr_legal_de')).toBe(true);
    expect(cli.sandbox.requests.get('translations.delete')).toBeUndefined();
  });

  it('deletes on "yes"', async () => {
    vi.spyOn(prompts, 'confirm').mockResolvedValue(true);

    const result = await cli.run(TranslationsDelete, ['tr_legal_de']);

    expect(result.code).toBe(0);
    expect(cli.sandbox.store.translations.has('tr_legal_de')).toBe(false);
  });
});

describe('docs translations glossary view at a terminal', () => {
  it('picks the entry from a list showing its terms', async () => {
    const select = vi.spyOn(prompts, 'select').mockResolvedValue('gl_handbook');

    const result = await cli.run(GlossaryView, []);

    expect(result.code).toBe(0);
    expect(select.mock.calls[0]?.[1]).toContainEqual({
      name: 'en: handbook, fr: manuel, de: Handbuch (gl_handbook)',
      value: 'gl_handbook',
    });
    expect(result.stdout).toMatch(/^de:\s+Handbuch$/m);
  });
});
