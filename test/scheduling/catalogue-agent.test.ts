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
import { installScriptedClaude, type ScriptedClaude, toolCalls } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/** The next weekday (Tue–Sat, when both Ana and Bia work) at least two days ahead, as São Paulo's local date. */
function comingWorkday(): string {
  for (let days = 2; ; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 2) return date;
  }
}

describe('the catalogue through the agent: prices and a two-service visit', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let claude: ScriptedClaude;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    tenant = await createTestTenant(database.db, { name: 'Salão da Ana', address: 'Rua X, 10' });
    const [corte, coloracao] = tenant.services;
    await database.db.service.update({ where: { id: corte!.id }, data: { priceCents: 6000 } });
    await database.db.service.update({ where: { id: coloracao!.id }, data: { priceCents: 15000, priceFrom: true } });
    const config = testConfig({ ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_MAX_RETRIES: '0' });
    const tools = createSchedulingTools(schedulingToolDepsOf({ db: database.db, clock: systemClock, logger: silentLogger }));
    channel.useResponder(createAgentResponder({ db: database.db, logger: silentLogger, clock: systemClock, config, tools }));
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
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

  it('when the customer asks how much, then the model reads the prices in reais from listar_servicos', async () => {
    let seen: { servicos: { nome: string; preco?: string }[] } | null = null;
    claude.enqueue(toolCalls([{ name: 'listar_servicos', input: {} }]), () => {
      seen = JSON.parse(String(claude.lastToolResults()[0]?.content ?? '{}'));
      return toolCalls([
        { name: 'responder_cliente', input: { texto: 'O corte custa R$ 60,00 e a coloração a partir de R$ 150,00.', afirma: 'nada' } },
      ]);
    });
    const conversation = await converse(newWaId(), 'quanto custa o corte?', 1);
    expect(seen!.servicos.map((servico) => [servico.nome, servico.preco])).toEqual([
      ['Coloração', 'a partir de R$ 150,00'],
      ['Corte', 'R$ 60,00'],
    ]);
    const [answer] = await outboundMessages(database.db, conversation.id);
    expect(answer?.text).toBe('O corte custa R$ 60,00 e a coloração a partir de R$ 150,00.');
  });

  it('when the model books corte and coloração as one visit, then both rows share a visit and one receipt lists each with its price and the total', async () => {
    const [ana, bia] = tenant.professionals;
    const [corte, coloracao] = tenant.services;
    const date = comingWorkday();
    const servicos = [
      { servico_id: corte!.id, profissional_id: bia!.id },
      { servico_id: coloracao!.id, profissional_id: ana!.id },
    ];
    let offered: string[] = [];
    claude.enqueue(
      toolCalls([{ name: 'buscar_horarios', input: { data: date, servicos } }]),
      () => {
        const found = JSON.parse(String(claude.lastToolResults()[0]?.content ?? '{}'));
        offered = found.inicios.map((start: { inicio: string }) => start.inicio);
        return toolCalls([{ name: 'agendar', input: { inicio: `${date}T14:00`, servicos } }]);
      },
      () => {
        const booked = JSON.parse(String(claude.lastToolResults()[0]?.content ?? '{}'));
        return toolCalls([
          {
            name: 'responder_cliente',
            input: { texto: 'Pronto! Corte e coloração marcados.', afirma: 'agendou', agendamento_id: booked.agendamento.agendamento_id },
          },
        ]);
      },
    );
    const from = newWaId();
    const conversation = await converse(from, `corte e coloração dia ${date} às 14h`, 2);
    expect(offered).toContain('14:00');
    const rows = await database.db.appointment.findMany({
      where: { tenantId: tenant.id, customer: { waId: from } },
      orderBy: { startsAt: 'asc' },
    });
    expect(rows.map((row) => [row.professionalId, row.serviceId, row.priceCents])).toEqual([
      [bia!.id, corte!.id, 6000],
      [ana!.id, coloracao!.id, 15000],
    ]);
    expect(new Set(rows.map((row) => row.visitId)).size).toBe(1);
    expect(rows[0]?.visitId).not.toBeNull();
    const [answer, receipt, ...more] = await outboundMessages(database.db, conversation.id);
    expect(answer?.text).toBe('Pronto! Corte e coloração marcados.');
    expect(more).toEqual([]);
    expect(receipt?.text).toContain('• 14:00 Corte com Bia · R$ 60,00');
    expect(receipt?.text).toContain('• 14:30 Coloração com Ana · R$ 150,00');
    expect(receipt?.text).toContain('Total: R$ 210,00');
  });
});
