import type { ListarServicosResult } from '../../scheduling/tools/index.js';
import { addDays } from '../../shared/index.js';
import type { Draft } from '../assistant-state.js';
import { chooseDayScreen, chooseProfessionalScreen, chooseServiceScreen, chooseTimeScreen, confirmScreen } from '../booking-screens.js';
import { daysWithFreeTime, type FreeTime, freeTimesOn } from '../free-times.js';
import { dayPhrase } from '../local-dates.js';
import type { Screen, TurnContext } from '../turn.js';
import type { DaySpec, TimeSpec } from '../understanding/index.js';
import { type BookingRequest, wishOf } from './booking-request.js';
import { checkDay, daysBetween } from './day-check.js';
import { inDay } from './in-day.js';
import { daysScreen, professionalOptionsScreen, serviceOptionsScreen, timesScreen } from './sentence-screens.js';
import { nearestTimes, timesInWindow } from './time-fit.js';
import { withNotes, withWish } from './with-wish.js';

const NEAREST_SHOWN = 5;
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The next screen for what the customer has said so far: asks only what is missing (the
 * service, a professional when nothing about when was said, the day, the time) and, once
 * service, day and time are known, shows the confirmation (never books: the customer
 * confirms). A taken time offers the nearest free ones that fit the words; a window offers
 * the free starts inside it; a closed, full, past or too distant day is said plainly with
 * the next open day.
 */
export async function continueBooking(context: TurnContext, request: BookingRequest): Promise<Screen> {
  const notes: string[] = [];
  const { servicos } = await context.calls.listServices();
  let serviceId = request.serviceId ?? (servicos.length === 1 ? servicos[0]?.id : undefined);
  if (serviceId === undefined) {
    const asked = request.professional;
    // "com a Camila" alone: only the services she does.
    const theirs =
      typeof asked === 'number'
        ? servicos.filter((service) => service.profissionais.some((professional) => professional.id === asked))
        : [];
    const options = request.serviceOptions
      ? servicos.filter((service) => request.serviceOptions?.includes(service.id))
      : theirs.length < servicos.length
        ? theirs
        : [];
    if (options.length > 1) return serviceOptionsScreen(options, wishOf(request));
    serviceId = options[0]?.id;
    if (serviceId === undefined) return withWish(await chooseServiceScreen(context), wishOf(request));
  }
  const service = servicos.find((candidate) => candidate.id === serviceId);
  if (!service) return withWish(await chooseServiceScreen(context), wishOf(request));
  if (request.mode === 'book' && request.also?.length) {
    const visit = visitDraft(servicos, [service.id, ...request.also], request.professional);
    return withNotes(
      await chooseWhen(context, visit.draft, request.day, request.time, request.time ? { time: request.time } : {}),
      visit.notes,
    );
  }
  const professionals = service.profissionais;

  let professionalId: number | null | undefined;
  if (request.mode === 'reschedule' && typeof request.professional === 'number') professionalId = request.professional;
  else if (request.professional === 'any') professionalId = null;
  else if (typeof request.professional === 'number') {
    const asked = request.professional;
    if (professionals.some((professional) => professional.id === asked)) professionalId = asked;
    else {
      const name = servicos.flatMap((candidate) => candidate.profissionais).find((professional) => professional.id === asked)?.nome;
      notes.push(`${name ?? 'Essa pessoa'} não faz ${service.nome}.`);
    }
  } else if (request.professionalOptions) {
    const options = professionals.filter((professional) => request.professionalOptions?.includes(professional.id));
    if (options.length > 1) return professionalOptionsScreen(service.id, options, wishOf({ ...request, professional: undefined }));
    professionalId = options[0]?.id;
  } else if (request.professionalUnknown) {
    notes.push(`Não encontrei ninguém chamado ${capitalized(request.professionalUnknown)} aqui.`);
  }
  if (professionalId === undefined) {
    const only = professionals.length === 1 ? professionals[0] : undefined;
    if (only) professionalId = only.id;
    else if (notes.length === 0 && (request.day || request.time)) professionalId = null;
    else if (notes.length === 0) return chooseProfessionalScreen(context, service.id);
    else
      return withNotes(
        withWish(await chooseProfessionalScreen(context, service.id, false), wishOf({ ...request, professional: undefined })),
        notes,
      );
  }

  const draft: Draft = {
    mode: request.mode,
    serviceId: service.id,
    professionalId,
    ...(request.appointmentId ? { appointmentId: request.appointmentId } : {}),
  };
  const timeWish = request.time ? { time: request.time } : {};
  return withNotes(await chooseWhen(context, draft, request.day, request.time, timeWish), notes);
}

/**
 * A visit's draft: its services in order, each with the professional named when that
 * professional does it, anyone otherwise (a visit never asks who: the time list names them).
 */
function visitDraft(servicos: ListarServicosResult['servicos'], serviceIds: number[], asked: BookingRequest['professional']) {
  const notes: string[] = [];
  const services = serviceIds.flatMap((id) => servicos.filter((service) => service.id === id));
  const named = typeof asked === 'number' ? asked : null;
  const whoFor = (service: (typeof services)[number]) =>
    named !== null && service.profissionais.some((professional) => professional.id === named) ? named : null;
  if (named !== null && services.every((service) => whoFor(service) === null)) {
    const name = servicos.flatMap((service) => service.profissionais).find((professional) => professional.id === named)?.nome;
    notes.push(`${name ?? 'Essa pessoa'} não faz ${services.map((service) => service.nome).join(' nem ')}.`);
  }
  const [first, ...rest] = services;
  const draft: Draft = {
    mode: 'book',
    serviceId: first?.id ?? serviceIds[0] ?? 0,
    professionalId: first ? whoFor(first) : null,
    more: rest.map((service) => ({ serviceId: service.id, professionalId: whoFor(service) })),
  };
  return { draft, notes };
}

/** The day (or time) step of a ready draft, honouring the day and time the sentence named. */
export async function chooseWhen(
  context: TurnContext,
  draft: Draft,
  day: DaySpec | undefined,
  time: TimeSpec | undefined,
  timeWish: { time?: TimeSpec },
) {
  if (!day) {
    if (time?.kind === 'earliest') {
      const [first] = await daysWithFreeTime(context.calls, draft, context.today, context.horizonDays, 1);
      if (first) return chooseTime(context, draft, first.date, (await freeTimesOn(context.calls, draft, first.date)).times, time);
    }
    return withWish(await chooseDayScreen(context, draft), timeWish);
  }
  if (day.kind === 'range') return chooseInRange(context, draft, day, timeWish);
  const checked = await checkDay(context, draft, day.date);
  if (checked.kind === 'unavailable') return withNotes(withWish(await chooseDayScreen(context, draft), timeWish), [checked.reason]);
  return chooseTime(context, draft, day.date, checked.times, time);
}

async function chooseInRange(context: TurnContext, draft: Draft, range: { from: string; to: string }, timeWish: { time?: TimeSpec }) {
  const last = addDays(context.today, context.horizonDays);
  // ISO dates compare as strings.
  const [from = range.from] = [range.from, context.today].sort().slice(-1);
  const [to = range.to] = [range.to, last].sort();
  const span = `entre ${dayPhrase(range.from, context.today)} e ${dayPhrase(range.to, context.today)}`;
  const days = from <= to ? await daysWithFreeTime(context.calls, draft, from, daysBetween(from, to), 7) : [];
  if (days.length === 0) {
    return withNotes(withWish(await chooseDayScreen(context, draft), timeWish), [`Não há horários livres ${span}.`]);
  }
  return daysScreen(context, draft, days, `Dias com horário livre ${span}.`, timeWish);
}

async function chooseTime(
  context: TurnContext,
  draft: Draft,
  date: string,
  times: FreeTime[],
  time: TimeSpec | undefined,
): Promise<Screen> {
  const when = inDay(date, context.today);
  if (!time) return chooseTimeScreen(context, draft, date);
  if (time.kind === 'earliest' || time.kind === 'at') {
    const free = time.kind === 'earliest' ? times[0] : times.find((candidate) => candidate.time === time.time);
    if (free) return confirmScreen(context, { ...draft, professionalId: free.professionalId }, `${date}T${free.time}`);
    if (time.kind === 'at') {
      return timesScreen(
        draft,
        date,
        nearestTimes(times, time, NEAREST_SHOWN),
        `${time.time} não está livre ${when}. Estes são os horários livres mais próximos.`,
      );
    }
    return chooseTimeScreen(context, draft, date);
  }
  const inside = timesInWindow(times, time.from, time.to);
  if (inside.length === 0)
    return withNotes(await chooseTimeScreen(context, draft, date), [`Não há horários livres ${time.label} ${when}.`]);
  return timesScreen(draft, date, inside, `Horários livres ${time.label} ${when}.`);
}
