import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/shared/index.js';
import { text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario, NOW } from './agent-test-kit.js';

/** A clock the test moves by hand: the deadline is measured on it. */
const movableClock = (start: string) => {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
};

describe('agent loop: budgets and the forced final answer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  function expectForcedFinalRequest(body: { tool_choice?: unknown; tools?: unknown[]; system?: unknown } | undefined) {
    expect(body?.tool_choice).toEqual({ type: 'none' });
    expect(body?.tools?.length).toBeGreaterThan(0);
    expect(JSON.stringify(body?.system)).toContain('nenhuma ferramenta pode mais ser chamada');
  }

  it('when the run uses all its iterations, then one last call without tools answers and the chat goes to a person as iteration_limit', async () => {
    const scenario = await agentScenario(database.db, { env: { AGENT_MAX_ITERATIONS: '2' } });
    scenario.claude.enqueue(
      toolCalls([{ name: 'buscar_horarios', input: { profissional_id: 1, data: '2026-12-02' } }]),
      toolCalls([{ name: 'buscar_horarios', input: { profissional_id: 1, data: '2026-12-03' } }]),
      text('Encontrei horários na quarta e na quinta; uma atendente vai confirmar com você.'),
    );
    const input = await scenario.startRun('qualquer horário essa semana');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({
      kind: 'handoff',
      reason: 'iteration_limit',
      replies: [{ type: 'text', text: 'Encontrei horários na quarta e na quinta; uma atendente vai confirmar com você.' }],
    });
    expect(scenario.claude.requests).toHaveLength(3);
    expect(scenario.claude.requests[1]?.body.tool_choice).toBeUndefined();
    expectForcedFinalRequest(scenario.claude.requests[2]?.body);
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      iterations: 3,
      handoffReason: 'iteration_limit',
    });
  });

  it('when the input tokens (cache reads and writes included) pass the budget, then the forced answer ends the run as token_budget', async () => {
    const scenario = await agentScenario(database.db, { env: { AGENT_MAX_INPUT_TOKENS: '5000' } });
    scenario.claude.enqueue(
      toolCalls([{ name: 'listar_servicos' }], {
        usage: { input_tokens: 1200, cache_read_input_tokens: 2500, cache_creation_input_tokens: 1400 },
      }),
      text('Temos Corte e Coloração. Uma atendente continua com você.'),
    );
    const input = await scenario.startRun('serviços?');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toMatchObject({
      kind: 'handoff',
      reason: 'token_budget',
      replies: [{ text: 'Temos Corte e Coloração. Uma atendente continua com você.' }],
    });
    expect(scenario.claude.requests).toHaveLength(2);
    expectForcedFinalRequest(scenario.claude.requests[1]?.body);
  });

  it('when tools take the run past its wall-clock deadline, then the forced answer ends it as deadline', async () => {
    const clock = movableClock(NOW);
    const slow = defineTool({
      name: 'listar_servicos',
      effect: 'read',
      description: 'Lista os serviços.',
      input: z.object({}),
      async handler() {
        clock.advance(61_000);
        return { servicos: [] };
      },
    });
    const scenario = await agentScenario(database.db, { tools: [slow], clock });
    scenario.claude.enqueue(toolCalls([{ name: 'listar_servicos' }]), text('Desculpe a demora, uma atendente vai continuar.'));

    const outcome = await scenario.responder.respond(await scenario.startRun('serviços?'));

    expect(outcome).toMatchObject({
      kind: 'handoff',
      reason: 'deadline',
      replies: [{ text: 'Desculpe a demora, uma atendente vai continuar.' }],
    });
    expectForcedFinalRequest(scenario.claude.requests[1]?.body);
  });

  it('when a model call is still pending at the deadline, then it is abandoned and the forced answer follows', async () => {
    const scenario = await agentScenario(database.db, { env: { AGENT_DEADLINE_MS: '1000' } });
    scenario.claude.enqueue({ ...text('tarde demais'), delayMs: 5000 }, text('Uma atendente vai continuar com você.'));
    const startedAt = performance.now();

    const outcome = await scenario.responder.respond(await scenario.startRun('oi'));

    expect(performance.now() - startedAt).toBeLessThan(3000);
    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'deadline', replies: [{ text: 'Uma atendente vai continuar com você.' }] });
    expectForcedFinalRequest(scenario.claude.requests[1]?.body);
  });

  it('when the forced answer comes back empty, then the customer gets the default message', async () => {
    const scenario = await agentScenario(database.db, { env: { AGENT_MAX_ITERATIONS: '1' } });
    scenario.claude.enqueue(toolCalls([{ name: 'listar_servicos' }]), text(''));
    const outcome = await scenario.responder.respond(await scenario.startRun('oi'));
    expect(outcome).toMatchObject({
      kind: 'handoff',
      reason: 'iteration_limit',
      replies: [{ type: 'text', text: expect.stringContaining('atendente') }],
    });
    if (outcome.kind === 'handoff') expect(outcome.replies[0]?.text.length).toBeGreaterThan(20);
  });

  it('when the forced answer claims a booking no tool made, then the default message goes instead', async () => {
    const scenario = await agentScenario(database.db, { env: { AGENT_MAX_ITERATIONS: '1' } });
    scenario.claude.enqueue(toolCalls([{ name: 'listar_servicos' }]), text('Pronto, seu horário foi agendado!'));
    const outcome = await scenario.responder.respond(await scenario.startRun('marca pra mim'));
    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'iteration_limit' });
    if (outcome.kind === 'handoff') expect(outcome.replies[0]?.text).not.toContain('agendado');
  });
});
