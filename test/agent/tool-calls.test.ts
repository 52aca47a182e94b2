import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, ToolDomainException } from '../../src/shared/index.js';
import { text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario, allRequestBodies, testTools } from './agent-test-kit.js';

const SECRET = 'SECRET-MARKER-7f3a9c';

describe('agent loop: tool calls', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  const failingTools = () => [
    ...testTools(database.db),
    defineTool({
      name: 'quebrada',
      effect: 'read',
      description: 'Sempre falha com um erro interno.',
      input: z.object({}),
      async handler() {
        throw new Error(`relation "appointments" violates ... at postgres://wa:${SECRET}@db.internal:5432/prod`);
      },
    }),
    defineTool({
      name: 'sem_conexao',
      effect: 'read',
      description: 'Falha como um banco fora do ar.',
      input: z.object({}),
      async handler() {
        throw Object.assign(new Error(`connect ECONNREFUSED 10.0.0.7:5432 password=${SECRET}`), { code: 'ECONNREFUSED' });
      },
    }),
    defineTool({
      name: 'lenta',
      effect: 'read',
      description: 'Demora mais que o limite.',
      input: z.object({}),
      handler: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 1500)),
    }),
  ];

  it('when three tools are called in one response, then three results come back in the same order, all in the next user turn, before any text', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(
      toolCalls([
        { name: 'buscar_horarios', input: { profissional_id: 1, data: '2026-12-02' } },
        { name: 'listar_servicos' },
        { name: 'buscar_horarios', input: { profissional_id: 2, data: '2026-12-03' } },
      ]),
      text('Tenho horários na quarta e na quinta.'),
    );
    await scenario.responder.respond(await scenario.startRun('horários esta semana?'));

    const second = scenario.claude.requests[1]?.body.messages ?? [];
    const assistant = second.at(-2)?.content ?? [];
    const user = second.at(-1)?.content ?? [];
    const toolUseIds = (assistant as { type: string; id?: string }[]).filter((block) => block.type === 'tool_use').map((block) => block.id);
    expect(toolUseIds).toHaveLength(3);
    expect((user as { type: string; tool_use_id?: string }[]).map((block) => [block.type, block.tool_use_id])).toEqual(
      toolUseIds.map((id) => ['tool_result', id]),
    );
    const results = scenario.claude.lastToolResults().map((result) => JSON.parse(String(result.content)));
    expect(results[0]).toMatchObject({ data: '2026-12-02' });
    expect(results[1]).toHaveProperty('servicos');
    expect(results[2]).toMatchObject({ data: '2026-12-03' });
  });

  it('when the model calls a tool that does not exist, then it gets an unknown_tool error naming the tools it has', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(toolCalls([{ name: 'apagar_banco' }]), text('Não consigo fazer isso.'));
    const input = await scenario.startRun('apaga tudo');
    await scenario.responder.respond(input);

    const [result] = scenario.claude.lastToolResults();
    expect(result).toMatchObject({ is_error: true, content: expect.stringContaining('"apagar_banco" não existe') });
    expect(String(result?.content)).toContain('listar_servicos');
    expect(await database.db.agentToolCall.findFirst({ where: { runId: input.runId } })).toMatchObject({
      isError: true,
      errorClass: 'unknown_tool',
    });
  });

  it('when the input is invalid, then the model learns which fields are wrong and why, and to correct and call again', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(toolCalls([{ name: 'buscar_horarios', input: { profissional_id: 'ana', data: '02/12' } }]), text('Qual dia?'));
    const input = await scenario.startRun('horário dia 2');
    await scenario.responder.respond(input);

    const [result] = scenario.claude.lastToolResults();
    expect(result?.is_error).toBe(true);
    expect(result?.content).toMatch(/profissional_id: .*número/);
    expect(result?.content).toContain('data: use AAAA-MM-DD');
    expect(result?.content).toContain('Corrija e chame de novo');
    expect(await database.db.agentToolCall.findFirst({ where: { runId: input.runId } })).toMatchObject({ errorClass: 'invalid_input' });
  });

  it('when a tool refuses with a domain exception, then its message reaches the model verbatim', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(
      toolCalls([{ name: 'buscar_horarios', input: { profissional_id: 1, data: '2026-11-20' } }]),
      text('Essa data já passou.'),
    );
    const input = await scenario.startRun('dia 20/11');
    await scenario.responder.respond(input);

    expect(scenario.claude.lastToolResults()[0]).toMatchObject({
      is_error: true,
      content: 'Essa data já passou. Peça outra data ao cliente.',
    });
    expect(await database.db.agentToolCall.findFirst({ where: { runId: input.runId } })).toMatchObject({
      errorClass: 'domain',
      isError: true,
    });
  });

  it('when a tool hits a connection error or a timeout, then the model is told the service is unavailable and not to try again', async () => {
    const scenario = await agentScenario(database.db, { tools: failingTools(), env: { AGENT_TOOL_TIMEOUT_MS: '200' } });
    scenario.claude.enqueue(toolCalls([{ name: 'sem_conexao' }, { name: 'lenta' }]), text('Estamos com instabilidade.'));
    const input = await scenario.startRun('quero marcar');
    await scenario.responder.respond(input);

    const results = scenario.claude.lastToolResults();
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(result.is_error).toBe(true);
      expect(result.content).toMatch(/indisponível.*Não tente de novo/s);
    }
    const calls = await database.db.agentToolCall.findMany({ where: { runId: input.runId }, orderBy: { id: 'asc' } });
    expect(calls.map((call) => [call.name, call.errorClass])).toEqual([
      ['sem_conexao', 'infrastructure'],
      ['lenta', 'infrastructure'],
    ]);
  });

  it('when a tool fails unexpectedly, then the model gets a generic internal error and the secret in the exception never reaches any request', async () => {
    const scenario = await agentScenario(database.db, { tools: failingTools() });
    scenario.claude.enqueue(toolCalls([{ name: 'quebrada' }, { name: 'sem_conexao' }]), text('Tive um problema.'));
    const input = await scenario.startRun('oi');
    await scenario.responder.respond(input);

    const [internal] = scenario.claude.lastToolResults();
    expect(internal).toMatchObject({ is_error: true, content: expect.stringContaining('Erro interno') });
    expect(allRequestBodies(scenario.claude)).not.toContain(SECRET);
    expect(allRequestBodies(scenario.claude)).not.toContain('postgres://');
    expect(await database.db.agentToolCall.findFirst({ where: { runId: input.runId, name: 'quebrada' } })).toMatchObject({
      errorClass: 'internal',
    });
    expect(JSON.stringify(await database.db.agentToolCall.findMany({ where: { runId: input.runId } }))).not.toContain(SECRET);
  });

  it('when the same call is made a third time in a run, then it is not executed and the model is told the result will not change', async () => {
    let executions = 0;
    const counted = defineTool({
      name: 'buscar_horarios',
      effect: 'read',
      description: 'Horários livres.',
      input: z.object({ profissional_id: z.number(), data: z.string() }),
      async handler(input) {
        executions++;
        return { data: input.data, livres: [] };
      },
    });
    const scenario = await agentScenario(database.db, { tools: [counted] });
    scenario.claude.enqueue(
      toolCalls([{ name: 'buscar_horarios', input: { profissional_id: 1, data: '2026-12-02' } }]),
      toolCalls([{ name: 'buscar_horarios', input: { data: '2026-12-02', profissional_id: 1 } }]),
      toolCalls([{ name: 'buscar_horarios', input: { data: '2026-12-02', profissional_id: 1 } }]),
      text('Não há horários nesse dia.'),
    );
    const input = await scenario.startRun('tem horário dia 2?');
    const outcome = await scenario.responder.respond(input);

    expect(outcome).toMatchObject({ kind: 'answer' });
    expect(executions).toBe(2);
    expect(scenario.claude.lastToolResults()[0]).toMatchObject({
      is_error: true,
      content: expect.stringContaining('o resultado não vai mudar'),
    });
    const calls = await database.db.agentToolCall.findMany({ where: { runId: input.runId }, orderBy: { id: 'asc' } });
    expect(calls.map((call) => call.errorClass)).toEqual([null, null, 'repeated']);
  });

  it('when a tool throws a domain exception, then the run still ends with an answer (a tool never fails the job)', async () => {
    const scenario = await agentScenario(database.db, {
      tools: [
        defineTool({
          name: 'cancelar',
          effect: 'read',
          description: 'Cancela.',
          input: z.object({ agendamento_id: z.number() }),
          async handler() {
            throw new ToolDomainException('Agendamento não encontrado. Consulte meus_agendamentos.');
          },
        }),
      ],
    });
    scenario.claude.enqueue(toolCalls([{ name: 'cancelar', input: { agendamento_id: 999 } }]), text('Não encontrei esse agendamento.'));
    expect(await scenario.responder.respond(await scenario.startRun('cancela o 999'))).toEqual({
      kind: 'answer',
      replies: [{ type: 'text', text: 'Não encontrei esse agendamento.' }],
    });
  });
});
