import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgentResponder } from '../../src/agent/index.js';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { silentLogger, systemClock } from '../../src/shared/index.js';
import {
  type Channel,
  findConversation,
  isQueueIdle,
  outboundMessages,
  sendTextWebhook,
  startChannel,
  testConfig,
  waitFor,
} from '../conversation/channel-harness.js';
import { installScriptedClaude, type ScriptedClaude, text, toolCalls } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId } from '../fixtures/whatsapp/webhook-fixtures.js';
import { comingWorkday, customerDayTime } from '../support/customer-day-time.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('receipts: the database confirms, not the model', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let graph: GraphApiFake;
  let claude: ScriptedClaude;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    tenant = await createTestTenant(database.db, {
      name: 'Salão da Ana',
      businessInfo: 'Rua X, 10. Aceitamos Pix e cartão.',
      address: 'Rua X, 10',
    });
    const config = testConfig({ ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_MAX_RETRIES: '0' });
    const tools = createSchedulingTools(schedulingToolDepsOf({ db: database.db, clock: systemClock, logger: silentLogger }));
    channel.useResponder(createAgentResponder({ db: database.db, logger: silentLogger, clock: systemClock, config, tools }));
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    graph = new GraphApiFake().install();
    claude = installScriptedClaude(mswServer);
  });

  const converse = async (from: string, message: string, replies: number) => {
    await sendTextWebhook(channel.app, tenant.phoneNumberId, from, message);
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await waitFor(
      async () => {
        const rows = await outboundMessages(database.db, conversation.id);
        return rows.length >= replies && rows.every((row) => row.status === 'sent') && (await isQueueIdle(database.db));
      },
      { what: 'replies sent' },
    );
    return conversation;
  };

  it("when a scripted run books, then the customer gets the answer and a receipt whose service, professional, day and time are the row's", async () => {
    const [ana] = tenant.professionals;
    const [corte] = tenant.services;
    const date = comingWorkday();
    claude.enqueue(
      toolCalls([{ name: 'agendar', input: { profissional_id: ana?.id, servico_id: corte?.id, inicio: `${date}T15:30` } }]),
      () => {
        // the step runs on the request carrying agendar's result
        const result = JSON.parse(String(claude.lastToolResults()[0]?.content ?? '{}'));
        return toolCalls([
          {
            name: 'responder_cliente',
            input: { texto: 'Pronto! Posso ajudar em algo mais?', afirma: 'agendou', agendamento_id: result.agendamento.agendamento_id },
          },
        ]);
      },
    );
    const from = newWaId();
    const conversation = await converse(from, `quero um corte com a Ana dia ${date} às 15h30`, 2);

    const appointment = await database.db.appointment.findFirstOrThrow({
      where: { tenantId: tenant.id, customer: { waId: from } },
      include: { service: true, professional: true },
    });
    const [answer, receipt] = await outboundMessages(database.db, conversation.id);
    expect(answer?.text).toBe('Pronto! Posso ajudar em algo mais?');
    expect(receipt?.text).toContain('Agendamento confirmado');
    expect(receipt?.text).toContain(`${appointment.service.name} com ${appointment.professional.name}`);
    expect(receipt?.text).toContain(customerDayTime(appointment.startsAt));
    expect(receipt?.text).toContain('Rua X, 10');
    expect(customerDayTime(appointment.startsAt)).toMatch(/ \d{2}\/\d{2} às 15:30$/);
    expect(graph.acceptedTexts()).toEqual([answer?.text, receipt?.text]);
    const run = await database.db.agentRun.findFirstOrThrow({ where: { conversationId: conversation.id } });
    expect(run).toMatchObject({ exit: 'success', outcome: 'answer' });
  });

  it('when a scripted run says it booked without agendar, then neither the claim nor a receipt is sent, and nothing is booked', async () => {
    claude.enqueue(
      text('Pronto, agendado para amanhã às 10h!'),
      toolCalls([{ name: 'responder_cliente', input: { texto: 'Combinado! Até lá 😉', afirma: 'agendou' } }]),
      toolCalls([
        {
          name: 'responder_cliente',
          input: { texto: 'Ainda não marquei nada: quer que eu agende amanhã às 10h com a Ana?', afirma: 'nada' },
        },
      ]),
    );
    const from = newWaId();
    const conversation = await converse(from, 'marca amanhã às 10h', 1);

    const sent = await outboundMessages(database.db, conversation.id);
    expect(sent.map((row) => row.text)).toEqual(['Ainda não marquei nada: quer que eu agende amanhã às 10h com a Ana?']);
    expect(graph.acceptedTexts().join('\n')).not.toMatch(/agendado para amanhã|Combinado|Agendamento confirmado/);
    expect(await database.db.appointment.count({ where: { tenantId: tenant.id, customer: { waId: from } } })).toBe(0);
    // Both refusals reached the model: the text claim as a note, the declaration as the tool_result of responder_cliente.
    expect(JSON.stringify(claude.requests[1]?.body.messages.at(-1))).toContain('NÃO foi enviada ao cliente');
    expect(claude.lastToolResults()[0]).toMatchObject({ is_error: true, content: expect.stringContaining('afirma') });
    expect(claude.remaining).toBe(0);
  });
});
