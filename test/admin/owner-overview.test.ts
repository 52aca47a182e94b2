import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import type { Db } from '../../src/db/index.js';
import { requestHandoff } from '../../src/handoff/index.js';
import { workingMinutesBetween } from '../../src/scheduling/agenda/index.js';
import { AUTH_TEST_ORIGIN, createAuthTestApp } from '../auth/auth-test-app.js';
import { createCustomer, insertAppointment } from '../scheduling/scheduling-test-kit.js';
import { createInboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

/** A São Paulo local time (UTC-3 all year since 2019) as an instant. */
const local = (dateTime: string) => new Date(`${dateTime}:00-03:00`).toISOString();

// The owner's overview over Mon 07 – Wed 09 Dec 2026, every figure computed by hand below.
// Ana works Mon–Sat 09–12 and 13–18 (480 min a day), Bia Tue–Sat 10–19 (540 min); Wednesday
// the 9th is a closed day of the salon; Ana is off Tuesday 14:00–16:00.
describe('GET /admin/stats/overview: the owner’s figures against a hand-computed fixture', () => {
  let db: Db;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    db = (await testDatabase()).db;
    tenant = await createTestTenant(db);
    other = await createTestTenant(db);
    await db.tenant.update({ where: { id: tenant.id }, data: { holidays: { country: 'BR', state: 'SP', closed: ['2026-12-09'] } } });
    const [ana, bia] = tenant.professionals;
    const [corte, coloracao] = tenant.services;
    await db.timeOff.create({
      data: { tenantId: tenant.id, professionalId: ana!.id, startsAt: local('2026-12-08T14:00'), endsAt: local('2026-12-08T16:00') },
    });
    const { customerId } = await createCustomer(db, tenant.id);
    const book = async (
      row: { professionalId: number; start: string; minutes: number; source: string; status: string; priceCents: number | null },
      extra: { rescheduledFromId?: number } = {},
    ) => {
      const created = await insertAppointment(db, {
        tenantId: tenant.id,
        professionalId: row.professionalId,
        serviceId: row.minutes === 90 ? coloracao!.id : corte!.id,
        customerId,
        startsAt: local(row.start),
        endsAt: new Date(new Date(local(row.start)).getTime() + row.minutes * 60_000).toISOString(),
        status: row.status,
      });
      await db.appointment.update({ where: { id: created.id }, data: { source: row.source, priceCents: row.priceCents, ...extra } });
      return created.id;
    };
    const a1 = await book({
      professionalId: ana!.id,
      start: '2026-12-07T09:00',
      minutes: 30,
      source: 'bot',
      status: 'attended',
      priceCents: 6000,
    });
    await book({ professionalId: ana!.id, start: '2026-12-07T10:00', minutes: 90, source: 'staff', status: 'no_show', priceCents: 9000 });
    await book({ professionalId: ana!.id, start: '2026-12-07T13:00', minutes: 30, source: 'bot', status: 'cancelled', priceCents: 6000 });
    // Moved from Monday 15:00 to Tuesday 09:00 through a reminder: the old row is not a cancellation, nor a booking.
    const moved = await book({
      professionalId: ana!.id,
      start: '2026-12-07T15:00',
      minutes: 30,
      source: 'bot',
      status: 'cancelled',
      priceCents: 6000,
    });
    await book(
      { professionalId: ana!.id, start: '2026-12-08T09:00', minutes: 30, source: 'reminder', status: 'booked', priceCents: 6000 },
      { rescheduledFromId: moved },
    );
    await book({
      professionalId: ana!.id,
      start: '2026-12-08T11:00',
      minutes: 30,
      source: 'bot',
      status: 'confirmed',
      priceCents: null,
    });
    const b1 = await book({
      professionalId: bia!.id,
      start: '2026-12-08T10:00',
      minutes: 30,
      source: 'staff',
      status: 'attended',
      priceCents: 5000,
    });
    // Booked by staff on the closed Wednesday (outside hours): a booking, and Bia's booked time.
    await book({ professionalId: bia!.id, start: '2026-12-09T10:00', minutes: 30, source: 'staff', status: 'booked', priceCents: 4000 });
    // Outside the period: counted nowhere.
    await book({ professionalId: bia!.id, start: '2026-12-10T10:00', minutes: 30, source: 'bot', status: 'booked', priceCents: 7000 });

    // Reminders: a1 and b1 were reminded; only a1 confirmed through it.
    for (const [appointmentId, startsAt] of [
      [a1, local('2026-12-07T09:00')],
      [b1, local('2026-12-08T10:00')],
    ] as const) {
      await db.appointmentReminder.create({
        data: {
          tenantId: tenant.id,
          appointmentId,
          customerId,
          beforeMinutes: 1440,
          dueAt: new Date(new Date(startsAt).getTime() - 86_400_000),
          startsAt: new Date(startsAt),
          status: 'sent',
          payloadToken: `token-${appointmentId}`,
        },
      });
    }
    await db.appointmentEvent.create({
      data: { tenantId: tenant.id, appointmentId: a1, actorKind: 'customer_reminder', change: 'confirmed' },
    });

    // Conversations: the customer wrote in five of them during the period; four reached a person.
    const chat = async (wroteAt: string) => {
      const { conversation } = await createTestConversation(db, tenant.id);
      await createInboundMessage(db, {
        tenantId: tenant.id,
        conversationId: conversation.id,
        text: 'Oi',
        status: 'processed',
        createdAt: new Date(local(wroteAt)),
      });
      return conversation.id;
    };
    const handoff = async (
      conversationId: number,
      reason: 'requested_by_customer' | 'staff_takeover',
      at: string,
      waitSeconds: number | null,
    ) => {
      const open = await requestHandoff(db, { tenantId: tenant.id, conversationId, reason });
      const createdAt = new Date(local(at));
      await db.handoff.update({
        where: { id: open.id },
        data: {
          createdAt,
          ...(waitSeconds === null
            ? {}
            : {
                status: 'resolved',
                attendant: 'Rita',
                claimedAt: new Date(createdAt.getTime() + waitSeconds * 1000),
                resolvedAt: createdAt,
              }),
        },
      });
    };
    await chat('2026-12-07T08:00');
    await handoff(await chat('2026-12-07T09:00'), 'requested_by_customer', '2026-12-07T09:01', 60);
    await handoff(await chat('2026-12-08T12:00'), 'requested_by_customer', '2026-12-08T12:01', 300);
    await handoff(await chat('2026-12-08T15:00'), 'staff_takeover', '2026-12-08T15:05', 0);
    await handoff(await chat('2026-12-09T11:00'), 'requested_by_customer', '2026-12-09T11:01', null);
    await chat('2026-12-01T10:00');
    // Another tenant's busy day changes nothing here.
    const otherCustomer = await createCustomer(db, other.id);
    await insertAppointment(db, {
      tenantId: other.id,
      professionalId: other.professionals[0]!.id,
      serviceId: other.services[0]!.id,
      customerId: otherCustomer.customerId,
      startsAt: local('2026-12-07T09:00'),
      endsAt: local('2026-12-07T09:30'),
    });
  });

  it('answers each figure as computed by hand', async () => {
    const app = createAdminTestApp(db);
    const response = await request(app).get('/admin/stats/overview?from=2026-12-07&to=2026-12-09').set(bearer(tenant.apiKey)).expect(200);
    expect(response.body.days).toEqual([
      {
        date: '2026-12-07',
        bookings: { bot: 2, staff: 1, reminder: 0, waitlist: 0 },
        attended: 1,
        noShows: 1,
        cancellations: 1,
        bookedRevenueCents: 15000,
        attendedRevenueCents: 6000,
      },
      {
        date: '2026-12-08',
        bookings: { bot: 1, staff: 1, reminder: 1, waitlist: 0 },
        attended: 1,
        noShows: 0,
        cancellations: 0,
        bookedRevenueCents: 11000,
        attendedRevenueCents: 5000,
      },
      {
        date: '2026-12-09',
        bookings: { bot: 0, staff: 1, reminder: 0, waitlist: 0 },
        attended: 0,
        noShows: 0,
        cancellations: 0,
        bookedRevenueCents: 4000,
        attendedRevenueCents: 0,
      },
    ]);
    expect(response.body.totals).toEqual({
      bookings: { bot: 3, staff: 3, reminder: 1, waitlist: 0 },
      attended: 2,
      noShows: 1,
      cancellations: 1,
      bookedRevenueCents: 30000,
      attendedRevenueCents: 11000,
    });
    const [ana, bia] = tenant.professionals;
    // Ana: 480 (Mon) + 480 − 120 off (Tue); booked 30 + 90 + 30 + 30. Bia: 540 (Tue); booked 30 + 30.
    expect(response.body.professionals).toEqual([
      { id: ana!.id, name: 'Ana', bookedMinutes: 180, workingMinutes: 840, occupancy: 180 / 840 },
      { id: bia!.id, name: 'Bia', bookedMinutes: 60, workingMinutes: 540, occupancy: 60 / 540 },
    ]);
    expect(response.body.conversations).toEqual({ total: 5, finishedByBot: 1, botShare: 0.2 });
    // Queued waits 60 s and 300 s: median 180, p90 60 + 0.9 × 240 = 276; the takeover never waited; one still waits.
    expect(response.body.handoffWait).toEqual({ p50Seconds: 180, p90Seconds: 276, claimed: 2, unclaimed: 1 });
    expect(response.body.reminders).toEqual({ remindedAppointments: 2, confirmedThroughReminder: 1, confirmationRate: 0.5 });
  });

  it('another tenant’s owner sees none of it; an attendant is refused with 403', async () => {
    const app = createAdminTestApp(db);
    const theirs = await request(app).get('/admin/stats/overview?from=2026-12-07&to=2026-12-09').set(bearer(other.apiKey)).expect(200);
    expect(theirs.body.totals.bookings).toEqual({ bot: 1, staff: 0, reminder: 0, waitlist: 0 });
    expect(theirs.body.conversations.total).toBe(0);

    const authApp = createAuthTestApp(db);
    const dora = await createStaffAccount(db, {
      slug: tenant.slug,
      email: `dora.${tenant.slug}@example.com`,
      name: 'Dora',
      role: 'attendant',
    });
    if (dora.kind !== 'created') throw new Error(dora.kind);
    await db.staffAccount.update({ where: { id: dora.staffId }, data: { mustChangePassword: false } });
    const signedIn = await request(authApp)
      .post('/console/api/session')
      .set('origin', AUTH_TEST_ORIGIN)
      .send({ email: dora.email, password: dora.initialPassword });
    const cookie = ((signedIn.headers['set-cookie'] as unknown as string[]) ?? [])[0]!.split(';')[0]!;
    const refused = await request(authApp).get('/admin/stats/overview?from=2026-12-07&to=2026-12-09').set({ cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });

  it('counts working minutes in real time and leaves closed days and time off out (pure)', () => {
    const hours = new Map<number, [number, number][]>([[1, [[9 * 60, 12 * 60]]]]);
    const range = { fromDate: '2026-12-07', toDate: '2026-12-14', timezone: 'America/Sao_Paulo' };
    expect(workingMinutesBetween(hours, [], new Set(), range)).toBe(360);
    expect(workingMinutesBetween(hours, [], new Set(['2026-12-14']), range)).toBe(180);
    const off: [number, number][] = [[Date.parse(local('2026-12-07T11:00')), Date.parse(local('2026-12-07T15:00'))]];
    expect(workingMinutesBetween(hours, off, new Set(), range)).toBe(300);
    // New York's spring-forward Sunday has 23 hours: 00:00–04:00 local is 3 real hours.
    const sunday = new Map<number, [number, number][]>([[0, [[0, 4 * 60]]]]);
    expect(
      workingMinutesBetween(sunday, [], new Set(), { fromDate: '2026-03-08', toDate: '2026-03-08', timezone: 'America/New_York' }),
    ).toBe(180);
  });
});
