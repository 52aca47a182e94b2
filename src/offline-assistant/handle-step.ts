import { handleAppointmentAction, handleChooseAppointment, handleConfirmCancel, handleMainMenu } from './appointment-handlers.js';
import type { Step } from './assistant-state.js';
import {
  handleChooseDay,
  handleChooseProfessional,
  handleChooseService,
  handleChooseTime,
  handleConfirmBooking,
} from './booking-handlers.js';
import { withKeywords } from './choice-keywords.js';
import { mainMenuScreen } from './main-menu.js';
import { type Choice, type Command, detectCommand, idAfter, matchChoice, parseYesNo } from './match-choice.js';
import { previousStep, renderStep } from './render-step.js';
import { answerChange, answerFirstSentence, answerLaterSentence, isFreeText } from './sentence/answer-sentence.js';
import { businessAnswers, topicsOf } from './sentence/business-answers.js';
import { answerAllOffered, answerChoiceWithMore } from './sentence/choice-with-more.js';
import { answerQuestion, answerThanks, complaintHandoff, handoffRequested, leaveFlow } from './sentence/conversation-moves.js';
import { readMessage } from './sentence/read-message.js';
import { answerWaitlistRequest, joinWaitlistScreen } from './sentence/waitlist-request.js';
import { answerWishStep } from './sentence/wish-steps.js';
import { type StepOutcome, type TurnContext, withPrefix } from './turn.js';
import type { Reading } from './understanding/index.js';

type Offered = { id: string; title: string }[];

const isYesNoStep = (step: Step) => step.step === 'confirm_booking' || step.step === 'confirm_cancel';

/**
 * Answers one inbound message at `step`. A typed message is read once, whole, first: a
 * complaint goes to a person, "esquece" ends the flow, a question about the business is
 * answered, thanks get a kind word. Then the commands that work everywhere ("menu",
 * "voltar", "falar com uma pessoa", a greeting), then the message against the options the
 * last screen offered (`offered`: button/row ids, numbers, titles, keywords) and the step's
 * typed forms (dates, times, sim/não); a service, professional, day or time named at any
 * booking step updates the request. 'not_understood' lets the caller re-ask.
 */
export async function handleStep(context: TurnContext, step: Step, offered: Offered): Promise<StepOutcome> {
  const reading = isFreeText(context) ? await readMessage(context) : null;
  const intent = reading?.intent.status === 'found' ? reading.intent.value : null;
  if (intent === 'complaint') return complaintHandoff();
  const command = context.message.replyId ? null : detectCommand(context.message.text);
  if (command === 'human' || intent === 'human') return handoffRequested();
  if (command === 'menu') return mainMenuScreen(context.tenantName);
  if (command === 'back') return renderStep(context, previousStep(step));
  if (intent === 'leave') return leaveFlow(step);
  if (reading && intent === 'waitlist') return answerWaitlistRequest(context, reading);
  if (reading && (intent === 'address' || intent === 'hours' || intent === 'payment')) return answerQuestion(context, step, reading);
  if (intent === 'thanks' && !isYesNoStep(step)) return answerThanks(context, step, reading);

  const outcome = await answerRequest(context, step, offered, reading, command);
  if (outcome === 'not_understood') {
    // "obrigada" at a confirmation is not a yes: a kind word and the same question.
    return intent === 'thanks' && parseYesNo(context.message.text) === null ? answerThanks(context, step, reading) : outcome;
  }
  // "corte amanhã, e onde fica?": the question is answered above whatever the request led to.
  return reading && topicsOf(reading).length > 0 ? withPrefix(outcome, await businessAnswers(context, reading)) : outcome;
}

/** The booking and appointment flow proper: sentences, options, typed days and times. */
async function answerRequest(
  context: TurnContext,
  step: Step,
  offered: Offered,
  reading: Reading | null,
  command: Command | null,
): Promise<StepOutcome> {
  // A whole sentence ("oi, corte amanhã às 15h?") is read before the menu's own words.
  const atMenu = step.step === 'idle' || step.step === 'main_menu';
  const sentence = reading && (atMenu || command === 'greeting') ? await answerFirstSentence(context, reading) : null;
  if (sentence) return sentence;
  if (command === 'greeting') return mainMenuScreen(context.tenantName);

  const choice = matchChoice(context.message, withKeywords(offered));
  if (choice?.id === 'nav:menu') return mainMenuScreen(context.tenantName);
  const said = reading
    ? ((await answerAllOffered(context, step, offered, reading)) ??
      (await answerChange(context, step, reading)) ??
      (await answerChoiceWithMore(context, step, reading)))
    : null;
  const wished = said ?? (await answerWishStep(context, step, choice));
  if (wished) return wished;
  const outcome = await handleMenuStep(context, step, choice);
  if (outcome !== 'not_understood' || atMenu || !reading) return outcome;
  return (await answerLaterSentence(context, step, reading)) ?? outcome;
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
    case 'waitlist_service': {
      const serviceId = idAfter(choice, 'svc:');
      return serviceId ? joinWaitlistScreen(context, { ...step, serviceId: Number(serviceId) }) : 'not_understood';
    }
  }
}

function yesNo(choice: Choice | null, prefix: string, typed: string | null): 'yes' | 'no' | null {
  if (choice?.id === `${prefix}yes`) return 'yes';
  if (choice?.id === `${prefix}no`) return 'no';
  return parseYesNo(typed);
}
