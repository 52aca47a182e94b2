import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import type { SoakOptions } from '../../../bench/soak/run-soak.js';

/** Builds the service the soak starts (dist/), as `npm run soak` does first. */
export function buildService(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: 'inherit',
  });
  expect(build.status).toBe(0);
}

/**
 * The suite's small soak of a connection mode (`--pgbouncer`, `--replica`): 2 salons, 8
 * customers × 2 messages, 2 web processes and 1 worker, duplicated webhooks and model and
 * Graph errors, no kill. Each mode's test adds its switch and where its database is.
 */
export const SMALL_MODE_SOAK = {
  customers: 8,
  messagesPerCustomer: 2,
  tenants: 2,
  webProcesses: 2,
  workerProcesses: 1,
  workerKills: 0,
  workerConcurrency: 8,
  debounceMs: 300,
  modelLatencyMs: [30, 150],
  modelErrorRate: 0.05,
  graphLatencyMs: [5, 25],
  graphErrorRate: 0.02,
  duplicateRate: 0.2,
  arrivalWindowMs: 2000,
  replyTimeoutMs: 20_000,
  thinkMs: [50, 300],
  burstGapMs: [50, 150],
  delayedDuplicateMs: [200, 1500],
  drainTimeoutMs: 20_000,
  seed: 31,
} satisfies Partial<SoakOptions>;
