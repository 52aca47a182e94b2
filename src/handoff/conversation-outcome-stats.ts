import type { Queryable } from '../db/index.js';

/** How the period's conversations went, for the owner's overview. */
export interface ConversationOutcomeStats {
  /** conversations in which the customer wrote during the period */
  conversations: number;
  /** of those, the ones with no handoff opened during the period: the bot finished them without a person */
  finishedByBot: number;
  /** finishedByBot ÷ conversations; null without conversations */
  botShare: number | null;
  /**
   * seconds from a handoff's creation to its claim, over the handoffs created in the period that
   * waited in the queue (takeovers and the owner's replies from the app start claimed and are left out);
   * unclaimed ones are counted apart and left out of the percentiles
   */
  handoffWait: { p50Seconds: number | null; p90Seconds: number | null; claimed: number; unclaimed: number };
}

/** Handoffs a person opened already claimed: they never waited in the queue. */
const OPENED_CLAIMED = ['staff_takeover', 'owner_replied'];

/**
 * The share of conversations the bot finished without a person, and the human queue's wait,
 * over `[from, to)`, for one tenant only.
 */
export async function computeConversationOutcomeStats(
  db: Queryable,
  query: { tenantId: number; from: Date; to: Date },
): Promise<ConversationOutcomeStats> {
  const [shares, waits] = await Promise.all([
    db.$queryRaw<{ conversations: number; with_person: number }[]>`
      SELECT count(*)::int AS conversations,
             count(*) FILTER (WHERE EXISTS (
               SELECT 1 FROM handoffs h WHERE h.tenant_id = c.tenant_id AND h.conversation_id = c.id
                  AND h.created_at >= ${query.from} AND h.created_at < ${query.to}))::int AS with_person
        FROM conversations c
       WHERE c.tenant_id = ${query.tenantId}::int AND EXISTS (
               SELECT 1 FROM messages m WHERE m.tenant_id = c.tenant_id AND m.conversation_id = c.id AND m.direction = 'inbound'
                  AND m.created_at >= ${query.from} AND m.created_at < ${query.to})`,
    db.$queryRaw<{ p50: number | null; p90: number | null; claimed: number; unclaimed: number }[]>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM claimed_at - created_at))
               FILTER (WHERE claimed_at IS NOT NULL) AS p50,
             percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM claimed_at - created_at))
               FILTER (WHERE claimed_at IS NOT NULL) AS p90,
             count(*) FILTER (WHERE claimed_at IS NOT NULL)::int AS claimed,
             count(*) FILTER (WHERE claimed_at IS NULL)::int AS unclaimed
        FROM handoffs
       WHERE tenant_id = ${query.tenantId}::int AND created_at >= ${query.from} AND created_at < ${query.to}
         AND reason <> ALL(${OPENED_CLAIMED}::text[])`,
  ]);
  const share = shares[0] ?? { conversations: 0, with_person: 0 };
  const wait = waits[0] ?? { p50: null, p90: null, claimed: 0, unclaimed: 0 };
  const finishedByBot = share.conversations - share.with_person;
  return {
    conversations: share.conversations,
    finishedByBot,
    botShare: share.conversations > 0 ? finishedByBot / share.conversations : null,
    handoffWait: {
      p50Seconds: wait.p50 === null ? null : Math.round(Number(wait.p50)),
      p90Seconds: wait.p90 === null ? null : Math.round(Number(wait.p90)),
      claimed: wait.claimed,
      unclaimed: wait.unclaimed,
    },
  };
}
