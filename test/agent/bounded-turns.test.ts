import { beforeAll, describe, expect, it } from 'vitest';
import { boundTurn } from '../../src/agent/bound-turn.js';
import { buildMessageWindow } from '../../src/agent/build-message-window.js';
import { estimateRequestTokens, estimateTokens } from '../../src/agent/estimate-request-tokens.js';
import { text } from '../fakes/anthropic.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { agentScenario } from './agent-test-kit.js';

const BUDGET = 60_000;

// Item: 300 messages of 4 KB became one 1.2 MB request that stayed in the history, so every
// later turn resent it and was refused.
describe('agent loop: bounded turns', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when 300 messages of 4 KB arrive for one turn, then the request is bounded and under the input-token budget, every message stays stored, and the next turn is bounded too', async () => {
    const scenario = await agentScenario(database.db);
    scenario.claude.enqueue(text('Olá! Como posso ajudar?'), text('Recebi. Do que você precisa?'), text('Claro!'));
    await scenario.responder.respond(await scenario.startRun('oi'));

    const wall = (index: number) => `mensagem ${index}: ${'blá '.repeat(1024)}`.slice(0, 4096);
    await database.db.message.createMany({
      data: Array.from({ length: 299 }, (_, index) => ({
        tenantId: scenario.tenant.id,
        conversationId: scenario.conversationId,
        direction: 'inbound',
        author: 'customer',
        type: 'text',
        text: wall(index),
        status: 'received',
      })),
    });
    const flood = await scenario.startRun(wall(299));
    await scenario.responder.respond(flood);
    const floodRequest = scenario.claude.requests[1]!.body;
    const floodTokens = estimateRequestTokens(floodRequest);
    expect(floodTokens).toBeLessThan(BUDGET);
    expect(JSON.stringify(floodRequest).length).toBeLessThan(60_000);
    const userTurn = JSON.stringify(floodRequest.messages.at(-1));
    expect(userTurn).toContain('300 mensagens seguidas');
    expect(userTurn).toContain('mensagem 299');
    expect(await database.db.message.count({ where: { conversationId: scenario.conversationId, direction: 'inbound' } })).toBe(301);

    await scenario.responder.respond(await scenario.startRun('pode marcar um corte?'));
    const next = scenario.claude.requests[2]!.body;
    expect(estimateRequestTokens(next)).toBeLessThan(BUDGET);
    expect(JSON.stringify(next).length).toBeLessThan(70_000);
  });

  it('when the request alone would pass the input-token budget, then no regular call is made: the run ends in the forced answer as token_budget', async () => {
    const scenario = await agentScenario(database.db, { env: { AGENT_MAX_INPUT_TOKENS: '1000' } });
    scenario.claude.enqueue(text('Uma atendente continua com você.'));
    const outcome = await scenario.responder.respond(await scenario.startRun('oi'));
    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'token_budget' });
    expect(scenario.claude.requests).toHaveLength(1);
    expect(scenario.claude.requests[0]!.body.tool_choice).toEqual({ type: 'none' });
  });

  it('when history entries are large, then the window keeps only the newest that fit the token bound, always starting at a clean user turn', () => {
    const big = 'x'.repeat(9000);
    const entries = [1, 2, 3, 4, 5, 6].map((id) => ({
      id,
      role: id % 2 === 1 ? ('user' as const) : ('assistant' as const),
      content: [{ type: 'text' as const, text: `${id} ${big}` }],
    }));
    const all = buildMessageWindow(entries, 40);
    expect(all).toHaveLength(6);
    const bounded = buildMessageWindow(entries, 40, undefined, 7000);
    expect(bounded.map((turn) => String((turn.content as { text: string }[])[0]?.text).split(' ')[0])).toEqual(['5', '6']);
    // The current run (from entry 3) is never cut, whatever its size.
    expect(buildMessageWindow(entries, 40, 3, 1000)).toHaveLength(4);
  });

  it('when a burst is bounded, then the newest messages are kept within the caps and a note says what was left out', () => {
    const texts = Array.from({ length: 30 }, (_, index) => `m${index} ${'a'.repeat(500)}`);
    const bounded = boundTurn(texts, { turnMaxMessages: 20, turnMaxChars: 5000 });
    expect(bounded[0]).toMatch(/^\[Nota do sistema: o cliente enviou 30 mensagens seguidas/);
    expect(bounded.at(-1)).toMatch(/^m29 /);
    expect(bounded.slice(1).join('').length).toBeLessThanOrEqual(5000 + 20);
    expect(boundTurn(['oi', 'tudo bem?'], { turnMaxMessages: 20, turnMaxChars: 5000 })).toEqual(['oi', 'tudo bem?']);
    const single = boundTurn(['z'.repeat(9000)], { turnMaxMessages: 20, turnMaxChars: 1000 });
    expect(single).toHaveLength(2);
    expect(single[1]!.length).toBeLessThan(1100);
    expect(estimateTokens('ação 😀')).toBeGreaterThanOrEqual(4);
  });
});
