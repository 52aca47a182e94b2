import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeHandoffReasonStats } from '../../src/handoff/index.js';
import { bearer, createAdminTestApp } from '../admin/admin-test-app.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { insertHandoffs, NOVEMBER_HANDOFFS } from './handoff-stats-fixture.js';

describe('handoff reason stats', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
    await insertHandoffs(database.db, tenant.id, NOVEMBER_HANDOFFS);
    await insertHandoffs(database.db, other.id, [{ reason: 'refusal', createdAt: '2026-11-10T12:00:00Z', waitSeconds: 5 }]);
  });

  const expectedReasons = [
    { reason: 'requested_by_customer', count: 6, claimed: 5, unclaimed: 1, medianWaitSeconds: 30, p90WaitSeconds: 46 },
    { reason: 'refusal', count: 2, claimed: 2, unclaimed: 0, medianWaitSeconds: 90, p90WaitSeconds: 114 },
    { reason: 'deadline', count: 1, claimed: 0, unclaimed: 1, medianWaitSeconds: null, p90WaitSeconds: null },
  ];

  it('when asked for a month, then counts, median and p90 waits match the hand-built handoffs, unclaimed ones counted but not in the waits', async () => {
    const stats = await computeHandoffReasonStats(database.db, {
      tenantId: tenant.id,
      from: new Date('2026-11-01T03:00:00Z'),
      to: new Date('2026-12-01T03:00:00Z'),
    });
    expect(stats.reasons).toEqual(expectedReasons);
    expect(stats.total).toEqual({ count: 9, claimed: 7, unclaimed: 2, medianWaitSeconds: 40, p90WaitSeconds: 84 });
  });

  it('when no tenant is given (the ops report), then every tenant’s handoffs count', async () => {
    const stats = await computeHandoffReasonStats(database.db, {
      from: new Date('2026-11-01T03:00:00Z'),
      to: new Date('2026-12-01T03:00:00Z'),
    });
    expect(stats.reasons.find((row) => row.reason === 'refusal')).toEqual({
      reason: 'refusal',
      count: 3,
      claimed: 3,
      unclaimed: 0,
      medianWaitSeconds: 60,
      p90WaitSeconds: 108,
    });
    expect(stats.total.count).toBe(10);
  });

  it('when the period has no handoffs, then no reasons and a zero total without waits', async () => {
    const stats = await computeHandoffReasonStats(database.db, {
      tenantId: tenant.id,
      from: new Date('2025-01-01'),
      to: new Date('2025-02-01'),
    });
    expect(stats).toMatchObject({
      reasons: [],
      total: { count: 0, claimed: 0, unclaimed: 0, medianWaitSeconds: null, p90WaitSeconds: null },
    });
  });

  it('when the endpoint gets plain dates, then they are days in the tenant’s time zone and the figures are the same', async () => {
    const app = createAdminTestApp(database.db);
    const response = await request(app).get('/admin/stats/handoff-reasons?from=2026-11-01&to=2026-12-01').set(bearer(tenant.apiKey));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      from: '2026-11-01T03:00:00.000Z',
      to: '2026-12-01T03:00:00.000Z',
      timezone: 'America/Sao_Paulo',
      toExcluded: true,
      wait: expect.stringContaining('unclaimed handoffs are counted'),
      total: { count: 9, claimed: 7, unclaimed: 2, medianWaitSeconds: 40, p90WaitSeconds: 84 },
    });
    expect(response.body.reasons).toEqual(
      expectedReasons.map((row) => ({ ...row, description: expect.any(String), label: expect.any(String) })),
    );
  });

  it('when the endpoint gets date-times with offsets, then they are used as given', async () => {
    const app = createAdminTestApp(database.db);
    const response = await request(app)
      .get('/admin/stats/handoff-reasons')
      .query({ from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00-03:00' })
      .set(bearer(tenant.apiKey));
    expect(response.status).toBe(200);
    // [Nov 1st 00:00Z, Nov 2nd 03:00Z) holds the refusals created at 02:59:59Z (wait 1 s) and 03:00Z (120 s)
    expect(response.body.reasons).toEqual([
      expect.objectContaining({ reason: 'refusal', count: 2, medianWaitSeconds: 60.5, p90WaitSeconds: 108.1 }),
    ]);
  });
});
