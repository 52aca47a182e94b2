import { beforeAll, describe, expect, it } from 'vitest';
import { installScriptedClaude, text } from '../fakes/anthropic.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario } from './agent-test-kit.js';

describe('agent loop: the Anthropic client it builds', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when ANTHROPIC_BASE_URL and ANTHROPIC_MODEL are set, then requests go there with the key, the model and a bounded timeout', async () => {
    const scenario = await agentScenario(database.db, {
      env: { ANTHROPIC_BASE_URL: 'https://llm-gateway.internal.example', ANTHROPIC_MODEL: 'claude-haiku-4-5', AGENT_DEADLINE_MS: '20000' },
    });
    const gateway = installScriptedClaude(mswServer, 'https://llm-gateway.internal.example');
    gateway.enqueue(text('Olá pelo gateway!'));

    const outcome = await scenario.responder.respond(await scenario.startRun('oi'));

    expect(outcome).toEqual({ kind: 'answer', replies: [{ type: 'text', text: 'Olá pelo gateway!' }] });
    expect(scenario.claude.requests).toHaveLength(0);
    const [request] = gateway.requests;
    expect(request?.body.model).toBe('claude-haiku-4-5');
    expect(request?.body.max_tokens).toBe(1024);
    const credential = request?.headers.authorization ?? request?.headers['x-api-key'];
    expect(credential).toContain('sk-ant-test-key');
    // The SDK announces the per-call timeout it was given (seconds): the deadline minus the final-answer reserve.
    expect(Number(request?.headers['x-stainless-timeout'])).toBe(15);
    expect(await database.db.agentRun.findFirst({ where: { conversationId: scenario.conversationId } })).toMatchObject({
      model: 'claude-haiku-4-5',
    });
  });
});
