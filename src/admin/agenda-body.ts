import { type AgendaAppointment, type AppointmentHistoryEntry, localDateTimeOf } from '../scheduling/index.js';
import { maskPhone } from './mask-phone.js';

/** An agenda appointment as the API answers it: local "YYYY-MM-DDTHH:mm" times, masked phone. */
export function toAgendaItemBody(item: AgendaAppointment, timezone: string) {
  return {
    id: item.id,
    start: localDateTimeOf(item.startsAt.getTime(), timezone),
    end: localDateTimeOf(item.endsAt.getTime(), timezone),
    status: item.status,
    source: item.source,
    professional: item.professional,
    service: item.service,
    customer: { id: item.customer.id, name: item.customer.name, phone: maskPhone(item.customer.waId) },
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
