import { type Db, dropPartitionsEndingBy, MONTHLY_PARTITIONED_TABLES } from '../db/index.js';
import type { Logger } from '../shared/index.js';

/** Rows changed per statement: keeps each transaction short on a big table. */
const BATCH = 5000;
const DAY_MS = 86_400_000;

/**
 * What the retention job erases once it is older than the tenant's `retention_days`, table
 * by table: message bodies (the row stays, so counts, directions and times still add up),
 * the model's history (deleted), tool call inputs and results, and the free text of runs
 * and handoffs, staff's internal notes (deleted), and webhook dead letters (raw webhook items: phones, names, bodies; deleted).
 * Appointments, handoffs, runs and their counts are kept for stats. Monthly partitions (see
 * MONTHLY_PARTITIONED_TABLES) that end before the longest retention of all tenants are dropped
 * whole first; rows of tenants with a shorter retention are deleted one by one as before. Dead letters of no tenant
 * (an unknown phone_number_id) have no retention period and are left to `npm run dead-letters`.
 */
const EXPIRING: readonly { table: string; set: string | null; pending: string }[] = [
  { table: 'messages', set: 'text = NULL, payload = NULL', pending: 'text IS NOT NULL OR payload IS NOT NULL' },
  { table: 'agent_history', set: null, pending: 'TRUE' },
  { table: 'agent_tool_calls', set: `input = '{}'::jsonb, result = NULL`, pending: `input <> '{}'::jsonb OR result IS NOT NULL` },
  { table: 'agent_runs', set: 'error = NULL', pending: 'error IS NOT NULL' },
  { table: 'handoffs', set: 'note = NULL', pending: 'note IS NOT NULL' },
  { table: 'conversation_notes', set: null, pending: 'TRUE' },
  { table: 'webhook_dead_letters', set: null, pending: 'TRUE' },
];

const timeColumnOf = (table: string) => (table === 'agent_runs' ? 'started_at' : 'created_at');

export interface ErasedExpiredData {
  tenants: number;
  rows: Record<string, number>;
  /** monthly partitions dropped whole (past every tenant's retention) */
  partitionsDropped: string[];
}

/**
 * The retention job (run daily by the queue's cron, see `eraseExpiredDataTask`): for every
 * tenant, erases what is older than its retention period. Idempotent: a second run finds
 * nothing left to erase. Works in batches, so it never holds a long lock.
 */
export async function eraseExpiredData(db: Db, options: { now: Date; logger: Logger }): Promise<ErasedExpiredData> {
  const tenants = await db.tenant.findMany({ select: { id: true, retentionDays: true } });
  const rows: Record<string, number> = Object.fromEntries(EXPIRING.map(({ table }) => [table, 0]));
  // First whole months past the longest retention of all (every row in them has expired for its
  // tenant): dropped at once, so the row deletes below never touch them.
  const partitionsDropped: string[] = [];
  const longest = Math.max(0, ...tenants.map((tenant) => tenant.retentionDays));
  if (tenants.length > 0) {
    const before = new Date(options.now.getTime() - longest * DAY_MS);
    for (const table of MONTHLY_PARTITIONED_TABLES)
      partitionsDropped.push(...(await dropPartitionsEndingBy(db, { table, before, logger: options.logger })));
  }
  for (const tenant of tenants) {
    const cutoff = new Date(options.now.getTime() - tenant.retentionDays * DAY_MS);
    for (const entry of EXPIRING) {
      const time = timeColumnOf(entry.table);
      const selectBatch = `SELECT id FROM ${entry.table} WHERE tenant_id = $1 AND ${time} < $2 AND (${entry.pending}) LIMIT ${BATCH}`;
      const statement = entry.set
        ? `UPDATE ${entry.table} SET ${entry.set} WHERE id IN (${selectBatch})`
        : `DELETE FROM ${entry.table} WHERE id IN (${selectBatch})`;
      for (;;) {
        const changed = await db.$executeRawUnsafe(statement, tenant.id, cutoff);
        rows[entry.table] = (rows[entry.table] ?? 0) + changed;
        if (changed < BATCH) break;
      }
    }
  }
  options.logger.info({ component: 'retention', tenants: tenants.length, rows, partitionsDropped }, 'expired data erased');
  return { tenants: tenants.length, rows, partitionsDropped };
}
