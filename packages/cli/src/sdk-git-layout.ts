/*
 * The layout's reader and writer, shared with the sandbox (@docs-api/sdk/git-layout), loaded from
 * the installed SDK by the commands that read or write a folder (docs pull, docs push) only. Not
 * bundled: its YAML parser requires Node built-ins that an ES module bundle cannot.
 */
export * from '@docs-api/sdk/git-layout';
