import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgentResponder } from '../../src/agent/index.js';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { silentLogger, systemClock } from '../../src/shared/index.js';
import { type Channel, postWebhook, startChannel, testConfig } from '../conversation/channel-harness.js';
import { installScriptedClaude, type ScriptedClaude, toolCalls } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { addSentReminder, repliesIn, saoPauloInstant, settle, tap, workdayAhead } from './reminder-test-kit.js';

describe('Remarcar on a visit’s reminder, through the agent', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let claude: ScriptedClaude;

  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    tenant = await createTestTenant(database.db, { name: 'Salão da Ana', cancelNoticeMinutes: 120 });
    const config = testConfig({ ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_MAX_RETRIES: '0' });
    const tools = createSchedulingTools(schedulingToolDepsOf({ db: database.db, clock: systemClock, logger: silentLogger }));
    channel.useResponder(createAgentResponder({ db: database.db, logger: silentLogger, clock: systemClock, config, tools }));
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
    claude = installScriptedClaude(mswServer);
  });

  it('when the customer taps Remarcar on a visit’s reminder, then the model is told the visit’s services, and one remarcar on its first service moves them all', async () => {
    const { db } = database;
    const date = workdayAhead(2);
    const [ana, bia] = tenant.professionals;
    const [corte, coloracao] = tenant.services;
    const { customer, conversation } = await createTestConversation(db, tenant.id);
    const [sequence] = await db.$queryRaw<{ id: number }[]>`SELECT nextval('appointment_visit_ids')::int AS id`;
    const row = (professionalId: number, serviceId: number, start: string, minutes: number) =>
      db.appointment.create({
        data: {
          tenantId: tenant.id,
          customerId: customer.id,
          professionalId,
          serviceId,
          visitId: sequence!.id,
          startsAt: saoPauloInstant(date, start),
          endsAt: new Date(saoPauloInstant(date, start).getTime() + minutes * 60_000),
        },
      });
    // The visit: corte with Bia at 15:00, then coloração with Ana at 15:30; the reminder is the first service's.
    const first = await row(bia!.id, corte!.id, '15:00', 30);
    const second = await row(ana!.id, coloracao!.id, '15:30', 90);
    const sent = await addSentReminder(db, tenant, { customerId: customer.id, conversationId: conversation.id, appointment: first });

    claude.enqueue(
      toolCalls([{ name: 'responder_cliente', input: { texto: 'Claro! Para que horário você quer mudar a visita?', afirma: 'nada' } }]),
    );
    await tap(channel.app, db, {
      phoneNumberId: tenant.phoneNumberId,
      from: customer.waId as string,
      action: 'remarcar',
      token: sent.reminder.payloadToken,
      templateWamid: sent.templateWamid,
    });
    const opened = JSON.stringify(claude.requests[0]?.body.messages.filter((message) => message.role === 'user').at(-1));
    expect(opened).toContain(`lembrete da visita ${sequence!.id}`);
    expect(opened).toContain(`agendamento ${second.id}`);
    expect(opened).toContain(
      JSON.stringify(
        JSON.stringify([
          { servico_id: corte!.id, profissional_id: bia!.id },
          { servico_id: coloracao!.id, profissional_id: ana!.id },
        ]),
      ).slice(1, -1),
    );

    claude.enqueue(toolCalls([{ name: 'remarcar', input: { agendamento_id: first.id, inicio: `${date}T16:00` } }]), () => {
      const result = JSON.parse(String(claude.lastToolResults()[0]?.content ?? '{}')) as { agendamento: { agendamento_id: number } };
      return toolCalls([
        {
          name: 'responder_cliente',
          input: { texto: 'Prontinho!', afirma: 'remarcou', agendamento_id: result.agendamento.agendamento_id },
        },
      ]);
    });
    await postWebhook(
      channel.app,
      webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from: customer.waId as string, text: 'pode ser às 16h' }),
    ).expect(200);
    await settle(db);
    expect(claude.remaining).toBe(0);
    expect(claude.lastToolResults()[0]?.is_error).toBeFalsy();
    const rows = await db.appointment.findMany({ where: { customerId: customer.id }, orderBy: { id: 'asc' } });
    // The visit's two rows moved in place.
    expect(rows.map((appointment) => [appointment.status, appointment.professionalId, appointment.startsAt])).toEqual([
      ['booked', bia!.id, saoPauloInstant(date, '16:00')],
      ['booked', ana!.id, saoPauloInstant(date, '16:30')],
    ]);
    const texts = (await repliesIn(db, conversation.id)).map((reply) => reply.text ?? '');
    expect(texts.at(-1)).toContain('Agendamento remarcado');
    expect(texts.at(-1)).toContain('• 16:30 Coloração com Ana');
  });
});
