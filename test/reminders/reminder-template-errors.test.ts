import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { METRICS } from '../../src/metrics/index.js';
import { sendOutboundMessage } from '../../src/outbox/index.js';
import type { WorkerHandle } from '../../src/queue/index.js';
import { settleUndeliveredMessage } from '../../src/reminders/index.js';
import { createLogger, fixedClock, silentLogger } from '../../src/shared/index.js';
import {
  type Channel,
  fastForwardRetries,
  isQueueIdle,
  postWebhook,
  startChannel,
  testConfig,
  waitFor,
} from '../conversation/channel-harness.js';
import { GraphApiFake, metaErrorBody } from '../fakes/graph-api.js';
import { webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { createTestDatabase, type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  bookedWithReminders,
  counterValue,
  deliverOutbox,
  graphClient,
  REMINDERS,
  runReminderJob,
  startReminderWorker,
} from './reminder-send-kit.js';

const TEMPLATE_ERRORS = {
  132000: metaErrorBody(
    132000,
    'Number of parameters does not match the expected number of params',
    'body: number of localizable_params (5) does not match the expected number of params (4)',
  ),
  132001: metaErrorBody(
    132001,
    'Template name does not exist in the translation',
    'template name (lembrete_agendamento) does not exist in pt_BR',
  ),
  132005: metaErrorBody(132005, 'Translated text too long', 'Translated text is too long.'),
  132007: metaErrorBody(132007, 'Template Format Character Policy Violated', 'Template Format Character Policy Violated.'),
  132012: metaErrorBody(
    132012,
    'Parameter format does not match format in the created template',
    'header: Format mismatch, expected IMAGE, received UNKNOWN',
  ),
  132015: metaErrorBody(132015, 'Template is Paused', 'Cannot send message as the template is paused due to low quality.'),
  132016: metaErrorBody(
    132016,
    'Template is Disabled',
    'Template has been paused too many times due to low quality and is now permanently disabled.',
  ),
} as const;

describe("Meta's template errors on a reminder", () => {
  let database: TestDatabase;
  let db: Db;
  let tenant: TestTenant;

  beforeAll(async () => {
    database = await testDatabase();
    ({ db } = database);
    tenant = await createTestTenant(db, { name: 'Salão da Ana', reminders: REMINDERS });
  });

  const cases = Object.entries(TEMPLATE_ERRORS).map(
    ([code, body], index) => [code, body, ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00'][index]!] as const,
  );

  it.each(cases)(
    'when Meta refuses the template with %s, then the code is on the outbox row and the reminder (meta:<code>), counted and logged for ops, no handoff, never sent again',
    async (code, body, time) => {
      const graph = new GraphApiFake().script({ status: 400, body }).install();
      const lines: Record<string, unknown>[] = [];
      const logger = createLogger('info', undefined, { write: (line: string) => lines.push(JSON.parse(line)) });
      const { customer, conversation, reminders } = await bookedWithReminders(db, tenant, `2026-12-03T${time}`, { name: 'Clara Nunes' });
      const [dayBefore] = reminders;
      expect((await runReminderJob(db, dayBefore!)).kind).toBe('queued');
      const [outbound] = await db.message.findMany({ where: { conversationId: conversation.id, direction: 'outbound' } });

      expect(await deliverOutbox(db, tenant.id, { logger })).toEqual(['failed']);
      expect(await db.message.findUniqueOrThrow({ where: { id: outbound!.id } })).toMatchObject({ status: 'failed', errorCode: code });
      expect(await db.appointmentReminder.findUniqueOrThrow({ where: { id: dayBefore!.id } })).toMatchObject({
        status: 'failed',
        statusReason: `meta:${code}`,
      });
      expect(await db.handoff.count({ where: { conversationId: conversation.id } })).toBe(0);
      expect(await counterValue(db, METRICS.remindersFailed, { tenant: tenant.slug, code })).toBe(1);
      const warning = lines.find((line) => line.msg === 'reminder template refused by WhatsApp: the template must be fixed');
      expect(warning).toMatchObject({ level: 40, errorCode: code, reminderId: dayBefore!.id, template: 'lembrete_agendamento' });
      expect(typeof warning?.meaning).toBe('string');
      expect(JSON.stringify(lines)).not.toContain('Clara');
      expect(JSON.stringify(lines)).not.toContain(customer.waId!);

      // later attempts of the send job and of the reminder job change nothing and call nobody
      expect(
        await sendOutboundMessage(
          { db, graph: graphClient(), logger: silentLogger, onUndelivered: settleUndeliveredMessage },
          outbound!.id,
          {
            attempt: 2,
            maxAttempts: 8,
          },
        ),
      ).toBe('skipped');
      expect(await runReminderJob(db, dayBefore!)).toEqual({ kind: 'already_handled', status: 'failed' });
      expect(graph.sends()).toHaveLength(1);
      expect(await counterValue(db, METRICS.remindersFailed, { tenant: tenant.slug, code })).toBe(1);
    },
  );

  it('when the template error comes with a 5xx status, then it is still not retried (no loop)', async () => {
    const graph = new GraphApiFake().script({ status: 503, body: TEMPLATE_ERRORS[132015] }).install();
    const { reminders } = await bookedWithReminders(db, tenant, '2026-12-02T16:00');
    await runReminderJob(db, reminders[0]!);
    expect(await deliverOutbox(db, tenant.id)).toEqual(['failed']);
    expect(await db.appointmentReminder.findUniqueOrThrow({ where: { id: reminders[0]!.id } })).toMatchObject({
      status: 'failed',
      statusReason: 'meta:132015',
    });
    expect(graph.sends()).toHaveLength(1);
  });

  it("when Meta's status webhook later reports the reminder failed (131026, undeliverable), then the reminder records it and nobody is handed the chat", async () => {
    new GraphApiFake().install();
    const channel: Channel = await startChannel({ database, worker: false });
    try {
      const { customer, conversation, reminders } = await bookedWithReminders(db, tenant, '2026-12-02T16:30');
      await runReminderJob(db, reminders[0]!);
      expect(await deliverOutbox(db, tenant.id)).toEqual(['sent']);
      const [outbound] = await db.message.findMany({ where: { conversationId: conversation.id, direction: 'outbound' } });
      const body = webhookFixture('status-failed', {
        phoneNumberId: tenant.phoneNumberId,
        from: customer.waId!,
        statusFor: outbound!.waMessageId!,
      });
      const status = (body as { entry: { changes: { value: { statuses: { errors: Record<string, unknown>[] }[] } }[] }[] }).entry[0]!
        .changes[0]!.value.statuses[0]!;
      status.errors = [
        {
          code: 131026,
          title: 'Message undeliverable',
          message: 'Message undeliverable',
          error_data: { details: 'Message Undeliverable.' },
          href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
        },
      ];
      await postWebhook(channel.app, body).expect(200);
      expect(await db.message.findUniqueOrThrow({ where: { id: outbound!.id } })).toMatchObject({ status: 'failed', errorCode: '131026' });
      expect(await db.appointmentReminder.findUniqueOrThrow({ where: { id: reminders[0]!.id } })).toMatchObject({
        status: 'failed',
        statusReason: 'meta:131026',
      });
      expect(await db.handoff.count({ where: { conversationId: conversation.id } })).toBe(0);
      expect(await counterValue(db, METRICS.remindersFailed, { tenant: tenant.slug, code: '131026' })).toBe(1);
    } finally {
      await channel.stop();
    }
  });

  it('when a plain bot reply is refused, then a person still follows up (the reminder rule applies to reminders only)', async () => {
    new GraphApiFake().script({ status: 400, body: metaErrorBody(131026, 'Message Undeliverable.', 'Message Undeliverable.') }).install();
    const { conversation } = await bookedWithReminders(db, tenant, '2026-12-02T17:00');
    const reply = await db.message.create({
      data: {
        tenantId: tenant.id,
        conversationId: conversation.id,
        direction: 'outbound',
        author: 'bot',
        type: 'text',
        text: 'Oi!',
        status: 'pending',
      },
    });
    expect(
      await sendOutboundMessage({ db, graph: graphClient(), logger: silentLogger, onUndelivered: settleUndeliveredMessage }, reply.id, {
        attempt: 1,
        maxAttempts: 8,
      }),
    ).toBe('failed');
    expect(await db.handoff.findMany({ where: { conversationId: conversation.id } })).toMatchObject([{ reason: 'delivery_failed' }]);
  });
});

describe('a template error through the real worker', () => {
  let worker: WorkerHandle | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  it('when the send job meets 132001, then the job ends without a retry and Meta is called once', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    const tenant = await createTestTenant(db, { reminders: [REMINDERS[0]!] });
    const graph = new GraphApiFake().script({ status: 400, body: TEMPLATE_ERRORS[132001] }).install();
    const { appointmentId, reminders } = await bookedWithReminders(db, tenant, '2026-12-02T15:00');
    worker = await startReminderWorker(database, {
      config: testConfig(),
      clock: fixedClock(reminders[0]!.dueAt),
      appointmentId,
      minutesBefore: 1440,
    });
    await waitFor(
      async () => {
        await fastForwardRetries(db);
        return (await db.appointmentReminder.findUniqueOrThrow({ where: { id: reminders[0]!.id } })).status === 'failed';
      },
      { what: 'the reminder recorded as failed', timeoutMs: 20_000 },
    );
    await waitFor(() => isQueueIdle(db), { what: 'an idle queue', timeoutMs: 20_000 });
    // a moment more: a retry, if there were one, would be due at once after fastForwardRetries
    await fastForwardRetries(db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(graph.sends()).toHaveLength(1);
    const failedJobs = await db.$queryRaw<{ count: bigint }[]>`SELECT count(*) AS count FROM graphile_worker._private_jobs`;
    expect(failedJobs[0]?.count).toBe(0n);
  });
});
