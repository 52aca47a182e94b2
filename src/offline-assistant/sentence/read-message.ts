import type { TurnContext } from '../turn.js';
import { type Catalog, type Reading, readRequest } from '../understanding/index.js';
import type { BookingRequest } from './booking-request.js';

/** The tenant's catalog (from `listar_servicos`) in the reader's shape. */
export async function loadCatalog(context: TurnContext): Promise<Catalog> {
  const { servicos } = await context.calls.listServices();
  const professionals = new Map(
    servicos.flatMap((service) => service.profissionais).map((professional) => [professional.id, professional.nome]),
  );
  return {
    services: servicos.map((service) => ({
      id: service.id,
      name: service.nome,
      professionalIds: service.profissionais.map((professional) => professional.id),
    })),
    professionals: [...professionals].map(([id, name]) => ({ id, name })),
  };
}

/** The current message read against the tenant's catalog and today's date. */
export async function readMessage(context: TurnContext): Promise<Reading> {
  return readRequest({ text: context.message.text ?? '', catalog: await loadCatalog(context), today: context.today });
}

/**
 * The services a reading names: one (found or ambiguous), or a visit ("corte e escova") as
 * its first service and the ones after it; with an ambiguous part ("cabelo e unha") that
 * part is asked first and the others follow it.
 */
function serviceFields(reading: Reading): Pick<BookingRequest, 'serviceId' | 'serviceOptions' | 'also'> {
  const { service, visit } = reading;
  if (visit.length > 0) {
    const found = visit.flatMap((item) => (item.status === 'found' ? [item.value] : []));
    const unclear = visit.find((item) => item.status === 'ambiguous');
    if (unclear?.status === 'ambiguous') return { serviceOptions: unclear.options, also: found };
    const [first, ...also] = found;
    return first === undefined ? {} : { serviceId: first, also };
  }
  return {
    ...(service.status === 'found' ? { serviceId: service.value } : {}),
    ...(service.status === 'ambiguous' ? { serviceOptions: service.options } : {}),
  };
}

/** The booking fields a reading found (nothing for what it did not). */
export function bookingFields(reading: Reading): Omit<BookingRequest, 'mode'> {
  const { professional, day, time } = reading;
  return {
    ...serviceFields(reading),
    ...(professional.status === 'found' ? { professional: professional.value } : {}),
    ...(professional.status === 'ambiguous' ? { professionalOptions: professional.options.filter((option) => option !== 'any') } : {}),
    ...(professional.status === 'unknown' ? { professionalUnknown: professional.said } : {}),
    ...(day.status === 'found' ? { day: day.value } : {}),
    ...(time.status === 'found' ? { time: time.value } : {}),
  };
}

/** True when a reading says anything the menu would otherwise ask: a service, a person, a day or a time. */
export const saysDetails = (reading: Reading): boolean =>
  [reading.service, reading.professional, reading.day, reading.time].some((field) => field.status !== 'absent') || reading.visit.length > 0;
