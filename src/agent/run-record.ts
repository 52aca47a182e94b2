import type { Db, Prisma } from '../db/index.js';
import type { HandoffReason } from '../handoff/index.js';
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

/** Adds one model call (its usage, model and stop_reason) to the run row, so a crash still leaves the counts. */
export async function recordModelCall(db: Tx, runId: number, message: ModelMessage): Promise<void> {
  const usage = message.usage;
  await db.agentRun.update({
    where: { id: runId },
    data: {
      model: message.model,
      stopReason: message.stop_reason ?? 'null',
      iterations: { increment: 1 },
      inputTokens: { increment: usage.input_tokens },
      outputTokens: { increment: usage.output_tokens },
      cacheReadTokens: { increment: usage.cache_read_input_tokens ?? 0 },
      cacheWriteTokens: { increment: usage.cache_creation_input_tokens ?? 0 },
    },
    select: { id: true },
  });
}

export interface RunEnding {
  outcome: RunOutcome;
  /** the last model stop_reason, or the loop's own terminal reason (cancelled, llm_unavailable, api_error…) */
  stopReason: string;
  handoffReason?: HandoffReason;
  truncated?: boolean;
  durationMs: number;
}

/**
 * Writes how the run ended on its row: stop reason, handoff reason, truncation, duration
 * and the outcome itself. `status`, `outcome` and `finished_at` stay the caller's, which
 * sets them when it has persisted the outcome.
 */
export async function recordRunEnding(db: Tx, runId: number, ending: RunEnding): Promise<void> {
  await db.agentRun.update({
    where: { id: runId },
    data: {
      stopReason: ending.stopReason,
      handoffReason: ending.handoffReason ?? null,
      truncated: ending.truncated ?? false,
      durationMs: ending.durationMs,
      result: ending.outcome as unknown as Prisma.InputJsonValue,
    },
    select: { id: true },
  });
}
