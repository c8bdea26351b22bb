import { applyChanges, diffRevisions, requireRevision, type RevisionContent } from './content.js';
import { applyFixture, readFixtureFile, type ParsedFixture } from './fixtures.js';
import { integrationUrls, storeIntegration } from './domain/integrations.js';
import { glossaryTerms, measureContent, translateContent } from './handlers/translations.js';
import type { Seed, SeedName } from './public-types.js';
import type { Store } from './store.js';

/*
 * The seeds are fixture files shipped with the package: `fixtures/empty.json` (the owner,
 * user_ada, and org_acme) and `fixtures/demo.json` on top of it (see docs/sandbox.md, "The demo
 * seed"). What the files leave out is computed here after loading, with the functions the
 * sandbox's own operations use, so that it always agrees with them:
 * - users' and integrations' URLs (and an integration's owner as the API shows it);
 * - space_archive, deleted when the sandbox starts;
 * - the content of rev_cr_cli (cr_cli updated from the primary content), of rev_api_2 (the
 *   merge of cr_ratelimits) and of rev_handbook_fr_1 (tr_handbook_fr's run), with that run's
 *   page and word counts.
 */

export type { Seed, SeedName } from './public-types.js';

const parsed: Partial<Record<SeedName, ParsedFixture>> = {};

/** A seed's fixture file, read and checked once per process. */
export function seedFixture(name: SeedName): ParsedFixture {
  return (parsed[name] ??= readFixtureFile(new URL(`../fixtures/${name}.json`, import.meta.url)));
}

export function applySeed(store: Store, seed: Seed): void {
  if (typeof seed === 'function') return seed(store);
  applyFixture(store, seedFixture(seed), 'none');
  completeUsers(store);
  if (seed === 'empty') return;
  completeIntegrations(store);
  deleteAtStart(store, 'space_archive');
  replayUpdate(store, 'cr_cli');
  replayMerge(store, 'cr_ratelimits');
  replayTranslation(store, 'tr_handbook_fr');
}

/** `urls.location` at the sandbox's default API root (views answer it at the origin reached). */
function completeUsers(store: Store): void {
  for (const user of store.users.values()) user.urls ??= { location: store.apiUrl(`/users/${user.id}`) };
}

/** An integration complete as the API shows it, as publishing one stores it. */
function completeIntegrations(store: Store): void {
  for (const row of store.integrations.values()) {
    row.integration.urls ??= integrationUrls(row.integration.name, row.integration.version ?? 1);
    storeIntegration(store, row);
  }
}

/**
 * A space deleted at start-up, so that there is one to restore. Its time comes from the host's
 * clock, not the sandbox's: reading a test's stepping clock here would shift every timestamp
 * after it. A sandbox whose clock is set in the past can restore it for 7 days after that.
 */
function deleteAtStart(store: Store, spaceId: string): void {
  const space = store.spaces.get(spaceId);
  if (!space) throw new Error(`seed: no space ${spaceId}`);
  store.spaces.delete(spaceId);
  store.deletedSpaces.set(spaceId, { ...space, deletedAt: new Date().toISOString() });
}

function contentOf(store: Store, revisionId: string): RevisionContent {
  const { pages, files, reusableContents, variables } = requireRevision(store, revisionId);
  return structuredClone({ pages, files, reusableContents, variables });
}

/**
 * A request updated from the primary content: its revision (parents: the request's revision
 * before, then the primary one) holds the edits it had made since it started, re-applied on the
 * primary content, as `updateChangeRequest` computes them.
 */
function replayUpdate(store: Store, requestId: string): void {
  const request = store.changeRequests.get(requestId);
  const revision = request && requireRevision(store, request.revision);
  const [before, primary] = revision?.parents ?? [];
  if (!request || !revision || !before || !primary) throw new Error(`seed: ${requestId} is not updated`);
  const content = contentOf(store, primary);
  applyChanges(
    content,
    diffRevisions(requireRevision(store, request.revisionInitial), requireRevision(store, before)),
  );
  Object.assign(revision, content);
}

/** A merged request: its merge revision holds the request's content, as `mergeChangeRequest` makes it. */
function replayMerge(store: Store, requestId: string): void {
  const request = store.changeRequests.get(requestId);
  if (!request?.revisionMerged) throw new Error(`seed: ${requestId} is not merged`);
  Object.assign(requireRevision(store, request.revisionMerged), contentOf(store, request.revision));
}

/**
 * A translation run once: its result revision holds the source space's primary content with the
 * organization's glossary applied, and its stats count that content's pages and words.
 */
function replayTranslation(store: Store, translationId: string): void {
  const row = store.translations.get(translationId);
  const source = row && store.spaces.get(row.source.space);
  if (!row?.result || !source?.revision) throw new Error(`seed: ${translationId} has no result`);
  const translated = translateContent(
    requireRevision(store, source.revision),
    glossaryTerms(store, row.organization, row.source.language, row.language),
  );
  Object.assign(requireRevision(store, row.result.revision), translated);
  const { pages, words } = measureContent(translated);
  Object.assign(row.stats, { totalPages: pages, totalWords: words, latestPages: pages, latestWords: words });
}
