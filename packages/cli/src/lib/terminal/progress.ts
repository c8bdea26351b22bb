import { Flags } from '../../oclif.js';
import type { Output } from './output.js';

/*
 * Following work the server does in the background (a translation run, the processing of an
 * OpenAPI spec) with --wait: the flags, the progress line on stderr and the durations it shows.
 */

const DEFAULT_INTERVAL = 2;
const DEFAULT_TIMEOUT = 600;

/**
 * `--wait`, `--interval` and `--wait-timeout`. `wait` describes `--wait`; `goesOn` says what
 * happens to the work when `--wait-timeout` passes (`the run goes on`). The wait's bound is not
 * `--timeout`: that global flag bounds each request (lib/transport/client-options.ts).
 */
export function waitFlags(descriptions: { wait: string; goesOn: string }) {
  return {
    wait: Flags.boolean({ char: 'w', description: descriptions.wait }),
    // No oclif defaults here: a default would count as given and trip `dependsOn`.
    interval: Flags.integer({
      description: `With --wait: seconds between two reads (default ${DEFAULT_INTERVAL})`,
      min: 1,
      dependsOn: ['wait'],
    }),
    'wait-timeout': Flags.integer({
      description: `With --wait: seconds to wait in all before giving up; ${descriptions.goesOn} (default ${DEFAULT_TIMEOUT})`,
      min: 1,
      dependsOn: ['wait'],
    }),
  };
}

/** Milliseconds for people, in seconds: `0.8 s`, `2.5 s`, `42 s`, `3 min 5 s`. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '';
  if (ms < 9950) return `${Number((ms / 1000).toFixed(1))} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
}

/** Whole seconds for a live clock: `0 s`, `42 s`, `3 min 5 s`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
}

/** Whether a run's progress line is shown (on the command's output): stderr is a terminal. */
export const runProgress = {
  enabled(): boolean {
    return Boolean(process.stderr.isTTY) && process.env.TERM !== 'dumb';
  },
};

/** What an SDK waiter takes: the reads' spacing and the time limit, and a callback for every read. */
export interface PollOptions<T> {
  interval: number;
  timeout: number;
  onPoll: (read: T) => void;
}

/**
 * Runs an SDK waiter with the `--interval` and `--wait-timeout` given (seconds; defaults when absent).
 * Whenever stderr is a terminal (stdout may be piped), a live line shows the last read as
 * `describe` puts it and the time since the start, ticking every second:
 * `Translating tr_1: running (4 s)`; `during.starting` describes the time before the first read.
 * The line (on `output`, the command's) is cleared at the end. Ctrl-C meanwhile prints
 * `during.onInterrupt` (the terminal's `interruptNote`).
 */
export async function waitWithProgress<T>(
  output: Output,
  flags: { interval?: number | undefined; 'wait-timeout'?: number | undefined },
  describe: (read: T) => string,
  wait: (options: PollOptions<T>) => Promise<T>,
  during: { starting?: string; onInterrupt?: string } = {},
): Promise<T> {
  const showProgress = runProgress.enabled();
  const started = Date.now();
  let current = during.starting ?? 'waiting for the first read';
  output.terminal.interruptNote = during.onInterrupt;
  const draw = () => output.progress(`${current} (${formatElapsed(Date.now() - started)})`);
  const ticker = showProgress ? setInterval(draw, 1000) : undefined;
  ticker?.unref();
  if (showProgress) draw();
  try {
    return await wait({
      interval: (flags.interval ?? DEFAULT_INTERVAL) * 1000,
      timeout: (flags['wait-timeout'] ?? DEFAULT_TIMEOUT) * 1000,
      onPoll: (read) => {
        current = describe(read);
        if (showProgress) draw();
      },
    });
  } finally {
    output.terminal.interruptNote = undefined;
    if (ticker) clearInterval(ticker);
    if (showProgress) output.progress('');
  }
}
