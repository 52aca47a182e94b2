import { beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/shared/index.js';
import {
  createIntakeBatcher,
  type SqlRunner,
  storeInboundBatch,
  storeInboundMessage,
  toInboundMessageContent,
} from '../../src/whatsapp/index.js';
import { newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('intake batcher (group commit of inbound messages)', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });
  const message = (tenantId: number, waId: string, waMessageId: string, body: string) => ({
    tenantId,
    waId,
    bsuid: null,
    parentBsuid: null,
    username: null,
    profileName: `Cliente ${waId.slice(-4)}`,
    waMessageId,
    sentAt: new Date(),
    content: toInboundMessageContent({ id: waMessageId, from: waId, timestamp: 1, type: 'text', text: { body } }),
    referral: null,
    raw: { id: waMessageId, type: 'text', text: { body } },
  });
  const jobKeys = async (conversationIds: number[]) =>
    (
      await database.db.$queryRaw<{ key: string }[]>`
        SELECT key FROM graphile_worker._private_jobs WHERE key = ANY(${conversationIds.map((id) => `process-conversation:${id}`)}::text[])`
    ).map((row) => row.key);

  it('when many messages and redeliveries arrive at once, then each is stored once and each conversation gets one job', async () => {
    const store = createIntakeBatcher(database.db, database.db, { debounceMs: 60_000, maxWaitMs: 60_000, maxAttempts: 5 }, silentLogger);
    const customers = ['5511900000001', '5511900000002', '5511900000003'];
    const ids = Array.from({ length: 12 }, () => newWamid());
    const calls = ids.flatMap((id, index) => {
      const item = message(tenant.id, customers[index % 3]!, id, `mensagem ${index}`);
      return [store(item), store(item)]; // every message delivered twice, in the same batch
    });
    const results = await Promise.all(calls);
    expect(results.filter(Boolean)).toHaveLength(12);
    const stored = await database.db.message.findMany({ where: { waMessageId: { in: ids } }, orderBy: { id: 'asc' } });
    expect(stored).toHaveLength(12);
    expect(stored.map((row) => row.text)).toEqual(ids.map((_, index) => `mensagem ${index}`));
    const conversations = [...new Set(stored.map((row) => row.conversationId))];
    expect(conversations).toHaveLength(3);
    expect((await jobKeys(conversations)).sort()).toEqual(conversations.map((id) => `process-conversation:${id}`).sort());
    expect(await store(message(tenant.id, customers[0]!, ids[0]!, 'mensagem 0'))).toBeNull();
  });

  it('when messages arrive one by one while a batch is being written, then they wait for it and are written together in one next batch', async () => {
    const sizes: number[] = [];
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const runner: SqlRunner = {
      async query<Row>(text: string, values: unknown[]) {
        sizes.push((values[0] as unknown[]).length);
        if (sizes.length === 1) await firstHeld;
        return { rows: await database.db.$queryRawUnsafe<Row[]>(text, ...values) };
      },
    };
    const store = createIntakeBatcher(database.db, runner, { debounceMs: 60_000, maxWaitMs: 60_000, maxAttempts: 5 }, silentLogger, {
      maxBatch: 8,
    });
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const calls = [store(message(tenant.id, '5511900000121', newWamid(), 'primeira'))];
    await nextTurn();
    // each in an event-loop turn of its own, all while the first batch is held
    for (let index = 0; index < 6; index++) {
      calls.push(store(message(tenant.id, `55119000001${30 + index}`, newWamid(), `mensagem ${index}`)));
      await nextTurn();
    }
    expect(sizes).toEqual([1]);
    // a full batch waiting may be written next to the one in flight
    for (let index = 0; index < 10; index++)
      calls.push(store(message(tenant.id, `55119000001${40 + index}`, newWamid(), `outra ${index}`)));
    await nextTurn();
    expect(sizes).toEqual([1, 8]);
    releaseFirst();
    expect((await Promise.all(calls)).filter(Boolean)).toHaveLength(17);
    expect(sizes).toEqual([1, 8, 8]);
  });

  it('when one message of a batch cannot be stored, then its neighbours are stored and only it fails', async () => {
    const store = createIntakeBatcher(database.db, database.db, { debounceMs: 60_000, maxWaitMs: 60_000, maxAttempts: 5 }, silentLogger);
    const good = [newWamid(), newWamid()];
    const results = await Promise.allSettled([
      store(message(tenant.id, '5511900000011', good[0]!, 'oi')),
      store(message(999_999_999, '5511900000012', newWamid(), 'tenant que não existe')),
      store(message(tenant.id, '5511900000013', good[1]!, 'olá')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await database.db.message.count({ where: { waMessageId: { in: good } } })).toBe(2);
  });
  it('when a conversation already has a message waiting longer than the max wait, then a new message does not push its run past the cap', async () => {
    const schedule = { debounceMs: 60_000, maxWaitMs: 5_000, maxAttempts: 5 };
    const runAt = async (conversationId: number) =>
      (
        await database.db.$queryRaw<{ wait_ms: number }[]>`
          SELECT (extract(epoch FROM run_at - now()) * 1000)::float8 AS wait_ms
          FROM graphile_worker._private_jobs WHERE key = ${`process-conversation:${conversationId}`}`
      )[0]?.wait_ms;
    for (const [waId, write] of [
      ['5511900000021', (item: ReturnType<typeof message>) => storeInboundMessage(database.db, item, schedule)],
      ['5511900000022', (item: ReturnType<typeof message>) => storeInboundBatch(database.db, [item], schedule)],
    ] as const) {
      await write(message(tenant.id, waId, newWamid(), 'primeira'));
      const conversation = await database.db.conversation.findFirstOrThrow({ where: { tenantId: tenant.id, customer: { waId } } });
      // a first message waits at most the max wait (here shorter than the debounce)
      expect(await runAt(conversation.id)).toBeGreaterThan(4_000);
      // the first message has been waiting 4 s: the next one may push the run only 1 s further
      await database.db.$executeRaw`
        UPDATE messages SET created_at = created_at - interval '4 seconds' WHERE conversation_id = ${conversation.id}`;
      await write(message(tenant.id, waId, newWamid(), 'segunda'));
      const wait = await runAt(conversation.id);
      expect(wait).toBeLessThan(1_500);
      expect(wait).toBeGreaterThan(0);
    }
  });
});
