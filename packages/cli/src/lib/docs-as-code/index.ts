/*
 * Docs as code: a folder in the layout of the service's Git Sync, and a space, kept in step
 * (docs/docs-as-code.md). Pure modules over an injected file system; the commands (`docs pull`,
 * `docs push`) call the SDK and print.
 *
 *   readLayout(fs)            the folder's tree, no markdown held       read.ts
 *   walkPages / loadPage      the pages with their markdown, one at a time
 *   placePages / writePage    where each page goes; one page written      write.ts
 *   writeTree                 a whole tree written (SUMMARY.md, pages, files, mapping)
 *   planPush                  the changes a push makes, in order         plan.ts
 *   batches / recordBatch     the exact request bodies, batch by batch   batch.ts
 *   mappingAfterPush          the mapping to write after a push
 */
export * from './changes.js';
export * from './model.js';
export { type LayoutFs, type DirEntry, MemoryFs, nodeFs } from './fs.js';
export {
  CONFIG_FILE,
  DEFAULT_CONFIG,
  parseConfig,
  inRoot,
  ConfigError,
  type ContentConfig,
} from './config.js';
export {
  MAPPING_FILE,
  parseMapping,
  renderMapping,
  emptyMapping,
  isUnchanged,
  MappingError,
  type SyncMapping,
  type MappedPage,
  type MappedFile,
  type MappedChangeRequest,
  keyOfPage,
} from './mapping.js';
export {
  parsePageFile,
  renderPageFile,
  renderFrontMatter,
  bodyOfServiceMarkdown,
  contentHash,
  decodeText,
  type PageFile,
} from './page-file.js';
export { parseSummary, renderSummary, type SummaryEntry, type SummarySection } from './summary.js';
export {
  findLinks,
  rewriteLinks,
  relativeLink,
  pageLink,
  resolveRelative,
  splitAnchor,
  isExternal,
  decodeLinkPath,
  ASSETS_DIR,
} from './links.js';
export { documentFile, gitPath, slugify, titleFromName, isSendableSlug } from './placement.js';
export {
  readLayout,
  readTree,
  loadPage,
  walkPages,
  eachPage,
  hasErrors,
  MAX_PAGE_FILE_BYTES,
  type LocalLayout,
  type LocalPage,
} from './read.js';
export {
  placePages,
  summaryFor,
  pageFileText,
  writePage,
  writeMapping,
  writeTree,
  type PageShape,
  type Placement,
  type WriteOptions,
} from './write.js';
export {
  remotePages,
  remoteFromNodes,
  keptPages,
  type KeptPage,
  type RemotePage,
  type RemoteFile,
} from './remote.js';
export {
  planPush,
  isEmptyPlan,
  base64Size,
  type Plan,
  type PlanInput,
  type PlannedChange,
  type PlannedInsert,
  type PlannedUpdate,
  type PlannedDelete,
  type PlannedUpload,
  type PageRef,
  type PlanNote,
  type UpdateReason,
} from './plan.js';
export {
  batches,
  materialize,
  recordBatch,
  mappingAfterPush,
  pushMarkdown,
  contentTypeOf,
  PushState,
  BatchError,
  MAX_BATCH_BYTES,
  DEFAULT_LIMITS,
  type Batch,
  type BatchLimits,
  type MaterializeContext,
} from './batch.js';
