import { beforeAll, describe, expect, it } from 'vitest';
import { text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario } from './agent-test-kit.js';

describe('agent loop: transfer to a person and verified success', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when the model calls transferir_para_humano, then it says a short goodbye without tools and the run hands off with the motivo as note', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(
      toolCalls([{ name: 'transferir_para_humano', input: { motivo: 'cliente quer negociar preço' } }]),
      text('Claro! Uma atendente vai falar com você em instantes.'),
    );
    const input = await scenario.startRun('quero falar com uma pessoa sobre desconto');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({
      kind: 'handoff',
      reason: 'requested_by_customer',
      note: 'cliente quer negociar preço',
      replies: [{ type: 'text', text: 'Claro! Uma atendente vai falar com você em instantes.' }],
    });
    const goodbye = scenario.claude.requests[1]?.body;
    expect(goodbye?.tool_choice).toEqual({ type: 'none' });
    expect(JSON.stringify(goodbye?.system)).toContain('transferida para uma atendente');
    expect(scenario.claude.lastToolResults()[0]).toMatchObject({ content: expect.stringContaining('Transferência registrada') });
    expect(await database.db.agentToolCall.findFirst({ where: { runId: input.runId } })).toMatchObject({
      name: 'transferir_para_humano',
      isError: false,
    });
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      handoffReason: 'requested_by_customer',
    });
  });

  it('when the goodbye call fails, then the default pt-BR goodbye goes out and the handoff still happens', async () => {
    const scenario = await agentScenario(database.db, { env: { ANTHROPIC_MAX_RETRIES: '0' } });
    scenario.claude.enqueue(toolCalls([{ name: 'transferir_para_humano', input: { motivo: 'pediu atendente' } }]));
    scenario.claude.always({ error: { status: 529, type: 'overloaded_error', message: 'Overloaded' } });
    const outcome = await scenario.responder.respond(await scenario.startRun('atendente por favor'));
    expect(outcome).toMatchObject({
      kind: 'handoff',
      reason: 'requested_by_customer',
      note: 'pediu atendente',
      replies: [{ text: expect.stringContaining('atendente') }],
    });
  });

  it('when the answer says "agendado!" but no agendar succeeded, then it is not sent and the model is told so and tries again', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(
      text('Agendado! Te espero amanhã às 10h.'),
      text('Desculpe, ainda não agendei nada. Quer que eu marque amanhã às 10h com a Ana?'),
    );
    const input = await scenario.startRun('marca amanhã 10h');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({
      kind: 'answer',
      replies: [{ type: 'text', text: 'Desculpe, ainda não agendei nada. Quer que eu marque amanhã às 10h com a Ana?' }],
    });
    const retry = scenario.claude.requests[1]?.body.messages ?? [];
    expect(JSON.stringify(retry.at(-1))).toContain('NÃO foi enviada ao cliente');
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({ iterations: 2 });
  });

  it('when agendar succeeded in the run, then "agendado" is sent as is, followed by the receipt', async () => {
    const scenario = await agentScenario(database.db);
    const [ana] = scenario.tenant.professionals;
    const [corte] = scenario.tenant.services;
    scenario.claude.enqueue(
      toolCalls([{ name: 'agendar', input: { profissional_id: ana?.id, servico_id: corte?.id, inicio: '2026-12-02T10:00' } }]),
      text('Pronto, está agendado: quarta às 10h com a Ana.'),
    );
    const outcome = await scenario.responder.respond(await scenario.startRun('pode marcar quarta 10h com a Ana'));
    expect(outcome).toEqual({
      kind: 'answer',
      replies: [
        { type: 'text', text: 'Pronto, está agendado: quarta às 10h com a Ana.' },
        { type: 'text', text: expect.stringContaining('Agendamento confirmado') },
      ],
    });
    expect(scenario.claude.requests).toHaveLength(2);
  });
});
