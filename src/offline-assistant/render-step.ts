import { appointmentActionScreen, confirmCancelScreen, findBookedAppointment, myAppointmentsScreen } from './appointment-screens.js';
import type { Step } from './assistant-state.js';
import { chooseDayScreen, chooseProfessionalScreen, chooseServiceScreen, chooseTimeScreen, confirmScreen } from './booking-screens.js';
import { mainMenuScreen } from './main-menu.js';
import { waitlistServiceScreen } from './sentence/waitlist-request.js';
import type { Screen, TurnContext } from './turn.js';

/**
 * The screen of a step, built afresh from the tools (so a re-ask shows current free
 * times). A step whose appointment is gone falls back to the appointments list.
 */
export async function renderStep(context: TurnContext, step: Step): Promise<Screen> {
  switch (step.step) {
    case 'idle':
    case 'main_menu':
      return mainMenuScreen(context.tenantName);
    case 'choose_service':
      return chooseServiceScreen(context);
    case 'choose_professional':
      return chooseProfessionalScreen(context, step.serviceId, false);
    case 'choose_day':
      return chooseDayScreen(context, step.draft);
    case 'choose_time':
      return chooseTimeScreen(context, step.draft, step.date);
    case 'confirm_booking':
      return confirmScreen(context, step.draft, step.start);
    case 'choose_appointment':
      return myAppointmentsScreen(context);
    case 'appointment_action':
    case 'confirm_cancel': {
      const appointment = await findBookedAppointment(context, step.appointmentId);
      if (!appointment) return myAppointmentsScreen(context);
      return step.step === 'appointment_action' ? appointmentActionScreen(context, appointment) : confirmCancelScreen(context, appointment);
    }
    case 'waitlist_service':
      return waitlistServiceScreen(context, step);
  }
}

/** The step "voltar" leads to. */
export function previousStep(step: Step): Step {
  switch (step.step) {
    case 'idle':
    case 'main_menu':
    case 'choose_service':
    case 'choose_appointment':
    case 'waitlist_service':
      return { step: 'main_menu' };
    case 'choose_professional':
      return { step: 'choose_service' };
    case 'choose_day':
      return step.draft.mode === 'reschedule' && step.draft.appointmentId
        ? { step: 'appointment_action', appointmentId: step.draft.appointmentId }
        : { step: 'choose_professional', serviceId: step.draft.serviceId };
    case 'choose_time':
      return { step: 'choose_day', draft: step.draft };
    case 'confirm_booking':
      return { step: 'choose_time', draft: step.draft, date: step.start.slice(0, 10) };
    case 'appointment_action':
      return { step: 'choose_appointment', appointmentIds: [] };
    case 'confirm_cancel':
      return { step: 'appointment_action', appointmentId: step.appointmentId };
  }
}
