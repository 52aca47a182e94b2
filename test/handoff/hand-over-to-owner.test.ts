import { beforeAll, describe, expect, it } from 'vitest';
import { claimHandoff, handOverToOwner, requestHandoff } from '../../src/handoff/index.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('handOverToOwner', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });
  const handoffsOf = (conversationId: number) =>
    database.db.handoff.findMany({ where: { conversationId }, select: { id: true, reason: true, status: true, attendant: true } });

  it('when no handoff is open, then an owner_replied one is opened already claimed by "WhatsApp app"', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const id = await handOverToOwner(database.db, { tenantId: tenant.id, conversationId: conversation.id, now: new Date() });
    expect(await handoffsOf(conversation.id)).toEqual([{ id, reason: 'owner_replied', status: 'claimed', attendant: 'WhatsApp app' }]);
  });

  it('when a handoff is pending, then "WhatsApp app" claims it and its reason stays', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const pending = await requestHandoff(database.db, { tenantId: tenant.id, conversationId: conversation.id, reason: 'refusal' });
    const id = await handOverToOwner(database.db, { tenantId: tenant.id, conversationId: conversation.id, now: new Date() });
    expect(id).toBe(pending.id);
    expect(await handoffsOf(conversation.id)).toEqual([{ id, reason: 'refusal', status: 'claimed', attendant: 'WhatsApp app' }]);
  });

  it('when a person holds the handoff, then it stays theirs', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const open = await requestHandoff(database.db, { tenantId: tenant.id, conversationId: conversation.id, reason: 'deadline' });
    await claimHandoff(database.db, {
      tenantId: tenant.id,
      handoffId: open.id,
      attendant: 'Carla',
      attendantStaffId: null,
      now: new Date(),
    });
    expect(await handOverToOwner(database.db, { tenantId: tenant.id, conversationId: conversation.id, now: new Date() })).toBeNull();
    expect(await handoffsOf(conversation.id)).toEqual([{ id: open.id, reason: 'deadline', status: 'claimed', attendant: 'Carla' }]);
  });
});
