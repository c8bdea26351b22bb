import { NotFoundError, RunFailedError } from '../core/errors.js';
import type { HandWritten } from '../core/resource.js';
import type { SpacesGit } from '../generated/resources/spaces.git.js';
import { waitUntil, type WaitOptions } from '../core/waiter.js';
import type { GitSyncState } from '../generated/types.js';

/*
 * A Git Sync import or export answers 204 with no run to follow: what it started shows in the
 * space's Git info, whose `operation` is the latest one (`running`, then `success`, `failure` or
 * `timeout`); a 404 there means the space has no Git provider.
 */

/** What to wait for: the latest operation, or one of a direction started after a time. */
export interface GitSyncWaitOptions extends WaitOptions<GitSyncState> {
  /** Waits for an operation of this direction (`import` or `export`); another one is not it. */
  direction?: 'import' | 'export' | undefined;
  /**
   * Waits for an operation started at or after this time (as the service's clock says), so that
   * one that ended before the request is not taken for it.
   */
  startedAfter?: Date | string | undefined;
}

/** `client.spaces.git`'s hand-written methods. */
export interface SpacesGitExtensions {
  /**
   * After `importRepository` or `exportToRepository`: reads the space's Git info every
   * `interval` ms (default 2 000) until its latest operation (of `direction`, started at or after
   * `startedAfter`, when given) is no longer `running`, and returns the Git info. An operation in
   * `failure` or `timeout` is a `RunFailedError` (its `reason` the operation's `error`); a space
   * without a Git provider (the Git info answers 404) a `RunFailedError` in state `no-provider`.
   * `WaitTimeoutError` after `timeout` ms (default 10 minutes), `AbortError` when `signal`
   * aborts; `onProgress` sees every read.
   *
   * @example
   * await client.spaces.git.importRepository(space, { url, ref: 'main' });
   * await client.spaces.git.waitUntilDone(space, { direction: 'import' });
   */
  waitUntilDone(spaceId: string, options?: GitSyncWaitOptions): Promise<GitSyncState>;
}

/** Whether `state`'s latest operation is the one waited for (of the direction, started in time). */
function isTheOperation(state: GitSyncState, options: GitSyncWaitOptions): boolean {
  const operation = state.operation;
  if (!operation) return false;
  if (options.direction && operation.direction !== options.direction) return false;
  if (options.startedAfter === undefined) return true;
  const after = new Date(options.startedAfter).getTime();
  return typeof operation.startedAt === 'string' && Date.parse(operation.startedAt) >= after;
}

/** Waits for a space's Git Sync operation: `spaces.git.waitUntilDone`, as a function of the resource. */
export function waitForGitSync(
  git: Pick<SpacesGit, 'getInfo'>,
  spaceId: string,
  options: GitSyncWaitOptions = {},
): Promise<GitSyncState> {
  const what = `the Git Sync ${options.direction ?? 'operation'} of space ${spaceId}`;
  if (options.startedAfter !== undefined && Number.isNaN(new Date(options.startedAfter).getTime()))
    return Promise.reject(
      new RangeError(`startedAfter must be a date (got ${String(options.startedAfter)})`),
    );
  return waitUntil(
    async (signal) => {
      try {
        return await git.getInfo(spaceId, signal ? { signal } : undefined);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        const failure = new RunFailedError(
          what,
          'no-provider',
          'the space has no Git provider set up (its Git info answers 404)',
          undefined,
        );
        throw Object.assign(failure, { cause: error });
      }
    },
    (state) => isTheOperation(state, options) && state.operation?.state !== 'running',
    {
      ...options,
      what,
      describe: (state) =>
        state.operation
          ? `${state.operation.direction} ${state.operation.state} since ${state.operation.startedAt}`
          : 'no operation yet',
      failed: (state) => {
        const operation = state.operation;
        if (!operation || !isTheOperation(state, options)) return undefined;
        return operation.state === 'failure' || operation.state === 'timeout'
          ? { state: operation.state, reason: operation.error }
          : undefined;
      },
    },
  );
}

export const extensions: HandWritten<SpacesGitExtensions, SpacesGit> = {
  waitUntilDone: (git, _invoker, spaceId, options) => waitForGitSync(git, spaceId, options),
};
