/*
 * Shared scaffolding for tests that drive the sandbox through the SDK: a sandbox that checks
 * its answers against the contract, and a client reaching it in-process.
 * Lives outside src so it is neither built nor published.
 */
import { DocsClient } from '@docs-api/sdk';
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
