import { beforeAll, describe, expect, it } from 'vitest';
import { findOpenHandoff, requestHandoff } from '../../src/handoff/index.js';
import { createTestConversation, createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('requestHandoff', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when a second trigger arrives while one is open, then the open handoff is reused', async () => {
    const tenant = await createTestTenant(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const first = await requestHandoff(database.db, { tenantId: tenant.id, conversationId: conversation.id, reason: 'refusal' });
    const second = await requestHandoff(database.db, { tenantId: tenant.id, conversationId: conversation.id, reason: 'deadline' });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ id: first.id, created: false, reason: 'refusal' });
    expect(await database.db.handoff.count({ where: { conversationId: conversation.id } })).toBe(1);
  });

  it('when concurrent triggers race, then exactly one handoff row exists', async () => {
    const tenant = await createTestTenant(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        requestHandoff(database.db, { tenantId: tenant.id, conversationId: conversation.id, reason: 'deadline' }),
      ),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.id)).size).toBe(1);
    expect(await findOpenHandoff(database.db, tenant.id, conversation.id)).toMatchObject({ status: 'pending' });
  });
});
