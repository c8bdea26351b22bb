import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { useInProcessCli } from '../../../test-support/run-command.js';
import { terminal } from '../../lib/terminal/terminal.js';
import CrDiff, { type CrDiffOutput } from './diff.js';

/* `docs cr diff` in-process against a sandbox: page diffs between a request and its base. */

const cli = useInProcessCli();
const diff = (argv: string[]) => cli.run(CrDiff, argv);

describe('docs cr diff', () => {
  it('prints a plain unified diff of each changed page when piped', async () => {
    cli.canPrompt.mockReturnValue(false);

    const result = await diff(['space_handbook', '1']);

    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('\u001b[');
    expect(result.stdout).toContain(
      [
        'diff --git a/getting-started.md b/getting-started.md',
        '--- a/getting-started.md',
        '+++ b/getting-started.md',
        '@@ -4,6 +4,8 @@',
      ].join('\n'),
    );
    expect(result.stdout).toContain(
      '+* [Command-line interface](getting-started/cli.md)\n+* [CLI reference](/pages/page_cli_reference)\n',
    );
    // A created page is diffed against nothing.
    expect(result.stdout).toContain(
      '--- /dev/null\n+++ b/getting-started/cli.md\n@@ -0,0 +1,5 @@\n+# Command-line interface\n',
    );
    // The change list goes to stderr, the diff alone to stdout.
    expect(result.stderr).toContain('Change request #1: 2 changes against rev_handbook_2');
    expect(result.stderr).toContain('+ page  getting-started/cli (Command-line interface)');
    // The base page was read at the revision the request was last updated from.
    expect(cli.sandbox.hits.get('revisions.getPage')).toBe(1);
  });

  it('colours removed and added lines at a terminal, and not under NO_COLOR', async () => {
    // A real terminal on stdout (colour is not given to DOCS_FORCE_TTY's pretend one).
    const wasTTY = process.stdout.isTTY;
    process.stdout.isTTY = true;
    onTestFinished(() => {
      process.stdout.isTTY = wasTTY;
    });
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(true);
    vi.stubEnv('NO_COLOR', undefined);
    vi.stubEnv('TERM', 'xterm-256color');
    // Printed directly: the pager is `cat`.
    vi.stubEnv('DOCS_PAGER', 'cat');
    const coloured = await diff(['space_guides', '1']);
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain('\u001b[31m-Step-by-step guides for the Acme platform.\u001b[0m');
    expect(coloured.stdout).toContain(
      '\u001b[32m+Guides that walk you through the Acme platform, one step at a time.\u001b[0m',
    );
    expect(coloured.stdout).toContain('\u001b[36m@@ -1,3 +1,3 @@\u001b[0m');

    vi.stubEnv('NO_COLOR', '1');
    const plain = await diff(['space_guides', '1']);
    expect(plain.stdout).not.toContain('\u001b[');
    expect(plain.stdout).toContain('-Step-by-step guides for the Acme platform.\n');
  });

  it('at a terminal the summary goes through the pager with the diff, not before it on stderr (issue 31)', async () => {
    const wasTTY = process.stdout.isTTY;
    process.stdout.isTTY = true;
    onTestFinished(() => {
      process.stdout.isTTY = wasTTY;
    });
    const paged: string[] = [];
    const context = cli.newContext();
    vi.spyOn(context.output, 'page').mockImplementation((text) => {
      paged.push(text);
      return Promise.resolve();
    });
    const result = await cli.run(CrDiff, ['space_handbook', '1'], context);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('Change request #1: 2 changes');
    expect(paged).toHaveLength(1);
    const lines = (paged[0] ?? '').split('\n');
    expect(lines[0]).toBe('Change request #1: 2 changes against rev_handbook_2');
    expect(paged[0]).toContain('+ page  getting-started/cli (Command-line interface)');
    expect(paged[0]).toContain('diff --git a/getting-started.md b/getting-started.md');
  });

  it('prints only the names with --name-only', async () => {
    const result = await diff(['space_guides', '2', '--name-only']);
    expect(result.code).toBe(0);
    // The names the diff gives its files: `diff --git a/welcome.md b/welcome.md`.
    expect(result.stdout).toBe('welcome.md\nquick-start.md\n');
    expect(cli.sandbox.hits.get('revisions.getPage')).toBeUndefined();
    const full = await diff(['space_guides', '2']);
    expect(full.stdout).toContain('diff --git a/welcome.md b/welcome.md');
  });

  it('goes through the pager at a terminal, and never when piped', async () => {
    const wasTTY = process.stdout.isTTY;
    process.stdout.isTTY = true;
    onTestFinished(() => {
      process.stdout.isTTY = wasTTY;
    });
    vi.spyOn(terminal, 'stdoutIsTTY').mockReturnValue(true);
    const context = cli.newContext();
    const page = vi.spyOn(context.output, 'page').mockResolvedValue();
    const paged = await cli.run(CrDiff, ['space_guides', '2'], context);
    expect(paged.code).toBe(0);
    expect(page).toHaveBeenCalledOnce();
    expect(page.mock.calls[0]?.[0]).toContain('diff --git a/welcome.md b/welcome.md');

    // Piped: output.page prints as is (no pager is started for a pipe).
    page.mockRestore();
    process.stdout.isTTY = false;
    vi.stubEnv('DOCS_PAGER', 'false');
    const piped = await diff(['space_guides', '2']);
    expect(piped.stdout).toContain('diff --git a/welcome.md b/welcome.md');
  });

  it('prints the changes, the markdown before and after and the patches with --json', async () => {
    const result = await diff(['space_guides', '2', '--json']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as CrDiffOutput;
    expect(printed).toMatchObject({ space: 'space_guides', changeRequest: 2, base: 'rev_guides_2', more: 0 });
    expect(printed.changes).toHaveLength(2);
    const [welcome, quickstart] = printed.pages;
    expect(welcome).toMatchObject({ id: 'page_guides_welcome', path: 'welcome', changes: ['page_edited'] });
    expect(welcome?.before).toContain('checked every release.');
    expect(welcome?.after).toContain('New here? Start with the [Quick start](quick-start.md).');
    expect(welcome?.patch).toContain('+New here? Start with the [Quick start](quick-start.md).');
    expect(quickstart).toMatchObject({
      id: 'page_guides_quickstart',
      before: null,
      changes: ['page_created'],
    });
    expect(result.stderr).toBe('');
  });

  it('needs the space and the request in a pipeline', async () => {
    cli.canPrompt.mockReturnValue(false);
    const result = await diff(['space_guides']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Missing the change request number or id');
    expect(cli.totalRequests()).toBe(0);
  });
});
