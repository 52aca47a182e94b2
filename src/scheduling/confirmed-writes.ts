import type { Db, Prisma } from '../db/index.js';
import { type AppointmentView, findCustomerAppointment } from './appointment-view.js';
import { localDateOf, localTimeOf } from './local-time.js';

type Tx = Db | Prisma.TransactionClient;

/** A change to appointments the database confirmed: what a receipt is about. */
export type ScheduleChangeKind = 'booked' | 'cancelled' | 'rescheduled';

/** Which appointment a successful write touched (read from a write tool's result). */
export interface ScheduleChangeRef {
  kind: ScheduleChangeKind;
  appointmentId: number;
  /** a reschedule's old appointment (now cancelled) */
  previousAppointmentId?: number;
}

/** A change re-read from the database: the rows as they are now. */
export interface ConfirmedChange extends ScheduleChangeRef {
  appointment: AppointmentView;
  previous: AppointmentView | null;
}

const KIND_OF_TOOL: Record<string, ScheduleChangeKind> = { agendar: 'booked', cancelar: 'cancelled', remarcar: 'rescheduled' };

/**
 * The appointment a successful `agendar`, `cancelar` or `remarcar` touched, from its
 * result (`{agendamento: {agendamento_id}}`, and `anterior` for a reschedule); null for
 * any other tool or a result without an id. Only a pointer: receipts and claim checks
 * re-read the row.
 */
export function scheduleChangeOf(toolName: string, result: unknown): ScheduleChangeRef | null {
  const kind = KIND_OF_TOOL[toolName];
  if (!kind || typeof result !== 'object' || result === null) return null;
  const record = result as {
    agendamento?: { agendamento_id?: unknown };
    agendamento_id?: unknown;
    anterior?: { agendamento_id?: unknown };
  };
  const appointmentId = record.agendamento?.agendamento_id ?? record.agendamento_id;
  if (typeof appointmentId !== 'number') return null;
  const previousAppointmentId = record.anterior?.agendamento_id;
  return {
    kind,
    appointmentId,
    ...(kind === 'rescheduled' && typeof previousAppointmentId === 'number' ? { previousAppointmentId } : {}),
  };
}

/**
 * Re-reads the rows behind each change, scoped to the tenant and customer (a ref to
 * anybody else's appointment reads as missing and is dropped). Repeated refs (a retried
 * or repeated call) count once, in first-seen order.
 */
export async function readConfirmedChanges(
  db: Tx,
  scope: { tenantId: number; customerId: number },
  refs: readonly ScheduleChangeRef[],
): Promise<ConfirmedChange[]> {
  const seen = new Set<string>();
  const changes: ConfirmedChange[] = [];
  for (const ref of refs) {
    const key = `${ref.kind}:${ref.appointmentId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const appointment = await findCustomerAppointment(db, { ...scope, appointmentId: ref.appointmentId });
    if (!appointment) continue;
    const previous =
      ref.previousAppointmentId === undefined
        ? null
        : await findCustomerAppointment(db, { ...scope, appointmentId: ref.previousAppointmentId });
    changes.push({ ...ref, appointment, previous });
  }
  return changes;
}

/** An appointment's local date and times, as claim checks compare them. */
export function localSlotOf(appointment: AppointmentView): { date: string; start: string; end: string } {
  return {
    date: localDateOf(appointment.startsAt.getTime(), appointment.timezone),
    start: localTimeOf(appointment.startsAt.getTime(), appointment.timezone),
    end: localTimeOf(appointment.endsAt.getTime(), appointment.timezone),
  };
}
