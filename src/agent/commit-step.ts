import type { Db } from '../db/index.js';
import type { ModelMessage, Turn } from './model-types.js';

/** One `agent_tool_calls` row. */
export interface ToolCallRecord {
  toolUseId: string;
  name: string;
  input: unknown;
  /** the handler's value, or `{ error: message }` for a failure; null when the handler returned nothing */
  result: unknown;
  isError: boolean;
  errorClass: string | null;
  durationMs: number;
}

/** Everything one step of a run writes: model calls to count, tool call records, history turns. The ending is the turn's commit. */
export interface StepWrites {
  modelCalls?: ModelMessage[];
  records?: ToolCallRecord[];
  turns?: (Turn & { lastMessageId?: number })[];
}

/**
 * Commits one step's bookkeeping in a single statement (one round trip) and returns the
 * ids of the inserted history turns, in order. The statement sets `synchronous_commit =
 * off` for itself: the commit does not wait for the WAL flush, which would otherwise be
 * most of every iteration's cost. Safe because PostgreSQL flushes WAL in order: any later
 * synchronous commit (an appointment written by a tool, the conversation job persisting
 * the turn's ending) makes these writes durable too; a tail lost in a database crash only means
 * the run resumes from an earlier step, where recorded tool results are reused and write
 * tools are idempotent per tool_use id. Tool call records skip ids already recorded.
 */
export async function commitStep(
  db: Db,
  scope: { tenantId: number; conversationId: number; runId: number },
  writes: StepWrites,
): Promise<number[]> {
  const calls = writes.modelCalls ?? [];
  const sum = (pick: (message: ModelMessage) => number | null | undefined) =>
    calls.reduce((total, message) => total + (pick(message) ?? 0), 0);
  const lastCall = calls.at(-1);
  const updatesRun = calls.length > 0;
  const records = (writes.records ?? []).map((record) => ({
    tool_use_id: record.toolUseId,
    name: record.name,
    input: record.input ?? {},
    result: record.result ?? null,
    is_error: record.isError,
    error_class: record.errorClass,
    duration_ms: record.durationMs,
  }));
  const turns = (writes.turns ?? []).map((turn) => ({
    role: turn.role,
    content: turn.content,
    last_message_id: turn.lastMessageId ?? null,
  }));
  const rows = await db.$queryRaw<{ ids: number[] | null }[]>`
    WITH settings AS (SELECT set_config('synchronous_commit', 'off', true) AS value),
    run AS (
      UPDATE agent_runs SET
        model = COALESCE(${lastCall?.model ?? null}::text, model),
        iterations = iterations + ${calls.length}::int,
        input_tokens = input_tokens + ${sum((message) => message.usage.input_tokens)}::int,
        output_tokens = output_tokens + ${sum((message) => message.usage.output_tokens)}::int,
        cache_read_tokens = cache_read_tokens + ${sum((message) => message.usage.cache_read_input_tokens)}::int,
        cache_write_tokens = cache_write_tokens + ${sum((message) => message.usage.cache_creation_input_tokens)}::int
      WHERE ${updatesRun}::boolean AND id = ${scope.runId}::int AND tenant_id = ${scope.tenantId}::int
      RETURNING id),
    records AS (
      INSERT INTO agent_tool_calls (run_id, tenant_id, tool_use_id, name, input, result, is_error, error_class, duration_ms)
      SELECT ${scope.runId}::int, ${scope.tenantId}::int, r.tool_use_id, r.name, r.input, r.result, r.is_error, r.error_class, r.duration_ms
        FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          AS r(tool_use_id text, name text, input jsonb, result jsonb, is_error boolean, error_class text, duration_ms int)
      ON CONFLICT (tool_use_id) DO NOTHING
      RETURNING id),
    turns AS (
      INSERT INTO agent_history (tenant_id, conversation_id, run_id, role, content, last_message_id)
      SELECT ${scope.tenantId}::int, ${scope.conversationId}::int, ${scope.runId}::int, t.item->>'role', t.item->'content', (t.item->>'last_message_id')::int
        FROM jsonb_array_elements(${JSON.stringify(turns)}::jsonb) WITH ORDINALITY AS t(item, position)
       ORDER BY t.position
      RETURNING id)
    SELECT (SELECT value FROM settings) AS settings,
           (SELECT count(*) FROM run) AS runs,
           (SELECT count(*) FROM records) AS records,
           (SELECT array_agg(id ORDER BY id) FROM turns) AS ids`;
  return rows[0]?.ids ?? [];
}
