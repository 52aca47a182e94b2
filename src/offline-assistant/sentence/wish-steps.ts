import { findBookedAppointment, myAppointmentsScreen } from '../appointment-screens.js';
import type { Step } from '../assistant-state.js';
import { parseTypedDate } from '../local-dates.js';
import { type Choice, idAfter } from '../match-choice.js';
import type { Screen, TurnContext } from '../turn.js';
import { isEmptyWish } from '../wish.js';
import { requestOfStep } from './answer-sentence.js';
import { actOn } from './appointment-request.js';
import { continueBooking } from './continue-booking.js';
import { withNotes } from './with-wish.js';

/**
 * A choice at a step that carries what the first sentence said (its `wish`): the service
 * picked from an ambiguous list, then straight on with the day and time already given.
 * Null for steps without a wish: the menu handles them as before.
 */
export async function answerWishStep(context: TurnContext, step: Step, choice: Choice | null): Promise<Screen | null> {
  switch (step.step) {
    case 'choose_service': {
      const serviceId = idAfter(choice, 'svc:');
      if (isEmptyWish(step.wish) || !serviceId) return null;
      return continueBooking(context, { mode: 'book', ...step.wish, serviceId: Number(serviceId) });
    }
    case 'choose_professional': {
      const picked = idAfter(choice, 'pro:');
      if (isEmptyWish(step.wish) || !picked) return null;
      return continueBooking(context, {
        mode: 'book',
        ...step.wish,
        serviceId: step.serviceId,
        professional: picked === 'any' ? 'any' : Number(picked),
      });
    }
    case 'choose_day': {
      const date = idAfter(choice, 'day:') ?? parseTypedDate(context.message.text, context.today);
      if (isEmptyWish(step.wish) || !date) return null;
      const base = requestOfStep(step);
      if (!base) return null;
      // The step's own request (its draft, a visit's other services included) with the day picked.
      return continueBooking(context, { ...base, day: { kind: 'date', date } });
    }
    case 'choose_appointment': {
      const id = idAfter(choice, 'apt:');
      if (!step.intent || !id) return null;
      const appointment = await findBookedAppointment(context, Number(id));
      if (!appointment) return withNotes(await myAppointmentsScreen(context), ['Esse agendamento não está mais ativo.']);
      return actOn(context, step.intent, appointment, step.wish ?? {});
    }
    default:
      return null;
  }
}
