import type { HandoffReason } from '../handoff/handoff-reasons.js';
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
 * How a run ended; the caller switches on `kind`. Replies are sent in order; a handoff
 * also puts the conversation in the human queue with `reason`.
 */
export type RunOutcome =
  /** `exit: 'gave_up'` when the answer explains the request cannot be met (see run-exit.ts) */
  | { kind: 'answer'; replies: OutboundReply[]; exit?: 'gave_up' }
  | { kind: 'handoff'; reason: HandoffReason; note?: string; replies: OutboundReply[] }
  | { kind: 'cancelled' };

/** Answers one turn of a conversation: the Claude agent or the offline menu assistant. */
export interface Responder {
  readonly name: 'agent' | 'offline' | string;
  respond(input: RespondInput): Promise<RunOutcome>;
}
