import type { HandoffReason } from '../handoff/index.js';
import type { ReminderAnswerWrite } from '../reminders/index.js';
import type { OutboundReply } from '../shared/index.js';
import type { RunOutcome, RunRecordWrites } from './responder.js';

/** The `agent_runs` row a turn ending closes. */
export interface RunRef {
  id: number;
}

/**
 * Every way a turn of a conversation ends, as a value. Responders return their part
 * (RunOutcome, turned into one of the run kinds by `endingOfRun`); the pipeline adds its
 * own kinds; `commitTurnEnding` stores any of them in one transaction. To add a kind: add
 * a member here and its planner in plan-turn-ending.ts (the compiler asks for it); the
 * commit itself only performs the plan.
 */
export type TurnEnding =
  /** the responder answered */
  | {
      kind: 'answer';
      run: RunRef;
      replies: OutboundReply[];
      exit?: 'gave_up';
      record?: RunRecordWrites;
      reminderAnswer?: ReminderAnswerWrite;
    }
  /** the responder answered and handed the chat to a person (its replies say so) */
  | {
      kind: 'answer_and_handoff';
      run: RunRef;
      reason: HandoffReason;
      note?: string;
      replies: OutboundReply[];
      record?: RunRecordWrites;
      reminderAnswer?: ReminderAnswerWrite;
    }
  /** the chat goes to a person with no answer of its own: the customer is told once that a person will answer */
  | {
      kind: 'handoff';
      run: RunRef | null;
      reason: HandoffReason;
      note?: string;
      record?: RunRecordWrites;
      reminderAnswer?: ReminderAnswerWrite;
    }
  /** a handoff is open: the bot stays silent (the customer is told once) */
  | { kind: 'silence_while_handed_off' }
  /** nothing readable in the turn: one "only text is read here" notice (audio: "please type") */
  | { kind: 'unreadable_notice'; audio: boolean }
  /**
   * a tap on a reminder's button, answered without a run (Confirmar, Cancelar, or a tap that cannot
   * act): its replies (none for a repeated tap), the reminder's answer to record and, when a person
   * must take over (Cancelar too late), the handoff, whose notice the reply itself is
   */
  | {
      kind: 'reminder_answer';
      replies: OutboundReply[];
      reminderAnswer?: ReminderAnswerWrite;
      handoff?: { reason: HandoffReason; note: string };
    }
  /** a tap on a waitlist offer's button, answered without a run: booked, or told the slot is gone */
  | { kind: 'waitlist_answer'; replies: OutboundReply[] }
  /** the last attempt of a failing turn: a person takes over, with an apology; `error` goes to logs only */
  | { kind: 'give_up'; run: RunRef | null }
  /** the run stopped because an attendant claimed the chat: nothing is sent */
  | { kind: 'cancelled'; run: RunRef; record?: RunRecordWrites; reminderAnswer?: ReminderAnswerWrite }
  /** a run left running for fewer messages, replaced by the run of this turn (which answers them too) */
  | { kind: 'superseded'; run: RunRef };

export type TurnEndingKind = TurnEnding['kind'];

/** The turn ending of a responder's outcome: an outcome handoff with replies is an answer and handoff. */
export function endingOfRun(
  run: RunRef,
  outcome: RunOutcome,
): Extract<TurnEnding, { kind: 'answer' | 'answer_and_handoff' | 'handoff' | 'cancelled' }> {
  switch (outcome.kind) {
    case 'answer':
      return { kind: 'answer', run, replies: outcome.replies, ...(outcome.exit ? { exit: outcome.exit } : {}), record: outcome.record };
    case 'handoff':
      return outcome.replies.length > 0
        ? { kind: 'answer_and_handoff', run, reason: outcome.reason, note: outcome.note, replies: outcome.replies, record: outcome.record }
        : { kind: 'handoff', run, reason: outcome.reason, note: outcome.note, record: outcome.record };
    case 'cancelled':
      return { kind: 'cancelled', run, record: outcome.record };
  }
}
