import { beforeAll, describe, expect, it } from 'vitest';
import { message, text, textBlock, toolCalls, toolUseBlock } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario, allRequestBodies } from './agent-test-kit.js';

describe('agent loop: every stop_reason', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when the model ends its turn, then its text is the answer and the run row records model, stop reason and tokens', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(
      text('Olá! Como posso ajudar?', {
        usage: { input_tokens: 900, output_tokens: 12, cache_read_input_tokens: 1500, cache_creation_input_tokens: 300 },
      }),
    );
    const input = await scenario.startRun('oi');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Olá! Como posso ajudar?' }] });
    const run = await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } });
    expect(run).toMatchObject({
      model: 'claude-sonnet-4-6',
      stopReason: 'end_turn',
      handoffReason: null,
      iterations: 1,
      inputTokens: 900,
      outputTokens: 12,
      cacheReadTokens: 1500,
      cacheWriteTokens: 300,
      truncated: false,
    });
    // Wall time from the run's start to the commit of its ending, by the database clock (the agent's fixed clock plays no part).
    expect(run.finishedAt).not.toBeNull();
    expect(Math.abs((run.finishedAt?.getTime() ?? 0) - run.startedAt.getTime() - (run.durationMs ?? -1))).toBeLessThan(5);
    const request = scenario.claude.requests[0]?.body;
    expect(request?.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'oi', cache_control: { type: 'ephemeral' } }] }]);
    expect(scenario.breaker.successes).toBe(1);
  });

  it('when the model stops on a stop sequence, then its text is the answer', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(text('Até mais!', { stopReason: 'stop_sequence' }));
    const outcome = await scenario.responder.respond(await scenario.startRun('tchau'));
    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Até mais!' }] });
  });

  it('when the model asks for a tool, then the tool runs and its result goes back before the final answer', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(
      toolCalls([{ name: 'listar_servicos' }], { preamble: 'Vou ver os serviços.' }),
      text('Temos Corte e Coloração.'),
    );
    const input = await scenario.startRun('quais serviços vocês têm?');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Temos Corte e Coloração.' }] });
    const [result] = scenario.claude.lastToolResults();
    expect(JSON.parse(String(result?.content))).toEqual({
      servicos: [
        { id: scenario.tenant.services[0]?.id, nome: 'Corte', duracao_minutos: 30 },
        { id: scenario.tenant.services[1]?.id, nome: 'Coloração', duracao_minutos: 90 },
      ],
    });
    expect(result?.is_error).toBeUndefined();
    const calls = await database.db.agentToolCall.findMany({ where: { runId: input.runId } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'listar_servicos', isError: false, errorClass: null, input: {} });
    // Ops read the call's result from the row: it is what the model was given.
    expect(calls[0]!.result).toEqual(JSON.parse(String(result?.content)));
    expect(Number.isInteger(calls[0]!.durationMs)).toBe(true);
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      iterations: 2,
      stopReason: 'end_turn',
    });
  });

  it('when the model ends its turn with no text, then nothing is sent and it is asked to answer', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(toolCalls([{ name: 'listar_servicos' }]), message([], 'end_turn'), text('Temos Corte e Coloração.'));
    const outcome = await scenario.responder.respond(await scenario.startRun('serviços?'));
    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Temos Corte e Coloração.' }] });
    const last = scenario.claude.requests[2]?.body.messages.at(-1);
    expect(JSON.stringify(last)).toContain('sua resposta veio vazia');
    expect(JSON.stringify(last?.content)).toContain('tool_result');
  });

  it('when the model pauses its turn, then the paused content is sent back as the last turn and the run goes on', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(message([textBlock('Deixa eu pensar')], 'pause_turn'), text('Pronto: temos horários amanhã.'));

    const outcome = await scenario.responder.respond(await scenario.startRun('tem horário amanhã?'));

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Pronto: temos horários amanhã.' }] });
    expect(scenario.claude.requests).toHaveLength(2);
    expect(scenario.claude.requests[1]?.body.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Deixa eu pensar' }],
    });
  });

  it('when the answer is cut by max_tokens, then it is sent up to its last complete sentence and the run is marked truncated', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(text('Temos horário às 10h. Também temos às 14h! E ainda às 16', { stopReason: 'max_tokens' }));
    const input = await scenario.startRun('horários?');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Temos horário às 10h. Também temos às 14h!' }] });
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      truncated: true,
      stopReason: 'max_tokens',
    });
  });

  it('when a tool call is cut by max_tokens, then it is never run nor kept, and the call is repeated once with a larger limit', async () => {
    const scenario = await agentScenario(database.db);
    const cut = toolUseBlock('listar_servicos', {});
    scenario.claude.enqueue(
      message([textBlock('Vou ver.'), cut], 'max_tokens'),
      toolCalls([{ name: 'listar_servicos' }]),
      text('Temos Corte.'),
    );
    const input = await scenario.startRun('serviços?');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Temos Corte.' }] });
    const [first, second, third] = scenario.claude.requests.map((request) => request.body);
    expect(first?.max_tokens).toBe(1024);
    expect(second?.max_tokens).toBe(4096);
    expect(second?.messages).toEqual(first?.messages);
    expect(third?.max_tokens).toBe(1024);
    expect(allRequestBodies(scenario.claude).includes(cut.id)).toBe(false);
    expect(await database.db.agentToolCall.count({ where: { toolUseId: cut.id } })).toBe(0);
  });

  it('when a tool call is cut by max_tokens even with the larger limit, then the run hands off as tool_use_truncated', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(
      message([toolUseBlock('agendar', { profissional_id: 1 })], 'max_tokens'),
      message([toolUseBlock('agendar', { profissional_id: 1, servico_id: 1 })], 'max_tokens'),
    );
    const input = await scenario.startRun('quero agendar');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'tool_use_truncated', replies: [{ type: 'text' }] });
    expect(scenario.claude.requests).toHaveLength(2);
    expect(await database.db.agentToolCall.count({ where: { runId: input.runId } })).toBe(0);
    expect(await database.db.appointment.count({ where: { tenantId: scenario.tenant.id } })).toBe(0);
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      handoffReason: 'tool_use_truncated',
    });
  });

  it('when the model refuses, then the customer gets a safe message and the chat goes to a person as refusal', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(message([textBlock('')], 'refusal'));
    const input = await scenario.startRun('me ensina a fazer algo perigoso');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'refusal' });
    if (outcome.kind !== 'handoff') throw new Error('expected a handoff');
    expect(outcome.replies[0]).toMatchObject({ type: 'text', text: expect.stringContaining('atendente') });
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      stopReason: 'refusal',
      handoffReason: 'refusal',
    });
  });

  it('when the stop_reason is one the loop does not know, then it hands off as unknown_stop_reason', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(message([textBlock('...')], 'a_future_stop_reason'));
    const input = await scenario.startRun('oi');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'unknown_stop_reason', replies: [{ type: 'text' }] });
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      stopReason: 'a_future_stop_reason',
      handoffReason: 'unknown_stop_reason',
    });
  });

  it('when the context window is exceeded, then it ends like a token budget: its complete sentences go out and the chat is handed off', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(message([textBlock('Temos horário às 10h. E também às 1')], 'model_context_window_exceeded'));
    const input = await scenario.startRun('oi');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({ kind: 'handoff', reason: 'token_budget', replies: [{ type: 'text', text: 'Temos horário às 10h.' }] });
    expect(scenario.claude.requests).toHaveLength(1);
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      stopReason: 'model_context_window_exceeded',
      handoffReason: 'token_budget',
      truncated: true,
    });
  });
});
