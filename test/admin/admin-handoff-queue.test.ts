import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestHandoff } from '../../src/handoff/index.js';
import { fixedClock } from '../../src/shared/index.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('admin handoff queue', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  async function handoffAt(tenant: TestTenant, createdAt: string, options: { name?: string; waId?: string; note?: string } = {}) {
    const { conversation, customer } = await createTestConversation(database.db, tenant.id, {
      ...(options.name ? { name: options.name } : {}),
      ...(options.waId ? { waId: options.waId } : {}),
    });
    const handoff = await requestHandoff(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      reason: 'requested_by_customer',
      note: options.note ?? null,
    });
    await database.db.handoff.update({ where: { id: handoff.id }, data: { createdAt: new Date(createdAt) } });
    return { handoffId: handoff.id, conversation, customer };
  }

  it('when listing pending handoffs, then the oldest comes first with customer, full phone, reason, note and wait', async () => {
    const tenant = await createTestTenant(database.db);
    const app = createAdminTestApp(database.db, { clock: fixedClock('2026-11-29T12:10:00Z') });
    const newer = await handoffAt(tenant, '2026-11-29T12:05:00Z', { name: 'João' });
    const older = await handoffAt(tenant, '2026-11-29T12:00:00Z', { name: 'Maria', waId: '5511987654321', note: 'quer falar com a Ana' });

    const response = await request(app).get('/admin/handoffs?status=pending').set(bearer(tenant.apiKey));

    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { id: number }) => item.id)).toEqual([older.handoffId, newer.handoffId]);
    expect(response.body.items[0]).toEqual({
      id: older.handoffId,
      conversationId: older.conversation.id,
      customer: { id: older.customer.id, name: 'Maria', phone: '+5511987654321', username: null },
      reason: 'requested_by_customer',
      reasonLabel: 'O cliente pediu para falar com uma pessoa',
      note: 'quer falar com a Ana',
      status: 'pending',
      attendant: null,
      createdAt: '2026-11-29T12:00:00.000Z',
      claimedAt: null,
      resolvedAt: null,
      waitSeconds: 600,
    });
    expect(response.body.nextCursor).toBeNull();
  });

  it('when the queue is longer than the page, then nextCursor walks every item once, in order', async () => {
    const tenant = await createTestTenant(database.db);
    const app = createAdminTestApp(database.db);
    const created = [];
    // two share a creation time: the id breaks the tie
    for (const at of [
      '2026-11-29T10:00:00Z',
      '2026-11-29T10:01:00Z',
      '2026-11-29T10:01:00Z',
      '2026-11-29T10:02:00Z',
      '2026-11-29T10:03:00Z',
    ]) {
      created.push((await handoffAt(tenant, at)).handoffId);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response: request.Response = await request(app)
        .get('/admin/handoffs')
        .query({ status: 'pending', limit: 2, ...(cursor ? { cursor } : {}) })
        .set(bearer(tenant.apiKey));
      expect(response.status).toBe(200);
      expect(response.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.items.map((item: { id: number }) => item.id));
      cursor = response.body.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(created);
    expect(pages).toBe(3);
  });

  it('when filtering by status, then only handoffs in that status are listed; without status, the pending ones', async () => {
    const tenant = await createTestTenant(database.db);
    const app = createAdminTestApp(database.db);
    const pending = await handoffAt(tenant, '2026-11-29T09:00:00Z');
    const claimed = await handoffAt(tenant, '2026-11-29T09:01:00Z');
    const resolved = await handoffAt(tenant, '2026-11-29T09:02:00Z');
    await request(app)
      .post(`/admin/handoffs/${claimed.handoffId}/claim`)
      .set(bearer(tenant.apiKey))
      .send({ attendant: 'Carla' })
      .expect(200);
    await request(app)
      .post(`/admin/handoffs/${resolved.handoffId}/resolve`)
      .set(bearer(tenant.apiKey))
      .send({ returnToBot: true })
      .expect(200);

    const ids = async (query: string) =>
      (await request(app).get(`/admin/handoffs${query}`).set(bearer(tenant.apiKey)).expect(200)).body.items.map(
        (item: { id: number }) => item.id,
      );
    expect(await ids('?status=pending')).toEqual([pending.handoffId]);
    expect(await ids('')).toEqual([pending.handoffId]);
    expect(await ids('?status=claimed')).toEqual([claimed.handoffId]);
    expect(await ids('?status=resolved')).toEqual([resolved.handoffId]);
  });

  it('when an attendant claims then resolves, then times and attendant are recorded and the conversation notice is cleared', async () => {
    const tenant = await createTestTenant(database.db);
    let now = new Date('2026-11-29T15:00:00Z');
    const app = createAdminTestApp(database.db, { clock: { now: () => new Date(now) } });
    const { handoffId, conversation } = await handoffAt(tenant, '2026-11-29T14:58:00Z');
    await database.db.conversation.update({
      where: { id: conversation.id },
      data: { handoffNoticeSentAt: new Date('2026-11-29T14:58:01Z') },
    });

    const claim = await request(app).post(`/admin/handoffs/${handoffId}/claim`).set(bearer(tenant.apiKey)).send({ attendant: '  Carla ' });
    expect(claim.status).toBe(200);
    expect(claim.body.handoff).toMatchObject({
      id: handoffId,
      status: 'claimed',
      attendant: 'Carla',
      claimedAt: '2026-11-29T15:00:00.000Z',
    });
    const listed = await request(app).get('/admin/handoffs?status=claimed').set(bearer(tenant.apiKey));
    expect(listed.body.items[0]).toMatchObject({ id: handoffId, attendant: 'Carla', waitSeconds: 120 });

    now = new Date('2026-11-29T15:20:00Z');
    const resolve = await request(app).post(`/admin/handoffs/${handoffId}/resolve`).set(bearer(tenant.apiKey)).send({ returnToBot: true });
    expect(resolve.status).toBe(200);
    expect(resolve.body).toMatchObject({
      returnedToBot: true,
      handoff: { id: handoffId, status: 'resolved', resolvedAt: '2026-11-29T15:20:00.000Z' },
    });
    const stored = await database.db.handoff.findUniqueOrThrow({ where: { id: handoffId } });
    expect(stored).toMatchObject({ status: 'resolved', attendant: 'Carla', claimedAt: new Date('2026-11-29T15:00:00Z') });
    const after = await database.db.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
    expect(after.handoffNoticeSentAt).toBeNull();

    const again = await request(app).post(`/admin/handoffs/${handoffId}/resolve`).set(bearer(tenant.apiKey)).send({ returnToBot: true });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_resolved');
    const lateClaim = await request(app).post(`/admin/handoffs/${handoffId}/claim`).set(bearer(tenant.apiKey)).send({ attendant: 'Davi' });
    expect(lateClaim.status).toBe(409);
    expect(lateClaim.body.error.code).toBe('already_resolved');
  });

  it('when requests are malformed, then 400 invalid_request naming every bad field, and nothing changes', async () => {
    const tenant = await createTestTenant(database.db);
    const app = createAdminTestApp(database.db);
    const { handoffId } = await handoffAt(tenant, '2026-11-29T08:00:00Z');
    const cases: { call: () => request.Test; paths: string[] }[] = [
      { call: () => request(app).get('/admin/handoffs?status=open&limit=0'), paths: ['query.status', 'query.limit'] },
      { call: () => request(app).get('/admin/handoffs?cursor=bm9wZQ'), paths: ['query.cursor'] },
      { call: () => request(app).post(`/admin/handoffs/${handoffId}/claim`).send({}), paths: ['body.attendant'] },
      { call: () => request(app).post(`/admin/handoffs/${handoffId}/claim`).send({ attendant: '   ' }), paths: ['body.attendant'] },
      { call: () => request(app).post(`/admin/handoffs/${handoffId}/claim`), paths: ['body'] },
      { call: () => request(app).post('/admin/handoffs/abc/claim').send({ attendant: 'Carla' }), paths: ['params.id'] },
      { call: () => request(app).post(`/admin/handoffs/${handoffId}/resolve`).send({ returnToBot: 'no' }), paths: ['body.returnToBot'] },
      {
        call: () => request(app).post('/admin/conversations/1/messages').send({ text: '', attendant: 7 }),
        paths: ['body.text', 'body.attendant'],
      },
      { call: () => request(app).get('/admin/stats/handoff-reasons?from=ontem'), paths: ['query.from', 'query.to'] },
      { call: () => request(app).get('/admin/stats/handoff-reasons?from=2026-12-01&to=2026-11-01'), paths: ['query.to'] },
    ];
    for (const { call, paths } of cases) {
      const response = await call().set(bearer(tenant.apiKey));
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
      expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(paths);
      for (const detail of response.body.error.details) expect(detail.message).toEqual(expect.any(String));
      for (const path of paths) expect(response.body.error.message).toContain(path);
    }
    expect(await database.db.handoff.findUniqueOrThrow({ where: { id: handoffId } })).toMatchObject({ status: 'pending', attendant: null });
  });
});
