import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/shared/index.js';
import { apiError, overloaded, text, toolCalls } from '../fakes/anthropic.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario } from './agent-test-kit.js';

describe('agent loop: cancellation and model outages', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when an attendant takes over while a tool runs, then the run stops before its next model call and sends nothing', async () => {
    const takeover = new AbortController();
    const tool = defineTool({
      name: 'listar_servicos',
      effect: 'read',
      description: 'Lista os serviços.',
      input: z.object({}),
      async handler() {
        takeover.abort();
        return { servicos: [] };
      },
    });
    const scenario = await agentScenario(database.db, { tools: [tool] });
    // Only the first call is scripted: a call after the takeover would be an extra the setup file fails.
    scenario.claude.enqueue(toolCalls([{ name: 'listar_servicos' }]));
    const input = await scenario.startRun('serviços?', { signal: takeover.signal });

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(scenario.claude.requests).toHaveLength(1);
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      stopReason: 'cancelled',
      handoffReason: null,
    });
    // The tool's result is kept, so the history stays valid for the next run.
    const history = await database.db.agentHistoryEntry.findMany({ where: { runId: input.runId }, orderBy: { id: 'asc' } });
    expect(history.map((entry) => entry.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('when the run was cancelled before it started, then no model call is made', async () => {
    const takeover = new AbortController();
    takeover.abort();
    const scenario = await agentScenario(database.db);
    const outcome = await scenario.responder.respond(await scenario.startRun('oi', { signal: takeover.signal }));
    expect(outcome).toEqual({ kind: 'cancelled' });
    expect(scenario.claude.requests).toHaveLength(0);
  });

  it('when the API stays overloaded (529) through the retries, then the customer gets an apology and the chat goes to the queue as llm_unavailable', async () => {
    const scenario = await agentScenario(database.db, { env: { ANTHROPIC_MAX_RETRIES: '2' } });
    scenario.claude.always(overloaded());
    const input = await scenario.startRun('oi');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toMatchObject({
      kind: 'handoff',
      reason: 'llm_unavailable',
      replies: [{ type: 'text', text: expect.stringContaining('Desculpe') }],
    });
    expect(scenario.claude.requests).toHaveLength(3);
    expect(scenario.breaker).toMatchObject({ failures: 1, successes: 0 });
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({
      stopReason: 'llm_unavailable',
      handoffReason: 'llm_unavailable',
      iterations: 0,
    });
  });

  it('when the network fails on every attempt, then the run ends as llm_unavailable without throwing', async () => {
    const scenario = await agentScenario(database.db, { env: { ANTHROPIC_MAX_RETRIES: '1' } });
    let attempts = 0;
    mswServer.use(
      http.post('https://api.anthropic.com/v1/messages', () => {
        attempts++;
        return HttpResponse.error();
      }),
    );
    const outcome = await scenario.responder.respond(await scenario.startRun('oi'));
    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'llm_unavailable' });
    expect(attempts).toBe(2);
    expect(scenario.breaker.failures).toBe(1);
  });

  it('when the API rejects the request as invalid (400), then it is not retried and the chat goes to the queue as processing_failed', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.always(apiError(400, 'invalid_request_error', 'messages.0.content: Field required'));
    const input = await scenario.startRun('oi');

    const outcome = await scenario.responder.respond(input);

    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'processing_failed', replies: [{ type: 'text' }] });
    expect(scenario.claude.requests).toHaveLength(1);
    expect(scenario.breaker.failures).toBe(0);
    expect(await database.db.agentRun.findUniqueOrThrow({ where: { id: input.runId } })).toMatchObject({ stopReason: 'api_error' });
  });

  it('when the API recovers within the retries, then the run answers normally and the breaker hears of the success', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(
      apiError(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', { 'retry-after-ms': '5' }),
      text('Olá!'),
    );
    const outcome = await scenario.responder.respond(await scenario.startRun('oi'));
    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Olá!' }] });
    expect(scenario.breaker).toMatchObject({ failures: 0, successes: 1 });
  });
});
