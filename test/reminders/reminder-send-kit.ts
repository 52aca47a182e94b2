import { z } from 'zod';
import { createChannelTasks } from '../../src/boot/index.js';
import type { Config } from '../../src/config/index.js';
import type { Db } from '../../src/db/index.js';
import { createGraphApiClient } from '../../src/graph/index.js';
import { canonicalLabels } from '../../src/metrics/index.js';
import { sendOutboundMessage } from '../../src/outbox/index.js';
import { startWorker, type WorkerHandle } from '../../src/queue/index.js';
import { sendReminder, settleUndeliveredMessage } from '../../src/reminders/index.js';
import type { AgendarResult } from '../../src/scheduling/tools/index.js';
import { type Clock, type Logger, silentLogger } from '../../src/shared/index.js';
import { FakeResponder } from '../conversation/channel-harness.js';
import { FAKE_GRAPH_URL } from '../fakes/graph-api.js';
import { schedulingTools } from '../scheduling/scheduling-test-kit.js';
import { createTestConversation, type TestTenant } from '../support/factories.js';

export const REMINDERS = [
  { beforeMinutes: 1440, template: 'lembrete_agendamento', language: 'pt_BR' },
  { beforeMinutes: 120, template: 'lembrete_agendamento', language: 'pt_BR' },
];

function quickReplyButton(index: string) {
  return z.strictObject({
    type: z.literal('button'),
    sub_type: z.literal('quick_reply'),
    index: z.literal(index),
    parameters: z.tuple([z.strictObject({ type: z.literal('payload'), payload: z.string().min(1).max(256) })]),
  });
}

/**
 * A Cloud API template message with body text parameters and quick-reply buttons, as Meta's
 * reference describes the `/messages` request: what a valid reminder request must look like.
 */
export const templateMessageSchema = z.strictObject({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual'),
  to: z.string().regex(/^\d{8,15}$/),
  type: z.literal('template'),
  template: z.strictObject({
    name: z.string().regex(/^[a-z0-9_]+$/),
    language: z.strictObject({ policy: z.literal('deterministic'), code: z.string() }),
    components: z.tuple([
      z.strictObject({
        type: z.literal('body'),
        parameters: z.array(
          z.strictObject({
            type: z.literal('text'),
            text: z
              .string()
              .min(1)
              .regex(/^[^\n\t]*$/),
          }),
        ),
      }),
      quickReplyButton('0'),
      quickReplyButton('1'),
      quickReplyButton('2'),
    ]),
  }),
  biz_opaque_callback_data: z.string().regex(/^outbox:\d+$/),
});

export const graphClient = () =>
  createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 0, logger: silentLogger, baseDelayMs: 1 });

/** One customer of the tenant (with a WhatsApp conversation) booked through the bot's `agendar` at a local start. */
export async function bookedWithReminders(
  db: Db,
  tenant: TestTenant,
  start: string,
  customer: { name?: string; lastInboundAt?: Date | null; serviceIndex?: number } = {},
) {
  const { customer: row, conversation } = await createTestConversation(db, tenant.id, {
    ...(customer.name === undefined ? {} : { name: customer.name }),
    ...(customer.lastInboundAt === undefined ? {} : { lastInboundAt: customer.lastInboundAt }),
  });
  const booked = await schedulingTools(db)<AgendarResult>(
    'agendar',
    { profissional_id: tenant.professionals[0]!.id, servico_id: tenant.services[customer.serviceIndex ?? 0]!.id, inicio: start },
    { tenantId: tenant.id, customerId: row.id, conversationId: conversation.id, toolUseId: `toolu_${Math.random()}` },
  );
  const appointmentId = booked.agendamento.agendamento_id;
  const reminders = await db.appointmentReminder.findMany({ where: { appointmentId }, orderBy: { beforeMinutes: 'desc' } });
  return { customer: row, conversation, appointmentId, reminders };
}

/** The send-message job over every pending outbound row of the tenant, once, as the worker's attempt `attempt` would. */
export async function deliverOutbox(db: Db, tenantId: number, options: { attempt?: number; logger?: Logger } = {}) {
  const pending = await db.message.findMany({ where: { tenantId, direction: 'outbound', status: 'pending' }, orderBy: { id: 'asc' } });
  const results = [];
  for (const row of pending) {
    results.push(
      await sendOutboundMessage(
        { db, graph: graphClient(), logger: options.logger ?? silentLogger, onUndelivered: settleUndeliveredMessage },
        row.id,
        { attempt: options.attempt ?? 1, maxAttempts: 8 },
      ).catch((error: unknown) => error),
    );
  }
  return results;
}

/** Runs the reminder's send job at `at` (default: its due time). */
export function runReminderJob(db: Db, reminder: { id: number; dueAt: Date }, at: Date = reminder.dueAt, logger: Logger = silentLogger) {
  return sendReminder({ db, logger }, reminder.id, at);
}

/** A table counter's value for these labels, or summed over all its labels when none are given (0 when never counted). */
export async function counterValue(db: Db, name: string, labels?: Record<string, string>): Promise<number> {
  const rows = await db.metricCounter.findMany({ where: { name, ...(labels ? { labels: canonicalLabels(labels) } : {}) } });
  return rows.reduce((sum, row) => sum + Number(row.value), 0);
}

/**
 * The channel's real job handlers on a worker of its own (50 ms poll) over `database`, the Graph
 * API client pointed at the fake, and the appointment's reminder job (`minutesBefore`) made due
 * now. Stop the worker when done.
 */
export async function startReminderWorker(
  database: { url: string; db: Db },
  options: { config: Config; clock: Clock; appointmentId: number; minutesBefore: number },
): Promise<WorkerHandle> {
  const deps = { config: options.config, db: database.db, databaseUrl: database.url, logger: silentLogger, clock: options.clock };
  const tasks = createChannelTasks(deps, { chooseResponder: async () => new FakeResponder(), graph: graphClient() });
  const worker = await startWorker({ connectionString: database.url, concurrency: 2, tasks, logger: silentLogger, pollInterval: 50 });
  await database.db
    .$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`reminder:${options.appointmentId}:${options.minutesBefore}`}`;
  return worker;
}
