import { historyMessageWatermark, loadRecentHistory } from './agent-history.js';
import type { AgentLoopDeps } from './agent-loop-deps.js';
import { customerTexts, modelTexts } from './agent-texts.js';
import { settleAnswer } from './answer-step.js';
import { buildInboundTurn } from './build-inbound-turn.js';
import { buildSystemPrompt } from './build-system-prompt.js';
import { endWithForcedAnswer, endWithModelFailure, endWithTransfer, textReply } from './end-run.js';
import { executeToolCalls } from './execute-tool-calls.js';
import { readFinalAnswer } from './final-answer-tool.js';
import { lastCompleteSentence } from './last-complete-sentence.js';
import type { ModelMessage, ToolUseBlock } from './model-types.js';
import type { RespondInput, RunOutcome } from './responder.js';
import { assistantTurnOf, textOf, toolUsesOf } from './response-content.js';
import { loadRunRecord } from './run-record.js';
import { RunSession } from './run-session.js';
import { RunToolLedger } from './run-tool-ledger.js';

/** A tool call cut off by max_tokens is asked for again once, with this many times the limit. */
const TRUNCATED_TOOL_USE_RETRY_FACTOR = 4;
const MAX_OUTPUT_TOKENS_CEILING = 8192;

/**
 * Runs the Claude agent over one turn of a conversation and returns how it ended. Every
 * way out is named: an answer; a handoff with its reason (and the replies to send first);
 * or `cancelled` when `input.signal` was aborted (checked before every model call; nothing
 * is sent). Model outages and API errors become handoffs, never exceptions: only a
 * database failure escapes, and the job's retry then resumes the run from its stored
 * history (tool calls already done are not repeated) or replays its stored outcome.
 */
export async function runAgentLoop(deps: AgentLoopDeps, input: RespondInput): Promise<RunOutcome> {
  const scope = { tenantId: input.tenantId, conversationId: input.conversationId, runId: input.runId };
  const run = await loadRunRecord(deps.db, scope);
  if (!run) throw new Error(`agent run ${input.runId} not found for this tenant and conversation`);
  if (run.result) {
    deps.logger.info({ runId: run.id }, 'agent run already finished: replaying its outcome');
    return run.result;
  }
  const [tenant, recordedCalls, history, watermark] = await Promise.all([
    deps.db.tenant.findUniqueOrThrow({ where: { id: input.tenantId }, select: { name: true, businessInfo: true, timezone: true } }),
    deps.db.agentToolCall.findMany({
      where: { runId: run.id, tenantId: input.tenantId },
      orderBy: { id: 'asc' },
      select: { name: true, input: true, isError: true, result: true },
    }),
    loadRecentHistory(deps.db, scope, deps.settings.historyMaxMessages),
    historyMessageWatermark(deps.db, scope),
  ]);
  const system = buildSystemPrompt(tenant, deps.clock.now());
  const session = new RunSession(deps, input, run, system, RunToolLedger.fromRecorded(recordedCalls), history);

  const resumedFrom = session.lastEntryOfRun();
  if (!resumedFrom) {
    const inbound = await buildInboundTurn(deps.db, { ...scope, watermark }, input.messages);
    if (!inbound) return session.finish({ kind: 'answer', replies: [] }, { stopReason: 'nothing_to_answer' });
    await session.append({ role: 'user', content: inbound.content }, { lastMessageId: inbound.lastMessageId });
  } else if (resumedFrom.role === 'assistant') {
    deps.logger.info({ runId: run.id }, 'agent run resumed after an interruption');
    const pending = resumedFrom.content.filter((block) => block.type === 'tool_use') as ToolUseBlock[];
    if (pending.length > 0) await runTools(session, pending, { reuseRecorded: true });
  }
  return loop(session);
}

async function loop(session: RunSession): Promise<RunOutcome> {
  const { settings } = session.deps;
  let maxTokens = settings.maxOutputTokens;
  for (;;) {
    if (session.input.signal.aborted) return session.finish({ kind: 'cancelled' }, { stopReason: 'cancelled' });
    const transferReason = session.ledger.transferRequested();
    if (transferReason !== null) return endWithTransfer(session, transferReason);
    const exhausted = session.exhaustedBudget();
    if (exhausted) return endWithForcedAnswer(session, exhausted);

    const result = await session.call(session.request({ maxTokens }), 'regular');
    if (!result.ok) {
      if (result.failure === 'deadline') return endWithForcedAnswer(session, 'deadline');
      return endWithModelFailure(session, result.failure, result.error);
    }
    const response = result.message;
    const retriedForTruncation = maxTokens > settings.maxOutputTokens;
    maxTokens = settings.maxOutputTokens;

    // pause_turn must be handled before any "no tool_use → done" exit: a paused turn has no
    // tool_use blocks yet is not finished. The API continues it when it gets the assistant
    // content back as the last turn.
    if (response.stop_reason === 'pause_turn') {
      await session.append(assistantTurnOf(response));
      continue;
    }
    if (response.stop_reason === 'tool_use') {
      const toolUses = toolUsesOf(response);
      const finalAnswer = readFinalAnswer(toolUses);
      if (finalAnswer) {
        const next = await settleAnswer(session, { ...finalAnswer, turn: assistantTurnOf(response) });
        if (next) return next;
        continue;
      }
      if (toolUses.length > 0) {
        // Stored before any tool runs: a run that dies mid-tool must find this tool_use on resume (and its id
        // in agent_tool_calls), never ask the model again and get a fresh id that would book twice.
        await session.append(assistantTurnOf(response));
        await runTools(session, toolUses);
        continue;
      }
    }
    if (response.stop_reason === 'max_tokens' && response.content.at(-1)?.type === 'tool_use') {
      // A cut tool_use has a partial input: never executed, never kept in history.
      if (retriedForTruncation) return endWith(session, 'tool_use_truncated', customerTexts.toolUseTruncated);
      maxTokens = Math.min(settings.maxOutputTokens * TRUNCATED_TOOL_USE_RETRY_FACTOR, MAX_OUTPUT_TOKENS_CEILING);
      session.log.warn({ runId: session.input.runId, maxTokens }, 'tool_use cut by max_tokens: asking again with a larger limit');
      continue;
    }
    if (response.stop_reason === 'refusal') {
      session.log.warn({ runId: session.input.runId, stopDetails: response.stop_details }, 'model refused');
      return endWith(session, 'refusal', customerTexts.refusal);
    }
    if (
      response.stop_reason === 'end_turn' ||
      response.stop_reason === 'stop_sequence' ||
      response.stop_reason === 'tool_use' ||
      response.stop_reason === 'max_tokens'
    ) {
      const next = await finalAnswerStep(session, response);
      if (next) return next;
      continue;
    }
    session.log.warn({ runId: session.input.runId, stopReason: response.stop_reason }, 'unknown stop_reason: handing off');
    return endWith(session, 'unknown_stop_reason', customerTexts.unknownStopReason);
  }
}

/** A response without tools: the answer, unless it is empty or claims a change the database does not back (then the model goes again). */
async function finalAnswerStep(session: RunSession, response: ModelMessage): Promise<RunOutcome | null> {
  let text = textOf(response);
  if (response.stop_reason === 'max_tokens') {
    text = lastCompleteSentence(text);
    session.truncated = true;
  }
  if (!text) {
    await session.append({ role: 'user', content: [{ type: 'text', text: modelTexts.emptyAnswer }] });
    return null;
  }
  return settleAnswer(session, { text, turn: { role: 'assistant', content: [{ type: 'text', text }] } });
}

async function runTools(session: RunSession, toolUses: ToolUseBlock[], options: { reuseRecorded?: boolean } = {}): Promise<void> {
  const { deps, input } = session;
  const { results, deferredRecords } = await executeToolCalls(
    { db: deps.db, logger: deps.logger, registry: deps.registry, toolTimeoutMs: deps.settings.toolTimeoutMs },
    { tenantId: input.tenantId, customerId: input.customerId, conversationId: input.conversationId, runId: input.runId },
    toolUses,
    session.ledger,
    { reuseRecorded: options.reuseRecorded ?? false },
  );
  session.stage({ role: 'user', content: results }, deferredRecords);
}

function endWith(session: RunSession, reason: 'tool_use_truncated' | 'refusal' | 'unknown_stop_reason', text: string): Promise<RunOutcome> {
  return session.finish({ kind: 'handoff', reason, replies: [textReply(text)] }, { handoffReason: reason });
}
