/** The recording, validating proxy and the cassette replay (docs/sandbox.md, "Proxy, record and replay"). */
export {
  createProxy,
  parseUpstream,
  RecordingProxy,
  ProxyOptionError,
  type ProxyOptions,
  type ProxyStats,
} from './proxy.js';
export { createReplay, Replay, REPLAY_HEADER, type ReplayStats } from './replay.js';
export {
  CASSETTE_FORMAT,
  CASSETTE_VERSION,
  RECORDED_HEADERS,
  CassetteError,
  parseCassette,
  readCassette,
  type Cassette,
  type CassetteEntry,
  type CassetteRequest,
  type CassetteResponse,
} from './cassette.js';
export {
  cassetteToFixtures,
  CASSETTE_OBJECTS_FORMAT,
  type CassetteObjects,
  type CassetteObjectRow,
} from './fixtures.js';
export {
  cassetteToFixture,
  type CassetteFixtureOptions,
  type CassetteFixtureResult,
} from './cassette-fixture.js';
export {
  checkAgainstContract,
  type Exchange,
  type Finding,
  type FindingKind,
  type FindingSource,
} from './contract-check.js';
export { DocumentChecker, DocumentError, installedDocumentFile } from './document-check.js';
export { Reporter, describeFinding, type ReportRecord, type ReporterOptions } from './report.js';
export { isSecretField } from './redact.js';
export type { RunningServer } from '../listen.js';
