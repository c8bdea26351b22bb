import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Unit and integration tests run against the sources; e2e tests run the built binary.
    alias: [
      { find: /^@docs-api\/sdk\/contract$/, replacement: src('./packages/sdk/src/contract/index.ts') },
      { find: /^@docs-api\/sdk\/git-layout$/, replacement: src('./packages/sdk/src/git-layout/index.ts') },
      { find: /^@docs-api\/sdk$/, replacement: src('./packages/sdk/src/index.ts') },
      { find: /^@docs-api\/sandbox$/, replacement: src('./packages/sandbox/src/index.ts') },
      { find: /^@docs-api\/sandbox\/testing$/, replacement: src('./packages/sandbox/src/testing.ts') },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-tmpdir.ts', './test/strict-responses.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
