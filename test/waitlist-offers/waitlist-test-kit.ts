import { schedulingDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { bookAppointment, botActor, customerPolicy } from '../../src/scheduling/appointments/index.js';
import { joinWaitlist, type WaitlistPeriod } from '../../src/scheduling/waitlist/index.js';
import { type Clock, silentLogger, systemClock } from '../../src/shared/index.js';
import { type OfferOpeningOutcome, offerOpening } from '../../src/waitlist-offers/index.js';
import { accepted } from '../scheduling/scheduling-test-kit.js';
import { createTestConversation, type TestTenant } from '../support/factories.js';

export { saoPauloInstant, workdayAhead } from '../reminders/reminder-test-kit.js';

/** A clock `minutes` after the real now (a hold's end, a later day). */
export const clockIn = (minutes: number): Clock => ({ now: () => new Date(Date.now() + minutes * 60_000) });

/** A customer with a WhatsApp conversation (window open unless `lastInboundAt` says otherwise). */
export async function waitlistCustomer(db: Db, tenant: TestTenant, options: { name?: string; lastInboundAt?: Date } = {}) {
  const { customer, conversation } = await createTestConversation(db, tenant.id, options);
  return { id: customer.id, conversationId: conversation.id, waId: customer.waId as string };
}

/** The customer on the waitlist for `service` (index into the tenant's services) on `date`. */
export async function join(
  db: Db,
  tenant: TestTenant,
  customerId: number,
  wish: { date: string; period?: WaitlistPeriod; service?: number; professional?: number },
) {
  const joined = accepted(
    await joinWaitlist(db, {
      tenantId: tenant.id,
      customerId,
      serviceId: tenant.services[wish.service ?? 0]!.id,
      professionalId: wish.professional === undefined ? null : tenant.professionals[wish.professional]!.id,
      date: wish.date,
      period: wish.period ?? null,
      now: new Date(),
    }),
  );
  return joined.entry.id;
}

/** A booking by the bot for `customerId` (Corte with Ana unless said), through the one booking path with the production hooks. */
export async function bookFor(
  db: Db,
  tenant: TestTenant,
  customerId: number,
  start: string,
  options: { professional?: number; service?: number } = {},
) {
  const booked = accepted(
    await bookAppointment(schedulingDepsOf(db), {
      tenantId: tenant.id,
      customer: { id: customerId },
      professionalId: tenant.professionals[options.professional ?? 0]!.id,
      serviceId: tenant.services[options.service ?? 0]!.id,
      start,
      idempotencyKey: `waitlist-test-${customerId}-${start}-${Math.random()}`,
      now: new Date(),
      policy: customerPolicy(botActor(null)),
    }),
  );
  return booked.appointment;
}

interface QueuedOpening {
  key: string;
  payload: { tenantId: number; professionalId: number; startsAt: string; endsAt: string };
}

/** The `offer-waitlist-opening` jobs the hooks queued for this tenant. */
export async function queuedOpenings(db: Db, tenantId: number): Promise<QueuedOpening[]> {
  const rows = await db.$queryRaw<QueuedOpening[]>`
    SELECT j.key, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     WHERE t.identifier = 'offer-waitlist-opening' AND (j.payload->>'tenantId')::int = ${tenantId}::int ORDER BY j.id`;
  return rows;
}

/** Runs the tenant's queued opening jobs as the worker would (and removes them): what each did. */
export async function runQueuedOpenings(db: Db, tenantId: number, clock: Clock = systemClock): Promise<OfferOpeningOutcome[]> {
  const outcomes: OfferOpeningOutcome[] = [];
  for (const job of await queuedOpenings(db, tenantId)) {
    await db.$executeRaw`SELECT graphile_worker.remove_job(${job.key}::text)`;
    outcomes.push(
      await offerOpening(
        { db, logger: silentLogger, clock },
        {
          tenantId: job.payload.tenantId,
          professionalId: job.payload.professionalId,
          startsAt: new Date(job.payload.startsAt),
          endsAt: new Date(job.payload.endsAt),
        },
      ),
    );
  }
  return outcomes;
}

/** The offers made to one entry, oldest first. */
export const offersOf = (db: Db, entryId: number) => db.waitlistOffer.findMany({ where: { entryId }, orderBy: { id: 'asc' } });

/** The outbound messages of a conversation, oldest first. */
export { outboundMessages as outboundOf } from '../conversation/channel-harness.js';
