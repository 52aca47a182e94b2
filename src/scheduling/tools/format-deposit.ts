import { formatBrl, localTimeOf } from '../../shared/index.js';
import type { DepositHold } from '../appointments/index.js';
import type { ListedHold } from './find-listed-holds.js';
import type { SinalAguardado, SinalPendente } from './tool-results.js';

/** The refund policy as the customer reads it before paying (the Pix message and the model's answer both say it). */
export function refundPolicy(refundUntilHours: number): string {
  if (refundUntilHours <= 0) return 'Se precisar cancelar, o sinal é devolvido em qualquer momento antes do horário.';
  return (
    `Se precisar cancelar, o sinal é devolvido quando o cancelamento é feito com pelo menos ${refundUntilHours} ` +
    `hora${refundUntilHours === 1 ? '' : 's'} de antecedência; depois disso, ele fica com o salão.`
  );
}

/** A booking's pending deposit as the model reads it: amount, until when the slot is held, the policy, and what to say. */
export function toSinalPendente(hold: DepositHold, timezone: string): SinalPendente {
  const until = localTimeOf(hold.holdUntil.getTime(), timezone);
  return {
    valor: formatBrl(hold.amountCents),
    reservado_ate: until,
    minutos_para_pagar: hold.holdMinutes,
    politica_de_cancelamento: refundPolicy(hold.refundUntilHours),
    instrucao:
      `O horário ainda NÃO está agendado: para confirmar, o cliente paga o sinal de ${formatBrl(hold.amountCents)} por Pix ` +
      `até ${until} (o código Pix chega numa mensagem a seguir). Sem o pagamento, o horário é liberado. ` +
      'Não diga que está agendado ou confirmado.',
  };
}

/** A listed booking's deposit still to pay (`meus_agendamentos`): the code was already sent, the slot is only held. */
export function toSinalAguardado(hold: ListedHold, timezone: string): SinalAguardado {
  const until = localTimeOf(hold.holdUntil.getTime(), timezone);
  return {
    valor: formatBrl(hold.amountCents),
    reservado_ate: until,
    instrucao:
      `Ainda NÃO está agendado: o horário fica reservado até ${until} esperando o sinal de ${formatBrl(hold.amountCents)} ` +
      'pelo Pix já enviado nesta conversa; sem o pagamento, ele é liberado. Não diga que está agendado ou confirmado.',
  };
}
