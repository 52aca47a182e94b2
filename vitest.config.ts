import { defineConfig } from 'vitest/config';

/**
 * Test files that share their worker's loaded modules from one file to the next (Vitest's
 * `isolate: false`), instead of importing Prisma, the SDKs and the service again per file:
 * importing was ~45 % of their run (these folders: 265 s → 47 s wall). Only folders checked
 * to leave no state behind for the next file are listed; a file that ends a shared pool,
 * keeps fake timers or closes the msw server breaks every later file of its worker.
 */
const SHARED_WORKER = ['test/scheduling/**/*.test.ts', 'test/admin/**/*.test.ts'];
const SHARED_WORKER_EXCEPT = ['test/admin/handoff-whole-path.test.ts', 'test/admin/conversation-takeover.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup-file.ts'],
    pool: 'forks',
    // Vitest's default in run mode is one worker fewer than the cores: a single worker on
    // the 2-core CI machine. Many test files wait on the database, on timers (debounce
    // windows, polling) and on child processes, so two files at a time fill the idle core.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
    projects: [
      {
        extends: true,
        // A worker keeps its loaded modules from one file to the next instead of importing
        // Prisma, the SDKs and the service again per file: importing was ~45 % of the run
        // (test/scheduling + test/admin: 265 s → 47 s wall with the modules kept).
        test: { name: 'shared', include: SHARED_WORKER, exclude: SHARED_WORKER_EXCEPT, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ['test/**/*.test.ts'], exclude: SHARED_WORKER, isolate: true } },
      { extends: true, test: { name: 'isolated-admin', include: SHARED_WORKER_EXCEPT, isolate: true } },
    ],
  },
});
