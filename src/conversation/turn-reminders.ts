import {
  actOnReminderTap,
  findRepliedReminders,
  type ReminderAnswerWrite,
  type ReminderReference,
  type ReminderTapDeps,
  reminderTapOf,
} from '../reminders/index.js';
import type { Logger } from '../shared/index.js';
import type { LoadedTurn } from './load-turn.js';
import type { TurnEnding } from './turn-ending.js';

/**
 * What reminders make of a turn: a tap acted on without the model ends it (`reminder_answer`);
 * otherwise the responder answers, told which appointment each message about a reminder means
 * (a Remarcar tap, a later tap on an answered reminder, a free-text reply quoting one), and the
 * tap's answer is recorded with the responder's ending.
 */
export type TurnReminders =
  | { kind: 'ended'; ending: Extract<TurnEnding, { kind: 'reminder_answer' }> }
  | { kind: 'respond'; references: Map<number, ReminderReference>; answer: ReminderAnswerWrite | null };

/** Reads the turn's reminders and acts on its tap, if it is one (see nextTurnMessages: a tap is a turn of its own). */
export async function readTurnReminders(deps: ReminderTapDeps, turn: LoadedTurn, logger: Logger): Promise<TurnReminders> {
  const [only] = turn.messages;
  const tap = only && turn.messages.length === 1 ? reminderTapOf(only) : null;
  if (!only || !tap) {
    // A free-text reply quoting a reminder is a normal turn, but the responder is told which appointment it was about.
    return { kind: 'respond', references: await findRepliedReminders(deps.scheduling.db, turn, turn.messages), answer: null };
  }
  const outcome = await actOnReminderTap(deps, turn, tap);
  logger.info(
    { action: tap.action, outcome: outcome.kind, replies: outcome.kind === 'answered' ? outcome.replies.length : undefined },
    'reminder tap',
  );
  if (outcome.kind === 'respond') return { kind: 'respond', references: new Map([[only.id, outcome.reference]]), answer: outcome.answer };
  return {
    kind: 'ended',
    ending: {
      kind: 'reminder_answer',
      replies: outcome.replies,
      ...(outcome.answer ? { reminderAnswer: outcome.answer } : {}),
      ...(outcome.handoff ? { handoff: outcome.handoff } : {}),
    },
  };
}
