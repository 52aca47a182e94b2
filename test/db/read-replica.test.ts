import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMigrations,
  createDb,
  createReplicaReads,
  type Db,
  type EmbeddedPostgresHandle,
  type NamedReads,
  ormSqlReads,
  startEmbeddedPostgres,
} from '../../src/db/index.js';
import { createStaffReads } from '../../src/http/index.js';
import { createLogger, silentLogger } from '../../src/shared/index.js';
import { bearer, createAdminTestApp } from '../admin/admin-test-app.js';
import { insertHandoffs, NOVEMBER_HANDOFFS } from '../handoff/handoff-stats-fixture.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { type StreamingReplica, startStreamingReplica } from '../support/streaming-replica.js';

// A real primary and a real streaming replica (two embedded PostgreSQL 18 servers): the shared
// test server cannot be the primary, since the replica is made by copying the primary's files.
describe('named reads on a streaming replica, with read-your-writes', () => {
  let directory: string;
  let primary: EmbeddedPostgresHandle;
  let replica: StreamingReplica;
  let db: Db;
  let reads: NamedReads;
  let tenant: TestTenant;
  const warnings: string[] = [];

  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'wa-replica-test-'));
    await chmod(directory, 0o777);
    const dataDir = path.join(directory, 'pg');
    primary = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'wa_replica_test', logger: silentLogger });
    await applyMigrations(primary.url, silentLogger);
    replica = await startStreamingReplica({ primaryUrl: primary.url, primaryDataDir: dataDir, logDir: directory });
    db = createDb(primary.url, { maxConnections: 4 });
    tenant = await createTestTenant(db);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = JSON.parse(chunk.toString('utf8')) as { level: number; msg: string };
        if (line.level >= 40) warnings.push(line.msg);
        done();
      },
    });
    reads = createReplicaReads({
      primary: { db, sql: ormSqlReads(db) },
      replicaUrl: replica.url,
      poolSize: 2,
      role: 'test',
      logger: createLogger('info', undefined, sink),
      probeMs: 50,
    });
    await until(() => reads.state().kind === 'up');
  }, 120_000);

  afterAll(async () => {
    await reads?.stop();
    await db?.$disconnect();
    await replica?.stop();
    await primary?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const onReplica = async (sql: string) => {
    const client = new pg.Client({ connectionString: replica.url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  it('when staff read a list, then the replica serves it; when they read right after a write, then the primary serves it with the write, from any web process', async () => {
    // Two web processes: each has its own StaffReads over the same databases; only the cookie joins them.
    const webA = createAdminTestApp(db, { reads: createStaffReads(reads) });
    const webB = createAdminTestApp(db, { reads: createStaffReads(reads) });
    const { customer } = await createTestConversation(db, tenant.id, { name: 'Joana Souza' });
    await until(async () => {
      const listed = await request(webB).get('/admin/conversations').set(bearer(tenant.apiKey));
      return listed.headers['x-read-source'] === 'replica' && listed.body.items.length === 1;
    });

    // Replay paused: what the replica serves from now on is visibly behind the primary.
    await onReplica('SELECT pg_wal_replay_pause()');
    await createTestConversation(db, tenant.id, { name: 'Rui Lima' });
    const stale = await request(webB).get('/admin/conversations').set(bearer(tenant.apiKey));
    expect(stale.headers['x-read-source']).toBe('replica');
    expect(stale.body.items.map((item: { customer: { name: string } }) => item.customer.name)).toEqual(['Joana Souza']);

    const written = await request(webA)
      .patch(`/admin/customers/${customer.id}`)
      .set(bearer(tenant.apiKey))
      .send({ notes: 'prefere manhã' });
    expect(written.status).toBe(200);
    const cookie = (written.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('wa_read_after='));
    expect(cookie).toMatch(/^wa_read_after=\d+; Max-Age=60; Path=\/; .*HttpOnly; .*SameSite=Strict/);
    const readAfter = (cookie as string).split(';')[0] as string;

    // The same web process knows the key wrote; another one learns it from the cookie.
    for (const [web, headers] of [
      [webA, bearer(tenant.apiKey)],
      [webB, { ...bearer(tenant.apiKey), Cookie: readAfter }],
    ] as const) {
      const record = await request(web).get(`/admin/customers/${customer.id}`).set(headers);
      expect(record.headers['x-read-source']).toBe('primary');
      expect(record.body.notes).toBe('prefere manhã');
    }
    // Without the cookie, another web process serves the key's reads from the (paused) replica.
    const elsewhere = await request(webB).get(`/admin/customers/${customer.id}`).set(bearer(tenant.apiKey));
    expect(elsewhere.headers['x-read-source']).toBe('replica');
    expect(elsewhere.body.notes).toBeNull();

    // Once the replica holds the write, the cookie no longer keeps the caller on the primary.
    await onReplica('SELECT pg_wal_replay_resume()');
    await until(async () => {
      const record = await request(webB)
        .get(`/admin/customers/${customer.id}`)
        .set({ ...bearer(tenant.apiKey), Cookie: readAfter });
      return record.headers['x-read-source'] === 'replica' && record.body.notes === 'prefere manhã';
    });
  });

  it('when the handoff report runs with DATABASE_REPLICA_URL, then it reads the replica', async () => {
    await onReplica('SELECT pg_wal_replay_pause()');
    await insertHandoffs(db, tenant.id, NOVEMBER_HANDOFFS);
    const args = ['handoffs', '--from', '2026-11-01', '--to', '2026-12-01', '--tenant', tenant.slug];
    const fromReplica = await report(args, { DATABASE_URL: primary.url, DATABASE_REPLICA_URL: replica.url });
    expect(fromReplica.stderr).toBe('');
    expect(fromReplica.stdout).toMatch(/^total\s+0\s/m);
    const fromPrimary = await report(args, { DATABASE_URL: primary.url });
    expect(fromPrimary.stdout).toMatch(/^total\s+9\s/m);
    await onReplica('SELECT pg_wal_replay_resume()');
  }, 300_000);

  it('when the replica stops, then every read falls back to the primary, nothing is refused, and one warning says so', async () => {
    const web = createAdminTestApp(db, { reads: createStaffReads(reads) });
    await replica.stop();
    const everything = await db.conversation.count({ where: { tenantId: tenant.id } });
    for (let attempt = 0; attempt < 3; attempt++) {
      const listed = await request(web).get('/admin/conversations').set(bearer(tenant.apiKey));
      expect(listed.status).toBe(200);
      expect(listed.headers['x-read-source']).toBe('primary');
      // Everything written so far, whatever the replica last held.
      expect(listed.body.items).toHaveLength(everything);
    }
    const args = ['handoffs', '--from', '2026-11-01', '--to', '2026-12-01', '--tenant', tenant.slug];
    const reported = await report(args, { DATABASE_URL: primary.url, DATABASE_REPLICA_URL: replica.url });
    expect(reported.stderr).toContain('the read replica (DATABASE_REPLICA_URL) did not answer; the report reads the primary');
    expect(reported.stdout).toMatch(/^total\s+9\s/m);
    await sleep(200);
    expect(reads.state()).toEqual({ kind: 'down' });
    expect(warnings).toEqual(['read replica unavailable: named reads go to the primary until it answers again']);
  }, 300_000);
});

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

async function report(args: string[], env: Record<string, string>) {
  const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/report.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
  });
  return { stdout, stderr };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(50);
  }
}
