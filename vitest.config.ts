import { availableParallelism } from 'node:os';
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
    // Most test time is spent waiting on child processes, sockets and timers, not on the CPU: one
    // worker more than the cores (vitest's default is one fewer, a single worker on two cores)
    // took the suite from 17.6 to 7.8 minutes on a two-core machine.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
