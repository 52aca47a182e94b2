/**
 * The pt-BR refusals the model reads (sent verbatim as `is_error` tool results). Each one
 * states the fact and the next step, names things next to their ids, and writes dates and
 * times in the same local formats the tools take ("2026-12-01", "2026-12-01T14:30").
 */

interface Named {
  id: number;
  name: string;
}

/** "30 min", "1 h", "1 h 30 min", "2 dias". */
function formatDuration(minutes: number): string {
  if (minutes >= 1440 && minutes % 1440 === 0) return minutes === 1440 ? '24 h' : `${minutes / 1440} dias`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const alternativesText = (alternatives: readonly string[]) =>
  alternatives.length > 0
    ? `Horários livres mais próximos: ${alternatives.join(', ')}. Ofereça um deles ao cliente.`
    : 'Não há horários livres próximos com esse profissional. Ofereça outro dia (buscar_horarios) ou outro profissional (listar_profissionais).';

const visitAlternativesText = (alternatives: readonly string[]) =>
  alternatives.length > 0
    ? `Inícios em que a visita inteira cabe nesse dia: ${alternatives.join(', ')}. Ofereça um deles ao cliente.`
    : 'Nesse dia a visita inteira não cabe. Consulte buscar_horarios com servicos para outro dia, ou proponha agendar os serviços em dias diferentes.';

export const modelRefusalTexts = {
  invalidDate: (value: string) =>
    `A data "${value}" não é válida. Use o formato AAAA-MM-DD com uma data que exista, por exemplo 2026-12-01.`,
  invalidStart: (value: string) =>
    `O início "${value}" não é válido. Use AAAA-MM-DDTHH:mm no horário local do estabelecimento, por exemplo 2026-12-01T14:30.`,
  professionalNotFound: (id: number) => `Profissional ${id} não encontrado. Use listar_profissionais para ver os profissionais e seus ids.`,
  serviceNotFound: (id: number) => `Serviço ${id} não encontrado. Use listar_servicos para ver os serviços e seus ids.`,
  serviceNotOffered: (professional: string, service: string, others: readonly Named[]) =>
    others.length > 0
      ? `${professional} não faz ${service}. Quem faz: ${others.map((other) => `${other.name} (id ${other.id})`).join(', ')}. Ofereça um desses profissionais ao cliente e consulte buscar_horarios com o id escolhido.`
      : `${professional} não faz ${service} e nenhum profissional faz esse serviço no momento. Ofereça outro serviço (listar_servicos) ou transfira para um atendente.`,
  noServicesOffered: (professional: string) =>
    `${professional} não tem serviços disponíveis para agendamento. Escolha outro profissional com listar_profissionais.`,
  datePast: (date: string, today: string) => `A data ${date} já passou (hoje é ${today}). Peça ao cliente uma data a partir de hoje.`,
  startPast: (start: string, now: string) =>
    `O horário ${start} já passou (agora são ${now}). Peça ao cliente um horário futuro e confira com buscar_horarios.`,
  beyondHorizon: (date: string, lastDate: string, horizonDays: number) =>
    `A data ${date} está além do prazo de agendamento: só é possível agendar até ${lastDate} (${horizonDays} dias à frente). Peça ao cliente uma data até ${lastDate}.`,
  noWorkingHours: (
    professional: string,
    date: string,
    weekday: string,
    next: { date: string; weekday: string } | null,
    lastDate: string,
  ) =>
    next
      ? `${professional} não atende em ${weekday}, ${date}. O próximo dia com horário livre é ${next.weekday}, ${next.date}: consulte buscar_horarios para essa data ou ofereça outro profissional.`
      : `${professional} não atende em ${weekday}, ${date}, e não tem horário livre até ${lastDate}. Ofereça outro profissional (listar_profissionais).`,
  holiday: (date: string, name: string, next: { date: string; weekday: string } | null) =>
    `Dia ${date.slice(8, 10)}/${date.slice(5, 7)} (${date}) é ${name}: o estabelecimento estará fechado. Diga isso ao cliente ("dia ${date.slice(8, 10)}/${date.slice(5, 7)} é ${name}, estaremos fechados"). ` +
    (next
      ? `O próximo dia com horário livre é ${next.weekday}, ${next.date}: ofereça essa data.`
      : 'Não há horário livre nos próximos dias do prazo de agendamento.'),
  minimumNotice: (start: string, noticeMinutes: number, alternatives: readonly string[]) =>
    `O horário ${start} não respeita a antecedência mínima de ${formatDuration(noticeMinutes)} para agendar. ${alternativesText(alternatives)}`,
  slotNotFree: (start: string, professional: string, alternatives: readonly string[]) =>
    `O horário ${start} com ${professional} não está disponível. ${alternativesText(alternatives)}`,
  visitNotFit: (start: string, reason: 'outside_hours' | 'busy' | 'resource_taken', alternatives: readonly string[]) =>
    `A visita não cabe a partir de ${start}: ${
      reason === 'outside_hours'
        ? 'algum serviço terminaria depois do fechamento ou fora do horário do profissional'
        : reason === 'busy'
          ? 'algum serviço cairia sobre outro agendamento ou folga do profissional'
          : 'o recurso (sala, lavatório) que um dos serviços usa já está ocupado nesse horário'
    }. ${visitAlternativesText(alternatives)}`,
  resourceTaken: (start: string, alternatives: readonly string[]) =>
    `O recurso (sala, lavatório) que um dos serviços usa acabou de ser ocupado em ${start} por outro cliente; nada foi agendado. ${visitAlternativesText(alternatives)}`,
  slotJustTaken: (start: string, professional: string, alternatives: readonly string[]) =>
    `O horário ${start} com ${professional} acabou de ser ocupado por outro cliente. ${alternativesText(alternatives)}`,
  appointmentNotFound: (id: number) =>
    `Agendamento ${id} não encontrado entre os agendamentos deste cliente. Use meus_agendamentos para ver os ids corretos.`,
  appointmentPast: (id: number, start: string) =>
    `O agendamento ${id} (${start}) já começou ou passou e não pode ser cancelado nem remarcado. Use meus_agendamentos para ver os próximos.`,
  cancelNotice: (id: number, start: string, noticeMinutes: number) =>
    `O agendamento ${id} (${start}) começa em menos de ${formatDuration(noticeMinutes)} e já não pode ser cancelado nem remarcado por aqui. Explique isso ao cliente e, se ele insistir, transfira para um atendente (transferir_para_humano).`,
  rescheduleCancelled: (id: number) =>
    `O agendamento ${id} está cancelado e não pode ser remarcado. Para marcar um novo horário, use agendar.`,
  notStarted: (id: number, start: string) =>
    `O agendamento ${id} (${start}) ainda não começou. Use meus_agendamentos para ver os próximos.`,
};
