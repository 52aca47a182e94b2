import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessageWebhook, newWamid, postSignedWebhook } from '../../src/cli/chat-webhook.js';
import { CHAT_TEST_SECRET, eventually, startTestService, type TestService } from '../cli/service-harness.js';
import { apiError, installScriptedClaude, text } from '../fakes/anthropic.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { testDatabase } from '../support/test-database.js';

const database = await testDatabase();
const { db } = database;
const COOLDOWN_MS = 60_000;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let service: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTestTenant(db, { accessToken: null });
  service = await startTestService({
    database,
    clock,
    config: {
      ANTHROPIC_API_KEY: 'sk-ant-test-outage',
      ANTHROPIC_MAX_RETRIES: '0',
      LLM_BREAKER_THRESHOLD: '3',
      LLM_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
    },
  });
});
afterAll(async () => service?.stop());

let nextCustomer = 0;
/** A customer writes (signed webhook); resolves with the finished run that answered it. */
async function customerWrites(text: string, waId = `55119877${String(++nextCustomer).padStart(5, '0')}`) {
  const before = await db.agentRun.count({ where: { tenantId: tenant.id, conversation: { customer: { waId } } } });
  const body = customerMessageWebhook({
    phoneNumberId: tenant.phoneNumberId,
    waId,
    profileName: 'Cliente',
    input: { kind: 'text', text },
    wamid: newWamid(),
    at: new Date(),
  });
  await postSignedWebhook(service.url, CHAT_TEST_SECRET, body);
  const run = await eventually(async () => {
    const runs = await db.agentRun.findMany({
      where: { tenantId: tenant.id, conversation: { customer: { waId } } },
      orderBy: { id: 'asc' },
    });
    const last = runs[before];
    return last && last.status !== 'running' ? last : null;
  }, `the run answering ${text}`);
  const replies = await eventually(async () => {
    const rows = await db.message.findMany({
      where: { conversationId: run.conversationId, direction: 'outbound', runId: run.id, status: 'sent' },
    });
    return rows.length > 0 ? rows : null;
  }, 'the replies of the run');
  return { run, replies, waId };
}

const breakerIsOpen = async () => {
  const row = await db.circuitBreaker.findUnique({ where: { name: 'anthropic' } });
  return Boolean(row?.openedUntil && row.openedUntil > clock.now());
};

describe('Claude API outage → offline assistant → agent again', () => {
  it('when the Claude API keeps answering 529 past the threshold, then new conversations get the offline assistant, and after the cool-down the agent again', {
    timeout: 60_000,
  }, async () => {
    const claude = installScriptedClaude(mswServer);
    claude.always(apiError(529, 'overloaded_error', 'Overloaded'));

    // Conversations answered by the agent while the API is down: each run fails as an outage.
    const failed = [];
    while (!(await breakerIsOpen())) {
      expect(failed.length).toBeLessThan(3);
      failed.push(await customerWrites('Oi, queria marcar um corte'));
    }
    for (const { run } of failed) expect(run).toMatchObject({ responder: 'agent', handoffReason: 'llm_unavailable' });
    const callsWhileDown = claude.requests.length;
    expect(callsWhileDown).toBeGreaterThanOrEqual(3);

    // Breaker open: the next conversation is served by the offline menu, without calling Claude.
    const offline = await customerWrites('Oi, queria marcar um corte');
    expect(offline.run.responder).toBe('offline');
    expect(offline.replies.at(-1)?.type).toBe('interactive');
    expect(offline.replies.at(-1)?.text).toContain('Com quem você prefere?');
    expect(claude.requests.length).toBe(callsWhileDown);

    // After the cool-down the API is back: a new conversation gets the agent (half-open → closed).
    offsetMs += COOLDOWN_MS + 1000;
    claude.enqueue(text('Olá! Claro, para qual dia você gostaria de marcar o corte?'));
    const recovered = await customerWrites('Oi, tudo bem?');
    expect(recovered.run.responder).toBe('agent');
    expect(recovered.replies[0]?.text).toContain('para qual dia');
    const breaker = await db.circuitBreaker.findUniqueOrThrow({ where: { name: 'anthropic' } });
    expect(breaker).toMatchObject({ failures: 0, openedUntil: null });

    // The conversation that was mid-menu keeps the offline assistant until its flow ends.
    const stillOffline = await customerWrites('Qualquer um', offline.waId);
    expect(stillOffline.run.responder).toBe('offline');
    expect(stillOffline.replies.at(-1)?.text).toContain('Qual dia?');
  });
});
