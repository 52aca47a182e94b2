import type { Queryable } from '../db/index.js';
import type { ModelMessage } from './model-types.js';

export interface RunRecord {
  id: number;
  iterations: number;
  /** input tokens counted against the budget: uncached + cache reads + cache writes */
  budgetedInputTokens: number;
  stopReason: string | null;
}

/**
 * What a run starts from, besides its history: its own row, the tenant's prompt facts, the
 * history's watermark, the customer's waitlist days and the appointments whose deposit is paid.
 */
export interface RunStart {
  /** the caller-created `agent_runs` row of this run, tenant-scoped; null when it does not exist */
  run: RunRecord | null;
  tenant: { name: string; businessInfo: string; timezone: string } | null;
  /** the highest message id already folded into the conversation's history (0 when none) */
  watermark: number;
  /**
   * The local days the conversation's customer waits for on the waitlist (open or offered entries
   * whose day has not ended): what "você está na lista de espera" may repeat.
   */
  waitlistDays: { date: string }[];
  /**
   * The local slots of the customer's appointments, not yet ended, whose deposit is paid (the
   * payment provider's webhook sets it, never the model): what "recebemos seu Pix" may repeat.
   */
  paidDeposits: { date: string; start: string; end: string }[];
}

/**
 * The run's row, its tenant, the history's watermark, the customer's waitlist days and paid
 * deposits in ONE statement (five reads otherwise: every run starts with them).
 */
export async function loadRunStart(
  db: Queryable,
  scope: { tenantId: number; conversationId: number; runId: number },
  now: Date,
): Promise<RunStart> {
  const [row] = await db.$queryRaw<
    {
      name: string;
      business_info: string;
      timezone: string;
      run_id: number | null;
      iterations: number | null;
      budgeted_input_tokens: number | null;
      stop_reason: string | null;
      watermark: number | null;
      waitlist_days: string[] | null;
      paid_deposits: { date: string; start: string; end: string }[] | null;
    }[]
  >`
    SELECT t.name, t.business_info, t.timezone,
           r.id AS run_id, r.iterations, (r.input_tokens + r.cache_read_tokens + r.cache_write_tokens)::int AS budgeted_input_tokens,
           r.stop_reason,
           (SELECT max(last_message_id) FROM agent_history
             WHERE tenant_id = ${scope.tenantId} AND conversation_id = ${scope.conversationId}) AS watermark,
           (SELECT array_agg(DISTINCT w.date ORDER BY w.date) FROM waitlist_entries w
              JOIN conversations c ON c.id = ${scope.conversationId} AND c.tenant_id = w.tenant_id AND c.customer_id = w.customer_id
             WHERE w.tenant_id = ${scope.tenantId} AND w.status IN ('open', 'offered') AND w.expires_at > ${now}) AS waitlist_days,
           (SELECT json_agg(json_build_object(
                     'date', to_char(a.starts_at AT TIME ZONE t.timezone, 'YYYY-MM-DD'),
                     'start', to_char(a.starts_at AT TIME ZONE t.timezone, 'HH24:MI'),
                     'end', to_char(a.ends_at AT TIME ZONE t.timezone, 'HH24:MI')) ORDER BY a.starts_at)
              FROM deposits d
              JOIN appointments a ON a.id = d.appointment_id AND a.tenant_id = d.tenant_id
              JOIN conversations c ON c.id = ${scope.conversationId} AND c.tenant_id = a.tenant_id AND c.customer_id = a.customer_id
             WHERE d.tenant_id = ${scope.tenantId} AND d.status = 'paid' AND a.ends_at > ${now}) AS paid_deposits
    FROM tenants t
    LEFT JOIN agent_runs r ON r.id = ${scope.runId} AND r.tenant_id = t.id AND r.conversation_id = ${scope.conversationId}
    WHERE t.id = ${scope.tenantId}`;
  if (!row) return { run: null, tenant: null, watermark: 0, waitlistDays: [], paidDeposits: [] };
  const run =
    row.run_id === null
      ? null
      : {
          id: row.run_id,
          iterations: row.iterations ?? 0,
          budgetedInputTokens: row.budgeted_input_tokens ?? 0,
          stopReason: row.stop_reason,
        };
  return {
    run,
    tenant: { name: row.name, businessInfo: row.business_info, timezone: row.timezone },
    watermark: row.watermark ?? 0,
    waitlistDays: (row.waitlist_days ?? []).map((date) => ({ date })),
    paidDeposits: row.paid_deposits ?? [],
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
  // One statement: the last run that ended otherwise is a subquery, not a read of its own.
  return db.$queryRaw<{ name: string; input: unknown; isError: boolean; result: unknown }[]>`
    SELECT c.name, c.input, c.is_error AS "isError", c.result
    FROM agent_tool_calls c JOIN agent_runs r ON r.id = c.run_id AND r.tenant_id = c.tenant_id
    WHERE c.tenant_id = ${tenantId} AND r.conversation_id = ${conversationId}
      AND (r.id = ${runId} OR (r.outcome = 'superseded' AND r.id < ${runId} AND r.id > coalesce((
        SELECT max(id) FROM agent_runs
        WHERE tenant_id = ${tenantId} AND conversation_id = ${conversationId} AND id < ${runId}
          AND status <> 'running' AND (outcome IS NULL OR outcome <> 'superseded')), 0)))
    ORDER BY c.id`;
}
