import type { Responder, RespondInput, RunOutcome } from '../conversation/index.js';
import type { Db } from '../db/index.js';
import type { HandoffReason } from '../handoff/index.js';
import { buildReceipts } from '../scheduling/receipts/index.js';
import { recordScheduleChanges, type SchedulingToolSet } from '../scheduling/tools/index.js';
import { type Clock, type Logger, localToday, type OutboundReply } from '../shared/index.js';
import { type AssistantState, loadAssistantState, type Step } from './assistant-state.js';
import { offeredChoices } from './choice-keywords.js';
import { handleStep } from './handle-step.js';
import { businessFactsOf } from './load-business-facts.js';
import { reminderTapScreen } from './reminder-tap-screen.js';
import { createSchedulingCalls } from './scheduling-calls.js';
import { stepAgain } from './sentence/conversation-moves.js';
import { type TurnContext, type TurnResult, text, withPrefix } from './turn.js';

export interface OfflineAssistantDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The scheduling tools (the same definitions the agent gets), typed: each call's result has its tool's output type. */
  tools: SchedulingToolSet;
}

/** Every re-ask names the two ways out: leaving the flow and a person. */
const NOT_UNDERSTOOD_TEXT =
  'Desculpe, não entendi. 🤔 Responda com o número de uma opção, escreva *esquece* para sair ou *pessoa* para falar com alguém da equipe.';

const NOT_UNDERSTOOD_HANDOFF_TEXT =
  'Desculpe, não consegui entender. Chamei uma pessoa da nossa equipe para te ajudar; ela responde por aqui em breve.';

/**
 * The deterministic, menu-driven pt-BR assistant (`name: 'offline'`) that answers when there
 * is no Claude API key or the Claude API is down. It books, lists, cancels and reschedules
 * through the scheduling tools' own handlers and hands off on request.
 *
 * State is the conversation's `assistant_state` (validated on load; invalid or stale →
 * main menu), returned with the replies and stored by the turn's commit in the same
 * transaction, so a restarted process continues the step.
 * A message not understood at a step is asked again once; a second miss in a row hands the
 * conversation to a person (`offline_not_understood`): with the Claude API unavailable a
 * person is the only one left who can help, and a third round of the same menu would not.
 * Answering the same messages again (a retried job) replays the stored replies and calls no
 * write tool twice (write tools are keyed by step and inbound message id).
 */
export function createOfflineAssistant(deps: OfflineAssistantDeps): Responder {
  return {
    name: 'offline',
    async respond(input: RespondInput): Promise<RunOutcome> {
      const conversation = await deps.db.conversation.findFirst({
        where: { id: input.conversationId, tenantId: input.tenantId },
        select: {
          assistantState: true,
          tenant: {
            select: {
              id: true,
              name: true,
              timezone: true,
              horizonDays: true,
              address: true,
              paymentMethods: true,
              businessInfo: true,
              cancelNoticeMinutes: true,
            },
          },
        },
      });
      if (!conversation) throw new Error(`conversation ${input.conversationId} not found for tenant ${input.tenantId}`);
      const now = deps.clock.now();
      const loaded = loadAssistantState(conversation.assistantState, now);
      if (conversation.assistantState !== null && loaded === null) {
        deps.logger.info({ conversationId: input.conversationId }, 'offline assistant state invalid or stale; starting at the menu');
      }
      const messages = input.messages.filter((message) => message.text !== null || message.replyId);
      const lastId = messages.at(-1)?.id;
      if (lastId === undefined) return { kind: 'answer', replies: [] };
      if (loaded?.lastTurn?.messageId === lastId) return replay(loaded.lastTurn);

      let state: AssistantState = loaded ?? { version: 1, at: now.toISOString(), misses: 0, current: { step: 'idle' }, offered: [] };
      // Every booking, cancellation or reschedule of this turn gets its receipt, built from the rows.
      const recorder = recordScheduleChanges(deps.tools);
      const notices: OutboundReply[] = [];
      const business = businessFactsOf(deps.db, conversation.tenant);
      let result: TurnResult | undefined;
      for (const message of messages) {
        if (input.signal.aborted) return { kind: 'cancelled' };
        if (result?.notices) notices.push(...result.notices);
        const context: TurnContext = {
          calls: createSchedulingCalls(
            recorder.tools,
            { tenantId: input.tenantId, customerId: input.customerId, conversationId: input.conversationId, runId: input.runId },
            message.id,
          ),
          tenantName: conversation.tenant.name,
          horizonDays: conversation.tenant.horizonDays,
          timezone: conversation.tenant.timezone,
          now,
          today: localToday(now, conversation.tenant.timezone),
          business,
          message,
        };
        const answered = await answerMessage(context, state);
        result = answered.result;
        state = { ...answered.state, at: now.toISOString() };
        deps.logger.debug({ conversationId: input.conversationId, step: state.current.step }, 'offline assistant step');
        if (result.handoff) break;
      }
      if (!result) return { kind: 'answer', replies: [] };
      if (input.signal.aborted) return { kind: 'cancelled' };
      const receipts = await buildReceipts(deps.db, { tenantId: input.tenantId, customerId: input.customerId }, recorder.changes);
      const replies = [...notices, ...result.replies, ...receipts];
      state.lastTurn = { messageId: lastId, replies, handoff: result.handoff ?? null };
      // The state is stored by the turn's commit, with the replies: never one without the other.
      const record = { assistantState: state };
      return result.handoff ? { kind: 'handoff', reason: result.handoff, replies, record } : { kind: 'answer', replies, record };
    },
  };
}

/** One message through the current step, with the re-ask-once rule. */
async function answerMessage(context: TurnContext, state: AssistantState): Promise<{ result: TurnResult; state: AssistantState }> {
  // A reminder's tap names its appointment: whatever step the menu was at, the customer now means that one.
  const tapped = await reminderTapScreen(context);
  if (tapped) return { result: tapped, state: advance(state, tapped, 0) };
  const outcome = await handleStep(context, state.current, state.offered);
  if (outcome !== 'not_understood') return { result: outcome, state: advance(state, outcome, 0) };
  if (state.misses >= 1) {
    const result: TurnResult = { next: { step: 'idle' }, replies: [text(NOT_UNDERSTOOD_HANDOFF_TEXT)], handoff: 'offline_not_understood' };
    return { result, state: advance(state, result, 0) };
  }
  const screen = withPrefix(await stepAgain(context, state.current), NOT_UNDERSTOOD_TEXT);
  const sameStep = sameStepName(screen.next, state.current);
  return { result: screen, state: advance(state, screen, sameStep ? state.misses + 1 : 0) };
}

const sameStepName = (a: Step, b: Step) => a.step === b.step;

function advance(state: AssistantState, result: TurnResult, misses: number): AssistantState {
  return { ...state, misses, current: result.next, offered: offeredChoices(result.replies) };
}

function replay(lastTurn: NonNullable<AssistantState['lastTurn']>): RunOutcome {
  const reason = lastTurn.handoff as HandoffReason | null;
  return reason ? { kind: 'handoff', reason, replies: lastTurn.replies } : { kind: 'answer', replies: lastTurn.replies };
}
