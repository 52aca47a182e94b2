// The front desk: the agenda, its appointments, customers, services, professionals, blocks, the
// waitlist, as the console reads them (JSON: times are strings). The server's body builders return
// `Sent<…>` of these, so a field the console relies on cannot go missing or change type without the
// server's build failing.
import type { AppointmentSource, AppointmentStatus } from './vocabularies.js';

/** One item of `GET /console/api/conversations/:id/appointments` */
export interface CustomerAppointment {
  id: number;
  start: string;
  end: string;
  status: AppointmentStatus;
  service: string;
  professional: string;
}

/** One item of `GET /admin/appointments` (local `YYYY-MM-DDTHH:mm` times) */
export interface Appointment {
  id: number;
  start: string;
  end: string;
  status: AppointmentStatus;
  source: AppointmentSource;
  professional: { id: number; name: string };
  service: { id: number; name: string };
  customer: { id: number; name: string | null; phone: string | null };
  /** the visit it belongs to (several services booked together; every row of it has the same), null for one service */
  visitId: number | null;
  /** its price at booking, in cents; null without one */
  priceCents: number | null;
  /** set on the row an older move left behind (status `cancelled`; moves now keep the id): the appointment it became; shown as moved, not cancelled */
  rescheduledToId: number | null;
  /** when it was last moved to another time or professional (local `YYYY-MM-DDTHH:mm`; same id), null if never */
  rescheduledAt: string | null;
  /** the deposit by Pix it waited for (docs/deposits.md); absent when it needed none */
  deposit?: AppointmentDeposit;
}

/**
 * One item of the compact listing (`GET /admin/appointments?…&compact=true`, what the console
 * asks for): an `Appointment` that names its professional and service by id (the listing names
 * each once, in `professionals` and `services`) and leaves out the fields that would be null.
 */
export interface CompactAppointment {
  id: number;
  start: string;
  end: string;
  status: AppointmentStatus;
  source: AppointmentSource;
  professionalId: number;
  serviceId: number;
  customer: { id: number; name: string | null; phone: string | null };
  visitId?: number;
  priceCents?: number;
  rescheduledToId?: number;
  rescheduledAt?: string;
  deposit?: AppointmentDeposit;
}

/** `GET /admin/appointments?…&compact=true`: the listing's items with the names they share given once */
export interface CompactAgendaListing {
  timezone: string;
  closedDays: { date: string; name: string }[];
  /** every professional an item names, by id */
  professionals: { id: number; name: string }[];
  /** every service an item names, by id */
  services: { id: number; name: string }[];
  items: CompactAppointment[];
}

/** A deposit's state as staff see it on an appointment */
export interface AppointmentDeposit {
  status: 'pending' | 'paid' | 'expired' | 'refunded' | 'waived';
  amountCents: number;
}

/** Whether the customer was told of a staff change (`notification` of a cancel or a move) */
export type CustomerNotification =
  | { customerNotified: true; channel: 'whatsapp_text' | 'whatsapp_template' }
  | { customerNotified: false; reason: string; message: string };

/** `POST /admin/appointments/:id/reschedule`: the same appointment (same id) now and as it was before the move */
export interface AppointmentMove {
  appointment: Appointment;
  /** null when nothing changed (a repeated request) */
  previous: Appointment | null;
  unchanged: boolean;
  notification: CustomerNotification;
}

/** One item of `GET /admin/customers?q=` (the phone in full, E.164) */
export interface CustomerSummary {
  id: number;
  name: string | null;
  phone: string | null;
}

/** `GET /admin/customers/:id`: the front desk's customer record (local `YYYY-MM-DDTHH:mm` times) */
export interface CustomerRecord extends CustomerSummary {
  username: string | null;
  /** staff's notes on the customer; null without any */
  notes: string | null;
  /** appointments recorded as no-show */
  noShows: number;
  /** every status, latest first; `rescheduledAt` when it was moved (same id); `rescheduledToId` on the row an older move left behind (shown as moved, not cancelled) */
  appointments: {
    id: number;
    start: string;
    end: string;
    status: AppointmentStatus;
    source: AppointmentSource;
    professional: { id: number; name: string };
    service: { id: number; name: string };
    rescheduledToId: number | null;
    rescheduledAt: string | null;
  }[];
  /** ISO instants */
  conversations: { id: number; lastInboundAt: string | null; updatedAt: string }[];
}

/** One item of `GET /admin/services` */
export interface Service {
  id: number;
  name: string;
  durationMinutes: number;
  /** what the customer pays, in cents; null without a price */
  priceCents: number | null;
  /** true: the price is a minimum ("a partir de") */
  priceFrom: boolean;
  /** the price as the customer reads it: "R$ 60,00", "a partir de R$ 80,00", null without one */
  price: string | null;
  bufferAfterMinutes: number;
  /** the service a variant belongs to (variants follow their parent); null for a service */
  parentId: number | null;
}

/** One item of `GET /admin/professionals` */
export interface Professional {
  id: number;
  name: string;
  serviceIds: number[];
}

/** One item of `GET /console/api/blocks` (local times) */
export interface CreatedBlock {
  id: number;
  professionalId: number;
  from: string;
  to: string;
  reason: string | null;
}

/** One span of a professional's time off from the tenant file (`timeOff` of `GET /console/api/blocks`; local times) */
export interface TimeOffSpan {
  professionalId: number;
  from: string;
  to: string;
}

/** A professional's working hours on one date (`hours` of `GET /console/api/blocks`): local "HH:mm" pairs, "24:00" the day's end */
export interface DayHours {
  professionalId: number;
  intervals: [string, string][];
}

/** One item of `GET /admin/waitlist`: an open entry (`open` waiting, `offered` with an offer on hold) */
export interface WaitlistItem {
  id: number;
  customer: { id: number; name: string | null; phone: string | null };
  serviceId: number;
  /** the local day wanted, YYYY-MM-DD */
  date: string;
  /** manha, tarde or noite; null for any time of the day */
  period: 'manha' | 'tarde' | 'noite' | null;
  /** null: anyone who does the service */
  professionalId: number | null;
  status: 'open' | 'offered';
  /** ISO instant */
  createdAt: string;
}
