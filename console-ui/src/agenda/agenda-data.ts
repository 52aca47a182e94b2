import type { Appointment, CreatedBlock, Professional, Service, TimeOffSpan } from '../../../src/contract/index.js';
import { api } from '../api.js';

export interface AgendaDay {
  appointments: Appointment[];
  /** free starts per professional for the chosen service ("HH:mm") */
  free: Map<number, string[]>;
  /** time off entered for the day */
  blocks: CreatedBlock[];
  /** the tenant file's time off that touches the day */
  timeOff: TimeOffSpan[];
}

export async function loadCatalog(): Promise<{ services: Service[]; professionals: Professional[] }> {
  const [services, professionals] = await Promise.all([
    api<{ items: Service[] }>('GET', '/admin/services'),
    api<{ items: Professional[] }>('GET', '/admin/professionals'),
  ]);
  return { services: services.items, professionals: professionals.items };
}

/** The day's appointments and, for each professional who offers `serviceId`, the free starts the bot would offer. */
export async function loadDay(date: string, serviceId: number | null, professionals: Professional[]): Promise<AgendaDay> {
  const offering = serviceId === null ? [] : professionals.filter((professional) => professional.serviceIds.includes(serviceId));
  const [appointments, blocks, ...slots] = await Promise.all([
    api<{ items: Appointment[] }>('GET', `/admin/appointments?date=${date}`),
    api<{ items: CreatedBlock[]; timeOff: TimeOffSpan[] }>('GET', `/console/api/blocks?date=${date}`),
    ...offering.map((professional) =>
      api<{ slots: string[] }>('GET', `/admin/availability?date=${date}&professionalId=${professional.id}&serviceId=${serviceId}`),
    ),
  ]);
  const free = new Map<number, string[]>();
  const slotLists = slots as { slots: string[] }[];
  for (const [index, professional] of offering.entries()) free.set(professional.id, slotLists[index]?.slots ?? []);
  return { appointments: appointments.items, free, blocks: blocks.items, timeOff: blocks.timeOff };
}
