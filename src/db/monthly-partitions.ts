import type { Logger } from '../shared/index.js';
import type { Db } from './client.js';
import { inTransaction } from './in-transaction.js';

/**
 * Tables partitioned by month of `created_at` (declarative range partitioning, created by the
 * migration SQL). Only tables whose rows retention deletes outright are here: agent_history.
 * Not partitioned, and why: messages and agent_tool_calls keep their rows (anonymised) for
 * counts, so no partition could ever be dropped, and their unique keys (wa_message_id,
 * idempotency_key, tool_use_id) are what make intake, sends and resumed runs happen once, which a
 * partitioned table can only enforce together with created_at; webhook_dead_letters is small
 * (only what could not be stored) and its replay looks rows up by id alone.
 */
export const MONTHLY_PARTITIONED_TABLES = ['agent_history'] as const;
export type MonthlyPartitionedTable = (typeof MONTHLY_PARTITIONED_TABLES)[number];

/** Partition DDL waits this long for the parent's lock, then gives up until the next run. */
const LOCK_TIMEOUT = '5s';

interface PartitionRow {
  name: string;
  from: Date | null;
  to: Date | null;
  isDefault: boolean;
}

/** The partitions of `table` with their bounds (null: MINVALUE / MAXVALUE). */
export async function listPartitions(db: Db, table: MonthlyPartitionedTable): Promise<PartitionRow[]> {
  return db.$queryRaw<PartitionRow[]>`
    SELECT c.relname AS name,
           (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\)'))[1]::timestamptz AS "from",
           (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz AS "to",
           pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT' AS "isDefault"
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = ${table}::regclass
     ORDER BY 4, 2 NULLS FIRST`;
}

const monthStart = (at: Date, plusMonths = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plusMonths, 1));
const monthName = (table: string, start: Date) => `${table}_p${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Makes sure `table` has a partition for the current month (UTC) and each of the next
 * `monthsAhead`, creating the missing ones (`<table>_pYYYY_MM`). Returns the names created.
 * A month whose rows already sit in the DEFAULT partition (the job had not run for that long)
 * cannot get its own partition; it is logged and left there, where retention still deletes rows.
 */
export async function createMonthlyPartitionsAhead(
  db: Db,
  options: { table: MonthlyPartitionedTable; now: Date; monthsAhead: number; logger: Logger },
): Promise<string[]> {
  const existing = (await listPartitions(db, options.table)).filter((partition) => !partition.isDefault);
  const created: string[] = [];
  for (let step = 0; step <= options.monthsAhead; step++) {
    const from = monthStart(options.now, step);
    const to = monthStart(options.now, step + 1);
    const covered = existing.some(
      (partition) => (partition.from === null || partition.from <= from) && (partition.to === null || partition.to >= to),
    );
    if (covered) continue;
    const name = monthName(options.table, from);
    try {
      await inTransaction(db, async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
        await tx.$executeRawUnsafe(
          `CREATE TABLE "${name}" PARTITION OF "${options.table}" FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
        );
      });
      created.push(name);
    } catch (error) {
      options.logger.warn({ component: 'partitions', table: options.table, partition: name, err: error }, 'partition not created');
    }
  }
  return created;
}

/**
 * Drops every partition of `table` that ends at or before `before` (never the DEFAULT one):
 * for a table whose rows all expire by then, a whole month goes at once instead of row by row.
 * Returns the names dropped.
 */
export async function dropPartitionsEndingBy(
  db: Db,
  options: { table: MonthlyPartitionedTable; before: Date; logger: Logger },
): Promise<string[]> {
  const partitions = await listPartitions(db, options.table);
  const dropped: string[] = [];
  for (const partition of partitions) {
    if (partition.isDefault || partition.to === null || partition.to > options.before) continue;
    try {
      await inTransaction(db, async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
        await tx.$executeRawUnsafe(`DROP TABLE "${partition.name}"`);
      });
      dropped.push(partition.name);
    } catch (error) {
      options.logger.warn(
        { component: 'partitions', table: options.table, partition: partition.name, err: error },
        'partition not dropped',
      );
    }
  }
  return dropped;
}
