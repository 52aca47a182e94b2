import pg from 'pg';

/** The server settings that make PostgreSQL count every statement's time and WAL (pg_stat_statements). */
export const STATEMENT_STATS_SETTINGS = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' };

export interface StatementCost {
  /** the normalised statement, shortened */
  query: string;
  calls: number;
  execMs: number;
  walBytes: number;
  walRecords: number;
}

/**
 * What each statement cost the database while the load ran (`--statements`): which ones
 * spend PostgreSQL's CPU and write its WAL per message. Needs the server started with
 * STATEMENT_STATS_SETTINGS (the soak's embedded server).
 */
export async function startStatementCosts(databaseUrl: string): Promise<{ stop(): Promise<StatementCost[]> }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'wa-agenda-soak-statements' });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset()');
  return {
    async stop() {
      try {
        const { rows } = await client.query<{ query: string; calls: string; exec_ms: number; wal_bytes: string; wal_records: string }>(`
          SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::text, total_exec_time AS exec_ms,
                 wal_bytes::text, wal_records::text
          FROM pg_stat_statements
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND query NOT LIKE '%pg_stat_statements%'`);
        return rows.map((row) => ({
          query: row.query.slice(0, 160),
          calls: Number(row.calls),
          execMs: row.exec_ms,
          walBytes: Number(row.wal_bytes),
          walRecords: Number(row.wal_records),
        }));
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The top statements by execution time, by WAL and by calls, per inbound message, as report
 * lines. Calls are where the commits go: a statement outside a transaction is a commit of its own.
 */
export function formatStatementCosts(costs: StatementCost[], inboundMessages: number, top = 8, topByCalls = 25): string {
  const perMessage = (value: number) => value / Math.max(1, inboundMessages);
  const totalMs = costs.reduce((sum, cost) => sum + cost.execMs, 0);
  const totalWal = costs.reduce((sum, cost) => sum + cost.walBytes, 0);
  const line = (cost: StatementCost) =>
    `  ${perMessage(cost.calls).toFixed(2).padStart(6)} calls  ${perMessage(cost.execMs).toFixed(2).padStart(6)} ms  ${(perMessage(cost.walBytes) / 1024).toFixed(1).padStart(6)} KiB WAL  ${perMessage(cost.walRecords).toFixed(0).padStart(5)} rec  ${cost.query}`;
  return [
    `statements per inbound message: ${perMessage(totalMs).toFixed(1)} ms executing, ${(perMessage(totalWal) / 1024).toFixed(1)} KiB WAL (pg_stat_statements)`,
    'by execution time:',
    ...[...costs]
      .sort((a, b) => b.execMs - a.execMs)
      .slice(0, top)
      .map(line),
    'by WAL:',
    ...[...costs]
      .sort((a, b) => b.walBytes - a.walBytes)
      .slice(0, top)
      .map(line),
    `by calls (${perMessage(costs.reduce((sum, cost) => sum + cost.calls, 0)).toFixed(1)} statements per inbound message in all):`,
    ...[...costs]
      .sort((a, b) => b.calls - a.calls)
      .slice(0, topByCalls)
      .map(line),
  ].join('\n');
}
