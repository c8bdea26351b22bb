/*
 * The layout of the service's Git Sync (a folder: `.gitbook.yaml`, SUMMARY.md, one markdown file
 * per page, `.gitbook/assets/`, `.gitbook/includes/`), read and written: one module that the CLI
 * (`docs pull`, `docs push`) and the sandbox (its Git Sync import and export) share. Node only
 * (`@docs-api/sdk/git-layout`); the SDK's main entry does not import it.
 *
 *   readLayout(fs)            the folder's tree, no markdown held       read.ts
 *   walkPages / loadPage      the pages with their markdown, one at a time
 *   readTree                  the whole tree with its markdown
 *   placePages / writePage    where each page goes; one page written      write.ts
 *   writeTree                 a whole tree written (SUMMARY.md, pages, files, mapping)
 *   parseSummary / renderSummary, parseConfig, parsePageFile / renderPageFile, links
 */
export * from './config.js';
export * from './formats.js';
export * from './front-matter.js';
export * from './fs.js';
export * from './links.js';
export * from './mapping.js';
export * from './model.js';
export * from './page-file.js';
export * from './placement.js';
export * from './read.js';
export * from './summary.js';
export * from './write.js';
