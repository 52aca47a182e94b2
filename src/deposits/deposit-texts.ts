import { refundPolicy } from '../scheduling/tools/index.js';
import { formatBrl } from '../shared/index.js';

/** What the customer reads about a deposit (pt-BR). Facts come formatted: `when` as `qua 02/12 às 15:30`, `holdUntil` as `15:42`. */
export const depositTexts = {
  /** The Pix message, before the code itself (sent alone right after, to be copied whole). */
  pixRequest(facts: {
    service: string;
    professional: string;
    when: string;
    amountCents: number;
    holdUntil: string;
    refundUntilHours: number;
  }): string {
    return (
      `Para confirmar seu horário de ${facts.service} com ${facts.professional} (${facts.when}), falta o sinal de ` +
      `${formatBrl(facts.amountCents)} por Pix.\n\n` +
      `Copie o código da próxima mensagem e cole no app do seu banco, em Pix copia e cola. O horário fica reservado ` +
      `até ${facts.holdUntil}; sem o pagamento até lá, ele é liberado.\n\n` +
      `${refundPolicy(facts.refundUntilHours)}`
    );
  },
  /** The charge could not be created (Mercado Pago down or refusing): nothing is held. */
  chargeFailed(facts: { service: string; when: string }): string {
    return (
      `Não consegui gerar o Pix do sinal agora: o sistema de pagamento não respondeu. Por isso o horário de ` +
      `${facts.service} (${facts.when}) não ficou reservado. Tente agendar de novo em alguns minutos, por favor.`
    );
  },
  /** The hold ran out unpaid. */
  expired(facts: { service: string; when: string }): string {
    return (
      `O prazo para pagar o sinal do horário de ${facts.service} (${facts.when}) terminou e o horário foi liberado. ` +
      `Se ainda quiser, é só pedir um novo horário.`
    );
  },
  /** The deposit was paid: the receipt. */
  paid(facts: { service: string; professional: string; when: string; amountCents: number; refundUntilHours: number }): string {
    return (
      `Recebemos o sinal de ${formatBrl(facts.amountCents)}. Seu horário de ${facts.service} com ${facts.professional} ` +
      `está confirmado: ${facts.when}. ${refundPolicy(facts.refundUntilHours)}`
    );
  },
  /** Staff let the deposit go: booked without it. */
  waived(facts: { service: string; professional: string; when: string }): string {
    return `Tudo certo: seu horário de ${facts.service} com ${facts.professional} está confirmado sem sinal: ${facts.when}.`;
  },
  /** A payment came after the hold ran out and the slot was taken meanwhile: refunded. */
  paidTooLate(facts: { service: string; when: string; amountCents: number }): string {
    return (
      `Seu Pix de ${formatBrl(facts.amountCents)} chegou depois do prazo, e o horário de ${facts.service} (${facts.when}) ` +
      `já foi ocupado. Vamos devolver o valor pelo mesmo Pix. Se quiser, escolha outro horário.`
    );
  },
  /** A Pix paid after staff waived the deposit or marked it paid in the salon: refunded, the booking stands. */
  paidAfterSettled(facts: { service: string; when: string; amountCents: number; waived: boolean }): string {
    return (
      `Recebemos um Pix de ${formatBrl(facts.amountCents)} pelo sinal do horário de ${facts.service} (${facts.when}), mas ` +
      `${facts.waived ? 'o salão já tinha dispensado o sinal' : 'o sinal já estava pago no salão'}. Vamos devolver o valor ` +
      `pelo mesmo Pix. Seu horário continua confirmado.`
    );
  },
  /** A cancellation that refunds the deposit. */
  refunded(facts: { amountCents: number }): string {
    return `O sinal de ${formatBrl(facts.amountCents)} será devolvido pelo mesmo Pix.`;
  },
  /** A cancellation too late for a refund. */
  kept(facts: { amountCents: number; refundUntilHours: number }): string {
    return `Como o cancelamento foi com menos de ${facts.refundUntilHours} horas de antecedência, o sinal de ${formatBrl(facts.amountCents)} não é devolvido.`;
  },
};
