import type { Db } from '../db/index.js';

/** Conversations looked at per statement: keeps each delete short. */
const CONVERSATIONS_PER_BATCH = 500;

/**
 * Drops the model history no run can read any more: of every conversation with history
 * written since `since`, the entries older than its newest `window` (what loadRecentHistory
 * reads, AGENT_HISTORY_MAX_MESSAGES) are deleted. The messages stay (the conversation as the
 * customer and attendants saw it), and so do the tool calls (inputs and results, until
 * retention). Two entries are always kept: those of a run still running, and the one holding
 * the conversation's highest `last_message_id` (where the next run starts reading). The agent
 * sees the same window before and after. Idempotent; run by the daily maintenance job.
 */
export async function compactAgentHistory(db: Db, options: { window: number; since: Date }): Promise<number> {
  let deleted = 0;
  let after = 0;
  for (;;) {
    const conversations = await db.$queryRaw<{ id: number; tenantId: number }[]>`
      SELECT DISTINCT conversation_id AS id, tenant_id AS "tenantId" FROM agent_history
       WHERE created_at >= ${options.since} AND conversation_id > ${after}::int
       ORDER BY conversation_id LIMIT ${CONVERSATIONS_PER_BATCH}::int`;
    if (conversations.length === 0) return deleted;
    after = conversations.at(-1)?.id ?? after;
    deleted += await db.$executeRaw`
      WITH scope AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(conversations)}::jsonb) AS s(id int, "tenantId" int)
      ), beyond AS (
        SELECT old.id, old.created_at FROM scope
        CROSS JOIN LATERAL (
          SELECT h.id, h.created_at, h.run_id, h.last_message_id FROM agent_history h
           WHERE h.tenant_id = scope."tenantId" AND h.conversation_id = scope.id
           ORDER BY h.id DESC OFFSET ${options.window}::int
        ) old
        WHERE NOT EXISTS (SELECT 1 FROM agent_runs r WHERE r.id = old.run_id AND r.status = 'running')
          AND (old.last_message_id IS NULL OR old.last_message_id < (
            SELECT max(m.last_message_id) FROM agent_history m WHERE m.tenant_id = scope."tenantId" AND m.conversation_id = scope.id))
      )
      DELETE FROM agent_history d USING beyond WHERE d.id = beyond.id AND d.created_at = beyond.created_at`;
    if (conversations.length < CONVERSATIONS_PER_BATCH) return deleted;
  }
}
