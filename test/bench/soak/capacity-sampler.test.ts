import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startCapacitySampler } from '../../../bench/soak/capacity-sampler.js';
import { testDatabase } from '../../support/test-database.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * A stand-in service process: two sessions (one named as the service names its pools, one
 * unnamed and left idle in a transaction), then a core kept busy for `busyMs`.
 */
async function startBusyProcess(databaseUrl: string, busyMs: number): Promise<ChildProcess> {
  const script = `
    import pg from 'pg';
    const named = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: 'wa-agenda worker ' + process.pid + ' db' });
    const unnamed = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await named.connect();
    await unnamed.connect();
    await unnamed.query('BEGIN');
    await unnamed.query('SELECT 1');
    process.stdout.write('ready\\n');
    const end = Date.now() + ${busyMs};
    while (Date.now() < end) {}
    setInterval(() => undefined, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('ready');
  return child;
}

describe('capacity sampler', () => {
  const children: ChildProcess[] = [];
  const clients: pg.Client[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const client of clients.splice(0)) await client.end().catch(() => undefined);
  });

  const session = async (url: string, name: string) => {
    const client = new pg.Client({ connectionString: url, application_name: name });
    await client.connect();
    clients.push(client);
    return client;
  };

  it('when a service process burns a core, holds sessions, waits on a lock and jobs queue up, then each second shows its cores, its sessions by owner and state, the lock wait and the queue', async () => {
    const { url } = await testDatabase();
    const admin = await session(url, 'capacity-test admin');
    await admin.query(`CREATE TABLE capacity_probe (id int PRIMARY KEY, n int); INSERT INTO capacity_probe VALUES (1, 0)`);
    await admin.query(`
      SELECT graphile_worker.add_job('capacity_probe', '{}'::json) FROM generate_series(1, 3);
      SELECT graphile_worker.add_job('capacity_probe', '{}'::json, run_at => now() + interval '1 hour');
      SELECT graphile_worker.add_job('capacity_probe', '{}'::json, queue_name => 'conversation-1');
      SELECT graphile_worker.add_job('capacity_probe', '{}'::json, queue_name => 'conversation-1');
      UPDATE graphile_worker._private_job_queues SET locked_at = now(), locked_by = 'a worker' WHERE queue_name = 'conversation-1';
      UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'a worker'
       WHERE id = (SELECT min(id) FROM graphile_worker._private_jobs WHERE job_queue_id IS NOT NULL);`);
    const holder = await session(url, 'capacity-test holder');
    await holder.query('BEGIN; UPDATE capacity_probe SET n = 1 WHERE id = 1');
    const waiter = await session(url, 'capacity-test waiter');
    const waiting = waiter.query('UPDATE capacity_probe SET n = 2 WHERE id = 1');

    let child = await startBusyProcess(url, 1500);
    children.push(child);
    let sent = 0;
    const sampler = await startCapacitySampler({
      databaseUrl: url,
      processes: [{ name: 'worker-1', role: 'worker', pid: () => child.pid }],
      postgresPid: () => undefined,
      messagesSent: () => ++sent,
      everyMs: 250,
    });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // SIGKILL and a new incarnation under the same name, as the soak restarts a worker.
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = await startBusyProcess(url, 300);
    children.push(child);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const samples = await sampler.stop();
    await holder.query('ROLLBACK');
    await waiting;

    expect(samples.length).toBeGreaterThanOrEqual(6);
    expect(samples.every((sample) => sample.intervalSeconds > 0.1 && sample.intervalSeconds < 2)).toBe(true);
    const workerCores = samples.map((sample) => sample.processes.find((process) => process.name === 'worker-1')?.cores ?? -1);
    // A process cannot use more cores than the machine has (a cumulative figure, read as a rate,
    // would); a tighter bound fails on a loaded machine, where a new incarnation's start-up
    // threads and tick rounding land in one short interval.
    expect(workerCores.every((cores) => cores >= 0 && cores <= os.cpus().length + 0.1)).toBe(true);
    expect(Math.max(...workerCores)).toBeGreaterThan(0.5);
    expect(samples.some((sample) => sample.processes.some((process) => process.restarted))).toBe(true);
    expect(samples.every((sample) => sample.machine.busyCores >= 0 && sample.soakCores >= 0)).toBe(true);
    expect(samples.map((sample) => sample.messagesSent)).toEqual(samples.map((_, index) => index + 2));

    const early = samples[1]?.database;
    expect(early).toBeDefined();
    const group = (name: string) => early?.connections.find((entry) => entry.name === name);
    expect(group('worker-1 db')).toMatchObject({ process: 'worker-1', purpose: 'db', idle: 1 });
    expect(group('worker-1 (unnamed)')).toMatchObject({ process: 'worker-1', idleInTransaction: 1 });
    expect(group('capacity-test waiter')).toMatchObject({ active: 1 });
    expect(early?.lockWaits).toEqual([
      expect.objectContaining({ group: 'capacity-test waiter', blockedBy: 1, query: 'UPDATE capacity_probe SET n = 2 WHERE id = 1' }),
    ]);
    expect(early?.queue).toMatchObject({ runnable: 3, waitingForQueue: 1, running: 1, scheduled: 1 });
    expect(early?.queue.oldestRunnableMs).toBeGreaterThan(0);
  }, 30_000);
});
