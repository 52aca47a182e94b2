import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { text, toolCalls } from '../fakes/anthropic.js';
import { insertAppointment } from '../scheduling/scheduling-test-kit.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { type AgentScenario, agentScenario, NOW } from './agent-test-kit.js';

/**
 * A deposit is paid through the payment provider and confirmed by its webhook, never by the
 * model: an answer that acknowledges a payment needs a paid deposit the customer has, on the
 * appointment it names. A booking written in the same run backs no payment.
 */
describe('agent loop: "recebemos seu Pix" needs a paid deposit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  const scenarioWithTools = async () => {
    const tools = createSchedulingTools(schedulingToolDepsOf({ db: database.db, clock: fixedClock(NOW), logger: silentLogger }));
    return agentScenario(database.db, { tools });
  };

  /** An appointment of the scenario's customer at `startsAt` (UTC) with a deposit in `status`. */
  const withDeposit = async (scenario: AgentScenario, startsAt: string, status: 'paid' | 'pending') => {
    const service = scenario.tenant.services[0]!;
    const start = new Date(startsAt);
    const appointment = await insertAppointment(database.db, {
      tenantId: scenario.tenant.id,
      professionalId: scenario.tenant.professionals[0]!.id,
      serviceId: service.id,
      customerId: scenario.customerId,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + service.durationMinutes * 60_000).toISOString(),
      status: 'confirmed',
    });
    await database.db.deposit.create({
      data: {
        tenantId: scenario.tenant.id,
        appointmentId: appointment.id,
        status,
        amountCents: 3000,
        holdUntil: new Date(start.getTime() - 3_600_000),
        chargeKey: `payment-claims-${appointment.id}`,
        ...(status === 'paid' ? { paidAt: new Date(NOW) } : {}),
      },
    });
  };

  // Thursday 03/12 at 10:00 in São Paulo is 13:00 UTC; Friday 04/12 at 10:00 is 13:00 UTC the next day.
  const thursday = '2026-12-03T13:00:00.000Z';
  const friday = '2026-12-04T13:00:00.000Z';
  const claim = 'Recebemos seu Pix do sinal do horário de quinta às 10h. Obrigada, até lá!';
  const honest = 'Ainda não consta o pagamento do sinal aqui; assim que ele for identificado, a confirmação chega automaticamente.';

  it('without a paid deposit the claim is not sent: the model is told why, and its honest answer is', async () => {
    const scenario = await scenarioWithTools();
    await withDeposit(scenario, thursday, 'pending');
    scenario.claude.enqueue(text(claim), text(honest));
    const outcome = await scenario.responder.respond(await scenario.startRun('já paguei o sinal de quinta'));

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: honest }] });
    const note = JSON.stringify(scenario.claude.requests[1]?.body.messages.at(-1));
    expect(note).toContain('NÃO foi enviada ao cliente');
    expect(note).toContain('pagamento');
  });

  it('with the deposit of that appointment paid the same answer is sent', async () => {
    const scenario = await scenarioWithTools();
    await withDeposit(scenario, thursday, 'paid');
    scenario.claude.enqueue(text(claim));
    expect(await scenario.responder.respond(await scenario.startRun('já paguei o sinal de quinta'))).toEqual({
      kind: 'answer',
      replies: [{ type: 'text', text: claim }],
    });
  });

  it('a deposit paid on another day does not back a payment of this one; an unspecific payment it backs', async () => {
    const scenario = await scenarioWithTools();
    await withDeposit(scenario, friday, 'paid');
    scenario.claude.enqueue(text(claim), text(honest));
    expect(await scenario.responder.respond(await scenario.startRun('já paguei o sinal de quinta'))).toEqual({
      kind: 'answer',
      replies: [{ type: 'text', text: honest }],
    });

    const unspecific = 'Recebemos seu Pix, obrigada! Qualquer coisa é só chamar.';
    scenario.claude.enqueue(text(unspecific));
    expect(await scenario.responder.respond(await scenario.startRun('caiu o pix?'))).toEqual({
      kind: 'answer',
      replies: [{ type: 'text', text: unspecific }],
    });
  });

  it('a booking written in the same run backs the booking, never a payment of its deposit', async () => {
    const scenario = await scenarioWithTools();
    const ana = scenario.tenant.professionals[0]!;
    const corte = scenario.tenant.services[0]!;
    const paidAndBooked = 'Recebi seu Pix e seu horário de quinta às 10h está agendado!';
    const booked = 'Seu horário de quinta às 10h está agendado! O sinal é pago pelo link que vai chegar aqui.';
    scenario.claude.enqueue(
      toolCalls([{ name: 'agendar', input: { profissional_id: ana.id, servico_id: corte.id, inicio: '2026-12-03T10:00' } }]),
      text(paidAndBooked),
      text(booked),
    );
    const outcome = await scenario.responder.respond(await scenario.startRun('quero quinta às 10h, já mandei o pix'));

    expect(outcome.kind).toBe('answer');
    expect(JSON.stringify(outcome)).toContain(booked);
    expect(JSON.stringify(outcome)).not.toContain('Recebi seu Pix');
    expect(JSON.stringify(scenario.claude.requests[2]?.body.messages.at(-1))).toContain('pagamento');
  });
});
