import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DocsClient } from '@docs-api/sdk';
import { nodeFs, parseSummary, type SummaryEntry } from '@docs-api/sdk/git-layout';
import { sandboxWithClient } from '../../packages/sandbox/test-support/client.js';
import { preparePush, pull, SpaceContent } from '../../packages/cli/src/lib/docs-as-code/docs-sync.js';

/*
 * Issue 30's done-when: a repository in the service's Git Sync layout (groups with anchors, link
 * pages, one to a page's anchor, a computed OpenAPI page, reusable content, a 1.5 MB image and
 * one whose name has spaces), imported into a sandbox space by Git Sync (a `file:` URL) and
 * pulled back by the CLI's pull: the same table of contents and the same text in every file.
 */

const FIXTURE = fileURLToPath(new URL('../fixtures/git-sync/handbook', import.meta.url));
const REF = 'refs/heads/main';

/** Every file under `dir`, relative, sorted. */
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

/** A table of contents as its structure: groups (titles without HTML), entries, nesting. */
function toc(text: string) {
  const entry = (item: SummaryEntry): unknown => ({
    title: item.title,
    target: item.target,
    ...(item.computed ? { computed: item.computed.definition } : {}),
    children: item.children.map(entry),
  });
  return parseSummary(text).sections.map((section) => ({
    group: section.group,
    entries: section.entries.map(entry),
  }));
}

/** Imports `dir` into a new space by Git Sync and waits for the operation to end. */
async function importFolder(client: DocsClient, dir: string): Promise<string> {
  const space = (await client.spaces.create('org_acme', { title: 'Handbook' })).id;
  await client.spaces.git.importRepository(space, { url: pathToFileURL(dir).href, ref: REF });
  await client.spaces.git.getInfo(space);
  const info = await client.spaces.git.getInfo(space);
  expect(info.operation).toMatchObject({ state: 'success', direction: 'import' });
  return space;
}

/** A copy of the fixture with its two images made. */
function makeRepo(): string {
  const repo = mkdtempSync(join(tmpdir(), 'git-sync-repo-'));
  cpSync(FIXTURE, repo, { recursive: true });
  mkdirSync(join(repo, '.gitbook/assets'), { recursive: true });
  // Image bytes made here: a small "JPEG" and a 1.5 MB "PNG" (over the 1 MB an inline push takes).
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array.from({ length: 64 }, (_, i) => i)]);
  const large = Buffer.alloc(1_500_000);
  for (let i = 0; i < large.length; i++) large[i] = (i * 31 + 7) & 0xff;
  writeFileSync(join(repo, '.gitbook/assets/Docs sites.jpg'), jpeg);
  writeFileSync(join(repo, '.gitbook/assets/large-diagram.png'), large);

  return repo;
}

describe('Git Sync round trip: import into a sandbox space, docs pull back', () => {
  it('gives back the table of contents and every file as the repository had them', async () => {
    const repo = makeRepo();
    const { sandbox, client } = sandboxWithClient();
    const space = await importFolder(client, repo);

    const out = mkdtempSync(join(tmpdir(), 'git-sync-pulled-'));
    // A clone of the repository holds its .gitbook.yaml, which a pull reads and never writes.
    cpSync(join(repo, '.gitbook.yaml'), join(out, '.gitbook.yaml'));
    const result = await pull(nodeFs(out), new SpaceContent(client, space), {
      download: async (file) => {
        if (file.downloadURL === undefined) return undefined;
        const answer = await sandbox.fetch(new Request(file.downloadURL));
        return answer.ok ? new Uint8Array(await answer.arrayBuffer()) : undefined;
      },
    });
    expect(result.warnings).toEqual([]);

    const summary = (dir: string) => readFileSync(join(dir, 'SUMMARY.md'), 'utf8');
    expect(toc(summary(out))).toEqual(toc(summary(repo)));

    // Every page and image of the repository, byte for byte. Reusable contents are not pulled:
    // the API gives them as documents, not markdown (docs/docs-as-code.md, "Round trip").
    const kept = filesOf(repo).filter(
      (file) =>
        file !== 'SUMMARY.md' &&
        file !== 'LICENSE.md' &&
        file !== '.gitbook.yaml' &&
        !file.startsWith('.gitbook/includes/'),
    );
    const same = kept.filter((file) => {
      try {
        return readFileSync(join(out, file)).equals(readFileSync(join(repo, file)));
      } catch {
        return false;
      }
    });
    expect(kept.filter((file) => !same.includes(file))).toEqual([]);
    expect(same.length).toBe(8);
    // SUMMARY.md differs only by the groups' heading anchors, which the API does not carry.
    expect(summary(out)).toBe(summary(repo).replace(/ <a href="#[^"]*" id="[^"]*"><\/a>/g, ''));

    // The folder just pulled, pushed again, sends nothing: the link page to an anchor and the
    // computed page are the space's (a pull keyed the link by its page's id, and the computed
    // page's nominal slug was sent as a rename). Only .gitbook.yaml's redirects are named: the
    // API has no space-level redirects to set or read.
    const again = await preparePush(nodeFs(out), new SpaceContent(client, space));
    expect(again.plan.changes).toEqual([]);
    expect(again.plan.notApplied.map((item) => item.what)).toEqual(['redirects']);
    expect(again.plan.missing).toEqual([]);
    // The reusable content a pull cannot write is named as such, once per page including it.
    expect(again.problems.map((problem) => [problem.severity, problem.file])).toEqual([
      ['warning', 'README.md'],
      ['warning', 'guides/editing/formatting.md'],
    ]);
    for (const problem of again.problems)
      expect(problem.message).toContain('a pull does not write reusable content');
  });

  it('a Git export of the imported space writes every file back byte for byte, SUMMARY.md and includes too', async () => {
    const repo = makeRepo();
    const { client } = sandboxWithClient();
    const space = await importFolder(client, repo);
    const out = mkdtempSync(join(tmpdir(), 'git-sync-exported-'));
    cpSync(join(repo, '.gitbook.yaml'), join(out, '.gitbook.yaml'));
    await client.spaces.git.exportToRepository(space, {
      url: pathToFileURL(out).href,
      ref: REF,
      commitMessage: 'Export',
    });
    await client.spaces.git.getInfo(space);
    expect((await client.spaces.git.getInfo(space)).operation).toMatchObject({ state: 'success' });
    const files = filesOf(repo).filter((file) => file !== 'LICENSE.md');
    expect(filesOf(out)).toEqual(files);
    const differ = files.filter(
      (file) => !readFileSync(join(out, file)).equals(readFileSync(join(repo, file))),
    );
    expect(differ).toEqual([]);
  });
});
