import { beforeAll, describe, expect, it } from 'vitest';
import { runDailyMaintenance } from '../../src/boot/create-maintenance-tasks.js';
import { listPartitions } from '../../src/db/index.js';
import { eraseExpiredData } from '../../src/privacy/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { createTestConversation, createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const DAY_MS = 86_400_000;
const monthStart = (at: Date, plus: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plus, 1));

describe('agent_history partitioned by month', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  const partitionOf = async (id: number) => {
    const [row] = await database.db.$queryRaw<{ partition: string }[]>`
      SELECT tableoid::regclass::text AS partition FROM agent_history WHERE id = ${id}::int`;
    return row?.partition;
  };

  it('is a partitioned table: the old rows in the first partition, the next months ahead, and a default', async () => {
    const [kind] = await database.db.$queryRaw<
      { relkind: string }[]
    >`SELECT relkind::text FROM pg_class WHERE oid = 'agent_history'::regclass`;
    expect(kind?.relkind).toBe('p');
    const partitions = await listPartitions(database.db, 'agent_history');
    expect(partitions[0]).toMatchObject({ from: null, isDefault: false });
    expect(partitions.some((partition) => partition.isDefault)).toBe(true);
    const next = monthStart(new Date(), 1);
    expect(partitions.filter((partition) => !partition.isDefault).map((partition) => partition.to?.toISOString())).toEqual(
      [1, 2, 3, 4].map((plus) => monthStart(new Date(), plus).toISOString()),
    );
    expect(partitions[0]?.to?.toISOString()).toBe(next.toISOString());
  });

  it('when the daily job runs months later, then it creates the coming months ahead and new rows land in their month', async () => {
    const later = new Date(monthStart(new Date(), 6).getTime() + 10 * DAY_MS);
    await runDailyMaintenance({ db: database.db, logger: silentLogger, clock: fixedClock(later.toISOString()), historyWindow: 40 });

    const partitions = await listPartitions(database.db, 'agent_history');
    for (const plus of [6, 7, 8, 9]) {
      const from = monthStart(new Date(), plus);
      expect(partitions.find((partition) => partition.from?.getTime() === from.getTime())?.name, `month +${plus}`).toBe(
        `agent_history_p${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`,
      );
    }
    // a second run creates nothing twice
    await runDailyMaintenance({ db: database.db, logger: silentLogger, clock: fixedClock(later.toISOString()), historyWindow: 40 });
    expect(await listPartitions(database.db, 'agent_history')).toHaveLength(partitions.length);

    const tenant = await createTestTenant(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const entry = await database.db.agentHistoryEntry.create({
      data: {
        tenantId: tenant.id,
        conversationId: conversation.id,
        role: 'user',
        content: [{ type: 'text', text: 'oi' }],
        createdAt: later,
      },
      select: { id: true },
    });
    expect(await partitionOf(entry.id)).toBe(
      `agent_history_p${later.getUTCFullYear()}_${String(later.getUTCMonth() + 1).padStart(2, '0')}`,
    );
  });

  it('when whole months are past every tenant’s retention, then retention drops them; younger rows of shorter-retention tenants go one by one', async () => {
    const now = new Date();
    const long = await createTestTenant(database.db);
    const short = await createTestTenant(database.db);
    await database.db.tenant.update({ where: { id: short.id }, data: { retentionDays: 30 } });
    const longChat = await createTestConversation(database.db, long.id);
    const shortChat = await createTestConversation(database.db, short.id);
    const entry = (tenantId: number, conversationId: number, createdAt: Date, text: string) =>
      database.db.agentHistoryEntry.create({
        data: { tenantId, conversationId, role: 'user', content: [{ type: 'text', text }], createdAt },
        select: { id: true },
      });
    // Two months ahead of "now" plus the longest retention (180 days): the first partition (everything before next month) has expired for all.
    const later = new Date(monthStart(now, 2).getTime() + 180 * DAY_MS);
    const oldLong = await entry(long.id, longChat.conversation.id, now, 'antigo longo');
    const recentShort = await entry(short.id, shortChat.conversation.id, new Date(later.getTime() - 60 * DAY_MS), 'curto expirado');
    const recentLong = await entry(long.id, longChat.conversation.id, new Date(later.getTime() - 60 * DAY_MS), 'longo recente');
    const appointment = await database.db.appointment.create({
      data: {
        tenantId: long.id,
        customerId: longChat.customer.id,
        professionalId: long.professionals[0]!.id,
        serviceId: long.services[0]!.id,
        startsAt: new Date(now.getTime() + 2 * DAY_MS),
        endsAt: new Date(now.getTime() + 2 * DAY_MS + 1_800_000),
      },
    });
    const firstPartition = await partitionOf(oldLong.id);

    const erased = await eraseExpiredData(database.db, { now: later, logger: silentLogger });

    const partitions = (await listPartitions(database.db, 'agent_history')).map((partition) => partition.name);
    expect(erased.partitionsDropped).toContain(firstPartition);
    expect(partitions).not.toContain(firstPartition);
    const ids = (await database.db.agentHistoryEntry.findMany({ select: { id: true } })).map((row) => row.id);
    expect(ids).not.toContain(oldLong.id);
    expect(ids).not.toContain(recentShort.id);
    expect(ids).toContain(recentLong.id);
    expect(erased.rows.agent_history).toBeGreaterThanOrEqual(1);
    // what stats and the business's records need stays
    expect(await database.db.appointment.findUnique({ where: { id: appointment.id }, select: { id: true } })).toEqual({
      id: appointment.id,
    });
    expect(await database.db.conversation.count({ where: { id: { in: [longChat.conversation.id, shortChat.conversation.id] } } })).toBe(2);
    // the sequence survived its first partition: new rows still get ids
    const fresh = await entry(long.id, longChat.conversation.id, later, 'depois');
    expect(fresh.id).toBeGreaterThan(recentLong.id);
  });
});
