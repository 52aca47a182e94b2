import { beforeAll, describe, expect, it } from 'vitest';
import { createClaimWatch } from '../../src/conversation/index.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a worker's claim watch", () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
  });

  it('when one of many running turns is claimed, then only that one is stopped, by one query per tick for all of them', async () => {
    const conversations = await Promise.all(Array.from({ length: 20 }, () => createTestConversation(database.db, tenant.id)));
    const claimedOne = conversations[7]!.conversation;
    const watch = createClaimWatch(database.db, 100);
    const watches = conversations.map(({ conversation }) => watch.watch({ tenantId: tenant.id, conversationId: conversation.id }));
    await sleep(250);
    expect(watches.filter((entry) => entry.signal.aborted)).toHaveLength(0);
    await database.db.handoff.create({
      data: {
        tenantId: tenant.id,
        conversationId: claimedOne.id,
        reason: 'requested_by_customer',
        status: 'claimed',
        attendant: 'Carla',
        claimedAt: new Date(),
      },
    });
    await sleep(350);
    expect(watches.map((entry) => entry.signal.aborted)).toEqual(
      conversations.map(({ conversation }) => conversation.id === claimedOne.id),
    );
    // 20 watched turns, ~6 ticks: a query per tick, not per turn.
    const polls = watch.polls();
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(polls).toBeLessThanOrEqual(8);
    for (const entry of watches) entry.stop();
    await sleep(300);
    expect(watch.polls(), 'nothing watched, nothing polled').toBe(polls);
  });

  it("when a conversation id is watched under the wrong tenant, then another tenant's claim does not stop it", async () => {
    const { conversation } = await createTestConversation(database.db, other.id);
    await database.db.handoff.create({
      data: {
        tenantId: other.id,
        conversationId: conversation.id,
        reason: 'requested_by_customer',
        status: 'claimed',
        attendant: 'Ana',
        claimedAt: new Date(),
      },
    });
    const watch = createClaimWatch(database.db, 50);
    const wrongTenant = watch.watch({ tenantId: tenant.id, conversationId: conversation.id });
    const rightTenant = watch.watch({ tenantId: other.id, conversationId: conversation.id });
    await sleep(250);
    wrongTenant.stop();
    rightTenant.stop();
    expect(wrongTenant.signal.aborted).toBe(false);
    expect(rightTenant.signal.aborted).toBe(true);
  });
});
