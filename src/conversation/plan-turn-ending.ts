import type { HandoffReason } from '../handoff/index.js';
import type { OutboundReply } from '../shared/index.js';
import { CONVERSATION_TEXTS } from './conversation-texts.js';
import type { CommitFacts, EndingPlan, RunLifecycleWrites, TurnScope } from './ending-plan.js';
import { planOutsideWindow } from './plan-outside-window.js';
import type { RunRecordWrites } from './responder.js';
import type { RunEnding } from './run-ending.js';
import { type RunExit, runExitOf } from './run-exit.js';
import type { RunRef, TurnEnding, TurnEndingKind } from './turn-ending.js';

export type { CommitFacts, EndingPlan, TurnScope } from './ending-plan.js';

/** The customer's one notice when a handoff has its own words; every other reason gets the generic "a person will answer". */
const HANDOFF_NOTICES: Partial<Record<HandoffReason, string>> = {
  unsupported_message: CONVERSATION_TEXTS.unsupportedHandoff,
  message_flood: CONVERSATION_TEXTS.messageFlood,
};

type Planner<K extends TurnEndingKind> = (ending: Extract<TurnEnding, { kind: K }>, scope: TurnScope, facts: CommitFacts) => EndingPlan;

const text = (value: string): OutboundReply[] => [{ type: 'text', text: value }];
const lastMessageId = (scope: TurnScope) => scope.messageIds.at(-1) ?? 0;
const runKey = (run: RunRef) => `run:${run.id}`;

/** A run's ending once an attendant claimed the chat: the messages count as seen, nothing is sent or remembered. */
function cancelled(run: RunRef, record: RunRecordWrites | undefined): EndingPlan {
  return {
    committedKind: 'cancelled',
    handoffNotice: 'none',
    textOnlyNotice: 'clear',
    markProcessed: { runId: run.id },
    run: lifecycle(run, 'completed', 'cancelled', 'cancelled', { record }),
  };
}

function lifecycle(
  run: RunRef,
  status: RunLifecycleWrites['status'],
  outcome: RunEnding,
  exit: RunExit,
  options: { handoffReason?: HandoffReason; error?: string; record?: RunRecordWrites },
): RunLifecycleWrites {
  return {
    id: run.id,
    status,
    outcome,
    exit,
    handoffReason: options.handoffReason ?? null,
    error: options.error ?? null,
    stopReason: options.record?.stopReason ?? null,
    truncated: options.record?.truncated ?? false,
  };
}

/** What a responder's record adds: the agent's final history entry and the offline assistant's state. */
function recordWrites(run: RunRef, record: RunRecordWrites | undefined): Pick<EndingPlan, 'historyEntry' | 'assistantState'> {
  return {
    ...(record?.historyEntry ? { historyEntry: { runId: run.id, entry: record.historyEntry } } : {}),
    ...(record && 'assistantState' in record ? { assistantState: { value: record.assistantState } } : {}),
  };
}

const PLANNERS: { [K in TurnEndingKind]: Planner<K> } = {
  answer: (ending, _scope, facts) => {
    if (facts.claimedByAttendant) return cancelled(ending.run, ending.record);
    return {
      committedKind: 'answer',
      handoffNotice: 'none',
      replies: { replies: ending.replies, author: 'bot', idempotencyKeyPrefix: runKey(ending.run), runId: ending.run.id },
      textOnlyNotice: 'clear',
      markProcessed: { runId: ending.run.id },
      run: lifecycle(
        ending.run,
        'completed',
        'answer',
        runExitOf({ kind: 'answer', replies: ending.replies, ...(ending.exit ? { exit: ending.exit } : {}) }),
        { record: ending.record },
      ),
      ...recordWrites(ending.run, ending.record),
    };
  },
  answer_and_handoff: (ending, _scope, facts) => {
    if (facts.claimedByAttendant) return cancelled(ending.run, ending.record);
    return {
      committedKind: 'answer_and_handoff',
      handoff: { reason: ending.reason, note: ending.note ?? null, runId: ending.run.id },
      // The reply itself tells the customer a person will answer.
      handoffNotice: 'claims',
      replies: { replies: ending.replies, author: 'bot', idempotencyKeyPrefix: runKey(ending.run), runId: ending.run.id },
      textOnlyNotice: 'clear',
      markProcessed: { runId: ending.run.id },
      run: lifecycle(ending.run, 'completed', 'answer_and_handoff', runExitOf({ kind: 'handoff', reason: ending.reason, replies: [] }), {
        handoffReason: ending.reason,
        record: ending.record,
      }),
      ...recordWrites(ending.run, ending.record),
    };
  },
  handoff: (ending, scope, facts) => {
    const { run } = ending;
    if (run && facts.claimedByAttendant) return cancelled(run, ending.record);
    const notice = HANDOFF_NOTICES[ending.reason] ?? CONVERSATION_TEXTS.handoffNotice;
    return {
      committedKind: 'handoff',
      handoff: { reason: ending.reason, note: ending.note ?? null, runId: run?.id ?? null },
      handoffNotice: run ? 'claims' : 'requires',
      replies: run
        ? { replies: text(notice), author: 'bot', idempotencyKeyPrefix: runKey(run), runId: run.id }
        : {
            replies: text(notice),
            author: 'system',
            idempotencyKeyPrefix: `handoff:${scope.conversationId}:${lastMessageId(scope)}`,
            runId: null,
          },
      textOnlyNotice: 'clear',
      markProcessed: { runId: run?.id ?? null },
      ...(run
        ? {
            run: lifecycle(run, 'completed', 'handoff', runExitOf({ kind: 'handoff', reason: ending.reason, replies: [] }), {
              handoffReason: ending.reason,
              record: ending.record,
            }),
            ...recordWrites(run, ending.record),
          }
        : {}),
    };
  },
  silence_while_handed_off: (_ending, scope) => ({
    committedKind: 'silence_while_handed_off',
    handoffNotice: 'requires',
    replies: {
      replies: text(CONVERSATION_TEXTS.handoffNotice),
      author: 'system',
      idempotencyKeyPrefix: `handoff-notice:${scope.conversationId}:${lastMessageId(scope)}`,
      runId: null,
    },
    textOnlyNotice: 'clear',
    markProcessed: { runId: null },
  }),
  unreadable_notice: (ending, scope) => ({
    committedKind: 'unreadable_notice',
    handoffNotice: 'none',
    replies: {
      replies: text(ending.audio ? CONVERSATION_TEXTS.audio : CONVERSATION_TEXTS.textOnly),
      author: 'bot',
      idempotencyKeyPrefix: `unreadable:${scope.conversationId}:${lastMessageId(scope)}`,
      runId: null,
    },
    textOnlyNotice: 'set',
    markProcessed: { runId: null },
  }),
  reminder_answer: (ending, scope) => ({
    committedKind: 'reminder_answer',
    ...(ending.handoff ? { handoff: { reason: ending.handoff.reason, note: ending.handoff.note, runId: null } } : {}),
    // The reply itself tells the customer a person was called.
    handoffNotice: ending.handoff ? 'claims' : 'none',
    // A repeated tap has nothing to say: the messages are marked processed and nothing is queued.
    ...(ending.replies.length > 0
      ? {
          replies: {
            replies: ending.replies,
            author: 'bot' as const,
            idempotencyKeyPrefix: `reminder:${scope.conversationId}:${lastMessageId(scope)}`,
            runId: null,
          },
        }
      : {}),
    textOnlyNotice: 'clear',
    markProcessed: { runId: null },
  }),
  waitlist_answer: (ending, scope) => ({
    committedKind: 'waitlist_answer',
    handoffNotice: 'none',
    replies: {
      replies: ending.replies,
      author: 'bot',
      idempotencyKeyPrefix: `waitlist:${scope.conversationId}:${lastMessageId(scope)}`,
      runId: null,
    },
    textOnlyNotice: 'clear',
    markProcessed: { runId: null },
  }),
  give_up: (ending, scope) => ({
    committedKind: 'give_up',
    // A fixed note: the exception's text can hold customer data or internals, so it goes to the logs only.
    handoff: { reason: 'processing_failed', note: GIVE_UP_NOTE, runId: ending.run?.id ?? null },
    handoffNotice: 'requires',
    replies: {
      replies: text(CONVERSATION_TEXTS.processingFailed),
      author: 'system',
      idempotencyKeyPrefix: `gave-up:${scope.conversationId}:${lastMessageId(scope)}`,
      runId: null,
    },
    textOnlyNotice: 'clear',
    markProcessed: { runId: ending.run?.id ?? null },
    ...(ending.run
      ? { run: lifecycle(ending.run, 'failed', 'give_up', 'error', { handoffReason: 'processing_failed', error: GIVE_UP_NOTE }) }
      : {}),
  }),
  cancelled: (ending) => cancelled(ending.run, ending.record),
  superseded: (ending) => ({
    committedKind: 'superseded',
    handoffNotice: 'none',
    textOnlyNotice: 'keep',
    markProcessed: null,
    // Nothing of it was sent (a later turn answers its messages): it ends like a run an attendant stopped.
    run: lifecycle(ending.run, 'failed', 'superseded', 'cancelled', { error: 'superseded by a later turn' }),
  }),
};

/** The handoff note (and run error) of a turn given up after its retries; the failure itself is in the logs. */
export const GIVE_UP_NOTE = 'Não foi possível processar a mensagem depois de várias tentativas; detalhes nos registros do sistema.';

/**
 * Decides, without touching the database, everything a turn ending writes. Pure: the
 * commit reads the facts inside its transaction, asks this plan, and performs it.
 */
export function planTurnEnding(ending: TurnEnding, scope: TurnScope, facts: CommitFacts): EndingPlan {
  const planner = PLANNERS[ending.kind] as Planner<TurnEndingKind>;
  const planned = planner(ending, scope, facts);
  // Only a plan with something to say is changed by a closed window: a run that answers nothing stays as it is.
  const speaks = (planned.replies?.replies.length ?? 0) > 0;
  const plan = speaks && facts.customerWindow === 'closed' ? planOutsideWindow(planned) : planned;
  return 'reminderAnswer' in ending && ending.reminderAnswer ? { ...plan, reminderAnswer: ending.reminderAnswer } : plan;
}
