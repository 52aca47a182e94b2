import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { METRICS } from '../../src/metrics/index.js';
import type { WorkerHandle } from '../../src/queue/index.js';
import { reminderButtonPayload } from '../../src/reminders/index.js';
import { bookAppointment, botActor, cancelAppointment, customerPolicy, staffPolicy } from '../../src/scheduling/appointments/index.js';
import { createLogger, fixedClock } from '../../src/shared/index.js';
import { fastForwardRetries, isQueueIdle, testConfig, waitFor } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { accepted } from '../scheduling/scheduling-test-kit.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { createTestDatabase, testDatabase } from '../support/test-database.js';
import {
  bookedWithReminders,
  counterValue,
  deliverOutbox,
  REMINDERS,
  runReminderJob,
  startReminderWorker,
  templateMessageSchema,
} from './reminder-send-kit.js';

const minutes = (count: number) => count * 60_000;
const later = (instant: Date, ms: number) => new Date(instant.getTime() + ms);

describe('the reminder send job', () => {
  let db: Db;
  let url: string;
  let tenant: TestTenant;

  beforeAll(async () => {
    ({ db, url } = await testDatabase());
    tenant = await createTestTenant(db, { name: 'Salão da Ana', reminders: REMINDERS });
  });

  const outboundOf = (conversationId: number) =>
    db.message.findMany({ where: { conversationId, direction: 'outbound' }, orderBy: { id: 'asc' } });

  it('when the 24-hour reminder is due, then the Graph API receives a valid template message (name, pt_BR, five body parameters in order, three quick-reply payloads), outside the 24-hour window too', async () => {
    const graph = new GraphApiFake().install();
    // the customer last wrote three days ago: free text could not reach them, a template can
    const { customer, conversation, reminders } = await bookedWithReminders(db, tenant, '2026-12-02T15:00', {
      name: 'Maria Lima',
      lastInboundAt: new Date('2026-11-28T12:00:00Z'),
    });
    const [dayBefore] = reminders;
    expect(dayBefore).toMatchObject({ beforeMinutes: 1440, dueAt: new Date('2026-12-01T18:00:00Z') });
    const outcome = await runReminderJob(db, dayBefore!, later(dayBefore!.dueAt, 20_000));
    expect(outcome.kind).toBe('queued');
    await deliverOutbox(db, tenant.id);

    const [send] = graph.sends();
    expect(graph.sends()).toHaveLength(1);
    const token = dayBefore!.payloadToken;
    const [outbound] = await outboundOf(conversation.id);
    expect(send!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: customer.waId,
      type: 'template',
      template: {
        name: 'lembrete_agendamento',
        language: { policy: 'deterministic', code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Maria Lima' },
              { type: 'text', text: 'Corte' },
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'qua 02/12 às 15:00' },
              { type: 'text', text: 'Salão da Ana' },
            ],
          },
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: `r1.confirmar.${token}` }] },
          { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: `r1.remarcar.${token}` }] },
          { type: 'button', sub_type: 'quick_reply', index: '2', parameters: [{ type: 'payload', payload: `r1.cancelar.${token}` }] },
        ],
      },
      biz_opaque_callback_data: `outbox:${outbound!.id}`,
    });
    expect(templateMessageSchema.safeParse(send!.body).success).toBe(true);
    expect(send!.authorization).toMatch(/^Bearer EAAG-test-/);
    expect(outbound).toMatchObject({ type: 'template', author: 'system', status: 'sent' });
    expect(outbound!.text).toContain('Lembrete do seu horário de Corte com Ana em qua 02/12 às 15:00');
    expect(await db.appointmentReminder.findUniqueOrThrow({ where: { id: dayBefore!.id } })).toMatchObject({
      status: 'sent',
      outboxMessageId: outbound!.id,
    });
    expect(await counterValue(db, METRICS.remindersSent, { tenant: tenant.slug })).toBe(1);
  });

  it('when the appointment was cancelled before its reminder was due, then its job is gone and running it anyway sends nothing', async () => {
    const graph = new GraphApiFake().install();
    const { customer, conversation, appointmentId, reminders } = await bookedWithReminders(db, tenant, '2026-12-02T16:00');
    await cancelAppointment(schedulingDepsOf(db), {
      tenantId: tenant.id,
      customerId: customer.id,
      appointmentId,
      now: new Date('2026-12-01T12:00:00Z'),
      policy: customerPolicy(botActor(null)),
    });
    const jobs = await db.$queryRaw<
      { key: string }[]
    >`SELECT key FROM graphile_worker.jobs WHERE key LIKE ${`reminder:${appointmentId}:%`}`;
    expect(jobs).toEqual([]);
    for (const reminder of reminders) {
      expect(await runReminderJob(db, reminder)).toMatchObject({ kind: 'already_handled', status: 'removed' });
    }
    await deliverOutbox(db, tenant.id);
    expect(await outboundOf(conversation.id)).toEqual([]);
    expect(graph.sends()).toEqual([]);
  });

  it('when the appointment stopped being booked or its start changed without its reminders hearing of it, then the re-read at send time skips them with the reason', async () => {
    const graph = new GraphApiFake().install();
    const cancelled = await bookedWithReminders(db, tenant, '2026-12-02T09:00');
    await db.appointment.update({ where: { id: cancelled.appointmentId }, data: { status: 'cancelled' } });
    expect(await runReminderJob(db, cancelled.reminders[0]!)).toEqual({ kind: 'skip', reason: 'not_booked' });

    const moved = await bookedWithReminders(db, tenant, '2026-12-02T09:30');
    await db.appointment.update({
      where: { id: moved.appointmentId },
      data: { startsAt: new Date('2026-12-02T17:00:00Z'), endsAt: new Date('2026-12-02T17:30:00Z') },
    });
    expect(await runReminderJob(db, moved.reminders[0]!)).toEqual({ kind: 'skip', reason: 'moved' });

    expect(
      await db.appointmentReminder.findMany({ where: { id: { in: [cancelled.reminders[0]!.id, moved.reminders[0]!.id] } } }),
    ).toMatchObject([
      { status: 'skipped', statusReason: 'not_booked', outboxMessageId: null },
      { status: 'skipped', statusReason: 'moved', outboxMessageId: null },
    ]);
    await deliverOutbox(db, tenant.id);
    expect(graph.sends()).toEqual([]);
  });

  it('when a reminder runs past its cut-off (the queue was down), then it is dropped, counted as late and logged without personal data; inside the cut-off it is still sent', async () => {
    const graph = new GraphApiFake().install();
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', undefined, { write: (line: string) => lines.push(JSON.parse(line)) });
    const lateBefore = await counterValue(db, METRICS.remindersLate, { tenant: tenant.slug });

    // 1440 minutes before: the cut-off is 60 minutes
    const tooLate = await bookedWithReminders(db, tenant, '2026-12-02T10:00', { name: 'Joana Prado' });
    const [dayBeforeLate] = tooLate.reminders;
    expect(await runReminderJob(db, dayBeforeLate!, later(dayBeforeLate!.dueAt, minutes(61)), logger)).toMatchObject({
      kind: 'late',
      reason: 'too_late',
    });
    const stillInTime = await bookedWithReminders(db, tenant, '2026-12-02T10:30');
    const [dayBeforeInTime] = stillInTime.reminders;
    expect((await runReminderJob(db, dayBeforeInTime!, later(dayBeforeInTime!.dueAt, minutes(59)))).kind).toBe('queued');

    // 120 minutes before: the cut-off is 30 minutes; and never after the appointment started
    const [, twoHoursLate] = tooLate.reminders;
    expect(await runReminderJob(db, twoHoursLate!, later(twoHoursLate!.dueAt, minutes(31)))).toMatchObject({
      kind: 'late',
      reason: 'too_late',
    });
    const started = await bookedWithReminders(db, tenant, '2026-12-02T11:00');
    expect(await runReminderJob(db, started.reminders[1]!, new Date('2026-12-02T14:01:00Z'))).toMatchObject({
      kind: 'late',
      reason: 'started',
    });

    expect(
      await db.appointmentReminder.findMany({ where: { appointmentId: tooLate.appointmentId }, orderBy: { id: 'asc' } }),
    ).toMatchObject([
      { status: 'late', statusReason: 'too_late', outboxMessageId: null },
      { status: 'late', statusReason: 'too_late', outboxMessageId: null },
    ]);
    expect(await counterValue(db, METRICS.remindersLate, { tenant: tenant.slug })).toBe(lateBefore + 3);
    const dropped = lines.find((line) => line.msg === 'reminder dropped: too late to send');
    expect(dropped).toMatchObject({ level: 40, reason: 'too_late', lateMinutes: 61, reminderId: dayBeforeLate!.id, beforeMinutes: 1440 });
    expect(JSON.stringify(lines)).not.toMatch(/Joana|5511\d+/);

    await deliverOutbox(db, tenant.id);
    expect(graph.sends()).toHaveLength(1);
    expect(await outboundOf(tooLate.conversation.id)).toEqual([]);
  });

  it('when a cancellation is in progress as the job starts, then the job waits for it and sends nothing', async () => {
    const graph = new GraphApiFake().install();
    const { conversation, appointmentId, reminders } = await bookedWithReminders(db, tenant, '2026-12-02T13:00');
    const cancelling = new pg.Client({ connectionString: url });
    await cancelling.connect();
    try {
      // what a cancellation's transaction holds: the appointment's row lock, then its reminders
      await cancelling.query('BEGIN');
      await cancelling.query('SELECT id FROM appointments WHERE id = $1 FOR UPDATE', [appointmentId]);
      const job = runReminderJob(db, reminders[0]!);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await cancelling.query("UPDATE appointments SET status = 'cancelled', cancelled_at = now() WHERE id = $1", [appointmentId]);
      await cancelling.query("UPDATE appointment_reminders SET status = 'removed', status_reason = 'cancelled' WHERE appointment_id = $1", [
        appointmentId,
      ]);
      await cancelling.query('COMMIT');
      expect(await job).toEqual({ kind: 'already_handled', status: 'removed' });
    } finally {
      await cancelling.end();
    }
    await deliverOutbox(db, tenant.id);
    expect(await outboundOf(conversation.id)).toEqual([]);
    expect(graph.sends()).toEqual([]);
  });

  it('when the same reminder job runs twice, then one template message is queued and sent', async () => {
    const graph = new GraphApiFake().install();
    const { conversation, reminders } = await bookedWithReminders(db, tenant, '2026-12-02T11:30');
    const [dayBefore] = reminders;
    expect((await runReminderJob(db, dayBefore!)).kind).toBe('queued');
    expect(await runReminderJob(db, dayBefore!)).toEqual({ kind: 'already_handled', status: 'sent' });
    await deliverOutbox(db, tenant.id);
    await deliverOutbox(db, tenant.id);
    expect(await outboundOf(conversation.id)).toHaveLength(1);
    expect(graph.sends()).toHaveLength(1);
  });

  it('when staff booked a walk-in without a name who never wrote on WhatsApp, then a conversation is opened and the greeting falls back to "cliente"', async () => {
    const graph = new GraphApiFake().install();
    const waId = `5521${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const customer = await db.customer.create({ data: { tenantId: tenant.id, waId, name: null } });
    const { appointment } = accepted(
      await bookAppointment(schedulingDepsOf(db), {
        tenantId: tenant.id,
        customer: { id: customer.id },
        professionalId: tenant.professionals[0]!.id,
        serviceId: tenant.services[1]!.id,
        start: '2026-12-03T13:00',
        idempotencyKey: `walk-in-${waId}`,
        now: new Date('2026-12-01T12:00:00Z'),
        policy: staffPolicy({ kind: 'api_key', apiKeyId: 1 }, { outsideHours: false }),
      }),
    );
    const [dayBefore] = await db.appointmentReminder.findMany({
      where: { appointmentId: appointment.id },
      orderBy: { beforeMinutes: 'desc' },
    });
    expect((await runReminderJob(db, dayBefore!)).kind).toBe('queued');
    await deliverOutbox(db, tenant.id);
    const conversation = await db.conversation.findFirstOrThrow({ where: { tenantId: tenant.id, customerId: customer.id } });
    expect(conversation.lastInboundAt).toBeNull();
    const body = graph.sends()[0]!.body as { to: string; template: { components: { parameters: { text?: string }[] }[] } };
    expect(body.to).toBe(waId);
    expect(body.template.components[0]!.parameters.map((parameter) => parameter.text)).toEqual([
      'cliente',
      'Coloração',
      'Ana',
      'qui 03/12 às 13:00',
      'Salão da Ana',
    ]);
    expect(body.template.components[1]).toMatchObject({
      parameters: [{ payload: reminderButtonPayload('confirmar', dayBefore!.payloadToken) }],
    });
  });

  it('when the tenant file dropped that offset after the booking, then the reminder is skipped as not configured', async () => {
    const other = await createTestTenant(db, { reminders: REMINDERS });
    const { reminders } = await bookedWithReminders(db, other, '2026-12-02T15:00');
    await db.tenant.update({ where: { id: other.id }, data: { reminders: [REMINDERS[1]!] } });
    expect(await runReminderJob(db, reminders[0]!)).toEqual({ kind: 'skip', reason: 'not_configured' });
    expect((await runReminderJob(db, reminders[1]!)).kind).toBe('queued');
  });
});

describe('the reminder through the real worker', () => {
  let worker: WorkerHandle | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  it('when the send job meets a 500 and is retried, and the reminder job itself runs again, then Meta accepts the template message exactly once', async () => {
    // A database of its own: no other test's jobs come due under this worker.
    const database = await createTestDatabase();
    const { db } = database;
    // one offset only, so no other reminder job is left for this worker (whatever the real date)
    const tenant = await createTestTenant(db, { name: 'Salão da Ana', reminders: [REMINDERS[0]!] });
    const graph = new GraphApiFake().script(500).install();
    const { conversation, appointmentId, reminders } = await bookedWithReminders(db, tenant, '2026-12-02T15:00');
    const [dayBefore] = reminders;
    // the due time comes
    worker = await startReminderWorker(database, {
      config: testConfig({ WHATSAPP_SEND_MAX_RETRIES: '0' }),
      clock: fixedClock(later(dayBefore!.dueAt, 5_000)),
      appointmentId,
      minutesBefore: 1440,
    });
    await waitFor(
      async () => {
        await fastForwardRetries(db);
        return graph.sends().some((send) => send.answeredStatus === 200);
      },
      { what: 'the reminder accepted by the Graph API', timeoutMs: 20_000 },
    );
    // the reminder job runs once more (e.g. a worker died after committing and the job was released)
    await db.$executeRaw`SELECT graphile_worker.add_job('send-reminder', json_build_object('reminderId', ${dayBefore!.id}::int))`;
    await waitFor(
      async () => {
        await fastForwardRetries(db);
        return isQueueIdle(db);
      },
      { what: 'the queue to settle', timeoutMs: 20_000 },
    );
    expect(graph.sends().map((send) => send.answeredStatus)).toEqual([500, 200]);
    expect(templateMessageSchema.safeParse(graph.sends()[1]!.body).success).toBe(true);
    const outbound = await db.message.findMany({ where: { conversationId: conversation.id, direction: 'outbound' } });
    expect(outbound).toMatchObject([{ type: 'template', status: 'sent', attempts: 2 }]);
    expect(await db.appointmentReminder.findUniqueOrThrow({ where: { id: dayBefore!.id } })).toMatchObject({
      status: 'sent',
      outboxMessageId: outbound[0]!.id,
    });
    expect(await counterValue(db, METRICS.remindersSent, { tenant: tenant.slug })).toBe(1);
  });
});
