/*
 * A pseudo-terminal harness: the built `docs` runs in a tmux pane of a given size, as a person
 * runs it, against a sandbox on a loopback port, with a throwaway HOME. Tests type keys and read
 * what the screen shows. tmux comes from Debian's packages (`.ci/run` installs it).
 *
 * API (for pty tests, the merge flow's included):
 *
 *   import { describePty, startPty } from './harness.js';
 *
 *   describePty('docs cr list at a terminal', () => {   // describe(), or ONE skip line without tmux
 *     let pty: Pty;
 *     beforeEach(async () => (pty = await startPty({ columns: 60, rows: 30 })));  // sandbox, HOME, tmux
 *     afterEach(() => pty.close());
 *     it('fits 60 columns', async () => {
 *       const run = await pty.docs(['cr', 'list', 'space_handbook']);   // starts `docs` in a pane
 *       await run.waitFor('SUBJECT');                                  // screen text or RegExp, bounded
 *       await run.send('7', 'Enter');                                  // tmux key names or text
 *       expect(await run.exitCode()).toBe(0);                          // waits for the end (bounded)
 *       const screen = await run.screen();                             // capture-pane: lines, no colour
 *     });
 *   });
 *
 * - `startPty({ columns, rows, env, seed })`: a fresh sandbox (`createSandbox`, options passed
 *   on), a temporary HOME (XDG_CONFIG_HOME under it), a private tmux server (its own socket).
 *   `pty.env` is what every `docs` gets: DOCS_API_URL and DOCS_API_TOKEN of the sandbox,
 *   HOME, TERM, PATH; no DOCS_ORG and no CI unless `env` adds them (a person's terminal).
 *   `pty.sandbox` is the sandbox (its store, to arrange or check state); `pty.home` the HOME.
 * - `pty.docs(args, { env })`: runs `node packages/cli/bin/run.js ...args` in a new window of
 *   the pane size (a tmux session of its own); returns a `PtyRun`. Build first (`npm run build`): the built binary runs.
 * - `run.send(...keys)`: each argument is a tmux key (`Enter`, `Up`, `Down`, `C-c`, `Escape`,
 *   `BSpace`) or literal text (sent with `send-keys -l`).
 * - `run.waitFor(text | RegExp, timeoutMs = 10000)`: polls the screen every 50 ms until it
 *   matches; fails with the screen in the message after the timeout. Returns the screen.
 * - `run.screen({ joinWrapped })`: what the run wrote, as text without colour (`capture-pane -p
 *   -S -`: the lines scrolled off the top included), trailing blanks removed. Each run has its
 *   own window, so the text is this run's only. With `joinWrapped`, a line wrapped at the pane's
 *   edge is one line again (`-J`): what checks that nothing was wider than the pane.
 * - `run.exitCode(timeoutMs)`: the command's exit code once it ends (the pane stays, dead, for
 *   `screen()`).
 * - `pty.close()`: kills the tmux server, closes the sandbox, removes HOME.
 *
 * Without tmux the suites are skipped with one line saying so, unless CI is set: in CI a
 * missing tmux fails the run.
 */
import { execFile, execFileSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe } from 'vitest';
import { createSandbox, type RunningSandbox, type Sandbox, type SandboxOptions } from '@docs-api/sandbox';

const exec = promisify(execFile);
const DOCS_BIN = fileURLToPath(new URL('../../packages/cli/bin/run.js', import.meta.url));
const POLL_MS = 50;

function findTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const tmuxAvailable = findTmux();
let skipNoted = false;

/**
 * True for the first test file of this vitest run to ask: the files run in forks of one vitest
 * process, and the first to create a marker named after it says the line; the others stay quiet.
 */
function firstInRun(): boolean {
  try {
    closeSync(openSync(join(tmpdir(), `docs-pty-no-tmux-${process.ppid}`), 'wx'));
    return true;
  } catch {
    return false;
  }
}

/**
 * `describe` when tmux is there. Without it: in CI (CI set and not `0`/`false`) an error, so the
 * run fails; elsewhere the suite is skipped and one line (once per file) says why.
 */
export function describePty(name: string, body: () => void): void {
  if (tmuxAvailable) {
    describe(name, body);
    return;
  }
  const ci = process.env.CI && !/^(0|false)$/i.test(process.env.CI);
  if (ci) throw new Error('tmux is missing: the pseudo-terminal tests need it (apt-get install tmux)');
  if (!skipNoted && firstInRun())
    process.stderr.write('test/pty: tmux not found, pseudo-terminal tests skipped\n');
  skipNoted = true;
  describe.skip(name, body);
}

export interface PtyOptions extends SandboxOptions {
  columns: number;
  rows?: number;
  /** Added to (or, with `undefined`, removed from) every run's environment. */
  env?: Record<string, string | undefined>;
}

export interface PtyRun {
  send(...keys: string[]): Promise<void>;
  waitFor(expected: string | RegExp, timeoutMs?: number): Promise<string>;
  screen(options?: { joinWrapped?: boolean }): Promise<string>;
  exitCode(timeoutMs?: number): Promise<number>;
}

export interface Pty {
  readonly sandbox: Sandbox;
  readonly running: RunningSandbox;
  readonly home: string;
  readonly env: Record<string, string>;
  docs(args: string[], options?: { env?: Record<string, string | undefined> }): Promise<PtyRun>;
  close(): Promise<void>;
}

const quote = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

export async function startPty(options: PtyOptions): Promise<Pty> {
  const { columns, rows = 30, env: extra = {}, ...sandboxOptions } = options;
  const sandbox = createSandbox({ checkResponses: true, ...sandboxOptions });
  const running = await sandbox.listen();
  const home = await mkdtemp(join(tmpdir(), 'docs-pty-'));
  // The server's socket inside the throwaway HOME: removed with it, never shared with another run.
  const socket = join(home, 'tmux.sock');
  const tmux = (...args: string[]) => exec('tmux', ['-S', socket, '-f', '/dev/null', ...args]);
  const base: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    DOCS_API_URL: running.url,
    DOCS_API_TOKEN: running.token,
    ...extra,
  };
  const env = Object.fromEntries(
    Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  // One server per harness; a first, idle session keeps it up between runs.
  await tmux('new-session', '-d', '-s', 'idle', '-x', String(columns), '-y', String(rows), 'sleep 3600');
  // A pane is kept after its program ends, for the screen and the exit status.
  await tmux('set-option', '-g', 'remain-on-exit', 'on');
  let windows = 0;

  const docs: Pty['docs'] = async (args, runOptions = {}) => {
    const target = `run${windows++}`;
    const runEnv = { ...env, ...runOptions.env };
    const assignments = Object.entries(runEnv)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]) => `${key}=${quote(value)}`);
    // `env -i`: the test runner's own environment (CI, DOCS_*) never leaks into the person's terminal.
    const command = [
      'env',
      '-i',
      ...assignments,
      quote(process.execPath),
      quote(DOCS_BIN),
      ...args.map(quote),
    ];
    // The exit status goes to a file: tmux may see the pane close before it has the status. The
    // shell survives Ctrl-C (`trap true INT`) to write it; `docs` gets SIGINT as a person's would.
    const statusFile = join(home, `.status-${target}`);
    const script = `trap true INT; ${command.join(' ')}; echo $? > ${quote(statusFile)}`;
    // A session per run, created at the pane's size: a program reads the width once, at start.
    await tmux('new-session', '-d', '-s', target, '-x', String(columns), '-y', String(rows), script);
    const pane = target;
    // Everything the run wrote, scrolled-off lines included (the line tmux adds when the program
    // ends scrolls the pane by one), without that line and the blank lines at the end.
    // `joinWrapped`: a line the terminal wrapped at the pane's edge comes back as the one line
    // the program wrote (`-J`), so a test can see that it was wider than the pane.
    const screen = async ({ joinWrapped = false } = {}) =>
      (await tmux('capture-pane', '-p', ...(joinWrapped ? ['-J'] : []), '-S', '-', '-t', pane)).stdout
        .replace(/^Pane is dead.*$/m, '')
        .replace(/[ \t]+$/gm, '')
        .replace(/\s+$/, '');
    const waitUntil = async <T>(read: () => Promise<T | undefined>, what: string, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await read();
        if (value !== undefined) return value;
        if (Date.now() > deadline)
          throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}. Screen:\n${await screen()}`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    return {
      screen,
      async send(...keys) {
        for (const key of keys) {
          const named = /^(Enter|Escape|Tab|BSpace|Up|Down|Left|Right|Space|[CM]-.)$/.test(key);
          await tmux('send-keys', '-t', pane, ...(named ? [key] : ['-l', key]));
        }
      },
      waitFor(expected, timeoutMs = 10_000) {
        return waitUntil(
          async () => {
            const text = await screen();
            const found = typeof expected === 'string' ? text.includes(expected) : expected.test(text);
            return found ? text : undefined;
          },
          String(expected),
          timeoutMs,
        );
      },
      exitCode(timeoutMs = 15_000) {
        return waitUntil(
          async () => {
            const text = await readFile(statusFile, 'utf8').catch(() => '');
            return /^\d+\n$/.test(text) ? Number(text) : undefined;
          },
          `the end of docs ${args.join(' ')}`,
          timeoutMs,
        );
      },
    };
  };

  const close = async () => {
    await tmux('kill-server').catch(() => undefined);
    await running.close();
    await rm(home, { recursive: true, force: true });
  };
  return { sandbox, running, home, env, docs, close };
}
