import type { Appointment, AppointmentDeposit, Sent } from '../contract/index.js';
import type { AgendaAppointment } from '../scheduling/agenda/index.js';
import type { AppointmentHistoryEntry } from '../scheduling/appointments/index.js';
import { type DayClock, localDateTimeOf } from '../shared/index.js';
import { staffPhone } from './staff-phone.js';

/**
 * An agenda appointment as the API answers it: local "YYYY-MM-DDTHH:mm" times, full E.164 phone.
 * A day's listing passes that day's clock, which formats its times without zone lookups.
 */
export function toAgendaItemBody(item: AgendaAppointment, timezone: string, clock?: DayClock): Sent<Appointment> {
  const local = (instant: Date) =>
    clock ? `${clock.dateOf(instant.getTime())}T${clock.timeOf(instant.getTime())}` : localDateTimeOf(instant.getTime(), timezone);
  return {
    id: item.id,
    start: local(item.startsAt),
    end: local(item.endsAt),
    status: item.status,
    source: item.source,
    professional: item.professional,
    service: item.service,
    customer: { id: item.customer.id, name: item.customer.name, phone: staffPhone(item.customer.waId) },
    visitId: item.visitId,
    priceCents: item.priceCents,
    rescheduledToId: item.rescheduledToId,
    rescheduledAt: item.rescheduledAt ? local(item.rescheduledAt) : null,
    ...(item.deposit
      ? { deposit: { status: item.deposit.status as AppointmentDeposit['status'], amountCents: item.deposit.amountCents } }
      : {}),
  };
}

/** One history entry: when (ISO instant and local time), who, what. */
export function toHistoryEntryBody(entry: AppointmentHistoryEntry, timezone: string) {
  return {
    at: entry.at.toISOString(),
    localTime: localDateTimeOf(entry.at.getTime(), timezone),
    actor: entry.actor,
    change: entry.change,
    details: entry.details,
  };
}
