import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutput } from './output.js';
import { formatElapsed, runProgress, waitWithProgress } from './progress.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('waitWithProgress', () => {
  it('ticks a live elapsed time every second between reads, and says what Ctrl-C means meanwhile', async () => {
    vi.useFakeTimers();
    vi.spyOn(runProgress, 'enabled').mockReturnValue(true);
    const shown: string[] = [];
    const output = createOutput();
    vi.spyOn(output, 'progress').mockImplementation((line) => void (line && shown.push(line)));
    let finish!: (value: string) => void;
    let poll!: (read: string) => void;
    const done = waitWithProgress<string>(
      output,
      {},
      (read) => `Job: ${read}`,
      ({ onPoll }) => {
        poll = onPoll;
        return new Promise((resolve) => (finish = resolve));
      },
      { starting: 'Job', onInterrupt: 'The job goes on: `docs job view 1`.' },
    );
    expect(shown).toEqual(['Job (0 s)']);
    expect(output.terminal.interruptNote).toBe('The job goes on: `docs job view 1`.');
    poll('running');
    await vi.advanceTimersByTimeAsync(3000);
    expect(shown.slice(1)).toEqual([
      'Job: running (0 s)',
      'Job: running (1 s)',
      'Job: running (2 s)',
      'Job: running (3 s)',
    ]);
    finish('done');
    await expect(done).resolves.toBe('done');
    expect(output.terminal.interruptNote).toBeUndefined();
  });
});

describe('formatElapsed', () => {
  it('counts whole seconds, then minutes', () => {
    expect(formatElapsed(999)).toBe('0 s');
    expect(formatElapsed(42_000)).toBe('42 s');
    expect(formatElapsed(185_000)).toBe('3 min 5 s');
  });
});
