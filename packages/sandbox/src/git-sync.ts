import { isSecretName, REDACTED } from '@docs-api/sdk';
import type { GitSyncState, Space } from '@docs-api/sdk/contract';
import type { GitSyncRow, Store } from './store.js';

/*
 * A space's Git Sync state (the published document's `GitSyncState`) and how its operations move:
 * an import or export starts `running` (the sandbox does the work then, see handlers/git-sync.ts);
 * the first read of the space's Git info after the start still shows `running`, the second ends
 * it, as does any read once the sandbox's clock is GIT_SYNC_MS past the start: `success`, or
 * `failure` with its `error`. An import that succeeds makes its revision the space's primary
 * content then (unless `standalone`).
 */

/** An operation under way ends by this much time on the sandbox's clock. */
export const GIT_SYNC_MS = 10_000;

/** How long the service lets an operation run (GitSyncState.operationTimeout), in milliseconds. */
export const GIT_SYNC_TIMEOUT_MS = 10 * 60_000;

/**
 * A repository URL fit to keep and show: no `user:password@`, and the value of any query
 * parameter named like a secret (`access_token`, `token`, ...) replaced by `[redacted]`. The URL
 * as given is never stored.
 */
export function safeRepositoryUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.replace(/^([^/]*\/\/)?[^/?#]*@/, '$1').replace(/\?.*$/, '');
  }
  parsed.username = '';
  parsed.password = '';
  for (const name of [...parsed.searchParams.keys()]) {
    if (isSecretName(name)) parsed.searchParams.set(name, REDACTED);
  }
  return parsed.toString();
}

/** The provider a URL's host names: GitLab's, or else GitHub (the document allows no other value). */
export const providerOf = (url: string): GitSyncRow['provider'] => {
  try {
    return new URL(url).hostname.includes('gitlab') ? 'gitlab' : 'github';
  } catch {
    return 'github';
  }
};

/** The repository's name: the URL's last path segment, without `.git`. */
export function repoNameOf(url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Kept as written.
  }
  const segments = path.split('/').filter(Boolean);
  return (segments.at(-1) ?? '').replace(/\.git$/, '');
}

/** Ends an operation under way when its time has come; a read counts toward it when `read`. */
export function settleGitSync(store: Store, row: GitSyncRow, read: boolean): void {
  const operation = row.operation;
  if (!operation || operation.state !== 'running') return;
  if (read) operation.reads += 1;
  const due = Date.parse(operation.startedAt) + GIT_SYNC_MS;
  if (operation.reads < 2 && Date.parse(store.now()) < due) return;
  finishGitSync(store, row);
}

/** Ends the operation under way now, with the outcome decided when it started. */
export function finishGitSync(store: Store, row: GitSyncRow): void {
  const operation = row.operation;
  if (!operation || operation.state !== 'running') return;
  const now = store.now();
  operation.state = operation.outcome;
  operation.endedAt = now;
  row.updatedAt = now;
  if (operation.outcome === 'success' && operation.direction === 'import' && !operation.standalone) {
    const space = store.spaces.get(row.space);
    if (space && operation.revision && store.revisions.has(operation.revision)) {
      space.revision = operation.revision;
      space.updatedAt = now;
    }
  }
}

/** The space's Git Sync state as the API shows it. */
export function gitSyncView(row: GitSyncRow): GitSyncState {
  const operation = row.operation;
  return {
    repoName: row.repoName,
    installationStatus: 'active',
    installationProvider: row.provider,
    installationId: row.installationId,
    url: row.url,
    ...(operation
      ? {
          operation: {
            state: operation.state,
            direction: operation.direction,
            startedAt: operation.startedAt,
            ...(operation.endedAt !== undefined ? { endedAt: operation.endedAt } : {}),
            ...(operation.state === 'failure' && operation.error !== undefined
              ? { error: operation.error }
              : {}),
          },
        }
      : {}),
    operationTimeout: GIT_SYNC_TIMEOUT_MS,
    updatedAt: row.updatedAt,
  };
}

/** The `gitSync` a space's answer shows: its state, when it has one (set by imports and exports). */
export function spaceGitSync(store: Store, space: Space): GitSyncState | undefined {
  const row = store.gitSync.get(space.id);
  return row ? gitSyncView(row) : (space.gitSync ?? undefined);
}
