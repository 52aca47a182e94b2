import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestHandoff } from '../../src/handoff/index.js';
import { createTestConversation, createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('claiming a handoff concurrently', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('when two attendants claim the same handoff at once, then one gets 200 and the other 409, and the winner is stored', async () => {
    const tenant = await createTestTenant(database.db);
    const app = createAdminTestApp(database.db);
    // Repeat so a lucky serial ordering cannot hide a race.
    for (let round = 0; round < 10; round++) {
      const { conversation } = await createTestConversation(database.db, tenant.id);
      const handoff = await requestHandoff(database.db, { tenantId: tenant.id, conversationId: conversation.id, reason: 'refusal' });
      const [carla, davi] = await Promise.all(
        ['Carla', 'Davi'].map((attendant) =>
          request(app).post(`/admin/handoffs/${handoff.id}/claim`).set(bearer(tenant.apiKey)).send({ attendant }),
        ),
      );
      const statuses = [carla?.status, davi?.status].sort();
      expect(statuses).toEqual([200, 409]);
      const winner = carla?.status === 200 ? 'Carla' : 'Davi';
      const loser = carla?.status === 200 ? davi : carla;
      expect(loser?.body.error).toEqual({ code: 'already_claimed', message: `handoff already claimed by ${winner}` });
      const stored = await database.db.handoff.findUniqueOrThrow({ where: { id: handoff.id } });
      expect(stored).toMatchObject({ status: 'claimed', attendant: winner });
    }
  });
});
