import { type HandoffReason, handoffReasonLabel } from '../handoff/index.js';
import type { EndingPlan } from './ending-plan.js';
import { runExitOf } from './run-exit.js';

/** The handoff note attendants read when a turn's replies could not be sent (pt-BR, staff-facing). */
export const OUTSIDE_WINDOW_NOTE =
  'A mensagem do cliente chegou depois de 24 horas: o WhatsApp não aceita mais texto livre nesta conversa e nada foi enviado. ' +
  'Para responder, envie um modelo (template) aprovado.';

/**
 * A plan that would queue replies while the customer's 24-hour window is closed: nothing can
 * be sent, so nothing is, and a person takes over with reason `outside_window` (the reason the
 * plan had, if any, is named in the note). The run is recorded as that handoff, never as a
 * success; what the responder would have remembered saying (its history entry, the offline
 * state) is dropped with the replies, and the "a person will answer" notice stays untold.
 */
export function planOutsideWindow(plan: EndingPlan): EndingPlan {
  const { replies: _unsent, historyEntry: _history, assistantState: _state, ...rest } = plan;
  const runId = plan.run?.id ?? plan.handoff?.runId ?? null;
  const note = plan.handoff ? `${OUTSIDE_WINDOW_NOTE} Motivo anterior: ${handoffReasonLabel(plan.handoff.reason)}.` : OUTSIDE_WINDOW_NOTE;
  const reason: HandoffReason = 'outside_window';
  return {
    ...rest,
    committedKind: 'handoff',
    handoff: { reason, note, runId },
    handoffNotice: 'none',
    textOnlyNotice: plan.textOnlyNotice === 'set' ? 'keep' : plan.textOnlyNotice,
    ...(plan.run
      ? {
          run: {
            ...plan.run,
            outcome: 'handoff',
            exit: runExitOf({ kind: 'handoff', reason, replies: [] }),
            handoffReason: reason,
          },
        }
      : {}),
  };
}
