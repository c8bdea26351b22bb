import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Every scratch directory of a test run lives in one directory made for the run and removed at
 * its end: tests (and the CLI, tmux, workerd and Chromium they start) take their temporary
 * directories from os.tmpdir(), which reads TMPDIR, and the workers inherit it from here.
 */
export default function setup(): () => void {
  const runDir = mkdtempSync(join(tmpdir(), 'docs-api-tests-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  };
}
