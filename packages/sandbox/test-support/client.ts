/*
 * Shared scaffolding for tests that drive the sandbox through the SDK: a sandbox that checks
 * its answers against the contract, a client reaching it in-process, a record of the sandboxes
 * a file creates (to check that it served every operation of its area), and the checks of a
 * failed call.
 * Lives outside src so it is neither built nor published.
 */
import { expect } from 'vitest';
import { BadRequestError, DocsClient, type ApiError } from '@docs-api/sdk';
import { createSandbox, type Sandbox, type SandboxOptions } from '../src/sandbox.js';

const SANDBOX_BASE_URL = 'http://sandbox.test/v1';

/** A sandbox (responses checked unless `options` says otherwise) and a client without retries for it. */
export function sandboxWithClient(options: SandboxOptions = {}): { sandbox: Sandbox; client: DocsClient } {
  const sandbox = createSandbox({ checkResponses: true, ...options });
  const client = new DocsClient({
    token: sandbox.token,
    baseUrl: SANDBOX_BASE_URL,
    fetch: sandbox.fetch,
    maxRetries: 0,
  });
  return { sandbox, client };
}

/** A clock that moves one second per reading from `start`, so timestamps are predictable and ordered. */
export function steppingClock(start: number): () => Date {
  let tick = 0;
  return () => new Date(start + 1000 * tick++);
}

export interface TrackedSandboxes {
  /**
   * A new sandbox and its client, recorded. Its clock is a `steppingClock` from the tracker's
   * `clockStart`, if it has one; `options` are applied on top.
   */
  setup: (options?: SandboxOptions) => { sandbox: Sandbox; client: DocsClient };
  /** The ids of the operations that any recorded sandbox served. */
  servedOperationIds: () => Set<string>;
  /** Forgets the recorded sandboxes. */
  clear: () => void;
}

/**
 * Records every sandbox a test file creates through `setup`, so that its last test can check
 * that all operations of the area were served (by one sandbox or another).
 */
export function trackSandboxes(options: { clockStart?: number } = {}): TrackedSandboxes {
  const sandboxes: Sandbox[] = [];
  const { clockStart } = options;
  return {
    setup: (sandboxOptions = {}) => {
      const created = sandboxWithClient({
        ...(clockStart === undefined ? {} : { clock: steppingClock(clockStart) }),
        ...sandboxOptions,
      });
      sandboxes.push(created.sandbox);
      return created;
    },
    servedOperationIds: () => new Set(sandboxes.flatMap((sandbox) => [...sandbox.hits.keys()])),
    clear: () => {
      sandboxes.length = 0;
    },
  };
}

/** The error a call fails with, checked to be of the given class; its server message is returned. */
export async function failure(
  promise: PromiseLike<unknown>,
  kind: new (...args: never[]) => ApiError,
): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(kind);
    return (error as ApiError).serverMessage;
  }
  throw new Error('expected the call to fail');
}

/** The paths of the issues a 400 answer names. */
export async function issuePaths(promise: PromiseLike<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestError);
    const body = (error as BadRequestError).body as { error: { issues?: Array<{ path: string }> } };
    return (body.error.issues ?? []).map((issue) => issue.path);
  }
  throw new Error('expected a 400');
}
