import { describe, expect, expectTypeOf, it } from 'vitest';
import { commitTurnEnding, type TurnEnding, type TurnScope } from '../../src/conversation/index.js';
import { type Db, inTransaction, type Prisma, type Queryable, type Tx } from '../../src/db/index.js';
import { type QueueOutboundRepliesRequest, queueOutboundReplies } from '../../src/outbox/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// The type half runs under `npm run check` (tsc covers test/): each `@ts-expect-error` below
// fails the check the day the line compiles, i.e. the day the plain client fits a `Tx` again.
describe('Tx, the type of a client inside a transaction', () => {
  it('is not the plain client, nor the raw transaction client of db.$transaction', () => {
    expectTypeOf<Db>().not.toExtend<Tx>();
    expectTypeOf<Prisma.TransactionClient>().not.toExtend<Tx>();
    expectTypeOf<Tx>().toExtend<Queryable>();
    expectTypeOf<Db>().toExtend<Queryable>();
    expectTypeOf(commitTurnEnding).parameter(0).toEqualTypeOf<Tx>();
  });

  it('refuses the plain client where a transaction is required', () => {
    // The arguments are shared so that the first one is the only difference between the lines that
    // must not compile and the one that must. Never called: these lines exist for the type checker.
    const scope: TurnScope = { tenantId: 1, conversationId: 1, messageIds: [] };
    const ending: TurnEnding = { kind: 'silence_while_handed_off' };
    const replies: QueueOutboundRepliesRequest = { tenantId: 1, conversationId: 1, replies: [], author: 'bot', idempotencyKeyPrefix: 'p' };
    const misuses = (db: Db, raw: Prisma.TransactionClient) => [
      // @ts-expect-error the plain client is not a transaction
      commitTurnEnding(db, scope, ending),
      // @ts-expect-error the plain client is not a transaction
      queueOutboundReplies(db, replies),
      // @ts-expect-error the raw client of db.$transaction carries no brand: only inTransaction gives a Tx
      commitTurnEnding(raw, scope, ending),
      inTransaction(db, (tx) => commitTurnEnding(tx, scope, ending)),
      inTransaction(db, (tx) => queueOutboundReplies(tx, replies)),
    ];
    expect(misuses).toBeTypeOf('function');
  });
});

describe('inTransaction', () => {
  let database: TestDatabase;
  const probe = (tx: Queryable) => tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM tenants WHERE slug LIKE 'in-tx-%'`;
  const insert = (tx: Tx, slug: string) =>
    tx.$executeRaw`INSERT INTO tenants (slug, name, timezone, phone_number_id) VALUES (${slug}, 'T', 'America/Sao_Paulo', ${slug})`;

  it('commits what the work wrote and returns its value', async () => {
    database = await testDatabase();
    const value = await inTransaction(database.db, async (tx) => {
      await insert(tx, 'in-tx-commit');
      return 'done';
    });
    expect(value).toBe('done');
    expect((await probe(database.db))[0]?.n).toBe(1);
  });

  it('rolls everything back when the work throws, and passes the error through', async () => {
    database = await testDatabase();
    const failure = new Error('stop here');
    await expect(
      inTransaction(database.db, async (tx) => {
        await insert(tx, 'in-tx-rollback');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await probe(database.db))[0]?.n).toBe(1);
  });

  it('passes the options on: the isolation level and the timeout', async () => {
    database = await testDatabase();
    const level = await inTransaction(
      database.db,
      async (tx) => (await tx.$queryRaw<{ level: string }[]>`SELECT current_setting('transaction_isolation') AS level`)[0]?.level,
      { isolationLevel: 'Serializable' },
    );
    expect(level).toBe('serializable');
    await expect(inTransaction(database.db, (tx) => tx.$executeRaw`SELECT pg_sleep(1)`, { timeout: 100 })).rejects.toThrow();
  });
});
