import { beforeAll, describe, expect, it } from 'vitest';
import { isExclusionViolation } from '../../src/db/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('appointments exclusion constraint', () => {
  let database: TestDatabase;
  let ids: { tenant: number; professional: number; service: number; customer: number };

  beforeAll(async () => {
    database = await testDatabase();
    const [row] = await database.db.$queryRaw<{ tenant: number; professional: number; service: number; customer: number }[]>`
      WITH t AS (INSERT INTO tenants (slug, name, timezone, phone_number_id) VALUES ('t', 'T', 'America/Sao_Paulo', '1') RETURNING id),
           p AS (INSERT INTO professionals (tenant_id, key, name) SELECT id, 'ana', 'Ana' FROM t RETURNING id),
           s AS (INSERT INTO services (tenant_id, key, name, duration_minutes) SELECT id, 'corte', 'Corte', 30 FROM t RETURNING id),
           c AS (INSERT INTO customers (tenant_id, wa_id) SELECT id, '5511999990000' FROM t RETURNING id)
      SELECT (SELECT id FROM t) AS tenant, (SELECT id FROM p) AS professional, (SELECT id FROM s) AS service, (SELECT id FROM c) AS customer`;
    ids = row!;
  });

  const insert = (startsAt: string, endsAt: string, status = 'booked') =>
    database.db.$executeRaw`INSERT INTO appointments (tenant_id, professional_id, service_id, customer_id, starts_at, ends_at, status)
      VALUES (${ids.tenant}, ${ids.professional}, ${ids.service}, ${ids.customer}, ${startsAt}::timestamptz, ${endsAt}::timestamptz, ${status})`;

  it('refuses a second booked appointment overlapping the first, bypassing the application', async () => {
    await insert('2026-12-01T12:00:00Z', '2026-12-01T12:30:00Z');
    const error = await insert('2026-12-01T12:15:00Z', '2026-12-01T12:45:00Z').catch((caught: unknown) => caught);
    expect(isExclusionViolation(error)).toBe(true);
  });

  it('allows back-to-back appointments and overlaps with cancelled ones', async () => {
    await expect(insert('2026-12-02T12:30:00Z', '2026-12-02T13:00:00Z')).resolves.toBe(1);
    await expect(insert('2026-12-02T13:00:00Z', '2026-12-02T13:30:00Z')).resolves.toBe(1);
    await expect(insert('2026-12-02T12:40:00Z', '2026-12-02T13:10:00Z', 'cancelled')).resolves.toBe(1);
  });

  it('a deposit not paid yet (pending_payment) holds its slot against a booking; an expired hold gives it back', async () => {
    await expect(insert('2026-12-03T12:00:00Z', '2026-12-03T12:30:00Z', 'pending_payment')).resolves.toBe(1);
    const error = await insert('2026-12-03T12:15:00Z', '2026-12-03T12:45:00Z').catch((caught: unknown) => caught);
    expect(isExclusionViolation(error)).toBe(true);
    await database.db
      .$executeRaw`UPDATE appointments SET status = 'expired' WHERE tenant_id = ${ids.tenant} AND status = 'pending_payment'`;
    await expect(insert('2026-12-03T12:15:00Z', '2026-12-03T12:45:00Z')).resolves.toBe(1);
  });
});
