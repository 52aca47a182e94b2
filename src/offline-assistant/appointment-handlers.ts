import { ToolDomainException } from '../shared/index.js';
import {
  appointmentActionScreen,
  changeRefusedScreen,
  confirmCancelScreen,
  findBookedAppointment,
  myAppointmentsScreen,
} from './appointment-screens.js';
import { chooseDayScreen, chooseProfessionalScreen, chooseServiceScreen } from './booking-screens.js';
import { withKeywords } from './choice-keywords.js';
import { customerRefusal } from './customer-refusal.js';
import { MAIN_MENU_CHOICES, mainMenuScreen } from './main-menu.js';
import { type Choice, idAfter, matchChoice } from './match-choice.js';
import { handoffRequested } from './sentence/conversation-moves.js';
import { type StepOutcome, type TurnContext, text, withPrefix } from './turn.js';
import { rescheduleDraftOf } from './visit/visit-reschedule-draft.js';

/**
 * The main menu's options, also typed before any menu was shown ("quero agendar"). A
 * service named outright ("corte") skips the service list. At the idle step anything else
 * just shows the menu; at the menu itself it is a miss.
 */
export async function handleMainMenu(context: TurnContext, idle: boolean, offeredChoice: Choice | null): Promise<StepOutcome> {
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

export async function handleChooseAppointment(context: TurnContext, choice: Choice | null): Promise<StepOutcome> {
  const id = Number(idAfter(choice, 'apt:')) || null;
  if (!id) return 'not_understood';
  const appointment = await findBookedAppointment(context, id);
  if (!appointment) return withPrefix(await myAppointmentsScreen(context), 'Esse agendamento não está mais ativo.');
  return appointmentActionScreen(context, appointment);
}

export async function handleAppointmentAction(context: TurnContext, appointmentId: number, choice: Choice | null): Promise<StepOutcome> {
  if (choice?.id !== 'act:cancel' && choice?.id !== 'act:reschedule') return 'not_understood';
  const appointment = await findBookedAppointment(context, appointmentId);
  if (!appointment) return withPrefix(await myAppointmentsScreen(context), 'Esse agendamento não está mais ativo.');
  if (choice.id === 'act:cancel') return confirmCancelScreen(context, appointment);
  return changeRefusedScreen(context, appointment) ?? chooseDayScreen(context, await rescheduleDraftOf(context.calls, appointment));
}

export async function handleConfirmCancel(context: TurnContext, appointmentId: number, answer: 'yes' | 'no' | null): Promise<StepOutcome> {
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
