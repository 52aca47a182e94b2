import type { Appointment, AppointmentDeposit, CompactAgendaListing, CompactAppointment, Sent } from '../contract/index.js';
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

/**
 * A listing's items in the compact form (`compact=true`): each professional and service named
 * once, in order of first appearance, the items naming them by id, null fields left out.
 */
export function toCompactListingBody(
  items: AgendaAppointment[],
  timezone: string,
  clock?: DayClock,
): Pick<Sent<CompactAgendaListing>, 'professionals' | 'services' | 'items'> {
  const local = (instant: Date) =>
    clock ? `${clock.dateOf(instant.getTime())}T${clock.timeOf(instant.getTime())}` : localDateTimeOf(instant.getTime(), timezone);
  const professionals = new Map<number, { id: number; name: string }>();
  const services = new Map<number, { id: number; name: string }>();
  const bodies: Sent<CompactAppointment>[] = [];
  for (const item of items) {
    if (!professionals.has(item.professional.id)) professionals.set(item.professional.id, item.professional);
    if (!services.has(item.service.id)) services.set(item.service.id, item.service);
    const body: Sent<CompactAppointment> = {
      id: item.id,
      start: local(item.startsAt),
      end: local(item.endsAt),
      status: item.status,
      source: item.source,
      professionalId: item.professional.id,
      serviceId: item.service.id,
      customer: { id: item.customer.id, name: item.customer.name, phone: staffPhone(item.customer.waId) },
    };
    if (item.visitId !== null) body.visitId = item.visitId;
    if (item.priceCents !== null) body.priceCents = item.priceCents;
    if (item.rescheduledToId !== null) body.rescheduledToId = item.rescheduledToId;
    if (item.rescheduledAt) body.rescheduledAt = local(item.rescheduledAt);
    if (item.deposit) body.deposit = { status: item.deposit.status as AppointmentDeposit['status'], amountCents: item.deposit.amountCents };
    bodies.push(body);
  }
  return { professionals: [...professionals.values()], services: [...services.values()], items: bodies };
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
