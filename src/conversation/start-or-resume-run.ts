import { type Db, inTransaction, type Queryable } from '../db/index.js';
import { commitTurnEnding } from './commit-turn-ending.js';
import { type LoadedTurn, scopeOf } from './load-turn.js';

/**
 * The run of this turn: the one a previous attempt of the same job started (job key
 * `conv:<id>:upto:<last message id>`), else a new one. A run left `running` for an earlier
 * set of messages is superseded by this turn, which sees those messages too: it ends as
 * `superseded` through the turn-ending commit, in the same transaction as the new run.
 * Nothing a superseded run said was sent or remembered as said (its ending was never
 * committed), so the new run answers all the messages.
 */
export async function startOrResumeRun(db: Db, turn: LoadedTurn, responder: { name: string }): Promise<{ id: number }> {
  const jobKey = `conv:${turn.conversationId}:upto:${turn.messages.at(-1)?.id ?? 0}`;
  const existing = await db.agentRun.findFirst({
    where: { tenantId: turn.tenantId, conversationId: turn.conversationId, jobKey, status: 'running' },
    select: { id: true },
  });
  if (existing) return existing;
  const create = (client: Queryable) =>
    client.agentRun.create({
      data: { tenantId: turn.tenantId, conversationId: turn.conversationId, responder: responder.name, status: 'running', jobKey },
      select: { id: true },
    });
  const runningWhere = { tenantId: turn.tenantId, conversationId: turn.conversationId, status: 'running' };
  // The usual case has nothing to supersede: one insert, no interactive transaction holding a connection.
  if ((await db.agentRun.count({ where: runningWhere })) === 0) return create(db);
  return inTransaction(db, async (tx) => {
    const stale = await tx.agentRun.findMany({ where: runningWhere, select: { id: true } });
    for (const run of stale) await commitTurnEnding(tx, scopeOf(turn), { kind: 'superseded', run });
    return create(tx);
  });
}
