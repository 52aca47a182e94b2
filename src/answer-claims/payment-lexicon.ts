/** The words of a deposit paid: its nouns, the acts of receiving it and its settled states. */

/** What a deposit is paid with: "o Pix do sinal", "o pagamento". */
export const PAYMENT_NOUNS = new Set([
  'sinal',
  'sinais',
  'pix',
  'pagamento',
  'pagamentos',
  'deposito',
  'adiantamento',
  'recebimento',
  'transferencia',
  'comprovante',
  'valor',
  'entrada',
]);

/**
 * The acts of receiving a payment: "recebi seu Pix", "identificamos o pagamento", "o sistema
 * acusou o sinal". Only next to a payment noun, and only outside an offer, a condition or a
 * negation (like any change word).
 */
export const PAYMENT_ACTS = new Set(['recebi', 'recebemos', 'identifiquei', 'identificamos', 'acusou', 'acusamos', 'acusei', 'acusaram']);

/**
 * A payment's settled state: "Pix recebido", "o sinal caiu", "sinal quitado", "pagamento ok",
 * "sinal R$ 20 ✅". Only in the clause (or list line) of a payment noun, either order, and only
 * outside a question, an offer, a condition, a negation, a future or a request.
 */
export const PAYMENT_STATES = new Set([
  'pago',
  'paga',
  'pagos',
  'pagas',
  'quitado',
  'quitada',
  'quitados',
  'quitadas',
  'recebido',
  'recebida',
  'recebidos',
  'recebidas',
  'identificado',
  'identificada',
  'compensado',
  'compensada',
  'creditado',
  'creditada',
  'aprovado',
  'aprovada',
  'confirmado',
  'confirmada',
  'confirmados',
  'confirmadas',
  'efetuado',
  'efetuada',
  'caiu',
  'cairam',
  'entrou',
  'entraram',
  'saiu',
  'ok',
  'certo',
  'certinho',
  '__check__',
  // "o sistema deu baixa no seu sinal": written off as paid (only after "deu"/"dei"/"demos")
  'baixa',
]);
