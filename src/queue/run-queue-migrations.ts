import { runMigrations } from 'graphile-worker';
import type { Logger } from '../shared/index.js';
import { toGraphileLogger } from './graphile-logger.js';

/** Creates or upgrades graphile-worker's own schema (`graphile_worker`). Idempotent. */
export async function runQueueMigrations(connectionString: string, logger: Logger): Promise<void> {
  await runMigrations({ connectionString, logger: toGraphileLogger(logger) });
}
