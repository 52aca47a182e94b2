import type { Db, Prisma } from '../db/index.js';
import type { ModelMessage } from './model-types.js';
import type { RunOutcome } from './responder.js';

type Tx = Db | Prisma.TransactionClient;

export interface RunRecord {
  id: number;
  iterations: number;
  /** input tokens counted against the budget: uncached + cache reads + cache writes */
  budgetedInputTokens: number;
  durationMs: number;
  stopReason: string | null;
  truncated: boolean;
  /** set once the loop finished: a retried job returns this instead of running again */
  result: RunOutcome | null;
}

/** The caller-created `agent_runs` row of this run, tenant-scoped; null when it does not exist. */
export async function loadRunRecord(db: Tx, scope: { tenantId: number; conversationId: number; runId: number }): Promise<RunRecord | null> {
  const row = await db.agentRun.findFirst({
    where: { id: scope.runId, tenantId: scope.tenantId, conversationId: scope.conversationId },
    select: {
      id: true,
      iterations: true,
      inputTokens: true,
      cacheReadTokens: true,
      cacheWriteTokens: true,
      durationMs: true,
      stopReason: true,
      truncated: true,
      result: true,
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    iterations: row.iterations,
    budgetedInputTokens: row.inputTokens + row.cacheReadTokens + row.cacheWriteTokens,
    durationMs: row.durationMs ?? 0,
    stopReason: row.stopReason,
    truncated: row.truncated,
    result: (row.result as RunOutcome | null) ?? null,
  };
}

/** Input tokens of one response as the budget counts them. */
export function budgetedInputTokensOf(message: ModelMessage): number {
  const usage = message.usage;
  return usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);
}
