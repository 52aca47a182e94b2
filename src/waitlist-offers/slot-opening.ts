import type { AppointmentChanged, BlockRemoved } from '../scheduling/appointments/index.js';

/** A professional's time that became free: what the waitlist tries to fill. */
export interface SlotOpening {
  tenantId: number;
  professionalId: number;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Statuses in which an appointment no longer holds its time: `cancelled`, and `expired` (a
 * deposit not paid in time). Any change into one of them from a status that held the time
 * opens a slot, whatever the event's kind, so a new kind of release needs nothing here.
 */
const RELEASING_STATUSES: readonly string[] = ['cancelled', 'expired'];

/** Whether an appointment in this status keeps its time from others. */
export function holdsItsTime(status: string): boolean {
  return !RELEASING_STATUSES.includes(status);
}

/**
 * The slot an appointment change frees, or null. Pure:
 * - a move frees the old time (and professional) it left;
 * - any change from a status that held the time to one that does not (a cancellation, an
 *   expired deposit hold) frees the appointment's time;
 * - a booking, a confirmation or recorded attendance frees nothing.
 * Only a time still ahead of the change counts.
 */
export function openingOfAppointmentChange(event: AppointmentChanged): SlotOpening | null {
  const freed = freedAppointment(event);
  if (!freed || freed.endsAt.getTime() <= event.at.getTime()) return null;
  return { tenantId: freed.tenantId, professionalId: freed.professionalId, startsAt: freed.startsAt, endsAt: freed.endsAt };
}

function freedAppointment(event: AppointmentChanged) {
  if (event.kind === 'moved') {
    const { previous, appointment } = event;
    const same =
      previous.professionalId === appointment.professionalId &&
      previous.startsAt.getTime() === appointment.startsAt.getTime() &&
      previous.endsAt.getTime() === appointment.endsAt.getTime();
    return same ? null : previous;
  }
  if ('from' in event && holdsItsTime(event.from) && !holdsItsTime(event.appointment.status)) return event.appointment;
  return null;
}

/** The slot a removed block frees (the part still ahead), or null. Pure. */
export function openingOfRemovedBlock(event: BlockRemoved, now: Date): SlotOpening | null {
  if (event.endsAt.getTime() <= now.getTime()) return null;
  const startsAt = event.startsAt.getTime() < now.getTime() ? now : event.startsAt;
  return { tenantId: event.tenantId, professionalId: event.professionalId, startsAt, endsAt: event.endsAt };
}
