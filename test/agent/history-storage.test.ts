import { beforeAll, describe, expect, it } from 'vitest';
import { loadRecentHistory } from '../../src/agent/agent-history.js';
import { buildMessageWindow } from '../../src/agent/build-message-window.js';
import { compactAgentHistory } from '../../src/agent/index.js';
import { text, toolCalls } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario } from './agent-test-kit.js';

type Block = { type: string; text?: string; tool_use_id?: string; content?: unknown; cache_control?: unknown };

const withoutCacheMarks = (messages: unknown) =>
  JSON.parse(JSON.stringify(messages).replaceAll(',"cache_control":{"type":"ephemeral"}', ''));

describe('agent history storage: results once, history bounded', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when a tool returns a result, then it is stored once (in agent_tool_calls), and the next run shows the model the same result', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(
      toolCalls([{ name: 'buscar_horarios', input: { profissional_id: 1, data: '2026-12-03' } }]),
      text('Tenho 10h, 10h30 e 14h.'),
    );
    await scenario.responder.respond(await scenario.startRun('tem horário dia 3?'));
    scenario.claude.enqueue(text('Combinado.'));
    await scenario.responder.respond(await scenario.startRun('ok, obrigada'));

    const stored = await database.db.agentHistoryEntry.findMany({
      where: { tenantId: scenario.tenant.id, conversationId: scenario.conversationId },
      orderBy: { id: 'asc' },
      select: { content: true },
    });
    const results = stored.flatMap((row) => (row.content as Block[]).filter((block) => block.type === 'tool_result'));
    expect(results).toHaveLength(1);
    expect(results[0]).not.toHaveProperty('content');
    const call = await database.db.agentToolCall.findFirstOrThrow({
      where: { tenantId: scenario.tenant.id, toolUseId: results[0]?.tool_use_id },
    });
    expect(call.result).toEqual({ data: '2026-12-03', livres: ['10:00', '10:30', '14:00'] });

    // The first run's second request held the result from memory; the next run rebuilt it from agent_tool_calls.
    const resultIn = (index: number) =>
      (scenario.claude.requests[index]?.body.messages ?? [])
        .flatMap((message) => (Array.isArray(message.content) ? (message.content as Block[]) : []))
        .find((block) => block.type === 'tool_result');
    const fromMemory = resultIn(1);
    const fromStore = resultIn(2);
    expect(fromMemory?.content).toBe(JSON.stringify({ data: '2026-12-03', livres: ['10:00', '10:30', '14:00'] }));
    expect(fromStore?.content).toBe(fromMemory?.content);
    expect(scenario.claude.requests.map((request) => request.status)).toEqual([200, 200, 200]);
  });

  it('when the record behind a stored result is gone, then the model is told the result is no longer kept', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(toolCalls([{ name: 'listar_servicos', input: {} }]), text('Temos corte e coloração.'));
    await scenario.responder.respond(await scenario.startRun('quais serviços?'));
    await database.db.agentToolCall.deleteMany({ where: { tenantId: scenario.tenant.id } });
    scenario.claude.enqueue(text('Posso ajudar em algo mais?'));
    await scenario.responder.respond(await scenario.startRun('e aí?'));

    const result = (scenario.claude.requests[2]?.body.messages ?? [])
      .flatMap((message) => (Array.isArray(message.content) ? (message.content as Block[]) : []))
      .find((block) => block.type === 'tool_result');
    expect(result?.content).toMatch(/não está mais guardado/);
  });

  it('when a conversation outgrows the window, then compaction drops the older entries and the model sees the very same window', async () => {
    const window = 6;
    const scenario = await agentScenario(database.db, { env: { AGENT_HISTORY_MAX_MESSAGES: String(window) } });
    for (let turn = 1; turn <= 5; turn++) {
      scenario.claude.enqueue(
        toolCalls([{ name: 'buscar_horarios', input: { profissional_id: 1, data: `2026-12-0${turn + 1}` } }]),
        text(`Dia ${turn + 1}: livre às 10h.`),
      );
      await scenario.responder.respond(await scenario.startRun(`e no dia ${turn + 1}?`));
    }
    const where = { tenantId: scenario.tenant.id, conversationId: scenario.conversationId };
    const next = await database.db.agentRun.create({ data: { ...where, responder: 'agent', status: 'running' } });
    const scope = { ...where, runId: next.id };
    const windowNow = async () => buildMessageWindow(await loadRecentHistory(database.db, scope, window), window);
    const before = await windowNow();
    const countBefore = await database.db.agentHistoryEntry.count({ where });
    const watermark = await database.db.agentHistoryEntry.aggregate({ where, _max: { lastMessageId: true } });
    expect(countBefore).toBe(5 * 4);

    const deleted = await compactAgentHistory(database.db, { window, since: new Date(0) });

    expect(deleted).toBe(countBefore - window);
    expect(await database.db.agentHistoryEntry.count({ where })).toBe(window);
    expect(withoutCacheMarks(await windowNow())).toEqual(withoutCacheMarks(before));
    expect((await database.db.agentHistoryEntry.aggregate({ where, _max: { lastMessageId: true } }))._max).toEqual(watermark._max);
    // the messages stay: the conversation as the customer saw it
    expect(await database.db.message.count({ where: { ...where, direction: 'inbound' } })).toBe(5);
    // a second pass finds nothing more to drop
    expect(await compactAgentHistory(database.db, { window, since: new Date(0) })).toBe(0);
  });

  it('when a run is still running or an old entry holds the read watermark, then compaction keeps it', async () => {
    const scenario = await agentScenario(database.db);
    const where = { tenantId: scenario.tenant.id, conversationId: scenario.conversationId };
    const running = await database.db.agentRun.create({ data: { ...where, status: 'running' } });
    const finished = await database.db.agentRun.create({ data: { ...where, status: 'completed' } });
    const entry = (runId: number, lastMessageId: number | null) =>
      database.db.agentHistoryEntry.create({
        data: { ...where, runId, role: 'user', content: [{ type: 'text', text: 'oi' }], lastMessageId },
        select: { id: true },
      });
    const ofRunning = await entry(running.id, null);
    const watermark = await entry(finished.id, 99);
    const dropped = await entry(finished.id, 5);
    for (let index = 0; index < 3; index++) await entry(finished.id, null);

    await compactAgentHistory(database.db, { window: 3, since: new Date(0) });

    const left = (await database.db.agentHistoryEntry.findMany({ where, select: { id: true } })).map((row) => row.id);
    expect(left).toEqual(expect.arrayContaining([ofRunning.id, watermark.id]));
    expect(left).not.toContain(dropped.id);
    expect(left).toHaveLength(5);
  });
});
