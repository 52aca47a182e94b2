import { beforeAll, describe, expect, it } from 'vitest';
import { commitTurnEnding, GIVE_UP_NOTE, type TurnEnding, type TurnScope } from '../../src/conversation/index.js';
import { type Db, inTransaction } from '../../src/db/index.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/** Everything a turn ending may write, for one conversation: equal snapshots mean nothing was written. */
async function snapshot(db: Db, conversationId: number, runId: number | null) {
  const [conversation, messages, handoffs, history, run] = await Promise.all([
    db.conversation.findUniqueOrThrow({
      where: { id: conversationId },
      select: { assistantState: true, handoffNoticeSentAt: true, textOnlyNoticeAt: true },
    }),
    db.message.findMany({
      where: { conversationId },
      orderBy: { id: 'asc' },
      select: { id: true, direction: true, status: true, text: true, runId: true },
    }),
    db.handoff.findMany({ where: { conversationId }, select: { reason: true, status: true, note: true } }),
    db.agentHistoryEntry.findMany({ where: { conversationId }, select: { role: true, content: true } }),
    runId === null
      ? null
      : db.agentRun.findUniqueOrThrow({
          where: { id: runId },
          select: { status: true, outcome: true, handoffReason: true, stopReason: true, error: true, finishedAt: true },
        }),
  ]);
  const outboxJobs = await db.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM graphile_worker._private_jobs j JOIN messages m ON m.id = (j.payload->>'messageId')::int
    WHERE m.conversation_id = ${conversationId}`;
  return { conversation, messages, handoffs, history, run, outboxJobs: outboxJobs[0]?.n };
}

/**
 * Where the commit is made to fail: the last statement of every ending (the run's row when
 * it has one, else the messages' processing marks), and also its first write (the outbox
 * insert). A trigger raising there is what a crash or a lost connection at that point
 * looks like to the transaction.
 */
const FAILURE_POINTS = {
  outbox: { table: 'messages', when: `BEFORE INSERT ON messages FOR EACH ROW WHEN (NEW.direction = 'outbound'` },
  processed: { table: 'messages', when: `BEFORE UPDATE ON messages FOR EACH ROW WHEN (NEW.status = 'processed'` },
  run: { table: 'agent_runs', when: `BEFORE UPDATE ON agent_runs FOR EACH ROW WHEN (NEW.finished_at IS NOT NULL` },
} as const;

type Case = { name: string; ending: (runId: number) => TurnEnding; failAt: (keyof typeof FAILURE_POINTS)[]; open?: 'pending' };

const reply = (text: string) => [{ type: 'text' as const, text }];
const CASES: Case[] = [
  {
    name: 'agent answer',
    ending: (id) => ({
      kind: 'answer',
      run: { id },
      replies: reply('Temos Corte e Coloração.'),
      record: {
        historyEntry: { role: 'assistant', content: [{ type: 'text', text: 'Temos Corte e Coloração.' }] },
        stopReason: 'end_turn',
      },
    }),
    failAt: ['outbox', 'processed', 'run'],
  },
  {
    name: 'answer and handoff',
    ending: (id) => ({
      kind: 'answer_and_handoff',
      run: { id },
      reason: 'requested_by_customer',
      replies: reply('Vou chamar uma pessoa.'),
    }),
    failAt: ['outbox', 'processed', 'run'],
  },
  {
    name: 'handoff',
    ending: (id) => ({ kind: 'handoff', run: { id }, reason: 'offline_not_understood' }),
    failAt: ['outbox', 'processed', 'run'],
  },
  {
    name: 'silence while a human owns the chat',
    ending: () => ({ kind: 'silence_while_handed_off' }),
    failAt: ['outbox', 'processed'],
    open: 'pending',
  },
  { name: 'unreadable-message notice', ending: () => ({ kind: 'unreadable_notice', audio: true }), failAt: ['outbox', 'processed'] },
  { name: 'give-up after retries', ending: (id) => ({ kind: 'give_up', run: { id } }), failAt: ['outbox', 'processed', 'run'] },
  {
    name: 'cancelled',
    ending: (id) => ({ kind: 'cancelled', run: { id }, record: { stopReason: 'cancelled' } }),
    failAt: ['processed', 'run'],
  },
  { name: 'superseded', ending: (id) => ({ kind: 'superseded', run: { id } }), failAt: ['run'] },
  {
    name: 'offline assistant answer with its state',
    ending: (id) => ({
      kind: 'answer',
      run: { id },
      replies: reply('Qual serviço?'),
      record: { assistantState: { version: 1, current: { step: 'choose_service' } } },
    }),
    failAt: ['outbox', 'processed', 'run'],
  },
];

describe('commitTurnEnding: every ending is all or nothing', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });

  async function turnWithRun(open?: 'pending') {
    const db = database.db;
    const { conversation } = await createTestConversation(db, tenant.id);
    const inbound = await db.message.create({
      data: {
        tenantId: tenant.id,
        conversationId: conversation.id,
        direction: 'inbound',
        author: 'customer',
        type: 'audio',
        text: null,
        status: 'received',
      },
    });
    const run = await db.agentRun.create({ data: { tenantId: tenant.id, conversationId: conversation.id, status: 'running' } });
    if (open) await db.handoff.create({ data: { tenantId: tenant.id, conversationId: conversation.id, reason: 'requested_by_customer' } });
    const scope: TurnScope = { tenantId: tenant.id, conversationId: conversation.id, messageIds: [inbound.id] };
    return { scope, runId: run.id };
  }

  const commit = (scope: TurnScope, ending: TurnEnding) => inTransaction(database.db, (tx) => commitTurnEnding(tx, scope, ending));

  for (const testCase of CASES) {
    for (const point of testCase.failAt) {
      it(`when the commit of "${testCase.name}" fails at the ${point} write, then nothing of it is stored, and the retry stores all of it`, async () => {
        const { scope, runId } = await turnWithRun(testCase.open);
        const before = await snapshot(database.db, scope.conversationId, runId);
        const trigger = `fail_${point}_${scope.conversationId}`;
        await database.db.$executeRawUnsafe(`
          CREATE OR REPLACE FUNCTION ${trigger}() RETURNS trigger AS $$
          BEGIN RAISE EXCEPTION 'simulated crash at the ${point} write'; END $$ LANGUAGE plpgsql`);
        const { table, when } = FAILURE_POINTS[point];
        await database.db.$executeRawUnsafe(
          `CREATE TRIGGER ${trigger} ${when} AND NEW.conversation_id = ${scope.conversationId}) EXECUTE FUNCTION ${trigger}()`,
        );

        await expect(commit(scope, testCase.ending(runId))).rejects.toThrow();
        expect(await snapshot(database.db, scope.conversationId, runId)).toEqual(before);

        await database.db.$executeRawUnsafe(`DROP TRIGGER ${trigger} ON ${table}`);
        await commit(scope, testCase.ending(runId));
        const after = await snapshot(database.db, scope.conversationId, runId);
        expect(after).not.toEqual(before);
        if (testCase.ending(runId).kind !== 'superseded') {
          expect(after.messages.filter((message) => message.direction === 'inbound').map((message) => message.status)).toEqual([
            'processed',
          ]);
        }
        const ending = testCase.ending(runId);
        // The run's lifecycle columns are part of the same commit when the ending closes a run.
        if ('run' in ending && ending.run) expect(after.run?.finishedAt).not.toBeNull();
        else expect(after.run).toEqual(before.run);
        // Each outbound row has its send job, in the same commit.
        expect(Number(after.outboxJobs)).toBe(after.messages.filter((message) => message.direction === 'outbound').length);
      });
    }
  }

  it('when a turn is given up, then the handoff note and the run error are a fixed text, never the exception', async () => {
    const { scope, runId } = await turnWithRun();
    await commit(scope, { kind: 'give_up', run: { id: runId } });
    const handoff = await database.db.handoff.findFirstOrThrow({ where: { conversationId: scope.conversationId } });
    expect(handoff).toMatchObject({ reason: 'processing_failed', note: GIVE_UP_NOTE });
    const run = await database.db.agentRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({ status: 'failed', outcome: 'give_up', error: GIVE_UP_NOTE });
  });

  it('when an attendant claimed the chat before the commit, then a run answer is committed as cancelled: nothing sent or remembered', async () => {
    const { scope, runId } = await turnWithRun();
    await database.db.handoff.create({
      data: {
        tenantId: tenant.id,
        conversationId: scope.conversationId,
        reason: 'requested_by_customer',
        status: 'claimed',
        claimedAt: new Date(),
      },
    });
    const kind = await commit(scope, {
      kind: 'answer',
      run: { id: runId },
      replies: reply('Olá!'),
      record: { historyEntry: { role: 'assistant', content: [{ type: 'text', text: 'Olá!' }] } },
    });
    expect(kind).toBe('cancelled');
    const after = await snapshot(database.db, scope.conversationId, runId);
    expect(after.messages.filter((message) => message.direction === 'outbound')).toEqual([]);
    expect(after.history).toEqual([]);
    expect(after.run).toMatchObject({ status: 'completed', outcome: 'cancelled' });
  });

  it('when a run answers, then its replies are stored once, in the outbox: the run row keeps no copy of them', async () => {
    const { scope, runId } = await turnWithRun();
    const text = `Temos horário às 15h, ${runId}.`;
    await commit(scope, { kind: 'answer', run: { id: runId }, replies: reply(text) });
    const [row] = await database.db.$queryRaw<{ run: string }[]>`SELECT to_jsonb(r)::text AS run FROM agent_runs r WHERE id = ${runId}`;
    expect(row?.run).toContain('"outcome": "answer"');
    expect(row?.run).not.toContain(text);
    const outbound = await database.db.message.findMany({ where: { runId, direction: 'outbound' }, select: { text: true } });
    expect(outbound).toEqual([{ text }]);
  });

  it('when a run ends, then duration_ms is the wall time from its start to the commit', async () => {
    const { scope, runId } = await turnWithRun();
    await database.db.$executeRaw`UPDATE agent_runs SET started_at = now() - interval '2 seconds' WHERE id = ${runId}`;
    await commit(scope, { kind: 'answer', run: { id: runId }, replies: reply('Oi!') });
    const run = await database.db.agentRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.durationMs).toBeGreaterThanOrEqual(2000);
    expect(run.durationMs).toBeLessThan(60_000);
    expect(Math.abs((run.finishedAt?.getTime() ?? 0) - run.startedAt.getTime() - (run.durationMs ?? 0))).toBeLessThan(5);
  });
});
