import { afterAStateCopula } from './claim-idioms.js';
import { APPOINTMENT_NOUNS, CHANGE_NOUNS } from './claim-nouns.js';
import { PAYMENT_ACTS, PAYMENT_NOUNS, PAYMENT_STATES } from './payment-lexicon.js';

/**
 * A deposit stated as paid: a claim of its own, which only a paid deposit backs (the payment
 * provider confirms it, never the model), whatever booking the run wrote. One rule: a payment
 * noun and a settled state in the same clause or list line, in either order ("o sinal … já foi
 * pago", "sinal confirmado", "a confirmação do pagamento já saiu", "Sinal: R$ 30 ✅ pago",
 * "confirmado o seu Pix"), outside a question, an offer, a condition, a negation, a future or a
 * request (the caller's suspenders); the acts of seeing, confirming or thanking for a payment.
 */

/** "deu baixa", "já dei baixa": the past of "dar baixa" (a present "dá baixa quando o Pix cai" is a rule). */
const WROTE_OFF = new Set(['deu', 'dei', 'demos', 'deram']);
const PAID = new Set(['pago', 'paga', 'pagos', 'pagas']);
/** "o sinal é pago pelo link", "o Pix deve ser pago até…", "será confirmado": how or when a payment is made, a rule or a future. */
const RULE_COPULAS = new Set(['e', 'sao', 'ser', 'sera', 'serao', 'seja', 'sejam', 'estiver', 'for']);
/** "pago via Pix", "paga na hora": how a deposit is paid, unless a copula made it a state. */
const MANNERS = new Set(['via', 'pelo', 'pela', 'por', 'no', 'na', 'em', 'com', 'ate', 'antes', 'direto', 'adiantado', 'na']);
/** "com o sinal pago, …", "após o Pix confirmado": the payment as the condition of a rule. */
const CONDITIONS = new Set(['com', 'apos', 'depois', 'mediante', 'ate', 'antes']);
/** States that may be an appointment's ("horário confirmado"): the nearest noun before them must be the payment's. */
const SHARED = new Set([
  'confirmado',
  'confirmada',
  'confirmados',
  'confirmadas',
  'aprovado',
  'aprovada',
  'ok',
  'certo',
  'certinho',
  '__check__',
  'saiu',
]);
const LISTED = new Set(['consta', 'constam']);
const BREAKS = new Set([',', ';', ':']);

export function paymentSettledAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (acknowledgesAPaymentAt(tokens, index)) return true;
  // "recebi seu comprovante": the proof is in, the payment still to be confirmed
  if (PAYMENT_ACTS.has(token)) return paymentNounAround(tokens, index, 8, 5) !== null;
  if (!PAYMENT_STATES.has(token) || RULE_COPULAS.has(tokens[index - 1] as string)) return false;
  if (token === 'baixa' && !WROTE_OFF.has(tokens[index - 1] as string) && !WROTE_OFF.has(tokens[index - 2] as string)) return false;
  const state = afterAStateCopula(tokens, index) || listedAsAt(tokens, index);
  if (PAID.has(token) && !state && MANNERS.has(tokens[index + 1] as string)) return false;
  // "foi pago em 27/11", "foi pago no dia 28/11": a payment on record, its date past
  if (onARecordedDateAt(tokens, index)) return false;
  const before = paymentNounBefore(tokens, index);
  // "confirmado o pagamento", "está pago o sinal" (a bare "paga o sinal" is a verb: someone pays)
  const after = !SHARED.has(token) || token.startsWith('confirmad') ? paymentNounAfter(tokens, index) : null;
  const nounAt = before ?? (PAID.has(token) && !state ? null : after) ?? subjectBeforeAnApposition(tokens, index, state);
  if (nounAt === null) return false;
  return !asAConditionAt(tokens, nounAt);
}

const DATE = /^\d{1,2}\/\d{1,2}$/;

function onARecordedDateAt(tokens: readonly string[], index: number): boolean {
  const next = tokens[index + 1];
  const date = next === 'no' && tokens[index + 2] === 'dia' ? tokens[index + 3] : next === 'em' ? tokens[index + 2] : undefined;
  return date !== undefined && DATE.test(date);
}

/** "seu sinal já consta como pago": listed as paid. */
function listedAsAt(tokens: readonly string[], index: number): boolean {
  return tokens[index - 1] === 'como' && (LISTED.has(tokens[index - 2] as string) || LISTED.has(tokens[index - 3] as string));
}

/**
 * The payment noun up to ten words before a state, in its clause; a label before a colon
 * ("Sinal: R$ 30 ✅ pago") or a dash ("Sinal de R$ 20 – pago", the state alone after it) is
 * the same line. A state an appointment may have needs the payment as its nearest noun.
 */
function paymentNounBefore(tokens: readonly string[], index: number): number | null {
  const alone = index === tokens.length - 1 || tokens[index + 1] === '__check__';
  for (let at = index - 1; at >= Math.max(0, index - 10); at--) {
    const word = tokens[at] as string;
    if (PAYMENT_NOUNS.has(word)) return at;
    if (SHARED.has(tokens[index] as string) && (APPOINTMENT_NOUNS.has(word) || CHANGE_NOUNS.has(word))) return null;
    if (word === '__check__' && tokens[index] === '__check__') return null;
    if (BREAKS.has(word) && !(word === ':' && PAYMENT_NOUNS.has(tokens[at - 1] as string)) && !(alone && at === index - 1)) return null;
  }
  return null;
}

/** The payment noun up to four words after a state, in its clause. */
function paymentNounAfter(tokens: readonly string[], index: number): number | null {
  for (let at = index + 1; at < Math.min(tokens.length, index + 5); at++) {
    const word = tokens[at] as string;
    if (PAYMENT_NOUNS.has(word)) return at;
    if (BREAKS.has(word) || APPOINTMENT_NOUNS.has(word)) return null;
  }
  return null;
}

/** Either side, for an act: "recebi seu Pix", "o Pix do sinal, recebemos". */
function paymentNounAround(tokens: readonly string[], index: number, before: number, after: number): number | null {
  for (let at = Math.max(0, index - before); at < Math.min(tokens.length, index + after + 1); at++)
    if (PAYMENT_NOUNS.has(tokens[at] as string) && tokens[at] !== 'comprovante' && !asAConditionAt(tokens, at)) return at;
  return null;
}

/** "Os dois sinais, o de sexta e o de sábado, já estão pagos": the payment is the sentence's subject, before an apposition. */
function subjectBeforeAnApposition(tokens: readonly string[], index: number, state: boolean): number | null {
  const comma = tokens.indexOf(',');
  if (!state || comma < 1 || comma > 4 || comma > index) return null;
  const at = tokens.slice(0, comma).findIndex((token) => PAYMENT_NOUNS.has(token));
  return at >= 0 ? at : null;
}

/** "com o sinal pago, o horário fica garantido": a preposition opening the payment's clause makes it a condition ("está com o sinal quitado" states). */
function asAConditionAt(tokens: readonly string[], nounAt: number): boolean {
  let at = nounAt - 1;
  while (at > 0 && ['o', 'a', 'os', 'as', 'seu', 'sua', 'do', 'da'].includes(tokens[at] as string)) at--;
  if (!CONDITIONS.has(tokens[at] as string)) return false;
  const opener = tokens[at - 1];
  return at === 0 || opener === undefined || BREAKS.has(opener) || opener === 'e' || opener === 'que';
}

/** "já vi seu comprovante", "vimos o Pix": seeing the payment itself (its noun right after a determiner). */
const SAW = new Set(['vi', 'vimos', 'conferi', 'conferimos', 'chequei', 'checamos']);
/** "confirmo o recebimento", "acuso o recebimento": the receipt confirmed in the present, by the speaker. */
const CONFIRM_RECEIPT = new Set(['confirmo', 'confirmei', 'confirmamos', 'acuso']);
/** "agradecemos o pagamento", "obrigada pelo Pix", "valeu pelo sinal": thanks for a payment made. */
const THANKS = new Set(['agradecemos', 'agradeco', 'obrigada', 'obrigado', 'valeu', 'grata', 'grato']);
const DETERMINERS = new Set(['o', 'a', 'seu', 'sua', 'pelo', 'pela']);

/** The acts that state a payment as seen, confirmed or thanked for, its noun right after them (index is the act). */
function acknowledgesAPaymentAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (!SAW.has(token) && !CONFIRM_RECEIPT.has(token) && !THANKS.has(token)) return false;
  let at = index + 1;
  while (at < index + 3 && DETERMINERS.has(tokens[at] as string)) at++;
  const noun = tokens[at] as string;
  if (CONFIRM_RECEIPT.has(token)) return noun === 'recebimento' || noun === 'pagamento';
  return at > index + 1 && PAYMENT_NOUNS.has(noun);
}
