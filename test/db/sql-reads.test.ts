import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findActiveApiKey } from '../../src/auth/index.js';
import { ormSqlReads, poolSqlReads, type SqlReads } from '../../src/db/index.js';
import { listAgendaRange, listDayAgenda } from '../../src/scheduling/agenda/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/**
 * The plain-SQL reads answer what the ORM client answers: the same rows, decoded to the same
 * values, whether prepared or not, for the salon's listing and one professional's (two texts).
 */
describe('plain-SQL reads', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let pool: pg.Pool;
  let ways: [string, SqlReads][];
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db, { timezone: 'America/Sao_Paulo' });
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    ways = [
      ['orm', ormSqlReads(database.db)],
      ['pool', poolSqlReads(pool, { prepared: false })],
      ['pool, prepared', poolSqlReads(pool, { prepared: true })],
    ];
    const db = database.db;
    const customer = await db.customer.create({ data: { tenantId: tenant.id, waId: '5511987650001', name: 'Ana Souza' } });
    const [first, second] = tenant.professionals;
    const service = tenant.services[0]!;
    // Out of order on purpose, one moved, one cancelled, one priced: the listing orders them.
    for (const [professional, start, extra] of [
      [second!, '2026-12-02T14:00:00Z', { status: 'cancelled' }],
      [first!, '2026-12-02T13:00:00Z', { priceCents: 9000, rescheduledAt: new Date('2026-12-01T10:00:00.123Z') }],
      [first!, '2026-12-02T12:00:00Z', {}],
      [second!, '2026-12-03T12:00:00Z', {}],
    ] as const) {
      await db.appointment.create({
        data: {
          tenantId: tenant.id,
          professionalId: professional.id,
          serviceId: service.id,
          customerId: customer.id,
          startsAt: new Date(start),
          endsAt: new Date(new Date(start).getTime() + 30 * 60_000),
          source: 'staff',
          ...extra,
        },
      });
    }
  });
  afterAll(async () => {
    await pool.end();
  });

  it('when the agenda is listed each way, then every way answers the same items in order, with dates as dates', async () => {
    const answers = [];
    for (const [, sql] of ways) {
      // Twice: a prepared statement's second run is the one that uses the stored statement.
      for (let run = 0; run < 2; run++) {
        answers.push(await listDayAgenda(sql, { tenantId: tenant.id, timezone: tenant.timezone, date: '2026-12-02' }));
        answers.push(
          await listDayAgenda(sql, {
            tenantId: tenant.id,
            timezone: tenant.timezone,
            date: '2026-12-02',
            professionalId: tenant.professionals[0]!.id,
          }),
        );
        answers.push(
          await listAgendaRange(sql, { tenantId: tenant.id, timezone: tenant.timezone, fromDate: '2026-12-01', toDate: '2026-12-04' }),
        );
      }
    }
    const [day, professionalDay, range] = answers;
    expect(day!.items.map((item) => item.startsAt.toISOString())).toEqual([
      '2026-12-02T12:00:00.000Z',
      '2026-12-02T13:00:00.000Z',
      '2026-12-02T14:00:00.000Z',
    ]);
    expect(day!.items[1]).toMatchObject({ priceCents: 9000, rescheduledAt: new Date('2026-12-01T10:00:00.123Z'), status: 'booked' });
    expect(professionalDay!.items).toHaveLength(2);
    expect(range!.items).toHaveLength(4);
    for (let index = 3; index < answers.length; index++) expect(answers[index]).toEqual(answers[index % 3]);
  });

  it('when an API key is looked up each way, then every way finds the same key and refuses a wrong one', async () => {
    const now = new Date();
    const found = [];
    for (const [, sql] of ways) {
      found.push(await findActiveApiKey(sql, tenant.apiKey, now));
      found.push(await findActiveApiKey(sql, tenant.apiKey, now));
      expect(await findActiveApiKey(sql, `${tenant.apiKey}x`, now)).toBeNull();
    }
    expect(found[0]).toMatchObject({ tenantId: tenant.id, timezone: tenant.timezone });
    for (const key of found) expect(key).toEqual(found[0]);
  });
});
