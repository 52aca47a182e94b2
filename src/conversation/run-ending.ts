import type { TurnEndingKind } from './turn-ending.js';

/**
 * How an `agent_runs` row ended, stored in `agent_runs.outcome` (CHECK in SQL): the kind of
 * the turn ending its commit performed. Only the kinds that close a run appear; an
 * `outside_window` turn (its replies could not be sent) is committed as `handoff`.
 * - `answer`, `answer_and_handoff`, `handoff`: what the customer was told, and whether a person took over;
 * - `cancelled`: an attendant claimed the chat while the run worked; nothing was sent;
 * - `give_up`: the turn failed on every attempt; a person took over with an apology;
 * - `superseded`: a later turn answered the run's messages instead.
 * Distinct from `agent_runs.exit` (run-exit.ts): the outcome says what the pipeline did,
 * the exit says how well the run went (success, limit, gave_up, …).
 */
export const RUN_ENDINGS = [
  'answer',
  'answer_and_handoff',
  'handoff',
  'cancelled',
  'give_up',
  'superseded',
] as const satisfies readonly TurnEndingKind[];

export type RunEnding = (typeof RUN_ENDINGS)[number];
