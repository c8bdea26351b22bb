import type { SandboxImplementation, Sandbox as SandboxApi, SandboxOptions } from './public-types.js';
import { createSandbox as create, implementations as served, Sandbox as SandboxServer } from './sandbox.js';
import { operationNames, type OperationId } from './operation-counts.js';

/*
 * `@docs-api/sandbox`. Its declarations stay small, so that a project type-checking a test that
 * uses the sandbox does not check the server: the sandbox and its options are exported through
 * the interfaces of public-types.ts, and no module re-exported here declares Hono, zod or the
 * contract's operations (test/bench/consumer-types.mjs measures it).
 */

/** A sandbox, as `createSandbox()` makes it. */
export type Sandbox = SandboxApi;
/** The class behind `createSandbox()`, for `new Sandbox(options)` and `instanceof Sandbox`. */
export const Sandbox: new (options?: SandboxOptions) => Sandbox = SandboxServer;

/** Creates a sandbox: `sandbox.fetch` plugs into the SDK, `sandbox.listen()` serves it on loopback. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  return create(options);
}

/** The operations the sandbox keeps state for (every other one answers from its schema). */
export const implementations: readonly SandboxImplementation[] = served;

/** The ids of the operations the sandbox keeps state for: what faults name (`listSites`). */
export const OPERATION_IDS: readonly OperationId[] = served.map((each) => each.operation.id as OperationId);

/** Each of those operations' other names (its SDK method, then earlier ids), from the contract's index. */
export const OPERATION_NAMES: { readonly [id: string]: readonly string[] } = Object.fromEntries(
  OPERATION_IDS.map((id) => [id, operationNames(id)]),
);

export type {
  FaultQueue,
  Fixture,
  FixtureBase,
  FixtureSource,
  RunningSandbox,
  SandboxImplementation,
  SandboxOptions,
  Seed,
  SeedName,
} from './public-types.js';
export { DEFAULT_TOKEN, MAX_BODY_BYTES } from './defaults.js';
export {
  FAULT_HEADER,
  MAX_FAULT_LATENCY,
  FaultError,
  checkFault,
  parseFaultHeader,
  type Fault,
} from './faults.js';
export { parseRateLimit, type RateLimit } from './rate-limit.js';
export {
  CORS_ALLOW_HEADERS,
  CORS_EXPOSE_HEADERS,
  CORS_MAX_AGE,
  describeCors,
  isLoopbackOrigin,
  parseCorsOrigin,
  parseCorsOrigins,
  type CorsOptions,
} from './cors.js';
export { SandboxError } from './errors.js';
export { Store } from './store.js';
export * from './proxy/index.js';
export { SandboxClock, parseDuration, parseInstant, type Duration } from './clock.js';
export {
  FIXTURE_VERSION,
  FixtureError,
  applyFixture,
  exportFixture,
  fixtureJsonSchema,
  loadFixture,
  parseFixture,
  readFixtureFile,
  resolveFixtureSource,
  type ParsedFixture,
} from './fixtures.js';
export { ROW_KIND_NAMES, type RowKindName } from './fixture-kinds.js';
export {
  OperationCounts,
  servedOperationId,
  type OperationAlias,
  type OperationId,
  type OperationRef,
} from './operation-counts.js';
export { FAULT_KINDS, type FaultKind } from './faults.js';
export { readDataDirectory } from './persistence.js';
export { normalizeStoredMarkdown, STORED_LIST_MARKER } from './content-normalize.js';
