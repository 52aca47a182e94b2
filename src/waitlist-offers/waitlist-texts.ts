/** What the waitlist tells customers (pt-BR). */
export const waitlistTexts = {
  buttonTitle: 'Quero este horário',
  offer: (facts: { name: string; service: string; professional: string; when: string; business: string; holdMinutes: number }) =>
    `Olá, ${facts.name}! Vagou um horário que você pediu na lista de espera de ${facts.business}: ` +
    `${facts.service} com ${facts.professional}, ${facts.when}. ` +
    `Quer? Toque no botão abaixo; guardamos para você por ${facts.holdMinutes} minutos.`,
  booked: (facts: { service: string; professional: string; when: string }) =>
    `Pronto! Agendado: ${facts.service} com ${facts.professional}, ${facts.when}. Até lá!`,
  alreadyBooked: (facts: { service: string; professional: string; when: string }) =>
    `Esse horário já está agendado para você: ${facts.service} com ${facts.professional}, ${facts.when}.`,
  gone: 'Que pena, esse horário já foi preenchido. Se quiser, posso procurar outro horário para você.',
  unknown: 'Não encontrei essa oferta. Se quiser, posso procurar um horário para você.',
} as const;
