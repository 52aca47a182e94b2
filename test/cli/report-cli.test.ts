import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, startEmbeddedPostgres } from '../../src/db/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { insertHandoffs, NOVEMBER_HANDOFFS } from '../handoff/handoff-stats-fixture.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

async function report(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli/report.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run report -- handoffs', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    await insertHandoffs(database.db, tenant.id, NOVEMBER_HANDOFFS);
  });

  it('when run for a tenant and a month, then it prints the same figures as the endpoint as a table', async () => {
    const result = await report(['handoffs', '--from', '2026-11-01', '--to', '2026-12-01', '--tenant', tenant.slug], {
      DATABASE_URL: database.url,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const rows = result.stdout.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(rows).toContainEqual(['reason', 'count', 'claimed', 'unclaimed', 'median wait (s)', 'p90 wait (s)']);
    expect(rows).toContainEqual(['requested_by_customer', '6', '5', '1', '30', '46']);
    expect(rows).toContainEqual(['refusal', '2', '2', '0', '90', '114']);
    expect(rows).toContainEqual(['deadline', '1', '0', '1', '-', '-']);
    expect(rows).toContainEqual(['total', '9', '7', '2', '40', '84']);
    expect(result.stdout).toContain('2026-11-01T03:00:00.000Z');
    expect(result.stdout).toContain('unclaimed handoffs are counted but excluded from the waits');
  });

  it('when the arguments are wrong, then it names the problem, shows the usage and exits 2', async () => {
    const missing = await report(['handoffs', '--from', '2026-11-01'], { DATABASE_URL: database.url });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--from and --to are required');
    expect(missing.stderr).toContain('usage: npm run report -- handoffs');
    const reversed = await report(['handoffs', '--from', '2026-12-01', '--to', '2026-11-01'], { DATABASE_URL: database.url });
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toContain('--to: must be after from');
  });

  it('when there is no DATABASE_URL and no embedded database yet, then it says to set DATABASE_URL and exits 1', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wa-report-'));
    try {
      const result = await report(['handoffs', '--from', '2026-11-01', '--to', '2026-12-01'], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('set DATABASE_URL');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('when there is no DATABASE_URL and a running server owns the embedded cluster, then the report reads through that server instead of refusing', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wa-report-embedded-'));
    await chmod(dataDir, 0o777);
    const port = await freePort();
    // This test process plays `npm start`: it owns the running cluster. The report finds its
    // port in postmaster.pid, not in EMBEDDED_PG_PORT (set wrong on purpose).
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port, database: 'wa_agenda', logger: silentLogger });
    try {
      await applyMigrations(server.url, silentLogger);
      const result = await report(['handoffs', '--from', '2026-11-01', '--to', '2026-12-01'], {
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('All tenants (UTC)');
      expect(result.stdout).toContain('(no handoffs in this period)');
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run report -- deposits', () => {
  it('when run for a tenant and a month, then it prints its deposits collected, forfeited, refunded and expired with amounts', async () => {
    const database = await testDatabase();
    const tenant = await createTestTenant(database.db);
    const customer = await database.db.customer.create({ data: { tenantId: tenant.id, waId: '5511977776666', name: 'Ana' } });
    const rows: [string, string, number][] = [
      ['booked', 'paid', 5400],
      ['cancelled', 'paid', 3000],
      ['cancelled', 'refunded', 2000],
      ['expired', 'expired', 1000],
    ];
    for (const [index, [status, depositStatus, cents]] of rows.entries()) {
      const startsAt = new Date(Date.UTC(2026, 10, 10 + index, 15));
      const appointment = await database.db.appointment.create({
        data: {
          tenantId: tenant.id,
          professionalId: tenant.professionals[0]!.id,
          serviceId: tenant.services[1]!.id,
          customerId: customer.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 90 * 60_000),
          status,
        },
      });
      await database.db.deposit.create({
        data: {
          tenantId: tenant.id,
          appointmentId: appointment.id,
          status: depositStatus,
          amountCents: cents,
          holdUntil: startsAt,
          chargeKey: `report-${appointment.id}`,
        },
      });
    }
    const result = await report(['deposits', '--from', '2026-11-01', '--to', '2026-12-01', '--tenant', tenant.slug], {
      DATABASE_URL: database.url,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const table = result.stdout.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(table).toContainEqual(['collected (paid and kept)', '2', 'R$ 84,00']);
    expect(table).toContainEqual(['of which forfeited (cancelled late or no-show)', '1', 'R$ 30,00']);
    expect(table).toContainEqual(['refunded', '1', 'R$ 20,00']);
    expect(table).toContainEqual(['expired unpaid', '1', 'R$ 10,00']);
  });
});
