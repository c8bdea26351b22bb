export {
  createSandbox,
  Sandbox,
  DEFAULT_TOKEN,
  MAX_BODY_BYTES,
  implementations,
  type SandboxOptions,
  type RunningSandbox,
} from './sandbox.js';
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
export type { Seed, SeedName } from './seed.js';
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
  type Fixture,
  type FixtureBase,
  type ParsedFixture,
} from './fixtures.js';
export { ROW_KIND_NAMES, type RowKindName } from './fixture-rows.js';
export {
  OPERATION_IDS,
  OPERATION_NAMES,
  OperationCounts,
  servedOperationId,
  type OperationAlias,
  type OperationId,
  type OperationRef,
} from './operation-ids.js';
export { FAULT_KINDS, type FaultKind } from './faults.js';
export { readDataDirectory } from './persistence.js';
