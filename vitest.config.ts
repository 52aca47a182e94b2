import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup-file.ts'],
    pool: 'forks',
    // Vitest's default in run mode is one worker fewer than the cores: a single worker on
    // the 2-core CI machine. Most test files spend their time waiting on the database, on
    // timers (debounce windows, polling) and on child processes, not on the CPU, so two
    // files at a time fill the cores that one leaves idle.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  },
});
