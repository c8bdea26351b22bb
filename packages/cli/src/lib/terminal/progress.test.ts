import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatElapsed, runProgress, waiting, waitWithProgress } from './progress.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('waitWithProgress', () => {
  it('ticks a live elapsed time every second between reads, and says what Ctrl-C means meanwhile', async () => {
    vi.useFakeTimers();
    vi.spyOn(runProgress, 'enabled').mockReturnValue(true);
    const shown: string[] = [];
    vi.spyOn(runProgress, 'show').mockImplementation((line) => void shown.push(line));
    vi.spyOn(runProgress, 'clear').mockImplementation(() => undefined);
    let finish!: (value: string) => void;
    let poll!: (read: string) => void;
    const done = waitWithProgress<string>(
      {},
      (read) => `Job: ${read}`,
      ({ onPoll }) => {
        poll = onPoll;
        return new Promise((resolve) => (finish = resolve));
      },
      { starting: 'Job', onInterrupt: 'The job goes on: `docs job view 1`.' },
    );
    expect(shown).toEqual(['Job (0 s)']);
    expect(waiting.onInterrupt).toBe('The job goes on: `docs job view 1`.');
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
    expect(waiting.onInterrupt).toBeUndefined();
  });
});

describe('formatElapsed', () => {
  it('counts whole seconds, then minutes', () => {
    expect(formatElapsed(999)).toBe('0 s');
    expect(formatElapsed(42_000)).toBe('42 s');
    expect(formatElapsed(185_000)).toBe('3 min 5 s');
  });
});
