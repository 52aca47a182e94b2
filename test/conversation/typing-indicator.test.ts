import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepTyping } from '../../src/conversation/keep-typing.js';
import type { LoadedTurn } from '../../src/conversation/load-turn.js';
import type { GraphApiClient } from '../../src/graph/index.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId, newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { type Channel, FakeResponder, findConversation, isQueueIdle, sendTextWebhook, startChannel, waitFor } from './channel-harness.js';

const turnOf = (waMessageId: string | null): LoadedTurn => ({
  tenantId: 1,
  conversationId: 1,
  customerId: 1,
  handoffNoticeSentAt: null,
  textOnlyNoticeAt: null,
  closedAt: null,
  assistantState: null,
  inboundInRateWindow: 1,
  tenant: { phoneNumberId: '106540352242922', accessToken: 'EAAG-token' },
  messages: [{ id: 1, type: 'text', text: 'oi', replyId: null, createdAt: new Date(), waMessageId }],
});

describe('typing indicator that lasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when a run is kept busy 60 s, then the typing indicator is refreshed at least twice (every 20 s), and never after the run', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const graph = {
      markAsReadWithTyping: async (_target: unknown, waMessageId: string) => {
        calls.push(waMessageId);
      },
    } as unknown as GraphApiClient;
    const stop = keepTyping(graph, turnOf('wamid.LAST'));
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(calls.length - 1).toBeGreaterThanOrEqual(2);
    expect(calls.every((id) => id === 'wamid.LAST')).toBe(true);
    stop();
    const afterRun = calls.length;
    vi.advanceTimersByTime(120_000);
    expect(calls).toHaveLength(afterRun);
  });

  it('when the tenant is the sandbox or the message has no WhatsApp id, then nothing is sent', () => {
    vi.useFakeTimers();
    const graph = { markAsReadWithTyping: vi.fn(async () => undefined) } as unknown as GraphApiClient;
    keepTyping(graph, { ...turnOf('wamid.X'), tenant: { phoneNumberId: '1', accessToken: null } })();
    keepTyping(graph, turnOf(null))();
    vi.advanceTimersByTime(60_000);
    expect(graph.markAsReadWithTyping).not.toHaveBeenCalled();
  });
});

describe('typing indicator through the pipeline', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    // a short refresh interval stands in for WhatsApp's 25 s
    channel = await startChannel({ database, responder: new FakeResponder({ delayMs: 3_300 }), config: { TYPING_REFRESH_MS: '1000' } });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());

  it('when a run takes longer than the refresh interval, then the read + typing request is repeated while it works', async () => {
    const graph = new GraphApiFake().install();
    const from = newWaId();
    const messageId = newWamid();
    await sendTextWebhook(channel.app, tenant.phoneNumberId, from, 'quero marcar', messageId);
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await waitFor(async () => graph.sends().length > 0 && (await isQueueIdle(database.db)), { what: 'reply sent', timeoutMs: 20_000 });
    const reads = graph.requests.filter((request) => request.kind === 'read');
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(
      reads.every(
        (request) => request.body.message_id === messageId && (request.body.typing_indicator as { type: string }).type === 'text',
      ),
    ).toBe(true);
    expect(conversation).toBeTruthy();
  });
});
