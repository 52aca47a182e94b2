import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { cancelAppointment, staffPolicy } from '../../src/scheduling/appointments/index.js';
import { type Channel, FakeResponder, postWebhook, startChannel, waitFor } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { settle } from '../reminders/reminder-test-kit.js';
import { createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bookFor, join, offersOf, saoPauloInstant, waitlistCustomer, workdayAhead } from './waitlist-test-kit.js';

/** A tap on an interactive reply button, as the Cloud API delivers it. */
function replyButtonWebhook(options: { phoneNumberId: string; from: string; id: string; title: string }) {
  const body = webhookFixture('interactive-button-reply', {
    phoneNumberId: options.phoneNumberId,
    from: options.from,
    messageId: newWamid(),
  });
  const message = (body as { entry: { changes: { value: { messages: Record<string, unknown>[] } }[] }[] }).entry[0]!.changes[0]!.value
    .messages[0]!;
  message.interactive = { type: 'button_reply', button_reply: { id: options.id, title: options.title } };
  return body;
}

describe('a waitlist offer end to end: cancellation, offer sent, tap over the webhook', () => {
  let database: TestDatabase;
  let channel: Channel;
  let responder: FakeResponder;
  let graph: GraphApiFake;

  beforeAll(async () => {
    database = await testDatabase();
    responder = new FakeResponder();
    channel = await startChannel({ database, responder });
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    graph = new GraphApiFake().install();
  });

  it('when a customer taps the offer’s button, then the worker-made offer books the freed time without the model and says so', async () => {
    const { db } = database;
    const tenant = await createTestTenant(db, { name: 'Salão da Ana' });
    const date = workdayAhead(3);
    const holder = await waitlistCustomer(db, tenant);
    const appointment = await bookFor(db, tenant, holder.id, `${date}T16:00`);
    const customer = await waitlistCustomer(db, tenant, { name: 'Júlia' });
    const entry = await join(db, tenant, customer.id, { date, period: 'tarde' });

    await cancelAppointment(schedulingDepsOf(db), {
      tenantId: tenant.id,
      appointmentId: appointment.id,
      now: new Date(),
      policy: staffPolicy({ kind: 'api_key', apiKeyId: 1 }, { outsideHours: false }),
    });
    const offer = await waitFor(async () => (await offersOf(db, entry))[0], { what: 'the offer', timeoutMs: 20_000 });
    await settle(db);
    // The offer went out as an interactive message with the offer's one button.
    const sent = graph.sends().map((request) => request.body as { interactive?: { action?: { buttons?: { reply: { id: string } }[] } } });
    expect(sent.flatMap((body) => body.interactive?.action?.buttons?.map((button) => button.reply.id) ?? [])).toEqual([
      `w1.${offer.payloadToken}`,
    ]);

    await postWebhook(
      channel.app,
      replyButtonWebhook({
        phoneNumberId: tenant.phoneNumberId,
        from: customer.waId,
        id: `w1.${offer.payloadToken}`,
        title: 'Quero este horário',
      }),
    ).expect(200);
    await waitFor(async () => (await db.waitlistOffer.findUniqueOrThrow({ where: { id: offer.id } })).status === 'taken', {
      what: 'the tap booked',
      timeoutMs: 20_000,
    });
    await settle(db);

    const booked = await db.appointment.findMany({
      where: { tenantId: tenant.id, customerId: customer.id, startsAt: saoPauloInstant(date, '16:00'), status: { not: 'cancelled' } },
    });
    expect(booked.map((row) => row.source)).toEqual(['waitlist']);
    expect(graph.acceptedTexts().at(-1)).toContain('Pronto! Agendado: Corte com Ana');
    expect(responder.runs.filter((run) => run.input.conversationId === customer.conversationId)).toHaveLength(0);
    expect((await db.waitlistEntry.findUniqueOrThrow({ where: { id: entry } })).status).toBe('booked');
  });
});
