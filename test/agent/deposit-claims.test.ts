import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario, NOW } from './agent-test-kit.js';

describe('agent loop: a booking waiting for its deposit is not booked', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when agendar answers that a deposit is needed, then "agendado" is not sent (no receipt), and an answer naming the deposit is', async () => {
    const tools = createSchedulingTools(schedulingToolDepsOf({ db: database.db, clock: fixedClock(NOW), logger: silentLogger }));
    const scenario = await agentScenario(database.db, { tools });
    const ana = scenario.tenant.professionals[0]!;
    const coloracao = scenario.tenant.services.find((service) => service.key === 'coloracao')!;
    await database.db.service.update({ where: { id: coloracao.id }, data: { priceCents: 18_000 } });
    await database.db.tenant.update({
      where: { id: scenario.tenant.id },
      data: {
        payments: { provider: 'mercadopago', deposit: { percent: 30, services: ['coloracao'], holdMinutes: 15, refundUntilHours: 24 } },
        paymentAccessToken: 'APP_USR-x',
        paymentWebhookSecret: 'secret',
      },
    });
    const honest = 'Falta só o sinal de R$ 54,00 por Pix para garantir quarta às 10h com a Ana; o código chega na próxima mensagem.';
    scenario.claude.enqueue(
      toolCalls([{ name: 'agendar', input: { profissional_id: ana.id, servico_id: coloracao.id, inicio: '2026-12-02T10:00' } }]),
      text('Pronto, está agendado: quarta às 10h com a Ana.'),
      text(honest),
    );
    const outcome = await scenario.responder.respond(await scenario.startRun('pode marcar coloração quarta 10h com a Ana'));

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: honest }] });
    const toolResult = JSON.stringify(scenario.claude.requests[1]?.body.messages);
    expect(toolResult).toContain('aguardando_sinal');
    expect(toolResult).toContain('R$ 54,00');
    expect(toolResult).toContain('10:15');
    expect(JSON.stringify(scenario.claude.requests[2]?.body.messages.at(-1))).toContain('NÃO foi enviada ao cliente');
    const appointment = await database.db.appointment.findFirstOrThrow({ where: { tenantId: scenario.tenant.id } });
    expect(appointment.status).toBe('pending_payment');
  });
});
