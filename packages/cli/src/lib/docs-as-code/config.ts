// The layout's reader and writer are shared with the sandbox: src/sdk-git-layout.ts.
export * from '../../sdk-git-layout.js';
