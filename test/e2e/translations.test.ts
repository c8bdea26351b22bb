import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOperationIds, json, lines, ok, useE2e } from './harness.js';

/*
 * Every `docs translations ...` command, run as the built binary (no TTY) against one sandbox
 * on a loopback port. The tests share the sandbox and run in order.
 */

type Translation = {
  id: string;
  status: string;
  language: string;
  source?: { space: string; language: string };
  result?: { space: string; revision: string };
  instructions?: { nodes: unknown[] };
  stats?: { runs: number; latestPages: number; totalPages: number };
};
type GlossaryEntry = { id: string; translations: Record<string, string> };

const e2e = useE2e();
const { run: docs, totalRequests } = e2e;

describe('docs translations list, view, create, edit', () => {
  it('lists translations as tab-separated rows, and as JSON with --json', async () => {
    const result = ok(await docs('translations', 'list'));
    expect(lines(result.stdout)).toEqual([
      'tr_handbook_fr\tspace_handbook\ten\tfr\tcompleted\t1\t2026-01-09T10:00:00.000Z',
      'tr_legal_de\tspace_legal\ten\tde\tpending\t0\t2026-01-10T11:00:00.000Z',
    ]);
    const asJson = json<Translation[]>(ok(await docs('translations', 'list', '--limit', '1', '--json')));
    expect(asJson.map((t) => t.id)).toEqual(['tr_handbook_fr']);
  });

  it('shows one translation with its result and run statistics', async () => {
    const result = ok(await docs('translations', 'view', 'tr_handbook_fr'));
    expect(result.stdout).toMatch(/Status:\s+completed/);
    expect(result.stdout).toMatch(/Translated space:\s+space_handbook_fr/);
    expect(result.stdout).toMatch(/Last run:\s+5 pages, \d+ words in 42 s/);
    expect(result.stdout).toContain('Instructions:\n  Use the formal register (vous).\n');

    const missing = await docs('translations', 'view', 'tr_nope');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/translation "tr_nope" was not found/);
    const noArg = await docs('translations', 'view');
    expect(noArg.code).toBe(2);
    expect(noArg.stderr).toContain('Missing the translation id');
  });

  it('creates a translation, with instructions from standard input', async () => {
    const created = json<Translation>(
      ok(
        await e2e.docs(
          [
            'translations',
            'create',
            '--space',
            'space_guides',
            '--language',
            'de',
            '--source-language',
            'en',
            '--instructions',
            '-',
            '--json',
          ],
          { input: 'Duzen.\nProduktnamen nicht übersetzen.\n' },
        ),
      ),
    );
    expect(created).toMatchObject({
      status: 'pending',
      language: 'de',
      source: { space: 'space_guides', language: 'en' },
    });
    expect(created.instructions?.nodes).toHaveLength(2);
    expect(e2e.sandbox.store.translations.get(created.id)?.language).toBe('de');

    const human = ok(
      await docs(
        'translations',
        'create',
        '--space',
        'space_api',
        '--language',
        'pt-BR',
        '--source-language',
        'en',
      ),
    );
    expect(human.stderr).toMatch(/Created translation tr_\w+/);
    // Language codes are sent in lower case, as the service lists them.
    expect(human.stdout).toMatch(/To:\s+pt-br/);
  });

  it('reads the source language from the space when --source-language is not given', async () => {
    // The translated French handbook is written in French.
    const created = json<Translation>(
      ok(await docs('translations', 'create', '--space', 'space_handbook_fr', '--language', 'de', '--json')),
    );
    expect(created.source).toEqual({ space: 'space_handbook_fr', language: 'fr' });

    // The published API document requires the source language: a space without one needs the flag.
    const before = e2e.sandbox.requests.get('translations.create') ?? 0;
    const unknown = await docs('translations', 'create', '--space', 'space_api', '--language', 'de');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'Space space_api has no language: give the language it is written in with --source-language.',
    );
    expect(e2e.sandbox.requests.get('translations.create') ?? 0).toBe(before);
  });

  it('exits 2 on bad input naming the field, and sends nothing', async () => {
    const before = totalRequests();
    const badLanguage = await docs(
      'translations',
      'create',
      '--space',
      'space_guides',
      '--language',
      'German',
    );
    expect(badLanguage.code).toBe(2);
    expect(badLanguage.stderr).toMatch(/language: must be a language code/);
    const noLanguage = await docs('translations', 'create', '--space', 'space_guides');
    expect(noLanguage.code).toBe(2);
    const emptyInstructions = await docs('translations', 'edit', 'tr_handbook_fr', '--instructions', ' ');
    expect(emptyInstructions.code).toBe(2);
    expect(emptyInstructions.stderr).toContain('--instructions is empty');
    const noInstructions = await docs('translations', 'edit', 'tr_handbook_fr');
    expect(noInstructions.code).toBe(2);
    const intervalAlone = await docs('translations', 'run', 'tr_handbook_fr', '--interval', '1');
    expect(intervalAlone.code).toBe(2);
    expect(intervalAlone.stderr).toContain('--wait');
    expect(totalRequests()).toBe(before);
  });

  it('exits 1 with the server message when the sandbox refuses the translation', async () => {
    const sameLanguage = await docs(
      'translations',
      'create',
      '--space',
      'space_legal',
      '--language',
      'en',
      '--source-language',
      'en',
    );
    expect(sameLanguage.code).toBe(1);
    expect(sameLanguage.stderr).toMatch(/must differ from the source's language \(en\).*HTTP 400/);
    const twice = await docs(
      'translations',
      'create',
      '--space',
      'space_handbook',
      '--language',
      'fr',
      '--source-language',
      'en',
    );
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already has a translation into fr: tr_handbook_fr.*HTTP 409/);
  });

  it('replaces the instructions', async () => {
    const edited = json<Translation>(
      ok(
        await docs(
          'translations',
          'edit',
          'tr_legal_de',
          '--instructions',
          'Sie-Form.\nKeine Anglizismen.',
          '--json',
        ),
      ),
    );
    expect(edited.instructions?.nodes).toHaveLength(2);
    const view = ok(await docs('translations', 'view', 'tr_legal_de'));
    expect(view.stdout).toContain('Instructions:\n  Sie-Form.\n  Keine Anglizismen.');
  });
});

describe('docs translations run', () => {
  it('starts a run without waiting: running now, completed on a later read', async () => {
    const started = ok(await docs('translations', 'run', 'tr_handbook_fr'));
    expect(started.stderr).toContain('Started a run of translation tr_handbook_fr');
    expect(started.stdout).toMatch(/Status:\s+running/);
    const view = json<Translation>(ok(await docs('translations', 'view', 'tr_handbook_fr', '--json')));
    expect(view.status).toBe('completed');
    expect(view.stats).toMatchObject({ runs: 2, latestPages: 5, totalPages: 10 });
    expect(view.result?.space).toBe('space_handbook_fr');
    expect(view.result?.revision).not.toBe('rev_handbook_fr_1');
  });

  it('waits with --wait, reading until the run is over, with no progress line when piped', async () => {
    const add = ok(
      await docs('translations', 'glossary', 'add', '--term', 'en=guides', '--term', 'de=Anleitungen'),
    );
    expect(add.stdout).toMatch(/^gl_\w+\tguides\tAnleitungen$/m);
    const [translation] = json<Translation[]>(ok(await docs('translations', 'list', '--json'))).filter(
      (t) => t.source?.space === 'space_guides',
    );
    const id = translation?.id ?? '';
    const readsBefore = e2e.sandbox.requests.get('translations.get') ?? 0;

    const result = ok(await docs('translations', 'run', id, '--wait', '--interval', '1'));

    expect(e2e.sandbox.requests.get('translations.get')).toBe(readsBefore + 2);
    expect(result.stderr).toMatch(/Run of tr_\w+ completed: 1 page, 10 words/);
    expect(result.stderr).not.toContain('Translating');
    expect(result.stderr).not.toContain('\r');
    expect(result.stdout).toMatch(/Status:\s+completed/);
    const done = json<Translation>(ok(await docs('translations', 'view', id, '--json')));
    const revision = e2e.sandbox.store.revisions.get(done.result?.revision ?? '');
    expect(revision?.pages[0]?.markdown).toContain(
      'Step-by-step Anleitungen for the Acme platform, checked every release.',
    );
  });

  it('exits 1 when the run fails, still printing the final translation with --json', async () => {
    // The published document has no failure status: the sandbox sends one only when a test asks.
    const row = e2e.sandbox.store.translations.get('tr_legal_de');
    if (!row) throw new Error('seed has no tr_legal_de');
    row.failRuns = true;
    const result = await docs('translations', 'run', 'tr_legal_de', '--wait', '--interval', '1', '--json');
    expect(result.code).toBe(1);
    expect(json<Translation>(result)).toMatchObject({
      id: 'tr_legal_de',
      status: 'failed',
      stats: { runs: 1 },
    });
    expect(result.stderr).toContain('The run of translation tr_legal_de ended failed.');
  });

  it('exits 1 when --timeout passes before the run is over; the run goes on', async () => {
    // The first read answers after 1.2 s: past the 1 s timeout, with the run still running.
    e2e.sandbox.addFault({ operation: 'translations.get', latency: 1200 });
    const result = await docs('translations', 'run', 'tr_handbook_fr', '--wait', '--wait-timeout', '1');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /Gave up waiting for the run of translation tr_handbook_fr after \d+ ms \(last seen: status running\)/,
    );
    expect(result.stdout).toBe('');
    const later = json<Translation>(ok(await docs('translations', 'view', 'tr_handbook_fr', '--json')));
    expect(later.status).toBe('completed');
  });

  it('exits 1 on a run refused by the sandbox (already running)', async () => {
    ok(await docs('translations', 'run', 'tr_handbook_fr'));
    const again = await docs('translations', 'run', 'tr_handbook_fr');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already running.*HTTP 409/);
    ok(await docs('translations', 'view', 'tr_handbook_fr'));
  });
});

describe('docs translations delete', () => {
  it('needs --yes away from a terminal, then deletes', async () => {
    const refused = await docs('translations', 'delete', 'tr_legal_de');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(e2e.sandbox.store.translations.has('tr_legal_de')).toBe(true);

    const deleted = json<{ deleted: string }>(
      ok(await docs('translations', 'delete', 'tr_legal_de', '--yes', '--json')),
    );
    expect(deleted).toEqual({ deleted: 'tr_legal_de' });
    const gone = await docs('translations', 'view', 'tr_legal_de');
    expect(gone.code).toBe(3);
    // As the published document: deleting a translation that does not exist succeeds.
    const twice = await docs('translations', 'delete', 'tr_legal_de', '--yes');
    expect(twice.code).toBe(0);
  });
});

describe('docs translations glossary', () => {
  it('lists entries with one column per language present', async () => {
    const result = ok(await docs('translations', 'glossary', 'list', '--limit', '3'));
    expect(lines(result.stdout)).toEqual([
      'gl_workspace\tworkspace\tespace de travail\t',
      'gl_change_request\tchange request\tdemande de modification\tÄnderungsanfrage',
      'gl_handbook\thandbook\tmanuel\tHandbuch',
    ]);
    const table = ok(
      await e2e.docs(['translations', 'glossary', 'list', '--limit', '1'], { env: { DOCS_FORCE_TTY: '1' } }),
    );
    // gh's style: a header, a rule, no box.
    expect(table.stdout).toMatch(/^ID\s+EN\s+FR\n─+\n/);
    expect(table.stdout).not.toContain('│');
    expect(table.stdout).not.toContain('DE');
  });

  it('shows one entry; an absent one exits 3', async () => {
    const result = ok(await docs('translations', 'glossary', 'view', 'gl_change_request'));
    expect(result.stdout).toMatch(/^ID:\s+gl_change_request$/m);
    expect(result.stdout).toMatch(/^fr:\s+demande de modification$/m);
    const missing = await docs('translations', 'glossary', 'view', 'gl_nope');
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('gl_nope');
  });

  it('adds an entry from --term flags and prints its new id', async () => {
    const added = json<GlossaryEntry[]>(
      ok(
        await docs(
          'translations',
          'glossary',
          'add',
          '--term',
          'en=page',
          '--term',
          'fr=page',
          '--term',
          'de=Seite',
          '--json',
        ),
      ),
    );
    expect(added).toHaveLength(1);
    expect(added[0]?.translations).toEqual({ en: 'page', fr: 'page', de: 'Seite' });
    const view = json<GlossaryEntry>(
      ok(await docs('translations', 'glossary', 'view', added[0]?.id ?? '', '--json')),
    );
    expect(view.translations.de).toBe('Seite');
  });

  it('adds many entries from a file, all or nothing', async () => {
    const file = join(e2e.configHome, 'entries.json');
    await writeFile(
      file,
      JSON.stringify([{ en: 'site', fr: 'site' }, { translations: { en: 'reviewer', fr: 'relecteur' } }]),
    );
    const added = json<GlossaryEntry[]>(
      ok(await docs('translations', 'glossary', 'add', '--file', file, '--json')),
    );
    expect(added.map((entry) => entry.translations)).toEqual([
      { en: 'site', fr: 'site' },
      { en: 'reviewer', fr: 'relecteur' },
    ]);

    const countBefore = e2e.sandbox.store.glossary.size;
    await writeFile(file, JSON.stringify([{ en: 'comment', fr: 'commentaire' }, { en: 'Workspace' }]));
    const duplicate = await docs('translations', 'glossary', 'add', '--file', file);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(
      /operations\.1\.translations\.en: "Workspace" is already in the glossary \(entry gl_workspace\)/,
    );
    expect(e2e.sandbox.store.glossary.size).toBe(countBefore);
  });

  it('copies a glossary to another organization through a pipe', async () => {
    const exported = ok(await docs('translations', 'glossary', 'list', '--limit', '2', '--json'));
    const copied = ok(
      await e2e.docs(['translations', 'glossary', 'add', '--org', 'org_beta', '--file', '-'], {
        input: exported.stdout,
      }),
    );
    expect(copied.stderr).toContain('Added 2 glossary entries');
    const beta = json<GlossaryEntry[]>(
      ok(await docs('translations', 'glossary', 'list', '--org', 'org_beta', '--json')),
    );
    expect(beta.map((entry) => entry.translations.en)).toEqual(['workspace', 'change request']);
  });

  it('exits 2 on a malformed --term, a bad language code, bad JSON or nothing to add, sending nothing', async () => {
    const before = totalRequests();
    const noEquals = await docs('translations', 'glossary', 'add', '--term', 'workspace');
    expect(noEquals.code).toBe(2);
    expect(noEquals.stderr).toContain('write it as language=term');
    const badCode = await docs('translations', 'glossary', 'add', '--term', 'English=workspace');
    expect(badCode.code).toBe(2);
    // Codes are taken in lower case; `english` is not one of the service's (the CLI checks it).
    expect(badCode.stderr).toMatch(/english is not a language code the service supports/);
    const notJson = await e2e.docs(['translations', 'glossary', 'add', '--file', '-'], { input: '[{' });
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('--file: - is not valid JSON');
    const notEntries = await e2e.docs(['translations', 'glossary', 'add', '--file', '-'], {
      input: '["page"]',
    });
    expect(notEntries.code).toBe(2);
    expect(notEntries.stderr).toContain('--file: entry 1 must be an object');
    const nothing = await docs('translations', 'glossary', 'add');
    expect(nothing.code).toBe(2);
    const both = await docs('translations', 'glossary', 'add', '--term', 'en=x', '--file', 'x.json');
    expect(both.code).toBe(2);
    expect(totalRequests()).toBe(before);
  });
});

describe('coverage through the CLI', () => {
  it('exercised every Translations and glossary operation of the contract', () => {
    const ids = areaOperationIds('Translations and glossary');
    expect(ids).toHaveLength(9);
    expect(e2e.unhit(ids)).toEqual([]);
  });
});
