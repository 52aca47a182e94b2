import type { HandoffReason } from '../handoff/index.js';
import type { RunOutcome } from './responder.js';

/**
 * The one named way every run ends (stored in `agent_runs.exit` by the turn's commit, see plan-turn-ending.ts):
 * - `success`: an answer was given, and whatever it claims was changed is backed by the database;
 * - `limit`: iterations, input tokens or the deadline ran out;
 * - `gave_up`: the answer explains the request cannot be met (the model declared it with
 *   `responder_cliente` afirma "nao_e_possivel": service not offered, beyond the horizon, nothing free);
 * - `need_help`: a person takes over because the customer or the model asked, the bot could not go on understanding,
 *   or its reply could not reach the customer (`delivery_failed`, `outside_window`);
 * - `refused`: the model refused;
 * - `error`: the model API, the job or a truncated tool call failed the run;
 * - `cancelled`: an attendant took the chat first (or a later turn superseded the run); nothing was sent.
 * A turn given up after its retries is `error`. `gave_up` is only this exit: the turn ending
 * of a failed turn is `give_up` (run-ending.ts, `agent_runs.outcome`), a different column.
 */
export const RUN_EXITS = ['success', 'limit', 'gave_up', 'need_help', 'refused', 'error', 'cancelled'] as const;
export type RunExit = (typeof RUN_EXITS)[number];

/** What the owner's console shows for each exit, and for a run still running (exit null), in pt-BR. */
export const RUN_EXIT_LABELS_PT: Record<RunExit | 'running', string> = {
  success: 'Atendeu (o que disse está confirmado no sistema)',
  limit: 'Atingiu um limite (tentativas, tamanho ou tempo)',
  gave_up: 'Explicou que o pedido não pode ser atendido',
  need_help: 'Passou para uma pessoa',
  refused: 'O assistente se recusou a responder',
  error: 'Falhou (erro do assistente ou do sistema)',
  cancelled: 'Parou: alguém assumiu a conversa',
  running: 'Em andamento',
};

const EXIT_OF_HANDOFF: Record<HandoffReason, RunExit> = {
  requested_by_customer: 'need_help',
  offline_not_understood: 'need_help',
  complaint: 'need_help',
  unsupported_message: 'need_help',
  delivery_failed: 'need_help',
  message_flood: 'need_help',
  owner_replied: 'need_help',
  reminder_cancel_too_late: 'need_help',
  outside_window: 'need_help',
  // never a run's own outcome (a person's act); a run it interrupts ends cancelled
  staff_takeover: 'cancelled',
  iteration_limit: 'limit',
  token_budget: 'limit',
  deadline: 'limit',
  refusal: 'refused',
  tool_use_truncated: 'error',
  unknown_stop_reason: 'error',
  llm_unavailable: 'error',
  processing_failed: 'error',
};

/** The exit of a run that ended with `outcome` (as committed: a claimed conversation makes it `cancelled`). */
export function runExitOf(outcome: RunOutcome): RunExit {
  switch (outcome.kind) {
    case 'cancelled':
      return 'cancelled';
    case 'handoff':
      return EXIT_OF_HANDOFF[outcome.reason] ?? 'need_help';
    case 'answer':
      return outcome.exit ?? 'success';
  }
}
