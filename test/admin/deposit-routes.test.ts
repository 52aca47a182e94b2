import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/shared/index.js';
import { createDepositSalon } from '../deposits/deposit-test-kit.js';
import { createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

// Monday 2026-12-07 09:00 in São Paulo.
const NOW = '2026-12-07T12:00:00Z';

describe('staff and deposits: the agenda shows them, staff settle them by hand', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  async function staffBooking(deposit: boolean) {
    const salon = await createDepositSalon(database.db);
    const app = createAdminTestApp(database.db, { clock: fixedClock(NOW) });
    const booked = await request(app)
      .post('/admin/appointments')
      .set(bearer(salon.apiKey))
      .send({
        professionalId: salon.anaId,
        serviceId: salon.coloracaoId,
        start: '2026-12-08T14:00',
        customer: { name: 'Joana', phone: '(11) 98888-7777' },
        ...(deposit ? { deposit: true } : {}),
      });
    expect(booked.status).toBe(201);
    return { salon, app, appointmentId: booked.body.id as number, body: booked.body };
  }

  it('when staff book a deposit service without asking, then it is booked at once; with "deposit": true it waits, and the agenda shows the deposit', async () => {
    const plain = await staffBooking(false);
    expect(plain.body.status).toBe('booked');
    expect(plain.body.deposit).toBeUndefined();

    const { salon, app, appointmentId, body } = await staffBooking(true);
    expect(body).toMatchObject({ status: 'pending_payment', deposit: { status: 'pending', amountCents: 5400 } });
    const day = await request(app).get('/admin/appointments?date=2026-12-08').set(bearer(salon.apiKey));
    expect(day.body.items.find((item: { id: number }) => item.id === appointmentId)).toMatchObject({
      status: 'pending_payment',
      deposit: { status: 'pending', amountCents: 5400 },
    });
  });

  it('when a block covers an appointment waiting for its deposit, then the block lists it with its deposit state', async () => {
    const { salon, app, appointmentId } = await staffBooking(true);
    const block = await request(app)
      .post(`/admin/professionals/${salon.anaId}/blocks`)
      .set(bearer(salon.apiKey))
      .send({ from: '2026-12-08T13:00', to: '2026-12-08T18:00', reason: 'curso' });
    expect(block.status).toBe(201);
    expect(block.body.overlapping).toEqual([
      expect.objectContaining({ id: appointmentId, status: 'pending_payment', deposit: { status: 'pending', amountCents: 5400 } }),
    ]);
  });

  it('when staff waive or mark it paid, then it is booked with the staff actor in its history; again is 409; another tenant’s id is 404', async () => {
    const waived = await staffBooking(true);
    const auth = bearer(waived.salon.apiKey);
    const waive = await request(waived.app).post(`/admin/appointments/${waived.appointmentId}/deposit`).set(auth).send({ action: 'waive' });
    expect(waive.status).toBe(200);
    expect(waive.body.appointment).toMatchObject({ status: 'booked', deposit: { status: 'waived', amountCents: 5400 } });
    const detail = await request(waived.app).get(`/admin/appointments/${waived.appointmentId}`).set(auth);
    expect(detail.body.history.at(-1)).toMatchObject({ change: 'deposit_waived', actor: { kind: 'api_key' } });
    const again = await request(waived.app).post(`/admin/appointments/${waived.appointmentId}/deposit`).set(auth).send({ action: 'paid' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('deposit_not_pending');

    const cash = await staffBooking(true);
    const paid = await request(cash.app)
      .post(`/admin/appointments/${cash.appointmentId}/deposit`)
      .set(bearer(cash.salon.apiKey))
      .send({ action: 'paid' });
    expect(paid.body.appointment).toMatchObject({ status: 'booked', deposit: { status: 'paid' } });
    const overview = await request(cash.app).get('/admin/stats/overview?from=2026-12-08&to=2026-12-08').set(bearer(cash.salon.apiKey));
    expect(overview.body.deposits).toEqual({
      collected: 1,
      collectedCents: 5400,
      forfeited: 0,
      forfeitedCents: 0,
      refunded: 0,
      refundedCents: 0,
      expired: 0,
    });

    const stranger = await createTestTenant(database.db);
    const foreign = await request(cash.app)
      .post(`/admin/appointments/${cash.appointmentId}/deposit`)
      .set(bearer(stranger.apiKey))
      .send({ action: 'paid' });
    expect(foreign.status).toBe(404);
    const bad = await request(cash.app)
      .post(`/admin/appointments/${cash.appointmentId}/deposit`)
      .set(bearer(cash.salon.apiKey))
      .send({ action: 'free' });
    expect(bad.status).toBe(400);
  });
});
