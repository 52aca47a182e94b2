import { beforeEach, describe, expect, it } from 'vitest';
import { createServiceResponderChooser } from '../../src/boot/index.js';
import { loadConfig } from '../../src/config/index.js';
import type { Responder } from '../../src/conversation/index.js';
import { createResponderChooser } from '../../src/conversation/index.js';
import { createLlmCircuitBreaker } from '../../src/conversation/llm-circuit-breaker.js';
import { isOfflineFlowActive } from '../../src/offline-assistant/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { createInboundMessage, createTestConversation, createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';

const { db } = await testDatabase();
let now = new Date('2026-12-01T12:00:00Z');
const clock = { now: () => new Date(now) };
const fakeResponder = (name: string): Responder => ({ name, respond: async () => ({ kind: 'answer', replies: [] }) });
const agent = fakeResponder('agent');
const offline = fakeResponder('offline');

let breakerName: string;
const makeBreaker = (threshold = 3, cooldownMs = 60_000) =>
  createLlmCircuitBreaker({ db, clock, logger: silentLogger, threshold, cooldownMs, name: breakerName });

beforeEach(() => {
  now = new Date('2026-12-01T12:00:00Z');
  breakerName = `test-${Math.random()}`;
});

describe('llm circuit breaker', () => {
  it('when failures stay below the threshold, then it stays closed, and a success forgets them', async () => {
    const breaker = makeBreaker(3);
    await breaker.recordFailure();
    await breaker.recordFailure();
    expect(await breaker.isOpen()).toBe(false);
    await breaker.recordSuccess();
    await breaker.recordFailure();
    await breaker.recordFailure();
    expect(await breaker.isOpen()).toBe(false);
  });

  it('when consecutive failures reach the threshold, then it opens until the cool-down ends', async () => {
    const breaker = makeBreaker(3, 60_000);
    for (let index = 0; index < 3; index++) await breaker.recordFailure();
    expect(await breaker.isOpen()).toBe(true);
    const row = await db.circuitBreaker.findUniqueOrThrow({ where: { name: breakerName } });
    expect(row.failures).toBe(3);
    expect(row.openedUntil?.toISOString()).toBe('2026-12-01T12:01:00.000Z');
    now = new Date('2026-12-01T12:00:59Z');
    expect(await breaker.isOpen()).toBe(true);
    now = new Date('2026-12-01T12:01:00.001Z');
    expect(await breaker.isOpen()).toBe(false);
  });

  it('when half-open after the cool-down, then one failure reopens it and one success closes it', async () => {
    const breaker = makeBreaker(2, 10_000);
    await breaker.recordFailure();
    await breaker.recordFailure();
    now = new Date(now.getTime() + 10_001);
    expect(await breaker.isOpen()).toBe(false);
    await breaker.recordFailure();
    expect(await breaker.isOpen()).toBe(true);
    now = new Date(now.getTime() + 10_001);
    await breaker.recordSuccess();
    expect(await breaker.isOpen()).toBe(false);
    await breaker.recordFailure();
    expect(await breaker.isOpen()).toBe(false);
  });

  it('when asked again within a second, then isOpen answers from its last read; another process opening it is seen a second later', async () => {
    const worker = makeBreaker(2, 60_000);
    const other = makeBreaker(2, 60_000);
    expect(await worker.isOpen()).toBe(false);
    await other.recordFailure();
    await other.recordFailure();
    // Asked before every turn: one read a second per process, not one per turn.
    now = new Date(now.getTime() + 999);
    expect(await worker.isOpen()).toBe(false);
    now = new Date(now.getTime() + 1);
    expect(await worker.isOpen()).toBe(true);
  });

  it('when several processes record failures at once, then every failure counts (one shared row)', async () => {
    const breakers = Array.from({ length: 5 }, () => makeBreaker(10));
    await Promise.all(breakers.flatMap((breaker) => [breaker.recordFailure(), breaker.recordFailure()]));
    const row = await db.circuitBreaker.findUniqueOrThrow({ where: { name: breakerName } });
    expect(row.failures).toBe(10);
    expect(await makeBreaker(10).isOpen()).toBe(true);
  });
});

describe('responder chooser', () => {
  const withKey = loadConfig({ NODE_ENV: 'test', ANTHROPIC_API_KEY: 'sk-test' });
  const withoutKey = loadConfig({ NODE_ENV: 'test' });

  it('when there is no ANTHROPIC_API_KEY, then the production chooser builds no agent and the offline assistant answers', async () => {
    const tenant = await createTestTenant(db);
    const { conversation } = await createTestConversation(db, tenant.id);
    // The chooser boot wires for the service: with no key it must not even try to build the Claude client.
    const choose = createServiceResponderChooser({ config: withoutKey, db, databaseUrl: '', logger: silentLogger, clock });
    const responder = await choose({ tenantId: tenant.id, conversationId: conversation.id, assistantState: null });
    expect(responder.name).toBe('offline');
    const message = await createInboundMessage(db, { tenantId: tenant.id, conversationId: conversation.id, text: 'oi' });
    const outcome = await responder.respond({
      tenantId: tenant.id,
      conversationId: conversation.id,
      customerId: conversation.customerId,
      runId: 0,
      messages: [{ id: message.id, type: 'text', text: 'oi', replyId: null, createdAt: message.createdAt }],
      signal: new AbortController().signal,
    });
    // The offline main menu: buttons, not a model's text.
    expect(outcome).toMatchObject({ kind: 'answer', replies: [{ type: 'buttons' }] });
  });

  it('when the key is set and the breaker is closed, then the agent answers; when it opens, then the offline assistant does', async () => {
    const tenant = await createTestTenant(db);
    const { conversation } = await createTestConversation(db, tenant.id);
    const breaker = makeBreaker(2, 30_000);
    const choose = createResponderChooser({ config: withKey, clock }, { agent, offline, breaker, isOfflineFlowActive });
    const target = { tenantId: tenant.id, conversationId: conversation.id, assistantState: null };
    expect((await choose(target)).name).toBe('agent');
    await breaker.recordFailure();
    await breaker.recordFailure();
    expect((await choose(target)).name).toBe('offline');
    now = new Date(now.getTime() + 30_001);
    expect((await choose(target)).name).toBe('agent');
  });

  it('when a conversation is mid-way through an offline menu, then it keeps the offline assistant even with the agent back, until the flow ends or goes stale', async () => {
    const tenant = await createTestTenant(db);
    const { conversation } = await createTestConversation(db, tenant.id);
    const choose = createResponderChooser({ config: withKey, clock }, { agent, offline, breaker: makeBreaker(), isOfflineFlowActive });
    // The state as the turn read it with the conversation (loadTurn).
    const target = (assistantState: unknown) => ({ tenantId: tenant.id, conversationId: conversation.id, assistantState });
    const state = (step: string, at: Date) => ({ version: 1, at: at.toISOString(), misses: 0, current: { step }, offered: [] });
    expect((await choose(target(state('choose_service', now)))).name).toBe('offline');
    expect((await choose(target(state('idle', now)))).name).toBe('agent');
    expect((await choose(target(state('choose_service', new Date(now.getTime() - 31 * 60_000))))).name).toBe('agent');
  });
});
