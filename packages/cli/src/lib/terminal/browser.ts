import { spawn } from 'node:child_process';
import type { Terminal } from './terminal.js';

/*
 * Opening a page in the person's browser (`--web`), as gh does: the browser chosen by
 * DOCS_BROWSER, `docs config set browser` or $BROWSER, else the system's opener (open, xdg-open,
 * start). Where none can open (no display, the command missing), the caller prints the URL.
 */

/** A command line split into words, quotes kept together ("code --wait", 'my browser'). */
export function commandWords(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

export const browser = {
  /** Opens `url` in `terminal`'s browser; false when none can be opened here. Tests replace this. */
  open(url: string, terminal: Terminal): Promise<boolean> {
    const chosen = terminal.browser();
    let words: string[];
    if (chosen) words = [...commandWords(chosen), url];
    else if (process.platform === 'darwin') words = ['open', url];
    else if (process.platform === 'win32') words = ['cmd', '/c', 'start', '""', url];
    else if (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) words = ['xdg-open', url];
    // A Linux terminal without a display (ssh, a container): nothing can show a page.
    else return Promise.resolve(false);
    const [file = '', ...args] = words;
    return new Promise((resolve) => {
      const child = spawn(file, args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    });
  },
};
