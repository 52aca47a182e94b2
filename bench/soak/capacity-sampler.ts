import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { CapacitySample, LockWait, ProcessCores, QueueState } from './capacity-sample.js';
import { groupConnections, identifySession, needsPortLookup, type SessionRow } from './connection-groups.js';
import { cpuSecondsOf, cpuSecondsOfTree, machineBusySeconds } from './cpu-time.js';
import { localPortOwners } from './socket-owner.js';

export interface SampledProcess {
  name: string;
  role: 'web' | 'worker';
  /** the running incarnation's pid (a restart after SIGKILL brings a new one) */
  pid(): number | undefined;
}

export interface CapacitySamplerOptions {
  databaseUrl: string;
  processes: SampledProcess[];
  /** the embedded server's postmaster; undefined for an outside server (its CPU is then not sampled) */
  postgresPid: () => number | undefined;
  /** distinct inbound messages sent so far */
  messagesSent: () => number;
  everyMs?: number;
}

// One simple-protocol batch a second: sessions, lock waits, queue. Service sessions only
// (client backends of this database), the sampler's own left out.
const SAMPLE_SQL = `
SELECT coalesce(application_name, '') AS name, state, client_port
  FROM pg_stat_activity
 WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid();
SELECT coalesce(a.wait_event, '') AS wait_event, cardinality(pg_blocking_pids(a.pid)) AS blocked_by,
       left(a.query, 60) AS query, coalesce(a.application_name, '') AS name, a.client_port,
       coalesce(extract(epoch FROM clock_timestamp() - l.waitstart) * 1000, 0)::float8 AS waiting_ms
  FROM pg_stat_activity a
  LEFT JOIN pg_locks l ON l.pid = a.pid AND NOT l.granted
 WHERE a.datname = current_database() AND a.wait_event_type = 'Lock';
WITH jobs AS (
  SELECT j.run_at, j.locked_at IS NOT NULL AS locked, j.attempts < j.max_attempts AS has_attempts,
         q.locked_at IS NOT NULL AS queue_locked
    FROM graphile_worker._private_jobs j
    LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
)
SELECT count(*) FILTER (WHERE NOT locked AND has_attempts AND run_at <= now() AND NOT queue_locked)::int AS runnable,
       count(*) FILTER (WHERE NOT locked AND has_attempts AND run_at <= now() AND queue_locked)::int AS waiting_for_queue,
       count(*) FILTER (WHERE locked)::int AS running,
       count(*) FILTER (WHERE NOT locked AND has_attempts AND run_at > now())::int AS scheduled,
       coalesce(extract(epoch FROM now() - min(run_at) FILTER (WHERE NOT locked AND has_attempts AND run_at <= now() AND NOT queue_locked)) * 1000, 0)::float8
         AS oldest_runnable_ms
  FROM jobs;`;

/**
 * Samples the soak about every second until stopped: CPU cores used in that second by each
 * service process, PostgreSQL's process tree, the soak process and the whole machine; the
 * database's sessions grouped by owner and state, its lock waits, and graphile-worker's queue.
 * Its own cost is one connection, one query batch and a pass over /proc a second. A process
 * restarted under a new pid is a new incarnation: its CPU counts from its start, and the old
 * one's last part-second is lost rather than counted twice (deltas never go negative).
 */
export async function startCapacitySampler(
  options: CapacitySamplerOptions,
): Promise<{ /** Date.now() at `atSecond` 0 */ startedAt: number; stop(): Promise<CapacitySample[]> }> {
  const everyMs = options.everyMs ?? 1000;
  const client = new pg.Client({
    connectionString: options.databaseUrl,
    application_name: 'wa-agenda-soak-sampler',
    statement_timeout: Math.max(500, everyMs * 2),
  });
  // A dropped session only loses the database part of the samples that follow.
  client.on('error', () => undefined);
  await client.connect();
  const samples: CapacitySample[] = [];
  const stopper = new AbortController();
  const startedAt = performance.now();
  const startedAtEpoch = Date.now();
  let previous = readCounters(options);
  const loop = (async () => {
    let tick = 0;
    while (!stopper.signal.aborted) {
      // A late sample (slow database, busy machine) skips the ticks it missed instead of bunching up.
      tick = Math.max(tick + 1, Math.ceil((performance.now() - startedAt) / everyMs));
      await sleep(Math.max(0, startedAt + tick * everyMs - performance.now()), undefined, { signal: stopper.signal }).catch(
        () => undefined,
      );
      if (stopper.signal.aborted) break;
      const current = readCounters(options, previous);
      const sample = coresBetween(previous, current, startedAt);
      previous = current;
      const database = await readDatabase(client, current.processOfPid, options.processes).catch(() => undefined);
      samples.push(database ? { ...sample, database } : sample);
    }
  })();
  return {
    startedAt: startedAtEpoch,
    async stop() {
      stopper.abort();
      await loop;
      await client.end().catch(() => undefined);
      return samples;
    },
  };
}

interface Counters {
  at: number;
  processes: Map<string, { role: 'web' | 'worker'; pid?: number; cpu: number; restarted: boolean }>;
  processOfPid: Map<number, string>;
  postgres?: number;
  soak: NodeJS.CpuUsage;
  machine: number;
  messagesSent: number;
}

function readCounters(options: CapacitySamplerOptions, previous?: Counters): Counters {
  const processes: Counters['processes'] = new Map();
  const processOfPid = new Map<number, string>();
  for (const process of options.processes) {
    const pid = process.pid();
    const before = previous?.processes.get(process.name);
    if (pid === undefined) {
      processes.set(process.name, { role: process.role, cpu: 0, restarted: false });
      continue;
    }
    processOfPid.set(pid, process.name);
    processes.set(process.name, {
      role: process.role,
      pid,
      cpu: cpuSecondsOf(pid),
      restarted: before !== undefined && before.pid !== undefined && before.pid !== pid,
    });
  }
  const postgresPid = options.postgresPid();
  return {
    at: performance.now(),
    processes,
    processOfPid,
    ...(postgresPid !== undefined ? { postgres: cpuSecondsOfTree(postgresPid) } : {}),
    soak: process.cpuUsage(),
    machine: machineBusySeconds(),
    messagesSent: options.messagesSent(),
  };
}

function coresBetween(before: Counters, after: Counters, startedAt: number): CapacitySample {
  const seconds = Math.max(0.001, (after.at - before.at) / 1000);
  const cores = (delta: number) => Math.max(0, delta) / seconds;
  const processes: ProcessCores[] = [...after.processes].map(([name, now]) => {
    const then = before.processes.get(name);
    // Same incarnation: the difference. A new one (or one first seen now): all of its CPU so far, used since the last sample.
    const delta = then?.pid !== undefined && then.pid === now.pid ? now.cpu - then.cpu : now.cpu;
    return {
      name,
      role: now.role,
      ...(now.pid !== undefined ? { pid: now.pid } : {}),
      cores: cores(delta),
      ...(now.restarted ? { restarted: true } : {}),
    };
  });
  return {
    atSecond: (after.at - startedAt) / 1000,
    intervalSeconds: seconds,
    processes,
    ...(after.postgres !== undefined ? { postgresCores: cores(after.postgres - (before.postgres ?? after.postgres)) } : {}),
    soakCores: cores((after.soak.user - before.soak.user + after.soak.system - before.soak.system) / 1e6),
    machine: { busyCores: cores(after.machine - before.machine), load1: os.loadavg()[0] ?? 0 },
    messagesSent: after.messagesSent,
  };
}

async function readDatabase(client: pg.Client, processOfPid: Map<number, string>, processes: SampledProcess[]) {
  const results = (await client.query(SAMPLE_SQL)) as unknown as pg.QueryResult[];
  const [sessionRows, lockRows, queueRows] = results.map((result) => result.rows) as [
    { name: string; state: string | null; client_port: number | null }[],
    { wait_event: string; blocked_by: number; query: string; name: string; client_port: number | null; waiting_ms: number }[],
    { runnable: number; waiting_for_queue: number; running: number; scheduled: number; oldest_runnable_ms: number }[],
  ];
  const sessions: SessionRow[] = sessionRows.map((row) => ({ applicationName: row.name, state: row.state, clientPort: row.client_port }));
  const unnamedPorts = sessions.flatMap((row) =>
    needsPortLookup(row.applicationName) && row.clientPort !== null && row.clientPort > 0 ? [row.clientPort] : [],
  );
  const pids = processes.flatMap((process) => process.pid() ?? []);
  const pidOfPort = unnamedPorts.length > 0 ? localPortOwners(unnamedPorts, pids) : new Map<number, number>();
  const lockWaits: LockWait[] = lockRows.map((row) => ({
    waitEvent: row.wait_event,
    blockedBy: row.blocked_by,
    query: row.query,
    group: identifySession({ applicationName: row.name, clientPort: row.client_port }, processOfPid, pidOfPort).name,
    waitingMs: Math.round(row.waiting_ms),
  }));
  const queueRow = queueRows[0];
  const queue: QueueState = {
    runnable: queueRow?.runnable ?? 0,
    waitingForQueue: queueRow?.waiting_for_queue ?? 0,
    running: queueRow?.running ?? 0,
    scheduled: queueRow?.scheduled ?? 0,
    oldestRunnableMs: Math.round(queueRow?.oldest_runnable_ms ?? 0),
  };
  return { connections: groupConnections(sessions, processOfPid, pidOfPort), lockWaits, queue };
}
