import type { HandoffReason } from '../handoff/index.js';
import { incrementCounter, METRICS } from '../metrics/index.js';
import {
  type AppointmentActor,
  type AppointmentView,
  cancelAppointment,
  confirmAppointment,
  customerPolicy,
  findVisitAppointments,
  type SchedulingDeps,
} from '../scheduling/appointments/index.js';
import { receiptOf } from '../scheduling/receipts/index.js';
import type { Clock, OutboundReply } from '../shared/index.js';
import { decideReminderTap, type ReminderTapDecision } from './decide-reminder-tap.js';
import { loadReminderTapFacts, type ReminderTapFacts } from './load-reminder-tap.js';
import { answerOfAction, type ReminderAnswerWrite } from './reminder-answer.js';
import type { ReminderAction } from './reminder-payload.js';
import { type ReminderReference, reminderAppointmentOf, toReminderAppointment } from './reminder-reference.js';
import { reminderTexts } from './reminder-texts.js';

/**
 * How a tap ends, for the turn's commit (which stores all of it in one transaction):
 * - `answered`: answered here, without a responder: the replies (none for a repeated tap), the
 *   answer to record on the reminder, and a handoff when a person must take over;
 * - `respond`: the responder (agent or offline assistant) answers the tap (Remarcar), told which
 *   appointment it is about; `answer` is recorded with the responder's ending.
 */
export type ReminderTapOutcome =
  | {
      kind: 'answered';
      replies: OutboundReply[];
      answer: ReminderAnswerWrite | null;
      handoff: { reason: Extract<HandoffReason, 'reminder_cancel_too_late'>; note: string } | null;
    }
  | { kind: 'respond'; reference: ReminderReference; answer: ReminderAnswerWrite | null };

export interface ReminderTapDeps {
  /** the scheduling domain as boot/ wired it (a tap's confirm or cancel tells the same subscribers as any other change) */
  scheduling: SchedulingDeps;
  clock: Clock;
}

/**
 * Acts on one tap of a reminder's quick-reply button, deterministically and without the model:
 * reads the facts (scoped to the receiving tenant and the customer who tapped), decides
 * (decideReminderTap, pure), then performs the decision's one domain change, if any, through
 * the scheduling domain (confirm or cancel, actor `customer_reminder`, counted inside that
 * change's transaction). A visit's reminder acts on the whole visit: confirming or cancelling
 * its first service confirms or cancels every one, and Remarcar tells the responder the
 * visit's services (remarcar moves them together). Safe to repeat: a retried turn decides again from the rows and the
 * change is idempotent, so nothing is changed twice and the answer is the same.
 */
export async function actOnReminderTap(
  deps: ReminderTapDeps,
  scope: { tenantId: number; customerId: number },
  tap: { action: ReminderAction; token: string },
): Promise<ReminderTapOutcome> {
  const now = deps.clock.now();
  const facts = await loadReminderTapFacts(deps.scheduling.db, scope, tap.token);
  const decision = decideReminderTap(tap.action, facts, now);
  return performDecision(deps, scope, tap.action, facts, decision, now);
}

const say = (...texts: string[]): ReminderTapOutcome => ({
  kind: 'answered',
  replies: texts.map((text) => ({ type: 'text', text })),
  answer: null,
  handoff: null,
});

async function performDecision(
  deps: ReminderTapDeps,
  scope: { tenantId: number; customerId: number },
  action: ReminderAction,
  facts: ReminderTapFacts,
  decision: ReminderTapDecision,
  now: Date,
): Promise<ReminderTapOutcome> {
  const actor: AppointmentActor = { kind: 'customer_reminder', customerId: scope.customerId };
  const answerOf = (reminderId: number): ReminderAnswerWrite => ({ tenantId: scope.tenantId, reminderId, answer: answerOfAction(action) });
  switch (decision.kind) {
    case 'unknown_reminder':
      return say(reminderTexts.unknownReminder);
    case 'moved':
      return say(reminderTexts.moved(decision.appointment, decision.movedTo));
    case 'cancelled':
      return say(reminderTexts.cancelled(decision.appointment));
    case 'past':
      return say(reminderTexts.past(decision.appointment));
    case 'repeat':
      return { kind: 'answered', replies: [], answer: null, handoff: null };
    case 'confirm':
      return confirm(deps, scope, actor, decision.appointment, answerOf(decision.reminderId), now);
    case 'cancel':
      return cancel(deps, scope, actor, decision.appointment, answerOf(decision.reminderId), now);
    case 'cancel_too_late':
      return tooLate(decision.appointment, answerOf(decision.reminderId));
    case 'reschedule':
      return {
        kind: 'respond',
        reference: {
          via: { kind: 'tap', action, earlierAnswer: facts.reminder?.answer ?? null },
          appointment: await reminderAppointmentOf(deps.scheduling.db, scope, decision.appointment),
          movedTo: null,
        },
        answer: answerOf(decision.reminderId),
      };
  }
}

async function confirm(
  deps: ReminderTapDeps,
  scope: { tenantId: number; customerId: number },
  actor: AppointmentActor,
  appointment: AppointmentView,
  answer: ReminderAnswerWrite,
  now: Date,
): Promise<ReminderTapOutcome> {
  const outcome = await confirmAppointment(deps.scheduling, {
    tenantId: scope.tenantId,
    customerId: scope.customerId,
    appointmentId: appointment.id,
    actor,
    now,
    afterChange: (tx) => incrementCounter(tx, METRICS.remindersConfirmed),
  });
  switch (outcome.kind) {
    case 'changed':
    case 'unchanged': {
      const business = await businessOf(deps, scope.tenantId);
      const visit = await liveVisitOf(deps, scope, outcome.appointment);
      return { kind: 'answered', replies: [text(reminderTexts.confirmed(outcome.appointment, business, visit))], answer, handoff: null };
    }
    // Changed between the decision and the row lock (staff cancelled it, it started): said as it is now.
    case 'refused':
      if (!outcome.appointment) return say(reminderTexts.unknownReminder);
      return say(
        outcome.refusal.kind === 'appointment_cancelled'
          ? reminderTexts.cancelled(outcome.appointment)
          : reminderTexts.past(outcome.appointment),
      );
  }
}

async function cancel(
  deps: ReminderTapDeps,
  scope: { tenantId: number; customerId: number },
  actor: AppointmentActor,
  appointment: AppointmentView,
  answer: ReminderAnswerWrite,
  now: Date,
): Promise<ReminderTapOutcome> {
  const outcome = await cancelAppointment(deps.scheduling, {
    tenantId: scope.tenantId,
    customerId: scope.customerId,
    appointmentId: appointment.id,
    now,
    policy: customerPolicy(actor),
    afterChange: (tx) => incrementCounter(tx, METRICS.remindersCancelled),
  });
  if (outcome.kind === 'refused') {
    // The domain's own checks, at the row: the notice period or the start passed since the decision.
    if (outcome.refusal.kind === 'cancel_notice') return tooLate(appointment, answer);
    if (outcome.refusal.kind === 'appointment_started') return say(reminderTexts.past(appointment));
    return say(reminderTexts.unknownReminder);
  }
  const business = await businessOf(deps, scope.tenantId);
  const receipt = receiptOf(
    { kind: 'cancelled', appointmentId: outcome.appointment.id, appointment: outcome.appointment, previous: null },
    business,
  );
  const replies = receipt ? [text(`${receipt.text}\n\n${reminderTexts.cancelledFollowUp}`)] : [];
  return { kind: 'answered', replies, answer, handoff: null };
}

function tooLate(appointment: AppointmentView, answer: ReminderAnswerWrite): ReminderTapOutcome {
  const reference = toReminderAppointment(appointment);
  return {
    kind: 'answered',
    replies: [text(reminderTexts.cancelTooLate(appointment))],
    answer,
    handoff: {
      reason: 'reminder_cancel_too_late',
      note:
        `O cliente tocou em Cancelar no lembrete do agendamento ${reference.id} (${reference.service} com ${reference.professional}, ${reference.when}), ` +
        `dentro do prazo de cancelamento (${appointment.cancelNoticeMinutes} min). O agendamento continua marcado.`,
    },
  };
}

/** The visit's services still on, in order (none for a single service): a visit's answers list each of them. */
async function liveVisitOf(
  deps: ReminderTapDeps,
  scope: { tenantId: number; customerId: number },
  appointment: AppointmentView,
): Promise<AppointmentView[]> {
  if (appointment.visitId === null) return [];
  const rows = await findVisitAppointments(deps.scheduling.db, { ...scope, visitId: appointment.visitId });
  return rows.filter((row) => row.status !== 'cancelled');
}

const text = (body: string): OutboundReply => ({ type: 'text', text: body });

const businessOf = (deps: ReminderTapDeps, tenantId: number) =>
  deps.scheduling.db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { name: true, businessInfo: true, address: true } });
