import { describe, expect, it } from 'vitest';
import { createGraphApiClient } from '../../src/graph/index.js';
import { applyStatusUpdate, sendOutboundMessage } from '../../src/outbox/index.js';
import { createLogger } from '../../src/shared/index.js';
import { startFakeGraph } from '../fakes/graph-api-loopback.js';
import { createRandom } from '../fakes/random.js';
import { createOutboundMessage, createTestConversation, createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';

// Found by the soak: a worker killed while Meta was taking a reply left the row `sending`
// without a WhatsApp id, and the retried job sent the same reply again. Meta echoes
// `biz_opaque_callback_data` in status webhooks, which lets the outbox record that send.
describe('a send whose response was lost (worker killed mid-request)', () => {
  const logger = createLogger('silent');

  async function setup() {
    const { db } = await testDatabase();
    const tenant = await createTestTenant(db);
    const { conversation } = await createTestConversation(db, tenant.id);
    const graph = await startFakeGraph({
      random: createRandom(1),
      latencyMs: [0, 0],
      errorRate: 0,
      acceptedTokens: new Set([`EAAG-test-${tenant.slug.slice(6)}`]),
    });
    const row = await createOutboundMessage(db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      text: 'Pronto, agendado!',
      status: 'pending',
    });
    const client = createGraphApiClient({ baseUrl: graph.url, version: 'v23.0', maxRetries: 0, logger });
    return { db, tenant, graph, row, client };
  }

  it('when Meta took it and its status webhook names the outbox row, then the row is recorded as sent and the retried job does not send it again', async () => {
    const { db, tenant, graph, row, client } = await setup();

    // The first attempt reaches Meta; pretend the worker died before recording it.
    expect(await sendOutboundMessage({ db, graph: client, logger }, row.id, { attempt: 1, maxAttempts: 5 })).toBe('sent');
    const [delivery] = graph.deliveries;
    expect(delivery?.callbackData).toBe(`outbox:${row.id}`);
    await db.message.update({ where: { id: row.id }, data: { status: 'sending', waMessageId: null, sentAt: null } });

    const adopted = await applyStatusUpdate(db, {
      tenantId: tenant.id,
      waMessageId: delivery!.wamid,
      status: 'sent',
      callbackData: delivery!.callbackData,
    });
    expect(adopted).toBe(true);
    expect(await db.message.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'sent', waMessageId: delivery!.wamid });

    expect(await sendOutboundMessage({ db, graph: client, logger }, row.id, { attempt: 2, maxAttempts: 5 })).toBe('skipped');
    expect(graph.deliveries).toHaveLength(1);
    await graph.close();
  });

  it("when the status names another tenant's row or no outbox row, then nothing changes", async () => {
    const { db, tenant, graph, row } = await setup();
    await db.message.update({ where: { id: row.id }, data: { status: 'sending' } });
    const other = await createTestTenant(db);
    expect(
      await applyStatusUpdate(db, { tenantId: other.id, waMessageId: 'wamid.X1', status: 'sent', callbackData: `outbox:${row.id}` }),
    ).toBe(false);
    expect(await applyStatusUpdate(db, { tenantId: tenant.id, waMessageId: 'wamid.X2', status: 'sent', callbackData: 'campaign-7' })).toBe(
      false,
    );
    expect(await applyStatusUpdate(db, { tenantId: tenant.id, waMessageId: 'wamid.X3', status: 'sent' })).toBe(false);
    expect(await db.message.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'sending', waMessageId: null });
    await graph.close();
  });
});
