import type {
  Appointment,
  CompactAgendaListing,
  CreatedBlock,
  DayHours,
  Professional,
  Service,
  TimeOffSpan,
} from '../../../src/contract/index.js';
import { api } from '../api.js';
import { addDays } from '../format.js';

export interface AgendaDay {
  appointments: Appointment[];
  /** free starts per professional ("HH:mm"): for the chosen service, or for her own services */
  free: Map<number, string[]>;
  /** time off entered for the day */
  blocks: CreatedBlock[];
  /** the tenant file's time off that touches the day */
  timeOff: TimeOffSpan[];
  /** each professional's working hours that weekday (absent: she does not work that day) */
  hours: DayHours[];
  /** the salon's closed day (a holiday), null on an open day */
  closed: { date: string; name: string } | null;
}

/**
 * The compact listing's items as the agenda shows them (`Appointment`): each with its
 * professional's and service's names from the listing's `professionals` and `services`, and
 * the fields the listing leaves out as null.
 */
export function expandListing(listing: CompactAgendaListing): Appointment[] {
  const professionals = new Map(listing.professionals.map((professional) => [professional.id, professional]));
  const services = new Map(listing.services.map((service) => [service.id, service]));
  return listing.items.map((item) => ({
    id: item.id,
    start: item.start,
    end: item.end,
    status: item.status,
    source: item.source,
    professional: professionals.get(item.professionalId) ?? { id: item.professionalId, name: '' },
    service: services.get(item.serviceId) ?? { id: item.serviceId, name: '' },
    customer: item.customer,
    visitId: item.visitId ?? null,
    priceCents: item.priceCents ?? null,
    rescheduledToId: item.rescheduledToId ?? null,
    rescheduledAt: item.rescheduledAt ?? null,
    ...(item.deposit ? { deposit: item.deposit } : {}),
  }));
}

export async function loadCatalog(): Promise<{ services: Service[]; professionals: Professional[] }> {
  const [services, professionals] = await Promise.all([
    api<{ items: Service[] }>('GET', '/admin/services'),
    api<{ items: Professional[] }>('GET', '/admin/professionals'),
  ]);
  return { services: services.items, professionals: professionals.items };
}

/** The professional's shortest service (the most free starts): "free time for the services she does". */
export function shortestServiceOf(professional: Professional, services: Service[]): Service | null {
  return (
    services
      .filter((service) => professional.serviceIds.includes(service.id))
      .sort((a, b) => a.durationMinutes - b.durationMinutes || a.id - b.id)[0] ?? null
  );
}

/**
 * The day's appointments and each professional's free starts the bot would offer: for
 * `serviceId` (professionals who do it), or with `null` for each professional's own services
 * (her shortest one: a start it does not fit is free for none of them).
 */
export async function loadDay(
  date: string,
  serviceId: number | null,
  professionals: Professional[],
  services: Service[],
): Promise<AgendaDay> {
  const offering = professionals.flatMap((professional) => {
    const chosen =
      serviceId === null ? shortestServiceOf(professional, services)?.id : professional.serviceIds.includes(serviceId) ? serviceId : null;
    return chosen == null ? [] : [{ professional, serviceId: chosen }];
  });
  const [appointments, blocks, ...slots] = await Promise.all([
    api<CompactAgendaListing>('GET', `/admin/appointments?date=${date}&compact=true`),
    api<{ items: CreatedBlock[]; timeOff: TimeOffSpan[]; hours: DayHours[] }>('GET', `/console/api/blocks?date=${date}`),
    ...offering.map(({ professional, serviceId: chosen }) =>
      api<{ slots: string[] }>('GET', `/admin/availability?date=${date}&professionalId=${professional.id}&serviceId=${chosen}`),
    ),
  ]);
  const free = new Map<number, string[]>();
  const slotLists = slots as { slots: string[] }[];
  for (const [index, { professional }] of offering.entries()) free.set(professional.id, slotLists[index]?.slots ?? []);
  return {
    appointments: expandListing(appointments),
    free,
    blocks: blocks.items,
    timeOff: blocks.timeOff,
    hours: blocks.hours,
    closed: appointments.closedDays.find((closed) => closed.date === date) ?? null,
  };
}

/** One day of the week view: its appointments, blocks, time off and hours, and whether the salon is closed. */
export interface AgendaWeekDay {
  date: string;
  appointments: Appointment[];
  blocks: CreatedBlock[];
  timeOff: TimeOffSpan[];
  hours: DayHours[];
  closed: { date: string; name: string } | null;
}

/** The Monday of the week (Monday to Sunday) a "YYYY-MM-DD" falls in. */
export function mondayOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The seven days from `monday`, of one professional or (null) of all: one range listing and each day's blocks and hours. */
export async function loadWeek(monday: string, professionalId: number | null): Promise<AgendaWeekDay[]> {
  const dates = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const only = professionalId === null ? '' : `&professionalId=${professionalId}`;
  const [listing, ...days] = await Promise.all([
    api<CompactAgendaListing>('GET', `/admin/appointments?from=${dates[0]}&to=${dates[6]}${only}&compact=true`),
    ...dates.map((date) =>
      api<{ items: CreatedBlock[]; timeOff: TimeOffSpan[]; hours: DayHours[] }>('GET', `/console/api/blocks?date=${date}`),
    ),
  ]);
  const shown = (id: number) => professionalId === null || id === professionalId;
  const appointments = expandListing(listing);
  return dates.map((date, index) => {
    const day = days[index]!;
    return {
      date,
      appointments: appointments.filter((appointment) => appointment.start.slice(0, 10) === date),
      blocks: day.items.filter((block) => shown(block.professionalId)),
      timeOff: day.timeOff.filter((span) => shown(span.professionalId)),
      hours: day.hours.filter((hours) => shown(hours.professionalId)),
      closed: listing.closedDays.find((closed) => closed.date === date) ?? null,
    };
  });
}
