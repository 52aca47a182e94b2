import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SqlRunner, storeInboundBatch, toInboundMessageContent } from '../../src/whatsapp/index.js';
import { newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// The debounce's max-wait cap needs the conversation's oldest unanswered inbound message: the
// batch statement must find it without reading the conversation's whole history, or the intake
// gets slower as conversations get longer (issue 32, fourth round).
describe("the intake's max-wait lookup of a conversation's oldest unanswered message", () => {
  const schedule = { debounceMs: 60_000, maxWaitMs: 600_000, maxAttempts: 5 };
  const history = 3_000;
  let database: TestDatabase;
  let tenant: TestTenant;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
  });
  afterAll(() => pool.end());
  const runner = (client: pg.Pool | pg.ClientBase): SqlRunner => ({
    query: async <Row>(text: string, values: unknown[]) => ({ rows: (await client.query(text, values)).rows as Row[] }),
  });

  let phone = 5511966000000;
  const message = (waId: string, body = 'oi') => {
    const waMessageId = newWamid();
    return {
      tenantId: tenant.id,
      waId,
      bsuid: null,
      parentBsuid: null,
      username: null,
      profileName: null,
      waMessageId,
      sentAt: new Date(),
      content: toInboundMessageContent({ id: waMessageId, from: waId, timestamp: 1, type: 'text', text: { body } }),
      referral: null,
      raw: { id: waMessageId, type: 'text', text: { body } },
    };
  };
  /** A customer whose conversation holds `answered` inbound messages already processed, each with its bot reply. */
  const conversationWithHistory = async (answered: number) => {
    const waId = String(phone++);
    const stored = await storeInboundBatch(runner(pool), [message(waId)], schedule);
    const conversationId = [...stored.values()][0]!.conversationId;
    await pool.query(
      `INSERT INTO messages (tenant_id, conversation_id, direction, author, type, text, status, created_at, processed_at, updated_at)
       SELECT $1, $2, d.direction, d.author, 'text', 'mensagem ' || n, d.status, now() - make_interval(mins => $3 - n),
              CASE WHEN d.direction = 'inbound' THEN now() END, now()
         FROM generate_series(1, $3) AS n,
              (VALUES ('inbound', 'customer', 'processed'), ('outbound', 'bot', 'read')) AS d(direction, author, status)`,
      [tenant.id, conversationId, answered],
    );
    await pool.query(`UPDATE messages SET status = 'processed', processed_at = now() WHERE conversation_id = $1 AND status = 'received'`, [
      conversationId,
    ]);
    await pool.query('ANALYZE messages');
    return { waId, conversationId };
  };
  /**
   * Stores one message of `waId` in a transaction of its own and returns the messages rows it read (then rolls back).
   * A session of its own: a session's counters not yet reported (they are, at most once a second) include its
   * earlier transactions.
   */
  const rowsReadByOneMessage = async (waId: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await storeInboundBatch(runner(client), [message(waId, 'mais uma')], schedule);
      const { rows } = await client.query<{ read: number }>(
        `SELECT (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::int AS read FROM pg_stat_xact_user_tables WHERE relname = 'messages'`,
      );
      return rows[0]!.read;
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  };

  it('when a conversation has a long history, then a new message reads no more of it than in a conversation just begun', async () => {
    const long = await conversationWithHistory(history);
    const short = await conversationWithHistory(2);
    const longRead = await rowsReadByOneMessage(long.waId);
    const shortRead = await rowsReadByOneMessage(short.waId);
    // before the partial index, the lookup read every message of the conversation (≈ 2 × history)
    expect(longRead).toBeLessThanOrEqual(shortRead + 2);
    expect(longRead).toBeLessThan(20);
  });

  it('when an old message is still unanswered in a long history, then the job is due at that message plus the max wait', async () => {
    const { waId, conversationId } = await conversationWithHistory(history);
    // one message of the history was never answered (its job failed), received 590 s ago
    await pool.query(
      `UPDATE messages SET status = 'received', processed_at = NULL, created_at = now() - interval '590 seconds'
        WHERE id = (SELECT min(id) FROM messages WHERE conversation_id = $1 AND direction = 'inbound')`,
      [conversationId],
    );
    await storeInboundBatch(runner(pool), [message(waId, 'ainda esperando')], schedule);
    const { rows } = await pool.query<{ wait_s: number }>(
      `SELECT extract(epoch FROM run_at - now())::float8 AS wait_s FROM graphile_worker._private_jobs WHERE key = $1`,
      [`process-conversation:${conversationId}`],
    );
    // capped at 590 s ago + 600 s, not the debounce's 60 s
    expect(rows[0]!.wait_s).toBeGreaterThan(5);
    expect(rows[0]!.wait_s).toBeLessThanOrEqual(10);
  });

  it('when the conversation has no unanswered message, then the new message only gets the debounce', async () => {
    const { waId, conversationId } = await conversationWithHistory(50);
    await storeInboundBatch(runner(pool), [message(waId, 'voltei')], schedule);
    const { rows } = await pool.query<{ wait_s: number }>(
      `SELECT extract(epoch FROM run_at - now())::float8 AS wait_s FROM graphile_worker._private_jobs WHERE key = $1`,
      [`process-conversation:${conversationId}`],
    );
    expect(rows[0]!.wait_s).toBeGreaterThan(55);
    expect(rows[0]!.wait_s).toBeLessThanOrEqual(60);
  });
});
