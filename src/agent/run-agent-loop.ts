import type { RespondInput, RunOutcome } from '../conversation/index.js';
import { listCustomerAppointments, localSlotOf } from '../scheduling/appointments/index.js';
import { localToday } from '../shared/index.js';
import { loadRecentHistory } from './agent-history.js';
import type { AgentLoopDeps } from './agent-loop-deps.js';
import { modelTexts } from './agent-texts.js';
import { buildInboundTurn } from './build-inbound-turn.js';
import { buildSystemPrompt } from './build-system-prompt.js';
import { endCancelled, endWithForcedAnswer, endWithHandoff, endWithTransfer, textReply } from './end-run.js';
import { executeToolCalls } from './execute-tool-calls.js';
import type { ToolUseBlock } from './model-types.js';
import { nextStep } from './next-step.js';
import { assistantTurnOf } from './response-content.js';
import { loadLedgerCalls, loadRunStart } from './run-record.js';
import { RunSession } from './run-session.js';
import { RunToolLedger } from './run-tool-ledger.js';
import { stepAfterFailure } from './step-after-failure.js';
import { stepBeforeCall } from './step-before-call.js';

/**
 * Runs the Claude agent over one turn of a conversation and returns how it ended. Every
 * way out is named: an answer; a handoff with its reason (and the replies to send first);
 * or `cancelled` when `input.signal` was aborted (checked before every model call; nothing
 * is sent). Model outages and API errors become handoffs, never exceptions: only a
 * database failure escapes, and the job's retry then resumes the run from its stored
 * steps (tool calls already done are not repeated). The outcome is stored by the turn's
 * commit, with the replies; the agent stores only its steps.
 */
export async function runAgentLoop(deps: AgentLoopDeps, input: RespondInput): Promise<RunOutcome> {
  const scope = { tenantId: input.tenantId, conversationId: input.conversationId, runId: input.runId };
  // Four statements at once: the run with its tenant, watermark, waitlist days and paid deposits, the ledger's calls, the history, the bookings.
  const [start, recordedCalls, history, booked] = await Promise.all([
    loadRunStart(deps.db, scope, deps.clock.now()),
    loadLedgerCalls(deps.db, scope),
    loadRecentHistory(deps.db, scope, deps.settings.historyMaxMessages),
    listCustomerAppointments(deps.db, { tenantId: input.tenantId, customerId: input.customerId, now: deps.clock.now() }),
  ]);
  const { run, tenant, watermark } = start;
  if (!run || !tenant) throw new Error(`agent run ${input.runId} not found for this tenant and conversation`);
  const system = buildSystemPrompt(tenant, deps.clock.now(), deps.registry.promptHints);
  const ledger = RunToolLedger.fromRecorded(recordedCalls, deps.registry.find);
  // An answer may repeat an appointment, a waitlist place or a paid deposit the customer already has: part of what backs its claims.
  ledger.know(booked.map(localSlotOf), localToday(deps.clock.now(), tenant.timezone), {
    waitlist: start.waitlistDays,
    paidDeposits: start.paidDeposits,
  });
  const session = new RunSession(deps, input, run, system, ledger, history);

  const resumedFrom = session.lastEntryOfRun();
  if (!resumedFrom) {
    const inbound = await buildInboundTurn(deps.db, { ...scope, watermark }, input.messages, deps.settings);
    if (!inbound) return session.finish({ kind: 'answer', replies: [] }, { stopReason: 'nothing_to_answer' });
    await session.append({ role: 'user', content: inbound.content }, { lastMessageId: inbound.lastMessageId });
  } else if (resumedFrom.role === 'assistant') {
    deps.logger.info({ runId: run.id }, 'agent run resumed after an interruption');
    const pending = resumedFrom.content.filter((block) => block.type === 'tool_use') as ToolUseBlock[];
    if (pending.length > 0) await runTools(session, pending, { reuseRecorded: true });
  }
  return loop(session);
}

/**
 * Performs the steps the pure deciders return, one model call per turn of the loop:
 * stepBeforeCall (cancellation, transfer, budgets), then nextStep on the response or
 * stepAfterFailure on a failed call. It decides nothing itself.
 */
async function loop(session: RunSession): Promise<RunOutcome> {
  const { settings } = session.deps;
  let maxTokens = settings.maxOutputTokens;
  for (;;) {
    const before = stepBeforeCall({
      cancelled: session.input.signal.aborted,
      transferRequested: session.ledger.transferRequested(),
      exhaustedBudget: session.exhaustedBudget(),
    });
    switch (before.kind) {
      case 'cancel':
        return endCancelled(session);
      case 'transfer':
        return endWithTransfer(session, before);
      case 'force_answer':
        return endWithForcedAnswer(session, before.reason);
      case 'call':
        break;
    }

    const result = await session.call(session.request({ maxTokens }), 'regular');
    const step = result.ok
      ? nextStep(result.message, session.ledger, { maxOutputTokens: settings.maxOutputTokens, requestedMaxTokens: maxTokens })
      : stepAfterFailure(result.failure);
    maxTokens = settings.maxOutputTokens;
    if ('warning' in step && step.warning) {
      const details = result.ok
        ? { stopReason: result.message.stop_reason, stopDetails: result.message.stop_details }
        : { failure: result.failure, err: result.error };
      const severity = 'severity' in step ? step.severity : 'warn';
      session.log[severity]({ runId: session.input.runId, ...details }, step.warning);
    }
    switch (step.kind) {
      case 'cancel':
        return endCancelled(session);
      case 'force_answer':
        return endWithForcedAnswer(session, step.reason);
      case 'continue_after_pause':
        if (result.ok) await session.append(assistantTurnOf(result.message));
        break;
      case 'run_tools':
        // Stored before any tool runs: a run that dies mid-tool must find this tool_use on resume (and its id
        // in agent_tool_calls), never ask the model again and get a fresh id that would book twice.
        if (result.ok) await session.append(assistantTurnOf(result.message));
        await runTools(session, step.toolUses);
        break;
      case 'retry_larger':
        maxTokens = step.maxTokens;
        break;
      case 'ask_again':
        if (step.reason === 'empty_answer') {
          await session.append({ role: 'user', content: [{ type: 'text', text: modelTexts.emptyAnswer }] });
          break;
        }
        // Kept in history, unsent: the model sees what it said and why it was held back.
        session.stage(step.rejectedTurn);
        await session.append({
          role: 'user',
          content: step.toolUseId
            ? [{ type: 'tool_result', tool_use_id: step.toolUseId, content: step.note, is_error: true }]
            : [{ type: 'text', text: step.note }],
        });
        break;
      case 'answer':
        if (step.truncated) session.truncated = true;
        return session.finish({ kind: 'answer', replies: [textReply(step.text)], ...(step.gaveUp ? { exit: 'gave_up' as const } : {}) });
      case 'handoff':
        if (step.truncated) session.truncated = true;
        return endWithHandoff(session, step);
    }
  }
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
  // Every result here has its agent_tool_calls row (deferred ones are committed with this turn).
  session.stage({ role: 'user', content: results }, deferredRecords, { resultsRecorded: !deps.settings.inlineToolResults });
}
