/**
 * An idle service: one web and one worker process (the built service, 48 job slots as in the
 * soak) on an embedded PostgreSQL with nothing to do, measured over a minute after they have
 * settled: CPU of each process and of PostgreSQL, WAL written, and every statement the service
 * ran (pg_stat_statements), `get_job` among them. Targets: the whole idle service (web, worker
 * and PostgreSQL) at most 1 % of a core, no WAL written by its statements, no job lookups while
 * nothing is due. The cluster's own WAL over the window (LSN distance) is printed too.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { cpuSecondsOfTree } from './soak/cpu-time.js';
import { startServiceCluster } from './soak/service-processes.js';
import { STATEMENT_STATS_SETTINGS } from './soak/statement-costs.js';
import { createBenchDatabase } from './support/bench-database.js';
import { type BenchTarget, createTargets } from './support/targets.js';

const SETTLE_MS = 15_000;
/** after the fresh database's own catch-up (VACUUM ANALYZE, CHECKPOINT): the bgwriter's next standby snapshot comes within 15 s */
const QUIET_MS = 20_000;
const WINDOW_MS = 60_000;
/** graphile-worker's job lookup: the only statement that locks job queues `FOR UPDATE SKIP LOCKED` */
const isJobLookup = (query: string) => /skip locked/i.test(query) && /_private_jobs/.test(query) && /locked_by/.test(query);

export default async function run(): Promise<BenchTarget[]> {
  const targets = createTargets();
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed; this benchmark runs the built service (dist/)');
  const database = await createBenchDatabase({ prefix: 'wa_idle', queue: true, settings: STATEMENT_STATS_SETTINGS });
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'wa-idle-logs-'));
  const client = new pg.Client({ connectionString: database.url, application_name: 'wa-agenda-idle-bench' });
  let cluster: Awaited<ReturnType<typeof startServiceCluster>> | undefined;
  try {
    cluster = await startServiceCluster({
      web: 1,
      workers: 1,
      logDir,
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        WHATSAPP_APP_SECRET: randomBytes(16).toString('hex'),
        WHATSAPP_VERIFY_TOKEN: 'idle-verify-token',
        CREDENTIALS_KEY: `idle:${randomBytes(32).toString('base64')}`,
        WORKER_CONCURRENCY: '48',
      },
    });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await sleep(SETTLE_MS);
    // A fresh cluster's databases are vacuumed once (autovacuum's first round, a minute after the
    // start, would do it within the window), then checkpointed: that WAL is the new cluster's, not the idle service's.
    for (const name of ['postgres', 'template1']) {
      const url = new URL(database.url);
      url.pathname = `/${name}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      await other.query('VACUUM ANALYZE').finally(() => other.end());
    }
    await client.query('VACUUM ANALYZE');
    await client.query('CHECKPOINT');
    await sleep(QUIET_MS);
    const lsn = async () => (await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]?.lsn ?? '0/0';
    await client.query('SELECT pg_stat_statements_reset()');
    const startedAt = Date.now();
    const walFrom = await lsn();
    const cpuFrom = { ...cluster.cpuSeconds(), postgres: cpuSecondsOfTree(database.serverPid()) };
    await sleep(WINDOW_MS);
    const cpuTo = { ...cluster.cpuSeconds(), postgres: cpuSecondsOfTree(database.serverPid()) };
    const walTo = await lsn();
    const seconds = (Date.now() - startedAt) / 1000;
    const walBytes = Number(
      (await client.query<{ bytes: string }>('SELECT pg_wal_lsn_diff($1, $2)::text AS bytes', [walTo, walFrom])).rows[0]?.bytes ?? 0,
    );
    const { rows } = await client.query<{ query: string; calls: string; wal_bytes: string }>(`
      SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::text, wal_bytes::text FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_current_wal_lsn%'
      ORDER BY calls DESC`);
    const statements = rows.map((row) => ({ query: row.query, calls: Number(row.calls), walBytes: Number(row.wal_bytes) }));
    const perMinute = (count: number) => (count * 60) / seconds;
    const coreShare = (cpu: number) => (cpu / seconds) * 100;
    const cpu = { web: cpuTo.web - cpuFrom.web, worker: cpuTo.worker - cpuFrom.worker, postgres: cpuTo.postgres - cpuFrom.postgres };
    const all = cpu.web + cpu.worker + cpu.postgres;
    const lookups = statements.filter((statement) => isJobLookup(statement.query)).reduce((sum, statement) => sum + statement.calls, 0);
    console.log(
      `idle for ${seconds.toFixed(0)} s after ${(SETTLE_MS + QUIET_MS) / 1000} s to settle (1 web + 1 worker process, 48 job slots; the new database vacuumed and checkpointed first)`,
    );
    console.log(
      `CPU, % of one core: web ${coreShare(cpu.web).toFixed(2)}, worker ${coreShare(cpu.worker).toFixed(2)}, PostgreSQL ${coreShare(cpu.postgres).toFixed(2)}, all ${coreShare(all).toFixed(2)}`,
    );
    const statementWal = statements.reduce((sum, statement) => sum + statement.walBytes, 0);
    console.log(
      `WAL written: ${walBytes} bytes (${perMinute(walBytes).toFixed(0)} per minute), of which by the service's statements ${statementWal} bytes`,
    );
    console.log(
      `statements: ${perMinute(statements.reduce((sum, statement) => sum + statement.calls, 0)).toFixed(0)} per minute, of which job lookups (get_job) ${perMinute(lookups).toFixed(0)}`,
    );
    for (const statement of statements.slice(0, 8))
      console.log(
        `  ${perMinute(statement.calls).toFixed(1).padStart(7)}/min  ${statement.walBytes.toString().padStart(7)} B WAL  ${statement.query.slice(0, 110)}`,
      );
    console.log(`target: idle service ≤ 1 % of a core: ${targets.check('idle service ≤ 1 % of a core', coreShare(all) <= 1)}`);
    // The whole cluster's WAL is printed above; what the service asks for is its statements' WAL.
    console.log(
      `target: the service's statements write no WAL while idle: ${targets.check('no statement WAL while idle', statementWal === 0)}`,
    );
    console.log(`target: no job lookups while nothing is due: ${targets.check('no get_job while idle', lookups === 0)}`);
    return targets.list;
  } finally {
    await client.end().catch(() => undefined);
    await cluster?.stopAll();
    await database.dispose();
    await rm(logDir, { recursive: true, force: true });
  }
}
