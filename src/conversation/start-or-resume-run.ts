import { type Db, inTransaction } from '../db/index.js';
import { commitTurnEnding } from './commit-turn-ending.js';
import { type LoadedTurn, scopeOf } from './load-turn.js';

/**
 * The run of this turn: the one a previous attempt of the same job started (job key
 * `conv:<id>:upto:<last message id>`), else a new one. A run left `running` for an earlier
 * set of messages is superseded by this turn, which sees those messages too: it ends as
 * `superseded` through the turn-ending commit, in the same transaction as the new run.
 * Nothing a superseded run said was sent or remembered as said (its ending was never
 * committed), so the new run answers all the messages.
 *
 * The usual cases (a fresh turn with nothing running, or a retried attempt resuming its own
 * run) are one statement: it reads the conversation's running runs and inserts the new one
 * only when there is none. Only a stale run to supersede opens a transaction.
 */
export async function startOrResumeRun(db: Db, turn: LoadedTurn, responder: { name: string }): Promise<{ id: number }> {
  const jobKey = `conv:${turn.conversationId}:upto:${turn.messages.at(-1)?.id ?? 0}`;
  const [row] = await db.$queryRaw<{ existing: number | null; created: number | null }[]>`
    WITH running AS (
      SELECT id, job_key FROM agent_runs
      WHERE tenant_id = ${turn.tenantId} AND conversation_id = ${turn.conversationId} AND status = 'running'
    ),
    created AS (
      INSERT INTO agent_runs (tenant_id, conversation_id, responder, status, job_key)
      SELECT ${turn.tenantId}, ${turn.conversationId}, ${responder.name}, 'running', ${jobKey}
      WHERE NOT EXISTS (SELECT 1 FROM running)
      RETURNING id
    )
    SELECT (SELECT min(id) FROM running WHERE job_key = ${jobKey}) AS existing, (SELECT id FROM created) AS created`;
  const id = row?.existing ?? row?.created;
  if (id) return { id };
  return inTransaction(db, async (tx) => {
    const runningWhere = { tenantId: turn.tenantId, conversationId: turn.conversationId, status: 'running' };
    const stale = await tx.agentRun.findMany({ where: runningWhere, select: { id: true } });
    for (const run of stale) await commitTurnEnding(tx, scopeOf(turn), { kind: 'superseded', run });
    return tx.agentRun.create({
      data: { tenantId: turn.tenantId, conversationId: turn.conversationId, responder: responder.name, status: 'running', jobKey },
      select: { id: true },
    });
  });
}
