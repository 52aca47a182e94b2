import type { HandoffReason } from '../handoff/index.js';

/** The budgets whose exhaustion ends a run with a forced final answer. */
export type BudgetReason = Extract<HandoffReason, 'iteration_limit' | 'token_budget' | 'deadline'>;

/** What the run knows before a regular model call (read by the session, decided here). */
export interface CallFacts {
  /** the run's signal was aborted: an attendant claimed the chat */
  cancelled: boolean;
  /** the `motivo` of a successful transfer call of this run; null when none */
  transferRequested: string | null;
  /** the budget already used up, if any */
  exhaustedBudget: BudgetReason | null;
}

/** What happens instead of (or before) the next regular model call. */
export type BeforeCallStep =
  | { kind: 'call' }
  | { kind: 'cancel' }
  /** the model transferred the chat: one tool-less goodbye call unless a budget is used up, then the handoff */
  | { kind: 'transfer'; motivo: string; goodbye: boolean }
  /** a budget is used up: one tool-less final answer, then the handoff with this reason */
  | { kind: 'force_answer'; reason: BudgetReason };

/**
 * Decides, without side effects, whether the loop may call the model again. Cancellation
 * comes first (nothing more is sent or spent), then a transfer the model asked for (the
 * customer wants a person, whatever the budgets say), then the budgets.
 */
export function stepBeforeCall(facts: CallFacts): BeforeCallStep {
  if (facts.cancelled) return { kind: 'cancel' };
  if (facts.transferRequested !== null) {
    return { kind: 'transfer', motivo: facts.transferRequested, goodbye: facts.exhaustedBudget === null };
  }
  if (facts.exhaustedBudget !== null) return { kind: 'force_answer', reason: facts.exhaustedBudget };
  return { kind: 'call' };
}
