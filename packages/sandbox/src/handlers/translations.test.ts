import { describe, expect, it } from 'vitest';
import { BadRequestError, ConflictError, NotFoundError, type GlossaryEntry } from '@docs-api/sdk';
import { documentFromText, operations } from '@docs-api/sdk/contract';
import { failure, issuePaths, trackSandboxes } from '../../test-support/client.js';

const ORG = 'org_acme';

const { setup, servedOperationIds } = trackSandboxes({ clockStart: Date.UTC(2026, 2, 1) });

const terms = (entries: readonly GlossaryEntry[]) => entries.map((entry) => entry.translations);

describe('translations: the demo seed', () => {
  it('holds the completed French handbook and the pending German legal translation', async () => {
    const { client } = setup();
    const page = await client.translations.list(ORG);
    expect(page.items.map((t) => [t.id, t.source?.space, t.source?.language, t.language, t.status])).toEqual([
      ['tr_handbook_fr', 'space_handbook', 'en', 'fr', 'completed'],
      ['tr_legal_de', 'space_legal', 'en', 'de', 'pending'],
    ]);

    const french = await client.translations.get(ORG, 'tr_handbook_fr');
    expect(french).toMatchObject({
      object: 'translation',
      result: { space: 'space_handbook_fr', revision: 'rev_handbook_fr_1', language: 'fr' },
      // The five pages of rev_handbook_2, the computed index among them; durations in seconds.
      stats: { runs: 1, latestPages: 5, totalPages: 5, latestRunDuration: 42, totalDuration: 42 },
      permissions: { view: true, edit: true },
      // Absolute, at the origin the sandbox was reached on, as the service answers.
      urls: { location: 'http://sandbox.test/v1/orgs/org_acme/translations/tr_handbook_fr' },
    });
    expect(french.stats?.latestWords).toBeGreaterThan(50);
    expect(french.stats?.totalWords).toBe(french.stats?.latestWords);
    expect(french.instructions?.nodes).toHaveLength(2);

    expect(await client.spaces.get('space_handbook_fr')).toMatchObject({
      title: 'Handbook (fr)',
      language: 'fr',
      organization: ORG,
      revision: 'rev_handbook_fr_1',
    });
  });

  it('wrote the handbook into the translated space with the glossary applied', () => {
    const { sandbox } = setup();
    const revision = sandbox.store.revisions.get('rev_handbook_fr_1');
    const welcome = revision?.pages.find((p) => p.id === 'page_getting_started')?.markdown ?? '';
    expect(welcome).toContain('Welcome to the {{ variables.product }} manuel');
    expect(welcome).not.toMatch(/handbook/i);
    expect(revision?.pages.map((p) => p.id)).toEqual([
      'page_getting_started',
      'page_internal',
      'page_all_pages',
    ]);
  });

  it('keeps translations per organization', async () => {
    const { client } = setup();
    expect((await client.translations.list('org_beta')).items).toEqual([]);
    await failure(client.translations.get('org_beta', 'tr_handbook_fr'), NotFoundError);
    await failure(client.translations.list('org_nope'), NotFoundError);
  });
});

describe('translations.create', () => {
  it('creates a pending translation with empty stats, answering 201', async () => {
    const { client } = setup();
    const { data: created, response } = await client.translations
      .create(ORG, {
        language: 'de',
        source: { space: 'space_guides', language: 'en' },
        instructions: documentFromText('Duzen.'),
      })
      .withResponse();

    expect(response.status).toBe(201);
    expect(created).toMatchObject({
      object: 'translation',
      status: 'pending',
      source: { space: 'space_guides', language: 'en' },
      language: 'de',
      stats: { runs: 0, totalPages: 0, totalWords: 0 },
    });
    expect(created.result).toBeUndefined();
    expect(await client.translations.get(ORG, created.id)).toEqual(created);
    expect((await client.translations.list(ORG)).count).toBe(3);
  });

  it('takes the source language as given, and refuses a target in the same language', async () => {
    const { client } = setup();
    const fromGerman = await client.translations.create(ORG, {
      language: 'en',
      source: { space: 'space_api', language: 'de' },
    });
    expect(fromGerman.source).toEqual({ space: 'space_api', language: 'de' });

    const message = await failure(
      client.translations.create(ORG, { language: 'en', source: { space: 'space_guides', language: 'en' } }),
      BadRequestError,
    );
    expect(message).toContain("must differ from the source's language (en)");
    expect(
      await issuePaths(
        client.translations.create(ORG, { language: 'fr', source: { space: 'space_api', language: 'fr' } }),
      ),
    ).toEqual(['body.language']);
  });

  it('refuses a source space that is absent or of another organization, creating nothing', async () => {
    const { sandbox, client } = setup();
    const api = sandbox.store.spaces.get('space_api');
    if (!api) throw new Error('seed has no space_api');
    sandbox.store.spaces.set('space_beta', { ...api, id: 'space_beta', organization: 'org_beta' });

    expect(
      await issuePaths(
        client.translations.create(ORG, { language: 'fr', source: { space: 'space_nope', language: 'en' } }),
      ),
    ).toEqual(['body.source.space']);
    expect(
      await issuePaths(
        client.translations.create(ORG, { language: 'fr', source: { space: 'space_beta', language: 'en' } }),
      ),
    ).toEqual(['body.source.space']);
    expect((await client.translations.list(ORG)).count).toBe(2);
    // The same space is fine in its own organization.
    const beta = await client.translations.create('org_beta', {
      language: 'fr',
      source: { space: 'space_beta', language: 'en' },
    });
    expect(beta.source?.space).toBe('space_beta');
  });

  it('refuses a second translation of a space into the same language', async () => {
    const { client } = setup();
    const message = await failure(
      client.translations.create(ORG, {
        language: 'fr',
        source: { space: 'space_handbook', language: 'en' },
      }),
      ConflictError,
    );
    expect(message).toContain('tr_handbook_fr');
  });

  it('refuses a body that breaks the contract even when the SDK is bypassed', async () => {
    const { sandbox } = setup();
    const response = await sandbox.fetch(`http://sandbox.test/v1/orgs/${ORG}/translations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'French', source: { space: 'space_api', language: 'en' } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { issues: Array<{ path: string }> } };
    expect(body.error.issues.map((issue) => issue.path)).toEqual(['body.language']);
  });

  it('refuses a body without the source language the published document requires', async () => {
    const { sandbox } = setup();
    const response = await sandbox.fetch(`http://sandbox.test/v1/orgs/${ORG}/translations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'fr', source: { space: 'space_api' } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { issues: Array<{ path: string }> } };
    expect(body.error.issues.map((issue) => issue.path)).toEqual(['body.source.language']);
  });
});

describe('translations.update and delete', () => {
  it('replaces the instructions and keeps them', async () => {
    const { client } = setup();
    const instructions = documentFromText('Tutoyer le lecteur.');
    const updated = await client.translations.update(ORG, 'tr_handbook_fr', { instructions });
    expect(updated.instructions).toEqual(instructions);
    expect(updated.updatedAt).not.toBe('2026-01-09T10:00:00.000Z');
    expect((await client.translations.get(ORG, 'tr_handbook_fr')).instructions).toEqual(instructions);
    await failure(client.translations.update(ORG, 'tr_nope', { instructions }), NotFoundError);
  });

  it('deletes: the translation is gone, the translated space stays', async () => {
    const { client } = setup();
    await client.translations.delete(ORG, 'tr_handbook_fr');
    await failure(client.translations.get(ORG, 'tr_handbook_fr'), NotFoundError);
    // As the published document: deleting what does not exist succeeds ("did not exist").
    await expect(client.translations.delete(ORG, 'tr_handbook_fr')).resolves.toBeUndefined();
    await failure(client.translations.delete('org_nope', 'tr_handbook_fr'), NotFoundError);
    await failure(client.translations.run(ORG, 'tr_handbook_fr'), NotFoundError);
    expect((await client.translations.list(ORG)).items.map((t) => t.id)).toEqual(['tr_legal_de']);
    expect((await client.spaces.get('space_handbook_fr')).language).toBe('fr');
    // Deleted, the space can be translated into French again.
    const again = await client.translations.create(ORG, {
      language: 'fr',
      source: { space: 'space_handbook', language: 'en' },
    });
    expect(again.status).toBe('pending');
  });
});

describe('translations.run', () => {
  it('runs: running on the first read, completed on the second, into a new space in the target language', async () => {
    const { sandbox, client } = setup();
    await client.glossary.insert(ORG, [{ en: 'guides', de: 'Anleitungen' }]);
    const created = await client.translations.create(ORG, {
      language: 'de',
      source: { space: 'space_guides', language: 'en' },
    });

    await client.translations.run(ORG, created.id);
    const running = await client.translations.get(ORG, created.id);
    expect(running.status).toBe('running');
    expect(running.stats?.runs).toBe(0);
    const done = await client.translations.get(ORG, created.id);
    expect(done.status).toBe('completed');
    expect(done.stats).toMatchObject({
      runs: 1,
      latestPages: 1,
      totalPages: 1,
      // The welcome page as the seed's live edit of 01-10 left it: its title and body, 10 words.
      latestWords: 10,
      totalWords: 10,
    });
    expect(done.stats?.latestRunDuration).toBeGreaterThan(0);
    expect(done.stats?.totalDuration).toBe(done.stats?.latestRunDuration);

    const spaceId = done.result?.space ?? '';
    const space = await client.spaces.get(spaceId);
    expect(space).toMatchObject({
      title: 'Guides (de)',
      language: 'de',
      organization: ORG,
      revision: done.result?.revision,
    });
    const revision = sandbox.store.revisions.get(done.result?.revision ?? '');
    expect(revision?.pages[0]?.markdown).toBe(
      'Step-by-step Anleitungen for the Acme platform, checked every release.\n',
    );
    // A later read changes nothing more.
    expect(await client.translations.get(ORG, created.id)).toEqual(done);
  });

  it('writes each later run as a new revision of the same space, adding to the totals', async () => {
    const { client } = setup();
    const before = await client.translations.get(ORG, 'tr_handbook_fr');

    await client.translations.run(ORG, 'tr_handbook_fr');
    // A list is a read too.
    expect((await client.translations.list(ORG)).items[0]?.status).toBe('running');
    const after = await client.translations.waitForRun(ORG, 'tr_handbook_fr', { interval: 1 });

    expect(after.status).toBe('completed');
    expect(after.result?.space).toBe('space_handbook_fr');
    expect(after.result?.revision).not.toBe('rev_handbook_fr_1');
    expect(after.stats).toMatchObject({
      runs: 2,
      latestPages: 5,
      totalPages: 10,
      totalWords: 2 * (before.stats?.latestWords ?? 0),
    });
    expect((await client.spaces.get('space_handbook_fr')).revision).toBe(after.result?.revision);
    const spaces = await client.spaces.list(ORG).toArray({ max: 100 });
    expect(spaces.filter((s) => s.language === 'fr').map((s) => s.id)).toEqual(['space_handbook_fr']);
  });

  it('is followed by the SDK waiter: one read sees it running, the next one done', async () => {
    const { sandbox, client } = setup();
    await client.translations.run(ORG, 'tr_handbook_fr');
    sandbox.resetHits();
    const seen: string[] = [];

    const done = await client.translations.waitForRun(ORG, 'tr_handbook_fr', {
      interval: 1,
      onPoll: (t) => seen.push(t.status ?? 'no status'),
    });

    expect(done.status).toBe('completed');
    expect(seen).toEqual(['running', 'completed']);
    expect(sandbox.hits.get('translations.get')).toBe(2);
  });

  it('ends a run failed only for a translation a test marks so (the document has no failure status)', async () => {
    const { sandbox, client } = setup();
    await client.translations.run(ORG, 'tr_legal_de');
    expect((await client.translations.waitForRun(ORG, 'tr_legal_de', { interval: 1 })).status).toBe(
      'completed',
    );

    const row = sandbox.store.translations.get('tr_legal_de');
    if (!row) throw new Error('seed has no tr_legal_de');
    row.failRuns = true;
    await client.translations.run(ORG, 'tr_legal_de');
    const failed = await client.translations.waitForRun(ORG, 'tr_legal_de', { interval: 1 });
    expect(failed.status).toBe('failed');
    expect(failed.stats).toMatchObject({ runs: 2, latestPages: 0, latestWords: 0 });
    // The first run's result stays: a failed run writes nothing.
    expect(failed.result?.revision).toBe(sandbox.store.spaces.get(failed.result?.space ?? '')?.revision);
  });

  it('refuses a run while one is under way, and one whose source space is gone', async () => {
    const { sandbox, client } = setup();
    await client.translations.run(ORG, 'tr_handbook_fr');
    expect(await failure(client.translations.run(ORG, 'tr_handbook_fr'), ConflictError)).toContain(
      'already running',
    );
    await client.translations.waitForRun(ORG, 'tr_handbook_fr', { interval: 1 });
    await client.translations.run(ORG, 'tr_handbook_fr');

    const italian = await client.translations.create(ORG, {
      language: 'it',
      source: { space: 'space_guides', language: 'en' },
    });
    sandbox.store.spaces.delete('space_guides');
    expect(await failure(client.translations.run(ORG, italian.id), ConflictError)).toContain(
      'no longer exists',
    );
    expect((await client.translations.get(ORG, italian.id)).status).toBe('pending');
  });
});

describe('the glossary', () => {
  it('lists the seeded entries and reads one; an absent entry is a 404', async () => {
    const { client } = setup();
    const entries = await client.glossary.list(ORG).toArray({ max: 10 });
    expect(entries.map((entry) => entry.id)).toEqual(['gl_workspace', 'gl_change_request', 'gl_handbook']);
    expect(await client.glossary.get(ORG, 'gl_workspace')).toEqual({
      object: 'glossary-entry',
      id: 'gl_workspace',
      translations: { en: 'workspace', fr: 'espace de travail' },
      createdAt: '2026-01-04T09:00:00.000Z',
      updatedAt: '2026-01-04T09:00:00.000Z',
      urls: { location: 'http://sandbox.test/v1/orgs/org_acme/translations-glossary/gl_workspace' },
    });
    expect(await failure(client.glossary.get(ORG, 'gl_nope'), NotFoundError)).toContain('gl_nope');
    await failure(client.glossary.get('org_beta', 'gl_workspace'), NotFoundError);
  });

  it('inserts entries with ids and timestamps, answering 204', async () => {
    const { client } = setup();
    const { response } = await client.glossary
      .insert(ORG, [
        { en: 'page', fr: 'page', de: 'Seite' },
        { en: ' site ', fr: 'site' },
      ])
      .withResponse();
    expect(response.status).toBe(204);

    const entries = await client.glossary.list(ORG).toArray({ max: 10 });
    expect(terms(entries.slice(3))).toEqual([
      { en: 'page', fr: 'page', de: 'Seite' },
      { en: 'site', fr: 'site' },
    ]);
    const [page, site] = entries.slice(3);
    expect(page?.id).not.toBe(site?.id);
    expect(page?.createdAt).toBe(page?.updatedAt);
    expect(await client.glossary.get(ORG, page?.id ?? '')).toEqual(page);
  });

  it('refuses a term already in the glossary or twice in one request, applying nothing', async () => {
    const { client } = setup();
    expect(
      await issuePaths(client.glossary.insert(ORG, [{ en: 'page' }, { de: 'Bereich', en: 'Workspace' }])),
    ).toEqual(['body.operations.1.translations.en']);
    expect(await issuePaths(client.glossary.insert(ORG, [{ en: 'page' }, { en: 'Page' }]))).toEqual([
      'body.operations.1.translations.en',
    ]);
    expect((await client.glossary.list(ORG)).count).toBe(3);
    // Another organization has its own glossary.
    await client.glossary.insert('org_beta', [{ en: 'workspace', fr: 'espace' }]);
    expect(terms((await client.glossary.list('org_beta')).items)).toEqual([
      { en: 'workspace', fr: 'espace' },
    ]);
  });

  it('refuses an operation type the published document does not have, and an empty operation list', async () => {
    const { sandbox } = setup();
    const put = (body: unknown) =>
      sandbox.fetch(`http://sandbox.test/v1/orgs/${ORG}/translations-glossary`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const merge = await put({ operations: [{ type: 'merge', id: 'gl_workspace' }] });
    expect(merge.status).toBe(400);
    const body = (await merge.json()) as { error: { issues: Array<{ path: string }> } };
    // The request schema tells the operation kinds apart by type: the issue names the type.
    expect(body.error.issues.map((issue) => issue.path)).toEqual(['body.operations.0.type']);
    expect((await put({ operations: [] })).status).toBe(400);
    expect(sandbox.store.glossary.size).toBe(3);
  });

  it('updates an entry (its terms replaced) and deletes entries, in order, all or nothing', async () => {
    const { client } = setup();
    await client.glossary.update(ORG, [
      { type: 'update', id: 'gl_handbook', translations: { en: 'handbook', fr: 'guide' } },
      { type: 'delete', id: 'gl_workspace' },
      // The French term freed by the update above may be used again.
      { type: 'insert', translations: { en: 'manual', fr: 'manuel' } },
      // Deleting what does not exist is no error, as deletes elsewhere in the document.
      { type: 'delete', id: 'gl_nope' },
    ]);
    const entries = await client.glossary.list(ORG).toArray({ max: 10 });
    expect(entries.map((entry) => [entry.id, entry.translations])).toEqual([
      ['gl_change_request', { en: 'change request', fr: 'demande de modification', de: 'Änderungsanfrage' }],
      ['gl_handbook', { en: 'handbook', fr: 'guide' }],
      [expect.stringMatching(/^gl_/), { en: 'manual', fr: 'manuel' }],
    ]);
    const handbook = entries[1];
    expect(handbook?.updatedAt).not.toBe(handbook?.createdAt);
    await failure(client.glossary.get(ORG, 'gl_workspace'), NotFoundError);

    // One bad operation, and none applies.
    expect(
      await issuePaths(
        client.glossary.update(ORG, [
          { type: 'delete', id: 'gl_handbook' },
          { type: 'update', id: 'gl_nope', translations: { en: 'x' } },
        ]),
      ),
    ).toEqual(['body.operations.1.id']);
    expect(
      await issuePaths(
        client.glossary.update(ORG, [
          { type: 'update', id: 'gl_change_request', translations: { en: 'Handbook' } },
        ]),
      ),
    ).toEqual(['body.operations.0.translations.en']);
    expect((await client.glossary.list(ORG)).count).toBe(3);
    expect(await client.glossary.delete(ORG, ['gl_handbook'])).toBeUndefined();
    expect((await client.glossary.list(ORG)).count).toBe(2);
  });

  it('sorts by the term in one language with orderBy, entries without one last', async () => {
    const { client } = setup();
    await client.glossary.insert(ORG, [{ en: 'page' }, { fr: 'abonnement', en: 'subscription' }]);
    const byFrench = await client.glossary.list(ORG, { orderBy: 'fr' }).toArray({ max: 10 });
    expect(byFrench.map((entry) => entry.translations?.fr ?? entry.translations?.en)).toEqual([
      'abonnement',
      'demande de modification',
      'espace de travail',
      'manuel',
      'page',
    ]);
    const byGerman = await client.glossary.list(ORG, { orderBy: 'de' }).toArray({ max: 10 });
    expect(byGerman.slice(0, 2).map((entry) => entry.translations?.de)).toEqual([
      'Änderungsanfrage',
      'Handbuch',
    ]);
  });

  it('is used by later runs: a term inserted now is applied by the next run', async () => {
    const { sandbox, client } = setup();
    await client.glossary.insert(ORG, [{ en: 'installation', fr: 'mise en place' }]);
    await client.translations.run(ORG, 'tr_handbook_fr');
    const done = await client.translations.waitForRun(ORG, 'tr_handbook_fr', { interval: 1 });
    const pages = sandbox.store.revisions.get(done.result?.revision ?? '')?.pages ?? [];
    const installation = pages[0]?.pages.find((p) => p.id === 'page_installation');
    expect(installation?.title).toBe('Mise en place');
  });
});

describe('coverage', () => {
  it('served every Translations and glossary operation through the SDK in this file', () => {
    const served = servedOperationIds();
    const ids = operations.filter((op) => op.area === 'Translations and glossary').map((op) => op.id);
    expect(ids).toHaveLength(9);
    expect(ids.filter((id) => !served.has(id))).toEqual([]);
  });
});
