import { afterAStateCopula, clauseAround } from './claim-idioms.js';
import { PAYMENT_NOUNS, PAYMENT_SETTLED } from './claim-nouns.js';

/**
 * A deposit stated as paid: a claim of its own, which only a paid deposit backs (the payment
 * provider confirms it, never the model), whatever booking the run wrote.
 */

/** "deu baixa", "já dei baixa": the past of "dar baixa" (a present "dá baixa quando o Pix cai" is a rule). */
const WROTE_OFF = new Set(['deu', 'dei', 'demos', 'deram']);

/** "pago", "paga": only as a state reached ("já foi pago"), never as how a deposit is paid ("pago via Pix"). */
const PAID = new Set(['pago', 'paga', 'pagos', 'pagas']);

/** "o sinal é pago pelo link", "o Pix deve ser pago até…": how a payment is made, a rule. */
const RULE_COPULAS = new Set(['e', 'sao', 'ser', 'sera']);

/**
 * "Pix recebido", "seu sinal já caiu aqui", "recebi o pagamento", "o Pix entrou", "já vi seu
 * comprovante", "confirmo o recebimento do valor", "agradecemos o pagamento do sinal": a deposit
 * stated as paid. Needs a payment noun within three words, not after "com" ("com o sinal
 * identificado, …" states a rule).
 */
export function paymentSettledAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (acknowledgesAPaymentAt(tokens, index)) return true;
  // "já foram pagos", "está paga": paid as a state reached ("é pago pelo link" says how)
  const paidState = PAID.has(token) && afterAStateCopula(tokens, index);
  if ((!PAYMENT_SETTLED.has(token) && !paidState) || RULE_COPULAS.has(tokens[index - 1] as string)) return false;
  if (token === 'baixa' && !WROTE_OFF.has(tokens[index - 1] as string) && !WROTE_OFF.has(tokens[index - 2] as string)) return false;
  // "Sinal de R$ 30 recebido", "os dois sinais (manicure e escova) já foram pagos": the noun may
  // stand several words before, in the same clause
  const clause = clauseAround(tokens, index);
  const start = Math.max(0, index - 8, index - clause.indexOf(token));
  const nounAt = tokens.slice(start, index + 5).findIndex((candidate) => PAYMENT_NOUNS.has(candidate)) + start;
  if (nounAt < start) return false;
  // "com o sinal (de R$ 30) recebido, o horário fica garantido": the payment as a condition of a rule
  const article = tokens[nounAt - 1] === 'o' || tokens[nounAt - 1] === 'a' ? nounAt - 2 : nounAt - 1;
  return tokens[article] !== 'com';
}

/** "já vi seu comprovante", "vimos o Pix": seeing the payment itself (its noun right after a determiner). */
const SAW = new Set(['vi', 'vimos', 'conferi', 'conferimos', 'chequei', 'checamos']);
/** "confirmo o recebimento", "acuso o recebimento": the receipt confirmed in the present, by the speaker. */
const CONFIRM_RECEIPT = new Set(['confirmo', 'confirmamos', 'acuso']);
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
  return at > index + 1 && (PAYMENT_NOUNS.has(noun) || noun === 'comprovante');
}
