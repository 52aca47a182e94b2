import type { HandoffReason } from '../handoff/index.js';
import type { ReminderReference } from '../reminders/index.js';
import type { OutboundReply } from '../shared/index.js';

/** The new customer messages a run answers (already stored, oldest first). */
export interface InboundTurnMessage {
  id: number;
  type: string;
  /** text, or the title of a chosen button/list row; null for media */
  text: string | null;
  /** id of the chosen button/list row, when the message is an interactive reply */
  replyId?: string | null;
  createdAt: Date;
  /**
   * the reminder this message answers, when it does: a Remarcar tap (or another button of a reminder
   * already answered) the responder continues, or a free-text reply quoting the reminder. The
   * responder is told which appointment it is about, so it never has to ask or guess.
   */
  reminder?: ReminderReference;
}

export interface RespondInput {
  tenantId: number;
  conversationId: number;
  customerId: number;
  runId: number;
  messages: InboundTurnMessage[];
  /** Aborted when an attendant claims the conversation: stop before the next model call, send nothing. */
  signal: AbortSignal;
}

/**
 * What a responder asks the turn's commit to store with its replies, in the same
 * transaction (see commitTurnEnding): so what the customer is told, what the responder
 * remembers having said, and its state can never disagree.
 */
export interface RunRecordWrites {
  /** the agent's final history entry: the text the customer gets, as the model will see it next time */
  historyEntry?: { role: 'assistant'; content: { type: 'text'; text: string }[] };
  /** the offline assistant's new `conversations.assistant_state` */
  assistantState?: unknown;
  /** the loop's terminal reason: the last model stop_reason, or its own (cancelled, llm_unavailable, api_error…) */
  stopReason?: string;
  /** the answer was cut at its last complete sentence (max_tokens) */
  truncated?: boolean;
}

/**
 * How a run ended; the caller switches on `kind`. Replies are sent in order; a handoff
 * also puts the conversation in the human queue with `reason` (with no replies of its
 * own, the customer is told once that a person will answer). Nothing of it is stored by
 * the responder: the turn's commit stores it, `record` included, in one transaction.
 */
export type RunOutcome =
  /** `exit: 'gave_up'` when the answer explains the request cannot be met (see run-exit.ts) */
  | { kind: 'answer'; replies: OutboundReply[]; exit?: 'gave_up'; record?: RunRecordWrites }
  | { kind: 'handoff'; reason: HandoffReason; note?: string; replies: OutboundReply[]; record?: RunRecordWrites }
  | { kind: 'cancelled'; record?: RunRecordWrites };

/** Answers one turn of a conversation: the Claude agent or the offline menu assistant. */
export interface Responder {
  readonly name: 'agent' | 'offline' | string;
  respond(input: RespondInput): Promise<RunOutcome>;
}
