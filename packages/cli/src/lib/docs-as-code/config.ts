// The layout's reader and writer are shared with the sandbox: @docs-api/sdk/git-layout.
export * from '@docs-api/sdk/git-layout';
