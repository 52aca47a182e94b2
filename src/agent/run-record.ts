import type { Queryable } from '../db/index.js';
import type { ModelMessage } from './model-types.js';

export interface RunRecord {
  id: number;
  iterations: number;
  /** input tokens counted against the budget: uncached + cache reads + cache writes */
  budgetedInputTokens: number;
  stopReason: string | null;
}

/** The caller-created `agent_runs` row of this run, tenant-scoped; null when it does not exist. */
export async function loadRunRecord(
  db: Queryable,
  scope: { tenantId: number; conversationId: number; runId: number },
): Promise<RunRecord | null> {
  const row = await db.agentRun.findFirst({
    where: { id: scope.runId, tenantId: scope.tenantId, conversationId: scope.conversationId },
    select: {
      id: true,
      iterations: true,
      inputTokens: true,
      cacheReadTokens: true,
      cacheWriteTokens: true,
      stopReason: true,
    },
  });
  if (!row) return null;
  return {
    id: row.id,
    iterations: row.iterations,
    budgetedInputTokens: row.inputTokens + row.cacheReadTokens + row.cacheWriteTokens,
    stopReason: row.stopReason,
  };
}

/** Input tokens of one response as the budget counts them. */
export function budgetedInputTokensOf(message: ModelMessage): number {
  const usage = message.usage;
  return usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);
}

/**
 * The tool calls a run's ledger starts from: its own (a resumed run), plus those of the runs
 * it superseded (runs of this conversation, after its last run that ended otherwise, that
 * ended `superseded`). Their writes really happened and their steps are in the history the
 * model reads, so they back its claims too: "agendado!" after a booking whose answer was
 * never committed is true.
 */
export async function loadLedgerCalls(
  db: Queryable,
  scope: { tenantId: number; conversationId: number; runId: number },
): Promise<{ name: string; input: unknown; isError: boolean; result: unknown }[]> {
  const { tenantId, conversationId, runId } = scope;
  const lastEnded = await db.agentRun.findFirst({
    where: {
      tenantId,
      conversationId,
      id: { lt: runId },
      status: { not: 'running' },
      OR: [{ outcome: null }, { outcome: { not: 'superseded' } }],
    },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
  return db.agentToolCall.findMany({
    where: {
      tenantId,
      run: { conversationId, OR: [{ id: runId }, { outcome: 'superseded', id: { gt: lastEnded?.id ?? 0, lt: runId } }] },
    },
    orderBy: { id: 'asc' },
    select: { name: true, input: true, isError: true, result: true },
  });
}
