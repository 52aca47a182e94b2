import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { deleteProfessionalBlock } from '../../src/scheduling/agenda/index.js';
import {
  botActor,
  cancelAppointment,
  customerPolicy,
  rescheduleAppointment,
  staffPolicy,
} from '../../src/scheduling/appointments/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import {
  bookFor,
  join,
  offersOf,
  outboundOf,
  queuedOpenings,
  runQueuedOpenings,
  saoPauloInstant,
  waitlistCustomer,
  workdayAhead,
} from './waitlist-test-kit.js';

const staff = staffPolicy({ kind: 'api_key', apiKeyId: 1 }, { outsideHours: false });

describe('a freed slot goes to the first waitlist entry it fits', () => {
  let db: Db;

  beforeAll(async () => {
    ({ db } = await testDatabase());
  });

  /** A salon of its own per test, so entries of one test never match another's openings. */
  async function salon(): Promise<TestTenant> {
    const tenant = await createTestTenant(db, { name: 'Salão da Ana' });
    await db.tenant.update({
      where: { id: tenant.id },
      data: { templates: { slotOffer: { name: 'vaga_disponivel', language: 'pt_BR' } } },
    });
    return tenant;
  }

  it('when an appointment is cancelled, then the earliest entry whose day and period fit gets the freed time with a reply button', async () => {
    const tenant = await salon();
    const date = workdayAhead(3);
    const holder = await waitlistCustomer(db, tenant);
    const appointment = await bookFor(db, tenant, holder.id, `${date}T14:00`);
    const morning = await waitlistCustomer(db, tenant, { name: 'Manhã' });
    const first = await waitlistCustomer(db, tenant, { name: 'Júlia' });
    const second = await waitlistCustomer(db, tenant, { name: 'Bruna' });
    const morningEntry = await join(db, tenant, morning.id, { date, period: 'manha' });
    const firstEntry = await join(db, tenant, first.id, { date, period: 'tarde' });
    const secondEntry = await join(db, tenant, second.id, { date });
    expect(await queuedOpenings(db, tenant.id)).toEqual([]);

    await cancelAppointment(schedulingDepsOf(db), { tenantId: tenant.id, appointmentId: appointment.id, now: new Date(), policy: staff });
    const outcomes = await runQueuedOpenings(db, tenant.id);

    expect(outcomes).toEqual([expect.objectContaining({ kind: 'offered', entryId: firstEntry, channel: 'buttons' })]);
    const [offer] = await offersOf(db, firstEntry);
    expect(offer?.startsAt).toEqual(saoPauloInstant(date, '14:00'));
    expect(offer?.professionalId).toBe(tenant.professionals[0]!.id);
    expect(offer?.status).toBe('offered');
    expect(offer!.holdUntil.getTime() - offer!.createdAt.getTime()).toBeGreaterThanOrEqual(14 * 60_000);
    expect(offer!.holdUntil.getTime() - offer!.createdAt.getTime()).toBeLessThanOrEqual(16 * 60_000);
    const [message] = await outboundOf(db, first.conversationId);
    expect(message?.type).toBe('interactive');
    expect(message?.text).toContain('Corte com Ana');
    expect(message?.text).toMatch(/ às 14:00/);
    expect(message?.payload).toMatchObject({
      type: 'buttons',
      buttons: [{ id: `w1.${offer?.payloadToken}`, title: 'Quero este horário' }],
    });
    expect((await db.waitlistEntry.findUniqueOrThrow({ where: { id: firstEntry } })).status).toBe('offered');
    // The others are untouched: the morning entry does not fit 14:00, the later one waits behind.
    expect(await offersOf(db, morningEntry)).toEqual([]);
    expect(await offersOf(db, secondEntry)).toEqual([]);
    expect(await outboundOf(db, second.conversationId)).toEqual([]);
  });

  it('when an appointment moves, then its old time is offered; outside the 24-hour window as the slotOffer template', async () => {
    const tenant = await salon();
    const date = workdayAhead(4);
    const holder = await waitlistCustomer(db, tenant);
    const appointment = await bookFor(db, tenant, holder.id, `${date}T15:00`);
    const away = await waitlistCustomer(db, tenant, { name: 'Carla', lastInboundAt: new Date(Date.now() - 30 * 3_600_000) });
    const entry = await join(db, tenant, away.id, { date, period: 'tarde', professional: 0 });

    await rescheduleAppointment(schedulingDepsOf(db), {
      tenantId: tenant.id,
      customerId: holder.id,
      appointmentId: appointment.id,
      start: `${date}T16:30`,
      idempotencyKey: `move-${appointment.id}`,
      now: new Date(),
      policy: customerPolicy(botActor(null)),
    });
    const outcomes = await runQueuedOpenings(db, tenant.id);

    expect(outcomes).toEqual([expect.objectContaining({ kind: 'offered', entryId: entry, channel: 'template' })]);
    const [offer] = await offersOf(db, entry);
    expect(offer?.startsAt).toEqual(saoPauloInstant(date, '15:00'));
    const [message] = await outboundOf(db, away.conversationId);
    expect(message?.type).toBe('template');
    expect(message?.payload).toMatchObject({
      name: 'vaga_disponivel',
      language: 'pt_BR',
      bodyParameters: ['Carla', 'Corte', 'Ana', expect.stringMatching(/ às 15:00$/), 'Salão da Ana'],
      quickReplyPayloads: [`w1.${offer?.payloadToken}`],
    });
  });

  it('when a staff block is removed, then its time still ahead is offered to an entry for that professional', async () => {
    const tenant = await salon();
    const date = workdayAhead(5);
    const block = await db.professionalBlock.create({
      data: {
        tenantId: tenant.id,
        professionalId: tenant.professionals[1]!.id,
        startsAt: saoPauloInstant(date, '10:00'),
        endsAt: saoPauloInstant(date, '12:00'),
        reason: 'médico',
        actorKind: 'api_key',
        actorId: 1,
      },
    });
    const customer = await waitlistCustomer(db, tenant, { name: 'Dora' });
    // Bia's only: an Ana entry of the same morning is not offered Bia's time.
    const forAna = await join(db, tenant, (await waitlistCustomer(db, tenant)).id, { date, period: 'manha', professional: 0 });
    const entry = await join(db, tenant, customer.id, { date, period: 'manha', professional: 1 });

    expect(await deleteProfessionalBlock(schedulingDepsOf(db), { tenantId: tenant.id, blockId: block.id, now: new Date() })).toBe(true);
    const outcomes = await runQueuedOpenings(db, tenant.id);

    expect(outcomes).toEqual([expect.objectContaining({ kind: 'offered', entryId: entry })]);
    expect((await offersOf(db, entry))[0]?.startsAt).toEqual(saoPauloInstant(date, '10:00'));
    expect(await offersOf(db, forAna)).toEqual([]);
  });

  it('when the freed time is too short for the wanted service, then nobody is offered it', async () => {
    const tenant = await salon();
    const date = workdayAhead(6);
    const holder = await waitlistCustomer(db, tenant);
    // Corte 11:00–11:30 between two bookings: a 90-minute coloração cannot fit.
    await bookFor(db, tenant, holder.id, `${date}T10:30`);
    const appointment = await bookFor(db, tenant, holder.id, `${date}T11:00`);
    await bookFor(db, tenant, holder.id, `${date}T11:30`);
    const entry = await join(db, tenant, (await waitlistCustomer(db, tenant)).id, { date, service: 1 });

    await cancelAppointment(schedulingDepsOf(db), { tenantId: tenant.id, appointmentId: appointment.id, now: new Date(), policy: staff });
    expect(await runQueuedOpenings(db, tenant.id)).toEqual([{ kind: 'none', reason: 'nothing_fits' }]);
    expect(await offersOf(db, entry)).toEqual([]);
  });

  it('when nobody waits for that day and professional, then a cancellation queues no opening at all', async () => {
    const tenant = await salon();
    const date = workdayAhead(3);
    const holder = await waitlistCustomer(db, tenant);
    const appointment = await bookFor(db, tenant, holder.id, `${date}T09:00`);
    // Someone waits for Bia, another for a later day: neither can take Ana's 09:00.
    await join(db, tenant, (await waitlistCustomer(db, tenant)).id, { date, professional: 1 });
    await join(db, tenant, (await waitlistCustomer(db, tenant)).id, { date: workdayAhead(9) });
    await cancelAppointment(schedulingDepsOf(db), { tenantId: tenant.id, appointmentId: appointment.id, now: new Date(), policy: staff });
    expect(await queuedOpenings(db, tenant.id)).toEqual([]);
  });
});
