/*
 * A real Git-Synced repository (test/fixtures/git-sync/aviator: pages of aviator-co/gitbook-docs,
 * MIT, see its ATTRIBUTION.md) through the built `docs` against a sandbox: imported into a fresh
 * space by Git Sync (a `file:` URL) and pulled back, its SUMMARY.md and its pages come back as
 * the repository has them; the folder just pulled, pushed again, sends nothing and exits 0;
 * pushed to another fresh space, every entry is applied or named as not applied, and the exit
 * status says which.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { json, ok, useE2e } from './harness.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/git-sync/aviator', import.meta.url));
// The images the pages show, under their names (spaces, and U+202F before PM).
const IMAGES = [
  'A_Illustration.svg',
  'Screen Shot 2023-04-19 at 10.42.00 AM.png',
  'Screen Shot 2023-04-19 at 10.44.00 AM.png',
  'Screenshot 2025-09-21 at 9.55.08\u202fPM.png',
];
// Files the repository ends with a blank line, or holds a run of blank lines in: the service's
// normalization keeps one (docs/docs-as-code.md, "Round trip").
const BLANK_LINE_RUNS = ['runbooks/concepts/runbook-format.md', 'manage/faqs/billing.md'];

const e2e = useE2e();

function filesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

function makeRepo(): string {
  const repo = mkdtempSync(join(tmpdir(), 'git-sync-real-'));
  cpSync(FIXTURE, repo, { recursive: true });
  mkdirSync(join(repo, '.gitbook/assets'), { recursive: true });
  IMAGES.forEach((name, index) =>
    writeFileSync(join(repo, '.gitbook/assets', name), Buffer.alloc(64 + index, index)),
  );
  return repo;
}

async function newSpace(title: string): Promise<string> {
  return json<{ id: string }>(ok(await e2e.run('spaces', 'create', '--title', title, '--json'))).id;
}

/** Imports `repo` into `space` by Git Sync (a `file:` URL) and waits for the import to end. */
async function importByGitSync(space: string, repo: string): Promise<void> {
  ok(
    await e2e.run(
      'spaces',
      'git',
      'import',
      space,
      '--url',
      pathToFileURL(repo).href,
      '--ref',
      'refs/heads/main',
      '--wait',
      '--interval',
      '1',
    ),
  );
}

const oneBlankLine = (text: string) => text.replace(/\n{3,}/g, '\n\n').replace(/\n+$/, '\n');

describe('a real Git-Synced repository (aviator-co/gitbook-docs, trimmed)', () => {
  it('imported by Git Sync and pulled back: the same SUMMARY.md and pages; pushed again: nothing sent, exit 0', async () => {
    const repo = makeRepo();
    const space = await newSpace('Aviator');
    await importByGitSync(space, repo);
    const out = mkdtempSync(join(tmpdir(), 'git-sync-real-pulled-'));
    ok(await e2e.run('pull', space, out));

    expect(readFileSync(join(out, 'SUMMARY.md'), 'utf8')).toBe(
      readFileSync(join(repo, 'SUMMARY.md'), 'utf8'),
    );
    const kept = filesOf(repo).filter((file) => !['SUMMARY.md', 'LICENSE', 'ATTRIBUTION.md'].includes(file));
    expect(kept.length).toBe(8 + IMAGES.length);
    const differ = kept.filter((file) => {
      const want = readFileSync(join(repo, file));
      let got: Buffer;
      try {
        got = readFileSync(join(out, file));
      } catch {
        return true;
      }
      if (BLANK_LINE_RUNS.includes(file))
        return oneBlankLine(got.toString()) !== oneBlankLine(want.toString());
      return !got.equals(want);
    });
    expect(differ).toEqual([]);
    // The two files with blank-line runs are the only ones not byte for byte.
    expect(
      kept.filter((file) => !readFileSync(join(out, file)).equals(readFileSync(join(repo, file)))),
    ).toEqual(BLANK_LINE_RUNS.slice().sort());

    const again = ok(await e2e.run('push', space, out, '--yes', '--json'));
    const pushed = json<{ changeRequest: unknown; changes: unknown[]; notApplied: unknown[] }>(again);
    expect(pushed).toMatchObject({ changeRequest: null, changes: [], notApplied: [] });
  });

  it('pushed to a fresh space: every entry applied or named, exit 5 for the group the API cannot create', async () => {
    const repo = makeRepo();
    const space = await newSpace('Aviator push');
    const result = await e2e.run('push', space, repo, '--merge', '--yes', '--json');
    expect(result.code).toBe(5);
    const pushed = json<{
      complete: boolean;
      entries: { entry: string; status: string }[];
      notApplied: { file: string; what: string; message: string }[];
    }>(result);
    // Every entry is a line: 8 pages, 4 images and the group; the group and its 3 pages are not
    // applied (the API cannot create a group), each with the way out.
    expect(pushed.complete).toBe(false);
    expect(pushed.entries).toHaveLength(13);
    expect(pushed.notApplied.map((item) => item.file).sort()).toEqual([
      'manage/',
      'manage/faqs/README.md',
      'manage/faqs/billing.md',
      'manage/faqs/mergequeue.md',
    ]);
    for (const item of pushed.notApplied) expect(item.message).toMatch(/create the group in the app/);
    const applied = pushed.entries.filter((entry) => entry.status === 'applied').map((entry) => entry.entry);
    // 5 pages and the 4 images.
    expect(applied).toHaveLength(9);
    expect(
      pushed.entries.every((entry) => ['applied', 'unchanged', 'not applied'].includes(entry.status)),
    ).toBe(true);

    const out = mkdtempSync(join(tmpdir(), 'git-sync-real-pushed-'));
    ok(await e2e.run('pull', space, out));
    const pulled = filesOf(out);
    for (const file of [
      'README.md',
      // A pull into a new folder places pages by their slugs (docs/docs-as-code.md).
      'pre-queue-conditions.md',
      ...IMAGES.map((name) => `.gitbook/assets/${name}`),
    ])
      expect(pulled).toContain(file);
    // A page whose heading is not its SUMMARY.md title keeps both: the title (the service takes
    // a document's leading heading for its title unless its front matter names one) and the
    // heading, its body's first block.
    const summary = readFileSync(join(out, 'SUMMARY.md'), 'utf8');
    const setUp = /\* \[How to Set Up Pre-Queue Conditions\]\(([^)]+)\)/.exec(summary)?.[1];
    expect(setUp, summary).toBeDefined();
    // (Its links differ from the repository's: a pull into a new folder places it by its slug.)
    expect(readFileSync(join(out, setUp ?? ''), 'utf8')).toMatch(
      /^---\n[\s\S]*?\n---\n\n# Set up Pre-Queue Conditions\n\nThis guide describes/,
    );
    const again = ok(await e2e.run('push', space, out, '--yes', '--json'));
    expect(json<{ changes: unknown[] }>(again).changes).toEqual([]);
  });
});

describe('the Git Sync forms of test/fixtures/git-sync/handbook through the built docs', () => {
  it('imported, pulled into a new folder and pushed again: nothing sent, exit 0 (a link page to an anchor, a computed page)', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'git-sync-handbook-'));
    cpSync(fileURLToPath(new URL('../fixtures/git-sync/handbook', import.meta.url)), repo, {
      recursive: true,
    });
    const space = await newSpace('Handbook');
    await importByGitSync(space, repo);
    const out = join(mkdtempSync(join(tmpdir(), 'git-sync-handbook-pulled-')), 'handbook');
    ok(await e2e.run('pull', space, out));
    expect(readFileSync(join(out, 'SUMMARY.md'), 'utf8')).toContain(
      '* [Buttons](guides/editing/formatting.md#buttons)',
    );
    const again = await e2e.run('push', space, out, '--yes', '--json');
    expect(again.code, again.stderr).toBe(0);
    expect(json<{ changeRequest: unknown; changes: unknown[]; complete: boolean }>(again)).toMatchObject({
      changeRequest: null,
      changes: [],
      complete: true,
    });
  });
});
