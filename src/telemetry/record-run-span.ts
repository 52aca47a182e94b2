import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';

/** recordRunSpan for callers that must not fail: no tracer, nothing to do; an error is logged. */
export async function traceRun(tracer: Tracer | undefined, db: Db, runId: number | null, logger: Logger): Promise<void> {
  if (!tracer || runId === null) return;
  await recordRunSpan(tracer, db, runId).catch((error: unknown) => logger.warn({ err: error, runId }, 'run span not recorded'));
}

/**
 * One span per finished run (`agent.run`), from its stored row: it starts when the run
 * started and ends when it finished, with `exit`, `stop.reason`, the handoff reason, the
 * responder, token counts (`gen_ai.usage.*`), iterations and tool calls as attributes;
 * status ERROR for the `error` exit. Best effort: a failure here never fails the turn.
 */
export async function recordRunSpan(tracer: Tracer, db: Db, runId: number): Promise<void> {
  const run = await db.agentRun.findUnique({
    where: { id: runId },
    select: {
      id: true,
      tenantId: true,
      conversationId: true,
      responder: true,
      model: true,
      exit: true,
      stopReason: true,
      handoffReason: true,
      iterations: true,
      inputTokens: true,
      outputTokens: true,
      cacheReadTokens: true,
      cacheWriteTokens: true,
      startedAt: true,
      finishedAt: true,
      toolCalls: { select: { name: true, isError: true }, orderBy: { id: 'asc' } },
    },
  });
  if (!run) return;
  const span = tracer.startSpan('agent.run', {
    startTime: run.startedAt,
    attributes: {
      'run.id': run.id,
      'tenant.id': run.tenantId,
      'conversation.id': run.conversationId,
      'run.responder': run.responder,
      exit: run.exit ?? 'unknown',
      'stop.reason': run.stopReason ?? 'none',
      ...(run.handoffReason ? { 'handoff.reason': run.handoffReason } : {}),
      ...(run.model ? { 'gen_ai.request.model': run.model } : {}),
      'gen_ai.usage.input_tokens': run.inputTokens,
      'gen_ai.usage.output_tokens': run.outputTokens,
      'gen_ai.usage.cache_read_input_tokens': run.cacheReadTokens,
      'gen_ai.usage.cache_creation_input_tokens': run.cacheWriteTokens,
      'agent.iterations': run.iterations,
      'agent.tool_calls': run.toolCalls.length,
      'agent.tool_errors': run.toolCalls.filter((call) => call.isError).length,
      'agent.tool_names': run.toolCalls.map((call) => call.name),
    },
  });
  if (run.exit === 'error') span.setStatus({ code: SpanStatusCode.ERROR, message: run.handoffReason ?? 'run failed' });
  span.end(run.finishedAt ?? new Date());
}
