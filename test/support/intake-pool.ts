import { createIntakePool } from '../../src/db/index.js';
import { silentLogger } from '../../src/shared/index.js';

const pools = new Map<string, ReturnType<typeof createIntakePool>>();

/**
 * The webhook's intake pool for a test database (one per database URL, as boot/ makes one per
 * process). Its idle connections close by themselves (allowExitOnIdle), so a test file's end
 * needs no teardown; dropping the database ends the rest.
 */
export function testIntakePool(databaseUrl: string) {
  let pool = pools.get(databaseUrl);
  if (!pool) {
    pool = createIntakePool(databaseUrl, silentLogger);
    pools.set(databaseUrl, pool);
  }
  return pool.pool;
}
