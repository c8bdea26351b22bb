import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { annotate, annotationLine, appendStepSummary } from './github-actions.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('GitHub Actions annotations', () => {
  it('writes a workflow command with escaped properties and message', () => {
    expect(
      annotationLine({
        level: 'error',
        file: 'specs/a,b.yaml',
        line: 3,
        col: 5,
        title: 'Invalid: spec',
        message: '50% off\nnext',
      }),
    ).toBe('::error file=specs/a%2Cb.yaml,line=3,col=5,title=Invalid%3A spec::50%25 off%0Anext');
    expect(annotationLine({ level: 'warning', message: 'plain' })).toBe('::warning::plain');
  });

  it('writes nothing outside GitHub Actions; on stdout inside, on stderr with --json', () => {
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    vi.stubEnv('GITHUB_ACTIONS', '');
    annotate([{ level: 'error', message: 'x' }], false);
    expect(stdout).not.toHaveBeenCalled();

    vi.stubEnv('GITHUB_ACTIONS', 'true');
    annotate([{ level: 'error', message: 'x' }], false);
    expect(stdout).toHaveBeenCalledWith('::error::x\n');
    annotate([{ level: 'error', message: 'y' }], true);
    expect(stderr).toHaveBeenCalledWith('::error::y\n');
  });

  it('appends to the job summary file only in GitHub Actions', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'summary-')), 'summary.md');
    vi.stubEnv('GITHUB_STEP_SUMMARY', file);
    vi.stubEnv('GITHUB_ACTIONS', 'true');
    await appendStepSummary('## one');
    await appendStepSummary('two\n');
    expect(await readFile(file, 'utf8')).toBe('## one\ntwo\n');
  });
});
