export {
  createSandbox,
  Sandbox,
  DEFAULT_TOKEN,
  implementations,
  type SandboxOptions,
  type RunningSandbox,
} from './sandbox.js';
export { FAULT_HEADER, parseFaultHeader, type Fault } from './faults.js';
export { SandboxError } from './errors.js';
export { Store } from './store.js';
export type { Seed, SeedName } from './seed.js';
