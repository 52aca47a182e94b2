import pg from 'pg';

export interface WriteCounters {
  /** rows inserted, updated and deleted in the soak's database */
  rows: number;
  /** WAL position (bytes since the cluster's start): every byte the server writes for durability */
  walBytes: bigint;
  /** pg_stat_wal (the whole server): WAL records, full-page images among them, and bytes */
  wal: { records: bigint; fpi: bigint; bytes: bigint };
  /** transactions committed in the soak's database: each synchronous one waits for a WAL flush */
  commits: number;
  /** WAL writes and fsyncs the server issued (pg_stat_io, PostgreSQL 18; 0 where it does not count WAL): the disk operations durability costs */
  walIo: { writes: number; fsyncs: number };
}

/**
 * What the database has written so far, for "rows and bytes written per message". The soak
 * runs on its own database (an embedded server of its own by default, so the WAL is the
 * soak's alone; on a shared server the WAL figure includes the server's other traffic).
 * Cumulative statistics are flushed by backends within about a second, so read this after
 * the service is quiet.
 */
export async function readWriteCounters(databaseUrl: string): Promise<WriteCounters> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Make this backend's own statistics current, then read everyone's.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ rows: string; commits: string; wal: string; records: string; fpi: string; bytes: string }>(`
      SELECT (d.tup_inserted + d.tup_updated + d.tup_deleted)::text AS rows, d.xact_commit::text AS commits,
             pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS wal,
             w.wal_records::text AS records, w.wal_fpi::text AS fpi, w.wal_bytes::text AS bytes
      FROM pg_stat_database d, pg_stat_wal w WHERE d.datname = current_database()`);
    const row = rows[0];
    const walIo = await client
      .query<{ writes: string | null; fsyncs: string | null }>(
        `SELECT sum(writes)::text AS writes, sum(fsyncs)::text AS fsyncs FROM pg_stat_io WHERE object = 'wal'`,
      )
      .then((result) => ({ writes: Number(result.rows[0]?.writes ?? 0), fsyncs: Number(result.rows[0]?.fsyncs ?? 0) }))
      .catch(() => ({ writes: 0, fsyncs: 0 }));
    return {
      commits: Number(row?.commits ?? 0),
      walIo,
      rows: Number(row?.rows ?? 0),
      walBytes: BigInt(row?.wal ?? 0),
      wal: { records: BigInt(row?.records ?? 0), fpi: BigInt(row?.fpi ?? 0), bytes: BigInt(row?.bytes ?? 0) },
    };
  } finally {
    await client.end();
  }
}

export const writesBetween = (before: WriteCounters, after: WriteCounters) => ({
  rows: after.rows - before.rows,
  commits: after.commits - before.commits,
  walIo: { writes: after.walIo.writes - before.walIo.writes, fsyncs: after.walIo.fsyncs - before.walIo.fsyncs },
  walBytes: Number(after.walBytes - before.walBytes),
  wal: {
    records: Number(after.wal.records - before.wal.records),
    fpi: Number(after.wal.fpi - before.wal.fpi),
    bytes: Number(after.wal.bytes - before.wal.bytes),
  },
});
