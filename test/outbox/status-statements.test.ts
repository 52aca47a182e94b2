import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStatusUpdate } from '../../src/outbox/index.js';
import { newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createOutboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type CountingDatabase, countingDatabase } from '../support/statement-counter.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// Meta's status webhooks for one message (sent, delivered, read) come as separate requests and
// not always in order: a late one changes nothing, and must not cost more than one statement.
describe('what a status webhook costs the database', () => {
  let database: TestDatabase;
  let counted: CountingDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    counted = countingDatabase(database.url);
    tenant = await createTestTenant(database.db);
  });
  afterAll(() => counted.end());

  const deliveredReply = async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const message = await createOutboundMessage(database.db, { tenantId: tenant.id, conversationId: conversation.id, text: 'Agendado!' });
    const wamid = newWamid();
    await database.db.message.update({ where: { id: message.id }, data: { status: 'delivered', waMessageId: wamid } });
    return { message, wamid };
  };
  const status = (wamid: string, value: string, messageId: number) => ({
    tenantId: tenant.id,
    waMessageId: wamid,
    status: value,
    // the send job's biz_opaque_callback_data, which Meta echoes
    callbackData: `outbox:${messageId}`,
  });

  it('when a late status comes for a known message, then it changes nothing in one statement', async () => {
    const { message, wamid } = await deliveredReply();
    counted.reset();
    expect(await applyStatusUpdate(counted.db, status(wamid, 'sent', message.id))).toBe(false);
    expect(counted.count()).toMatchObject({ commits: 1 });
    expect(counted.count().statements).toHaveLength(1);
    expect(await database.db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ status: 'delivered' });
    expect(await database.db.parkedStatus.count({ where: { waMessageId: wamid } })).toBe(0);
  });

  it('when a newer status comes for a known message, then it moves the row forward in one statement', async () => {
    const { message, wamid } = await deliveredReply();
    counted.reset();
    expect(await applyStatusUpdate(counted.db, status(wamid, 'read', message.id))).toBe(true);
    expect(counted.count().statements).toHaveLength(1);
    expect(await database.db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ status: 'read' });
  });

  it('when a status names an id no message has yet, then it is parked under the id lock', async () => {
    const wamid = newWamid();
    expect(await applyStatusUpdate(counted.db, { tenantId: tenant.id, waMessageId: wamid, status: 'delivered' })).toBe(false);
    expect(await database.db.parkedStatus.count({ where: { waMessageId: wamid } })).toBe(1);
  });

  it("when another tenant's message has the id, then this tenant's status neither changes it nor counts it as known", async () => {
    const { message, wamid } = await deliveredReply();
    const other = await createTestTenant(database.db);
    expect(await applyStatusUpdate(counted.db, { tenantId: other.id, waMessageId: wamid, status: 'read' })).toBe(false);
    expect(await database.db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({ status: 'delivered' });
    expect(await database.db.parkedStatus.count({ where: { waMessageId: wamid, tenantId: other.id } })).toBe(1);
  });
});
