import type { HandoffReason } from '../handoff/index.js';
import type { ReminderAnswerWrite } from '../reminders/index.js';
import type { OutboundReply } from '../shared/index.js';
import type { RunRecordWrites } from './responder.js';
import type { RunEnding } from './run-ending.js';
import type { RunExit } from './run-exit.js';
import type { TurnEndingKind } from './turn-ending.js';

/** The turn a commit closes: its conversation and the inbound messages it answered (none for an ending without a turn). */
export interface TurnScope {
  tenantId: number;
  conversationId: number;
  messageIds: number[];
}

/** What the commit read inside its transaction before planning. */
export interface CommitFacts {
  /** an attendant claimed the conversation: a run's replies are not sent */
  claimedByAttendant: boolean;
  /** WhatsApp's 24-hour window: closed, no reply can be sent and the turn goes to a person (plan-outside-window.ts) */
  customerWindow: 'open' | 'closed';
}

/** `agent_runs` lifecycle columns a turn ending sets (their only writer). */
export interface RunLifecycleWrites {
  id: number;
  status: 'completed' | 'failed';
  /** `agent_runs.outcome`: the committed ending kind (run-ending.ts) */
  outcome: RunEnding;
  /** the run's one named exit (run-exit.ts) */
  exit: RunExit;
  handoffReason: HandoffReason | null;
  error: string | null;
  stopReason: string | null;
  truncated: boolean;
}

/** Everything one turn ending writes; `commitTurnEnding` performs it in one transaction, in this order. */
export interface EndingPlan {
  /** the kind actually committed: a run ending becomes `cancelled` when an attendant claimed the chat */
  committedKind: TurnEndingKind;
  handoff?: { reason: HandoffReason; note: string | null; runId: number | null };
  /**
   * `claims`: this ending tells the customer a person will answer (sets the notice flag) and
   * sends regardless; `requires`: sends only when this commit is the first to tell them.
   */
  handoffNotice: 'claims' | 'requires' | 'none';
  replies?: { replies: OutboundReply[]; author: 'bot' | 'system'; idempotencyKeyPrefix: string; runId: number | null };
  /** conversations.text_only_notice_at: set by the unreadable notice, cleared by any other ending of a turn */
  textOnlyNotice: 'set' | 'clear' | 'keep';
  /** the turn's inbound messages become processed (tied to this run) */
  markProcessed: { runId: number | null } | null;
  run?: RunLifecycleWrites;
  historyEntry?: { runId: number; entry: NonNullable<RunRecordWrites['historyEntry']> };
  assistantState?: { value: unknown };
  /** the customer's answer to a reminder this turn carried (kept even when an attendant claimed the chat: it is what they tapped) */
  reminderAnswer?: ReminderAnswerWrite;
}
