/** What the customer is told on WhatsApp when staff change their appointment (pt-BR). */
export const appointmentChangeTexts = {
  cancelled: (notice: { customerName: string | null; service: string; professional: string; when: string; business: string }) =>
    `${greeting(notice.customerName)} Seu agendamento de ${notice.service} com ${notice.professional} em ${notice.when} foi cancelado pelo ${notice.business}. ` +
    'Se quiser marcar outro horário, é só responder esta mensagem.',
  rescheduled: (notice: {
    customerName: string | null;
    service: string;
    professional: string;
    previousWhen: string;
    when: string;
    business: string;
  }) =>
    `${greeting(notice.customerName)} Seu agendamento de ${notice.service} com ${notice.professional} foi remarcado de ${notice.previousWhen} para ${notice.when} pelo ${notice.business}. ` +
    'Se o novo horário não servir, é só responder esta mensagem.',
  /** Staff-facing: why the customer was not told. */
  notTold: {
    no_whatsapp_conversation: 'O cliente nunca conversou pelo WhatsApp: avise-o por outro meio.',
    outside_window_without_template:
      'O cliente não escreveu nas últimas 24 horas e não há modelo "appointmentChanged" configurado: o WhatsApp não permite avisá-lo. Avise-o por outro meio.',
    not_requested: 'Aviso ao cliente não solicitado.',
  },
} as const;

function greeting(name: string | null): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Olá, ${first}!` : 'Olá!';
}
