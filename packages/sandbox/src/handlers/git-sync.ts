import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportToGitRepository, getSpaceGitInfo, importGitRepository } from '@docs-api/sdk/contract';
import { createRevision, primaryRevision } from '../content.js';
import { conflict, SandboxError } from '../errors.js';
import { LayoutError, readLayout, writeLayout } from '../git-layout.js';
import {
  finishGitSync,
  gitSyncView,
  providerOf,
  repoNameOf,
  safeRepositoryUrl,
  settleGitSync,
} from '../git-sync.js';
import { implement } from '../implement.js';
import type { GitSyncOperationRow, GitSyncRow, Store } from '../store.js';
import { requireSpace } from '../domain/spaces.js';

/*
 * Git Sync: importGitRepository and exportToGitRepository answer 204 with no run, as the service
 * does; the space's Git info (getSpaceGitInfo) then shows the operation (see git-sync.ts).
 *
 * The service clones the repository; the sandbox has no network, so it takes a `file://` URL
 * of a local folder in the Git Sync layout (see git-layout.ts), `repoProjectDirectory` inside
 * it. An import reads the folder into a new revision of the space (document, group and link
 * pages, and the files under .gitbook/assets/; pages keep their ids where their path is the
 * same), which becomes the primary content when the operation ends in success (not with
 * `standalone`). An export writes the primary content into the folder. The work is done when
 * the operation starts; any other URL, or a folder the sandbox cannot read or write, makes the
 * operation end in `failure` with the reason. The URL is kept without its credentials, and no
 * message names them.
 */

/** The folder a `file://` URL names, or why the sandbox cannot use the URL. */
function folderOf(
  url: string,
  shown: string,
  projectDirectory: string | undefined,
): string | { error: string } {
  if (!/^file:/i.test(url))
    return {
      error: `the sandbox has no network: it syncs with file:// URLs of local folders in the Git Sync layout, not ${shown}`,
    };
  let folder: string;
  try {
    folder = fileURLToPath(url);
  } catch (error) {
    return { error: `${shown} is not a file URL of a local folder: ${(error as Error).message}` };
  }
  return projectDirectory ? resolve(join(folder, projectDirectory)) : folder;
}

/** The space's Git Sync row for a new operation; an operation still under way ends first. */
function startOperation(
  store: Store,
  spaceId: string,
  url: string,
  operation: Omit<GitSyncOperationRow, 'state' | 'startedAt' | 'reads'>,
): GitSyncRow {
  const shown = safeRepositoryUrl(url);
  const now = store.now();
  let row = store.gitSync.get(spaceId);
  if (row) finishGitSync(store, row);
  row ??= {
    space: spaceId,
    installationId: store.newId('gitsync'),
    provider: providerOf(shown),
    url: shown,
    repoName: repoNameOf(shown),
    updatedAt: now,
  };
  Object.assign(row, {
    provider: providerOf(shown),
    url: shown,
    repoName: repoNameOf(shown),
    updatedAt: now,
  });
  row.operation = { ...operation, state: 'running', startedAt: now, reads: 0 };
  store.gitSync.set(spaceId, row);
  return row;
}

export const gitSyncHandlers = [
  implement(importGitRepository, async ({ store, params, body }) => {
    const space = requireSpace(store, params.spaceId);
    if (space.editMode === 'locked' && !body.standalone)
      throw conflict(
        `Space "${space.title ?? space.id}" (${space.id}) is locked: a Git import would change its content`,
      );
    const shown = safeRepositoryUrl(body.url);
    const folder = folderOf(body.url, shown, body.repoProjectDirectory);
    const base = {
      direction: 'import' as const,
      ref: body.ref,
      ...(body.standalone ? { standalone: true } : {}),
    };
    if (typeof folder !== 'string') {
      startOperation(store, space.id, body.url, { ...base, outcome: 'failure', error: folder.error });
      return;
    }
    const primary = primaryRevision(store, space);
    let imported;
    try {
      imported = await readLayout(folder, {
        current: primary,
        newId: (prefix) => store.newId(prefix),
        now: store.now(),
      });
    } catch (error) {
      if (!(error instanceof LayoutError) && !(error as { code?: string }).code) throw error;
      startOperation(store, space.id, body.url, {
        ...base,
        outcome: 'failure',
        error: (error as Error).message,
      });
      return;
    }
    for (const [key, base64] of imported.blobs) store.blobs.set(key, base64);
    const revision = createRevision(
      store,
      space.id,
      imported.content,
      [primary.id],
      `Import from ${shown} (${body.ref})`,
    );
    startOperation(store, space.id, body.url, { ...base, outcome: 'success', revision: revision.id });
  }),

  implement(exportToGitRepository, ({ store, params, body }) => {
    const space = requireSpace(store, params.spaceId);
    const shown = safeRepositoryUrl(body.url);
    const folder = folderOf(body.url, shown, body.repoProjectDirectory);
    const base = { direction: 'export' as const, ref: body.ref };
    if (typeof folder !== 'string') {
      startOperation(store, space.id, body.url, { ...base, outcome: 'failure', error: folder.error });
      return;
    }
    try {
      writeLayout(folder, primaryRevision(store, space), store.blobs);
    } catch (error) {
      if (!(error instanceof LayoutError) && !(error as { code?: string }).code) throw error;
      startOperation(store, space.id, body.url, {
        ...base,
        outcome: 'failure',
        error: `cannot write to ${folder}: ${(error as Error).message}`,
      });
      return;
    }
    startOperation(store, space.id, body.url, { ...base, outcome: 'success' });
  }),

  implement(getSpaceGitInfo, ({ store, params }) => {
    const space = requireSpace(store, params.spaceId);
    const row = store.gitSync.get(space.id);
    if (!row)
      throw new SandboxError(
        404,
        `No Git provider is set up on space "${space.id}": start an import or an export (a file:// URL in the sandbox)`,
      );
    settleGitSync(store, row, true);
    return gitSyncView(row);
  }),
];
