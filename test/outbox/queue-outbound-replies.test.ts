import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/index.js';
import { queueOutboundReplies, splitLongText } from '../../src/outbox/index.js';
import { conversationQueueName, enqueueJob, startWorker, TASKS } from '../../src/queue/index.js';
import { createLogger } from '../../src/shared/index.js';
import { startChannel, waitFor } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('queueOutboundReplies', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });
  const sendJobs = (messageIds: number[]) =>
    database.db.$queryRaw<{ key: string; queue_name: string }[]>`
      SELECT j.key, q.queue_name FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
      WHERE j.key = ANY(${messageIds.map((id) => `send-message:${id}`)}::text[]) ORDER BY j.id`;

  it('when the customer wrote more than 24 hours ago, then the answer is outside_window and nothing is stored or sent', async () => {
    const graph = new GraphApiFake().install();
    const { conversation } = await createTestConversation(database.db, tenant.id, { lastInboundAt: new Date(Date.now() - 25 * 3600_000) });
    const attempt = inTransaction(database.db, (tx) =>
      queueOutboundReplies(tx, {
        tenantId: tenant.id,
        conversationId: conversation.id,
        replies: [{ type: 'text', text: 'Oi, tudo bem? Seu horário está confirmado.' }],
        author: 'attendant',
        attendant: 'Carla',
        idempotencyKeyPrefix: 'admin:1',
      }),
    );
    expect(await attempt).toEqual({ kind: 'outside_window' });
    expect(await database.db.message.count({ where: { conversationId: conversation.id } })).toBe(0);
    expect(graph.requests).toHaveLength(0);
  });

  it("when the conversation is another tenant's, then it answers like a missing one", async () => {
    const other = await createTestTenant(database.db);
    const { conversation } = await createTestConversation(database.db, other.id);
    expect(
      await inTransaction(database.db, (tx) =>
        queueOutboundReplies(tx, {
          tenantId: tenant.id,
          conversationId: conversation.id,
          replies: [{ type: 'text', text: 'Oi' }],
          author: 'bot',
          idempotencyKeyPrefix: 'x',
        }),
      ),
    ).toEqual({ kind: 'conversation_not_found' });
    expect(await database.db.message.count({ where: { conversationId: conversation.id } })).toBe(0);
  });

  it('when inside the window, then each reply is stored pending with its send job on the conversation queue, once per key', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const queue = () =>
      inTransaction(database.db, (tx) =>
        queueOutboundReplies(tx, {
          tenantId: tenant.id,
          conversationId: conversation.id,
          replies: [
            { type: 'text', text: 'Pronto, Maria!' },
            {
              type: 'list',
              text: 'Escolha um horário:',
              buttonLabel: 'Horários',
              sections: [{ rows: [{ id: 's1', title: 'Ter 10:00' }] }],
            },
          ],
          author: 'attendant',
          attendant: 'Carla',
          idempotencyKeyPrefix: 'admin:req-42',
        }),
      );
    const messagesOf = async () => {
      const queued = await queue();
      if (queued.kind !== 'queued') throw new Error(`expected queued, got ${queued.kind}`);
      return queued.messages;
    };
    const first = await messagesOf();
    const second = await messagesOf();
    expect(first.map((row) => row.created)).toEqual([true, true]);
    expect(second).toEqual(first.map((row) => ({ id: row.id, created: false })));
    const rows = await database.db.message.findMany({ where: { conversationId: conversation.id }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.type, row.status, row.author, row.attendant, row.idempotencyKey])).toEqual([
      ['text', 'pending', 'attendant', 'Carla', 'admin:req-42:0'],
      ['interactive', 'pending', 'attendant', 'Carla', 'admin:req-42:1'],
    ]);
    expect(await sendJobs(first.map((row) => row.id))).toEqual(
      first.map((row) => ({ key: `send-message:${row.id}`, queue_name: `conversation:${conversation.id}` })),
    );
  });

  it('when Graph stays down, then a send job keeps retrying for at least 15 minutes before the row is stored failed', async () => {
    // A real worker runs the real send job against a Graph API that always answers 500; each
    // backoff graphile-worker schedules is read from the job row, then skipped (run_at = now).
    const graph = new GraphApiFake().install().script(...Array.from({ length: 200 }, () => 500));
    const channel = await startChannel({ database, concurrency: 1 });
    try {
      const { conversation } = await createTestConversation(database.db, tenant.id);
      const queued = await inTransaction(database.db, (tx) =>
        queueOutboundReplies(tx, {
          tenantId: tenant.id,
          conversationId: conversation.id,
          replies: [{ type: 'text', text: 'Pronto! Seu corte está marcado para quarta, 02/12, às 14:30.' }],
          author: 'bot',
          idempotencyKeyPrefix: `run:outage:${conversation.id}`,
        }),
      );
      const stored = queued.kind === 'queued' ? queued.messages[0] : undefined;
      const key = `send-message:${stored!.id}`;
      const job = async () =>
        (
          await database.db.$queryRaw<{ attempts: number; max_attempts: number; wait_s: number; locked: boolean }[]>`
            SELECT attempts, max_attempts, EXTRACT(EPOCH FROM run_at - updated_at)::float8 AS wait_s, locked_at IS NOT NULL AS locked
            FROM graphile_worker._private_jobs WHERE key = ${key}`
        )[0];
      const waits: number[] = [];
      for (let attempt = 1; ; attempt++) {
        // The last attempt does not throw: it stores the row failed and the job completes (its row is deleted).
        const failed = await waitFor(
          async () => {
            const row = await job();
            if (!row) return 'completed' as const;
            return row.attempts >= attempt && !row.locked ? row : null;
          },
          { what: `attempt ${attempt} to end`, timeoutMs: 15_000 },
        );
        if (failed === 'completed') break;
        waits.push(failed.wait_s);
        await database.db.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${key}`;
      }
      expect(waits).toHaveLength(7);
      const totalWaitS = waits.reduce((sum, wait) => sum + wait, 0);
      expect(totalWaitS).toBeGreaterThan(15 * 60);
      // Every attempt really called Meta (each with the Graph client's own quick retries).
      expect(graph.sends().length).toBeGreaterThanOrEqual(waits.length + 1);
      const row = await database.db.message.findUniqueOrThrow({ where: { id: stored!.id } });
      expect(row.status).toBe('failed');
    } finally {
      await channel.stop();
    }
  });
});

describe('splitLongText', () => {
  it('when text fits, then it is one part', () => {
    expect(splitLongText('Olá! Tudo bem?')).toEqual(['Olá! Tudo bem?']);
  });

  it('when text is too long, then it is cut at line breaks before sentences before spaces', () => {
    const paragraph = `${'a'.repeat(60)}.`;
    const text = `${paragraph} ${paragraph}\n${paragraph} ${paragraph}`;
    expect(splitLongText(text, 130)).toEqual([`${paragraph} ${paragraph}`, `${paragraph} ${paragraph}`]);
    expect(splitLongText(`${paragraph} ${paragraph} ${paragraph}`, 130)).toEqual([`${paragraph} ${paragraph}`, paragraph]);
    expect(splitLongText('palavra '.repeat(40), 100).every((part) => part.length <= 100 && !part.endsWith(' '))).toBe(true);
  });

  it('when there is no boundary at all, then parts are cut at the limit without splitting an emoji', () => {
    const parts = splitLongText('😀'.repeat(100), 51);
    expect(parts.every((part) => part.length <= 51)).toBe(true);
    expect(parts.join('')).toBe('😀'.repeat(100));
  });
});

describe('reply sends in a conversation queue', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });

  it("when the conversation's next turn is already waiting in its queue, then the reply queued after it is sent first", async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const queueName = conversationQueueName(conversation.id);
    // The customer wrote again while this turn ran: its next turn is due before the reply is queued.
    await enqueueJob(database.db, { task: TASKS.processConversation, payload: { conversationId: conversation.id }, queueName });
    await inTransaction(database.db, (tx) =>
      queueOutboundReplies(tx, {
        tenantId: tenant.id,
        conversationId: conversation.id,
        replies: [{ type: 'text', text: 'Seu horário está confirmado.' }],
        author: 'bot',
        idempotencyKeyPrefix: `priority:${conversation.id}`,
      }),
    );
    const ran: string[] = [];
    const record = (task: string) => async (payload: unknown) => {
      const ownConversation =
        (payload as { conversationId?: number }).conversationId === conversation.id ||
        (await database.db.message.count({
          where: { id: (payload as { messageId?: number }).messageId ?? -1, conversationId: conversation.id },
        })) > 0;
      if (ownConversation) ran.push(task);
    };
    const worker = await startWorker({
      connectionString: database.url,
      concurrency: 1,
      tasks: { [TASKS.processConversation]: record('turn'), [TASKS.sendMessage]: record('send') },
      logger: createLogger('silent'),
      pollInterval: 50,
    });
    try {
      await waitFor(() => (ran.length === 2 ? ran : undefined));
    } finally {
      await worker.stop();
    }
    expect(ran).toEqual(['send', 'turn']);
  });
});
