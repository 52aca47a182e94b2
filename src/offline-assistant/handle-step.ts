import { ToolDomainException } from '../shared/index.js';
import { appointmentActionScreen, confirmCancelScreen, findBookedAppointment, myAppointmentsScreen } from './appointment-screens.js';
import type { Step } from './assistant-state.js';
import {
  handleChooseDay,
  handleChooseProfessional,
  handleChooseService,
  handleChooseTime,
  handleConfirmBooking,
} from './booking-handlers.js';
import { chooseDayScreen, chooseProfessionalScreen, chooseServiceScreen } from './booking-screens.js';
import { withKeywords } from './choice-keywords.js';
import { customerRefusal } from './customer-refusal.js';
import { MAIN_MENU_CHOICES, mainMenuScreen } from './main-menu.js';
import { type Choice, detectCommand, idAfter, matchChoice, parseYesNo } from './match-choice.js';
import { previousStep, renderStep } from './render-step.js';
import { answerChangeAtConfirmation, answerFirstSentence, answerLaterSentence } from './sentence/answer-sentence.js';
import { answerChoiceWithMore } from './sentence/choice-with-more.js';
import { answerWishStep } from './sentence/wish-steps.js';
import { type StepOutcome, type TurnContext, type TurnResult, text, withPrefix } from './turn.js';

const HANDOFF_REQUESTED_TEXT = 'Certo! Chamei uma pessoa da nossa equipe. Ela continua a conversa por aqui assim que possível. 🙂';

const handoffRequested = (): TurnResult => ({
  next: { step: 'idle' },
  replies: [text(HANDOFF_REQUESTED_TEXT)],
  handoff: 'requested_by_customer',
});

/**
 * Answers one inbound message at `step`. Commands work everywhere ("menu", "voltar",
 * "falar com uma pessoa", a greeting); then the message is matched against the options the
 * last screen offered (`offered`: button/row ids, numbers, titles, keywords) and the step's
 * typed forms (dates, times, sim/não). 'not_understood' lets the caller re-ask.
 */
export async function handleStep(context: TurnContext, step: Step, offered: { id: string; title: string }[]): Promise<StepOutcome> {
  const { message } = context;
  const command = message.replyId ? null : detectCommand(message.text);
  if (command === 'human') return handoffRequested();
  if (command === 'menu') return mainMenuScreen(context.tenantName);
  if (command === 'back') return renderStep(context, previousStep(step));
  // A whole sentence ("oi, corte amanhã às 15h?") is read before the menu's own words.
  const atMenu = step.step === 'idle' || step.step === 'main_menu';
  const sentence = atMenu || command === 'greeting' ? await answerFirstSentence(context) : null;
  if (sentence) return sentence;
  if (command === 'greeting') return mainMenuScreen(context.tenantName);

  const choice = matchChoice(message, withKeywords(offered));
  if (choice?.id === 'nav:menu') return mainMenuScreen(context.tenantName);
  const wished =
    (await answerChoiceWithMore(context, step)) ??
    (await answerWishStep(context, step, choice)) ??
    (await answerChangeAtConfirmation(context, step));
  if (wished) return wished;
  const outcome = await handleMenuStep(context, step, choice);
  if (outcome !== 'not_understood' || atMenu) return outcome;
  return (await answerLaterSentence(context, step)) ?? outcome;
}

/** The menu's own answer at each step (options, numbers, typed dates and times). */
async function handleMenuStep(context: TurnContext, step: Step, choice: Choice | null): Promise<StepOutcome> {
  const { message } = context;
  switch (step.step) {
    case 'idle':
    case 'main_menu':
      return handleMainMenu(context, step.step === 'idle', choice);
    case 'choose_service':
      return handleChooseService(context, choice);
    case 'choose_professional':
      return handleChooseProfessional(context, step, choice);
    case 'choose_day':
      return handleChooseDay(context, step, choice);
    case 'choose_time':
      return handleChooseTime(context, step, choice);
    case 'confirm_booking':
      return handleConfirmBooking(context, step, yesNo(choice, 'confirm:', message.text));
    case 'choose_appointment':
      return handleChooseAppointment(context, choice);
    case 'appointment_action':
      return handleAppointmentAction(context, step.appointmentId, choice);
    case 'confirm_cancel':
      return handleConfirmCancel(context, step.appointmentId, yesNo(choice, 'cancel:', message.text));
  }
}

function yesNo(choice: Choice | null, prefix: string, typed: string | null): 'yes' | 'no' | null {
  if (choice?.id === `${prefix}yes`) return 'yes';
  if (choice?.id === `${prefix}no`) return 'no';
  return parseYesNo(typed);
}

/**
 * The main menu's options, also typed before any menu was shown ("quero agendar"). A
 * service named outright ("corte") skips the service list. At the idle step anything else
 * just shows the menu; at the menu itself it is a miss.
 */
async function handleMainMenu(context: TurnContext, idle: boolean, offeredChoice: Choice | null): Promise<StepOutcome> {
  const { servicos } = await context.calls.listServices();
  const service = matchChoice(
    { text: context.message.text, replyId: null },
    servicos.map((candidate) => ({ id: String(candidate.id), title: candidate.nome })),
  );
  if (service && !/^\d+$/.test((context.message.text ?? '').trim())) return chooseProfessionalScreen(context, Number(service.id));
  const choice = offeredChoice ?? matchChoice(context.message, withKeywords(MAIN_MENU_CHOICES));
  switch (choice?.id) {
    case 'menu:book':
      return chooseServiceScreen(context);
    case 'menu:mine':
      return myAppointmentsScreen(context);
    case 'menu:human':
      return handoffRequested();
    default:
      return idle ? mainMenuScreen(context.tenantName) : 'not_understood';
  }
}

async function handleChooseAppointment(context: TurnContext, choice: Choice | null): Promise<StepOutcome> {
  const id = Number(idAfter(choice, 'apt:')) || null;
  if (!id) return 'not_understood';
  const appointment = await findBookedAppointment(context, id);
  if (!appointment) return withPrefix(await myAppointmentsScreen(context), 'Esse agendamento não está mais ativo.');
  return appointmentActionScreen(context, appointment);
}

async function handleAppointmentAction(context: TurnContext, appointmentId: number, choice: Choice | null): Promise<StepOutcome> {
  if (choice?.id !== 'act:cancel' && choice?.id !== 'act:reschedule') return 'not_understood';
  const appointment = await findBookedAppointment(context, appointmentId);
  if (!appointment) return withPrefix(await myAppointmentsScreen(context), 'Esse agendamento não está mais ativo.');
  if (choice.id === 'act:cancel') return confirmCancelScreen(context, appointment);
  return chooseDayScreen(context, {
    mode: 'reschedule',
    appointmentId,
    serviceId: appointment.servico.id,
    professionalId: appointment.profissional.id,
  });
}

async function handleConfirmCancel(context: TurnContext, appointmentId: number, answer: 'yes' | 'no' | null): Promise<StepOutcome> {
  if (answer === 'no') return mainMenuScreen(context.tenantName, 'Tudo certo, seu agendamento continua marcado.');
  if (answer !== 'yes') return 'not_understood';
  try {
    await context.calls.cancel(appointmentId);
  } catch (error) {
    if (!(error instanceof ToolDomainException)) throw error;
    return withPrefix(await myAppointmentsScreen(context), customerRefusal(error));
  }
  const notice = text('Agendamento cancelado. ✅\nSe quiser marcar outro horário, é só escrever *menu*.');
  return { next: { step: 'idle' }, replies: [notice], notices: [notice] };
}
