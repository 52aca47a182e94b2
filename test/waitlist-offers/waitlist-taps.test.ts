import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { bookAppointment, botActor, cancelAppointment, customerPolicy, staffPolicy } from '../../src/scheduling/appointments/index.js';
import { findFreeSlots } from '../../src/scheduling/availability/index.js';
import { joinWaitlist, listOpenWaitlist } from '../../src/scheduling/waitlist/index.js';
import { addDays, localInstant, silentLogger, systemClock } from '../../src/shared/index.js';
import { actOnWaitlistTap, expireWaitlistEntries, passWaitlistOffer } from '../../src/waitlist-offers/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import {
  bookFor,
  clockIn,
  join,
  offersOf,
  queuedOpenings,
  runQueuedOpenings,
  saoPauloInstant,
  waitlistCustomer,
  workdayAhead,
} from './waitlist-test-kit.js';

const staff = staffPolicy({ kind: 'api_key', apiKeyId: 1 }, { outsideHours: false });
const afterHold = clockIn(16);

describe('waitlist offers: the hold, the taps, the day', () => {
  let db: Db;

  beforeAll(async () => {
    ({ db } = await testDatabase());
  });

  /** A salon where Corte with Ana at 14:00 was just cancelled and offered to the first of two afternoon entries. */
  async function offeredSlot() {
    const tenant = await createTestTenant(db, { name: 'Salão da Ana' });
    const date = workdayAhead(3);
    const holder = await waitlistCustomer(db, tenant);
    const appointment = await bookFor(db, tenant, holder.id, `${date}T14:00`);
    const first = await waitlistCustomer(db, tenant, { name: 'Júlia' });
    const second = await waitlistCustomer(db, tenant, { name: 'Bruna' });
    const firstEntry = await join(db, tenant, first.id, { date, period: 'tarde' });
    const secondEntry = await join(db, tenant, second.id, { date, period: 'tarde' });
    await cancelAppointment(schedulingDepsOf(db), { tenantId: tenant.id, appointmentId: appointment.id, now: new Date(), policy: staff });
    await runQueuedOpenings(db, tenant.id);
    const [firstOffer] = await offersOf(db, firstEntry);
    if (!firstOffer) throw new Error('the first entry got no offer');
    return { tenant, date, first, second, firstEntry, secondEntry, firstOffer };
  }

  /** The hold is over now (it is judged by the database clock), before its job ran. */
  const endHold = (offerId: number) =>
    db.$executeRaw`UPDATE waitlist_offers SET hold_until = now() - interval '1 minute' WHERE id = ${offerId}::int`;

  const tryBook = async (tenant: TestTenant, customerId: number, start: string) =>
    bookAppointment(schedulingDepsOf(db), {
      tenantId: tenant.id,
      customer: { id: customerId },
      professionalId: tenant.professionals[0]!.id,
      serviceId: tenant.services[0]!.id,
      start,
      idempotencyKey: `walk-in-${customerId}-${start}`,
      now: new Date(),
      policy: customerPolicy(botActor(null)),
    });

  const liveAt = (db: Db, tenant: TestTenant, startsAt: Date) =>
    db.appointment.findMany({ where: { tenantId: tenant.id, startsAt, status: { not: 'cancelled' } } });

  it('when an offer is not taken within its hold, then it passes to the next entry and the first waits again', async () => {
    const { tenant, first, firstEntry, secondEntry, firstOffer } = await offeredSlot();
    // Not before the hold's end: the job is retried then.
    await expect(passWaitlistOffer({ db, logger: silentLogger, clock: systemClock }, firstOffer.id)).rejects.toThrow(/hold is not over/);
    expect(await offersOf(db, secondEntry)).toEqual([]);

    expect(await passWaitlistOffer({ db, logger: silentLogger, clock: afterHold }, firstOffer.id)).toEqual({
      kind: 'passed',
      entryId: firstEntry,
    });
    expect(await runQueuedOpenings(db, tenant.id, afterHold)).toEqual([expect.objectContaining({ kind: 'offered', entryId: secondEntry })]);
    const [secondOffer] = await offersOf(db, secondEntry);
    expect(secondOffer?.startsAt).toEqual(firstOffer.startsAt);
    expect((await db.waitlistOffer.findUniqueOrThrow({ where: { id: firstOffer.id } })).status).toBe('passed');
    expect((await db.waitlistEntry.findUniqueOrThrow({ where: { id: firstEntry } })).status).toBe('open');
    // Passing again changes nothing.
    expect(await passWaitlistOffer({ db, logger: silentLogger, clock: afterHold }, firstOffer.id)).toEqual({ kind: 'not_on_hold' });
    expect(await queuedOpenings(db, tenant.id)).toEqual([]);
    // A tap after the hold books only while the time is free: the second entry's hold keeps it now.
    const deps = { scheduling: schedulingDepsOf(db), clock: afterHold };
    const late = { tenantId: tenant.id, customerId: first.id };
    expect((await actOnWaitlistTap(deps, late, { token: firstOffer.payloadToken })).kind).toBe('gone');
    await endHold(secondOffer!.id);
    expect((await actOnWaitlistTap(deps, late, { token: firstOffer.payloadToken })).kind).toBe('booked');
  });

  it('while an offer holds the time, the bot neither offers nor books it; once the hold is over it does', async () => {
    const { tenant, date, firstOffer } = await offeredSlot();
    const starts = async () => {
      const found = await findFreeSlots(db, {
        tenantId: tenant.id,
        professionalId: tenant.professionals[0]!.id,
        serviceId: tenant.services[0]!.id,
        date,
        now: new Date(),
      });
      return found.kind === 'day' ? found.day.slots : [];
    };
    expect(await starts()).not.toContain(firstOffer.startsAt.getTime());
    const walkIn = await waitlistCustomer(db, tenant);
    expect((await tryBook(tenant, walkIn.id, `${date}T14:00`)).kind).toBe('refused');
    await endHold(firstOffer.id);
    expect(await starts()).toContain(firstOffer.startsAt.getTime());
  });

  it('when two offers of the same time are tapped at once, then exactly one booking is made and the other customer is told it is gone', async () => {
    const { tenant, first, second, firstEntry, secondEntry, firstOffer } = await offeredSlot();
    await passWaitlistOffer({ db, logger: silentLogger, clock: afterHold }, firstOffer.id);
    await runQueuedOpenings(db, tenant.id, afterHold);
    const [secondOffer] = await offersOf(db, secondEntry);
    if (!secondOffer) throw new Error('the second entry got no offer');
    // Both holds over: both taps find the time free and race for it in the database.
    await endHold(secondOffer.id);
    const deps = { scheduling: schedulingDepsOf(db), clock: afterHold };

    const taps = await Promise.all([
      actOnWaitlistTap(deps, { tenantId: tenant.id, customerId: first.id }, { token: firstOffer.payloadToken }),
      actOnWaitlistTap(deps, { tenantId: tenant.id, customerId: second.id }, { token: secondOffer.payloadToken }),
    ]);

    expect(taps.map((tap) => tap.kind).sort()).toEqual(['booked', 'gone']);
    const live = await liveAt(db, tenant, firstOffer.startsAt);
    expect(live).toHaveLength(1);
    expect(live[0]?.source).toBe('waitlist');
    const winner = live[0]?.customerId === first.id ? { entry: firstEntry, offer: firstOffer } : { entry: secondEntry, offer: secondOffer };
    const loser = winner.entry === firstEntry ? { entry: secondEntry, offer: secondOffer } : { entry: firstEntry, offer: firstOffer };
    expect((await db.waitlistOffer.findUniqueOrThrow({ where: { id: winner.offer.id } })).status).toBe('taken');
    expect((await db.waitlistEntry.findUniqueOrThrow({ where: { id: winner.entry } })).status).toBe('booked');
    expect((await db.waitlistOffer.findUniqueOrThrow({ where: { id: loser.offer.id } })).status).toBe('gone');
    const lost = taps.find((tap) => tap.kind === 'gone');
    expect(lost?.replies).toEqual([{ type: 'text', text: expect.stringContaining('já foi preenchido') }]);
    const won = taps.find((tap) => tap.kind === 'booked');
    expect(won?.replies[0]?.text).toContain('Agendado: Corte com Ana');

    // The winner taps again: told it is theirs, nothing booked twice.
    const winnerId = live[0]!.customerId;
    const again = await actOnWaitlistTap(deps, { tenantId: tenant.id, customerId: winnerId }, { token: winner.offer.payloadToken });
    expect(again.kind).toBe('already_taken');
    expect(await liveAt(db, tenant, firstOffer.startsAt)).toHaveLength(1);
  });

  it('when the time was booked by someone else once the hold was over, then the tap is told it is gone and the entry waits again', async () => {
    const { tenant, date, first, firstEntry, firstOffer } = await offeredSlot();
    await endHold(firstOffer.id);
    const walkIn = await waitlistCustomer(db, tenant);
    await bookFor(db, tenant, walkIn.id, `${date}T14:00`);
    const tapped = await actOnWaitlistTap(
      { scheduling: schedulingDepsOf(db), clock: systemClock },
      { tenantId: tenant.id, customerId: first.id },
      { token: firstOffer.payloadToken },
    );
    expect(tapped).toEqual({ kind: 'gone', replies: [{ type: 'text', text: expect.stringContaining('já foi preenchido') }] });
    expect((await db.waitlistEntry.findUniqueOrThrow({ where: { id: firstEntry } })).status).toBe('open');
    expect(await liveAt(db, tenant, saoPauloInstant(date, '14:00'))).toHaveLength(1);
  });

  it('when an entry’s day is over, then it expires: no longer listed nor offered', async () => {
    const tenant = await createTestTenant(db);
    const date = workdayAhead(2);
    const later = addDays(date, 1);
    const customer = await waitlistCustomer(db, tenant);
    const today = await join(db, tenant, customer.id, { date });
    const tomorrow = await join(db, tenant, customer.id, { date: later });
    const endOfDay = new Date(localInstant(addDays(date, 1), 0, tenant.timezone));

    expect(
      (await listOpenWaitlist(db, { tenantId: tenant.id, now: new Date(endOfDay.getTime() - 60_000) })).map((item) => item.id),
    ).toEqual([today, tomorrow]);
    await expireWaitlistEntries(db, new Date(endOfDay.getTime() - 60_000));
    expect((await db.waitlistEntry.findUniqueOrThrow({ where: { id: today } })).status).toBe('open');
    expect(await expireWaitlistEntries(db, endOfDay)).toBeGreaterThanOrEqual(1);
    expect((await db.waitlistEntry.findUniqueOrThrow({ where: { id: today } })).status).toBe('expired');
    expect((await db.waitlistEntry.findUniqueOrThrow({ where: { id: tomorrow } })).status).toBe('open');
    expect((await listOpenWaitlist(db, { tenantId: tenant.id, now: endOfDay })).map((item) => item.id)).toEqual([tomorrow]);
  });

  it('another tenant’s or another customer’s tap on an offer finds nothing, and lists and joins stay within the tenant', async () => {
    const { tenant, second, firstOffer } = await offeredSlot();
    const other = await createTestTenant(db);
    const stranger = await waitlistCustomer(db, other);
    const deps = { scheduling: schedulingDepsOf(db), clock: systemClock };

    const fromOtherTenant = await actOnWaitlistTap(
      deps,
      { tenantId: other.id, customerId: stranger.id },
      { token: firstOffer.payloadToken },
    );
    const fromOtherCustomer = await actOnWaitlistTap(
      deps,
      { tenantId: tenant.id, customerId: second.id },
      { token: firstOffer.payloadToken },
    );
    expect(fromOtherTenant.kind).toBe('unknown_offer');
    expect(fromOtherCustomer.kind).toBe('unknown_offer');
    expect(await liveAt(db, tenant, firstOffer.startsAt)).toEqual([]);
    expect(await listOpenWaitlist(db, { tenantId: other.id, now: new Date() })).toEqual([]);
    const joined = await joinWaitlist(db, {
      tenantId: other.id,
      customerId: stranger.id,
      serviceId: tenant.services[0]!.id,
      professionalId: null,
      date: workdayAhead(3),
      period: null,
      now: new Date(),
    });
    expect(joined).toEqual({ kind: 'refused', refusal: { kind: 'service_not_found', serviceId: tenant.services[0]!.id } });
  });
});
