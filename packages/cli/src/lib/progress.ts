import { Flags } from '../oclif.js';
import { output } from './output.js';

/*
 * Following work the server does in the background (a translation run, the processing of an
 * OpenAPI spec) with --wait: the flags, the progress line on stderr and the durations it shows.
 */

const DEFAULT_INTERVAL = 2;
const DEFAULT_TIMEOUT = 600;

/**
 * `--wait`, `--interval` and `--timeout`. `wait` describes `--wait`; `goesOn` says what happens
 * to the work when `--timeout` passes (`the run goes on`).
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
    timeout: Flags.integer({
      description: `With --wait: seconds to wait before giving up; ${descriptions.goesOn} (default ${DEFAULT_TIMEOUT})`,
      min: 1,
      dependsOn: ['wait'],
    }),
  };
}

/** Milliseconds for people: `850 ms`, `42 s`, `3 min 5 s`. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '';
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
}

/** The progress of a run, one rewritten line on stderr; shown only when stderr is a terminal. */
export const runProgress = {
  enabled(): boolean {
    return Boolean(process.stderr.isTTY) && process.env.TERM !== 'dumb';
  },
  show(line: string): void {
    output.progress(line);
  },
  clear(): void {
    output.progress('');
  },
};

/** What an SDK waiter takes: the reads' spacing and the time limit, and a callback for every read. */
export interface PollOptions<T> {
  interval: number;
  timeout: number;
  onPoll: (read: T) => void;
}

/**
 * Runs an SDK waiter with the `--interval` and `--timeout` given (seconds; defaults when absent).
 * At a terminal every read is shown on the progress line as `describe` puts it, followed by the
 * time since the start: `Translating tr_1: running (4 s)`; the line is cleared at the end.
 */
export async function waitWithProgress<T>(
  flags: { interval?: number | undefined; timeout?: number | undefined },
  describe: (read: T) => string,
  wait: (options: PollOptions<T>) => Promise<T>,
): Promise<T> {
  const showProgress = runProgress.enabled();
  const started = Date.now();
  try {
    return await wait({
      interval: (flags.interval ?? DEFAULT_INTERVAL) * 1000,
      timeout: (flags.timeout ?? DEFAULT_TIMEOUT) * 1000,
      onPoll: (read) => {
        if (showProgress) runProgress.show(`${describe(read)} (${formatDuration(Date.now() - started)})`);
      },
    });
  } finally {
    if (showProgress) runProgress.clear();
  }
}
