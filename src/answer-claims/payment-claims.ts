import { afterAStateCopula, clauseAround } from './claim-idioms.js';
import { APPOINTMENT_NOUNS, PAYMENT_NOUNS, PAYMENT_SETTLED } from './claim-nouns.js';

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
  const paidState = PAID.has(token) && (afterAStateCopula(tokens, index) || listedAsAt(tokens, index));
  if (paidState && !hasANounBefore(tokens, index) && paymentOpensTheSentence(tokens, index)) return true;
  if (CONFIRMED.has(token) && afterAStateCopula(tokens, index)) return hasANounBefore(tokens, index);
  // "✅ Sinal de R$ 20 – pago": a payment line whose state follows a dash
  if (PAID.has(token) && tokens[index - 1] === ',' && paymentOpensClauseBefore(tokens, index)) return true;
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

/** "o sinal já foi confirmado": a payment confirmed as a state (its noun before it, no appointment between). */
const CONFIRMED = new Set(['confirmado', 'confirmada', 'confirmados', 'confirmadas']);
const LISTED = new Set(['consta', 'constam']);

/** "seu sinal já consta como pago": listed as paid. */
function listedAsAt(tokens: readonly string[], index: number): boolean {
  return tokens[index - 1] === 'como' && (LISTED.has(tokens[index - 2] as string) || LISTED.has(tokens[index - 3] as string));
}

/** A payment noun in the ten words before index, in its clause, with no appointment noun after it. */
function hasANounBefore(tokens: readonly string[], index: number): boolean {
  const clause = clauseAround(tokens, index);
  const before = tokens.slice(Math.max(0, index - 10, index - clause.indexOf(tokens[index] as string)), index);
  const nounAt = before.findLastIndex((token) => PAYMENT_NOUNS.has(token));
  return nounAt >= 0 && !before.slice(nounAt + 1).some((token) => APPOINTMENT_NOUNS.has(token));
}

/** "Os dois sinais, o de sexta e o de sábado, já estão pagos": the payment is the sentence's subject, before an apposition. */
function paymentOpensTheSentence(tokens: readonly string[], index: number): boolean {
  const firstClause = tokens.slice(0, tokens.indexOf(','));
  return (
    firstClause.length > 0 &&
    firstClause.length <= 4 &&
    firstClause.some((token) => PAYMENT_NOUNS.has(token)) &&
    tokens.indexOf(',') < index
  );
}

/** "✅ Sinal de R$ 20 – pago": the clause before the dash opens with a payment noun. */
function paymentOpensClauseBefore(tokens: readonly string[], index: number): boolean {
  let start = index - 1;
  while (start > 0 && tokens[start - 1] !== ',' && tokens[start - 1] !== ':') start--;
  const opening = tokens[start] === '__check__' ? tokens[start + 1] : tokens[start];
  return PAYMENT_NOUNS.has(opening as string);
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
  return at > index + 1 && (PAYMENT_NOUNS.has(noun) || noun === 'comprovante');
}
