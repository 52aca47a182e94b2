import { ToolDomainException } from '../shared/index.js';
import type { Draft, Step } from './assistant-state.js';
import {
  bookedText,
  chooseDayScreen,
  chooseProfessionalScreen,
  chooseTimeScreen,
  confirmScreen,
  depositNeededText,
} from './booking-screens.js';
import { customerRefusal } from './customer-refusal.js';
import { freeTimesOn } from './free-times.js';
import { parseTypedDate, parseTypedTime } from './local-dates.js';
import { type Choice, idAfter } from './match-choice.js';
import { type StepOutcome, type TurnContext, text, withPrefix } from './turn.js';

type StepOf<Name extends Step['step']> = Extract<Step, { step: Name }>;

export async function handleChooseService(context: TurnContext, choice: Choice | null): Promise<StepOutcome> {
  const serviceId = idAfter(choice, 'svc:');
  return serviceId ? chooseProfessionalScreen(context, Number(serviceId)) : 'not_understood';
}

export async function handleChooseProfessional(
  context: TurnContext,
  step: StepOf<'choose_professional'>,
  choice: Choice | null,
): Promise<StepOutcome> {
  const picked = idAfter(choice, 'pro:');
  if (!picked) return 'not_understood';
  return chooseDayScreen(context, { mode: 'book', serviceId: step.serviceId, professionalId: picked === 'any' ? null : Number(picked) });
}

export async function handleChooseDay(context: TurnContext, step: StepOf<'choose_day'>, choice: Choice | null): Promise<StepOutcome> {
  const date = idAfter(choice, 'day:') ?? parseTypedDate(context.message.text, context.today);
  return date ? chooseTimeScreen(context, step.draft, date) : 'not_understood';
}

export async function handleChooseTime(context: TurnContext, step: StepOf<'choose_time'>, choice: Choice | null): Promise<StepOutcome> {
  const slot = idAfter(choice, 'slot:');
  const time = slot ? slot.slice(11, 16) : parseTypedTime(context.message.text);
  if (!time) {
    // "amanhã" at the time step: the customer changed the day.
    const date = parseTypedDate(context.message.text, context.today);
    return date ? chooseTimeScreen(context, step.draft, date) : 'not_understood';
  }
  const date = slot ? slot.slice(0, 10) : step.date;
  const { times } = await freeTimesOn(context.calls, step.draft, date);
  const free = times.find((candidate) => candidate.time === time);
  if (!free) return withPrefix(await chooseTimeScreen(context, step.draft, date), `${time} não está livre nesse dia.`);
  return confirmScreen(context, { ...step.draft, professionalId: free.professionalId }, `${date}T${time}`);
}

/** Confirmar books (or reschedules); a refusal (the time was just taken) shows its message over the day's free times. */
export async function handleConfirmBooking(
  context: TurnContext,
  step: StepOf<'confirm_booking'>,
  answer: 'yes' | 'no' | null,
): Promise<StepOutcome> {
  const { draft, start } = step;
  const date = start.slice(0, 10);
  if (answer === 'no') return chooseTimeScreen(context, draft, date);
  if (answer !== 'yes') return 'not_understood';
  if (draft.mode === 'book' && step.visit?.length) return bookVisit(context, step);
  try {
    const notice = await commit(context, draft, start);
    return { next: { step: 'idle' }, replies: [notice], notices: [notice] };
  } catch (error) {
    if (!(error instanceof ToolDomainException)) throw error;
    return withPrefix(await chooseTimeScreen(context, draft, date), customerRefusal(error));
  }
}

/**
 * Books a visit all or nothing, with the professionals the times were found with. Refused
 * (a service just taken, a resource in use), nothing is booked and the day's fitting times
 * follow with the reason.
 */
async function bookVisit(context: TurnContext, step: StepOf<'confirm_booking'>): Promise<StepOutcome> {
  const { draft, start } = step;
  const items = [
    { professionalId: draft.professionalId, serviceId: draft.serviceId },
    ...(step.visit ?? []).map((stop) => ({ professionalId: stop.professionalId, serviceId: stop.serviceId })),
  ];
  try {
    const booked = await context.calls.bookVisit(start, items);
    if (booked.sinal) {
      const waiting = depositNeededText(booked.sinal);
      return { next: { step: 'idle' }, replies: [waiting], notices: [waiting] };
    }
  } catch (error) {
    if (!(error instanceof ToolDomainException)) throw error;
    const again: Draft = { ...draft, professionalId: null };
    return withPrefix(await chooseTimeScreen(context, again, start.slice(0, 10)), customerRefusal(error));
  }
  const notice = bookedText();
  return { next: { step: 'idle' }, replies: [notice], notices: [notice] };
}

/** The details (service, professional, day, time, address) follow in the turn's receipt, built from the row. */
async function commit(context: TurnContext, draft: Draft & { professionalId: number }, start: string) {
  if (draft.mode === 'reschedule' && draft.appointmentId) {
    await context.calls.reschedule(draft.appointmentId, start);
    return text('Pronto, remarcado! ✅\nSe precisar de mais alguma coisa, é só escrever *menu*.');
  }
  const booked = await context.calls.book({ professionalId: draft.professionalId, serviceId: draft.serviceId, start });
  return booked.sinal ? depositNeededText(booked.sinal) : bookedText();
}
