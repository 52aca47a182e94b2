import type { Step } from '../assistant-state.js';
import { mainMenuScreen } from '../main-menu.js';
import { renderStep } from '../render-step.js';
import { type Screen, type TurnContext, type TurnResult, text, withPrefix } from '../turn.js';
import type { Reading } from '../understanding/index.js';
import { businessAnswers } from './business-answers.js';
import { withWish } from './with-wish.js';

const HANDOFF_REQUESTED_TEXT = 'Certo! Chamei uma pessoa da nossa equipe. Ela continua a conversa por aqui assim que possível. 🙂';
const COMPLAINT_TEXT =
  'Sinto muito por isso. 😔 Já chamei uma pessoa da nossa equipe para cuidar do seu caso; ela responde por aqui o quanto antes.';

/** "falar com uma pessoa": a person takes over. */
export const handoffRequested = (): TurnResult => ({
  next: { step: 'idle' },
  replies: [text(HANDOFF_REQUESTED_TEXT)],
  handoff: 'requested_by_customer',
});

/** A complaint, anger or urgency: a person at once, on the first such message, whatever step the menu was at. */
export const complaintHandoff = (): TurnResult => ({ next: { step: 'idle' }, replies: [text(COMPLAINT_TEXT)], handoff: 'complaint' });

const isIdle = (step: Step) => step.step === 'idle' || step.step === 'main_menu';

/** True at the steps that touch an existing appointment (nothing new would be booked there). */
const aboutAnAppointment = (step: Step) =>
  step.step === 'choose_appointment' ||
  step.step === 'appointment_action' ||
  step.step === 'confirm_cancel' ||
  ((step.step === 'choose_day' || step.step === 'choose_time' || step.step === 'confirm_booking') && step.draft.mode === 'reschedule');

/**
 * "esquece", "deixa pra lá", "não quero mais", "cancela isso": the flow ends here, nothing is
 * written, and the customer is told what stays as it was.
 */
export function leaveFlow(step: Step): TurnResult {
  const said = isIdle(step)
    ? 'Tudo bem! Se precisar de alguma coisa, é só chamar. 🙂'
    : aboutAnAppointment(step)
      ? 'Tudo certo, seu agendamento continua como estava. Se precisar, é só chamar. 🙂'
      : 'Tudo bem, não marquei nada. Quando quiser, é só chamar. 🙂';
  return { next: { step: 'idle' }, replies: [text(said)] };
}

/** The current step's screen again, built afresh, still carrying what the first sentence said (its wish). */
export async function stepAgain(context: TurnContext, step: Step): Promise<Screen> {
  const screen = await renderStep(context, step);
  return 'wish' in step && step.wish && screen.next.step === step.step ? withWish(screen, step.wish) : screen;
}

/** "De nada!" to thanks, "Até mais!" to a goodbye, a smile to an "ok" or a 👍. */
const kindWord = (reading: Reading | null) =>
  reading && /\b(?:obrigad|brigad|valeu)/.test(reading.text)
    ? 'De nada! 😊'
    : reading && /\b(?:tchau|ate )/.test(reading.text)
      ? 'Até mais! 😊'
      : '😊';

/** Thanks or a goodbye: a kind word, never "não entendi"; a flow under way stays where it was. */
export async function answerThanks(context: TurnContext, step: Step, reading: Reading | null): Promise<Screen> {
  if (isIdle(step))
    return { next: { step: 'idle' }, replies: [text(`${kindWord(reading)} Se precisar de mais alguma coisa, é só chamar.`)] };
  return withPrefix(await stepAgain(context, step), `${kindWord(reading)} Para continuar, responda aqui; para sair, escreva *esquece*.`);
}

/** A question about the business (address, hours, payment): the answer, then the menu or the step the customer was at. */
export async function answerQuestion(context: TurnContext, step: Step, reading: Reading): Promise<Screen> {
  const answer = await businessAnswers(context, reading);
  if (isIdle(step)) return mainMenuScreen(context.tenantName, `${answer}\n\nPosso ajudar com mais alguma coisa?`);
  return withPrefix(await stepAgain(context, step), answer);
}
