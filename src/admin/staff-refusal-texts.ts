/**
 * The scheduling domain's refusals as staff read them in the console (pt-BR): the fact, and
 * what they can do about it. Local times are shown as "02/12/2026 às 14:30".
 */

interface Named {
  id: number;
  name: string;
}

/** "2026-12-02T14:30" → "02/12/2026 às 14:30"; "2026-12-02" → "02/12/2026". */
export function staffDateTime(local: string): string {
  const date = `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}`;
  return local.length > 10 ? `${date} às ${local.slice(11, 16)}` : date;
}

/** "30 min", "1 h", "1 h 30 min", "2 dias". */
function duration(minutes: number): string {
  if (minutes >= 1440 && minutes % 1440 === 0) return minutes === 1440 ? '24 h' : `${minutes / 1440} dias`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const nearest = (alternatives: readonly string[]) =>
  alternatives.length > 0 ? ` Horários livres mais próximos: ${alternatives.map(staffDateTime).join(', ')}.` : '';

export const staffRefusalTexts = {
  invalidDate: (date: string) => `A data "${date}" não é válida: use AAAA-MM-DD.`,
  invalidStart: (start: string) => `"${start}" não é uma data e hora válidas: use AAAA-MM-DDTHH:mm no fuso do estabelecimento.`,
  timeSkipped: (start: string, timezone: string) =>
    `${staffDateTime(start)} não existe no fuso ${timezone} (o relógio pula esse horário). Escolha outro horário.`,
  professionalNotFound: () => 'Profissional não encontrado.',
  serviceNotFound: () => 'Serviço não encontrado.',
  serviceNotOffered: (professional: Named, service: Named, offeredBy: readonly Named[]) =>
    offeredBy.length > 0
      ? `${professional.name} não faz ${service.name}. Quem faz: ${offeredBy.map((other) => other.name).join(', ')}.`
      : `${professional.name} não faz ${service.name}, e nenhum profissional faz esse serviço no momento.`,
  noServicesOffered: (professional: Named) => `${professional.name} não tem serviços disponíveis para agendamento.`,
  datePast: (date: string) => `A data ${staffDateTime(date)} já passou.`,
  startPast: (start: string, now: string) => `O horário ${staffDateTime(start)} já passou (agora são ${staffDateTime(now)}).`,
  beyondHorizon: (lastDate: string, horizonDays: number) =>
    `Só é possível agendar até ${staffDateTime(lastDate)} (${horizonDays} dias à frente).`,
  noWorkingHours: (professional: Named, date: string, nextDate: string | null) =>
    `${professional.name} não atende em ${staffDateTime(date)}.` +
    (nextDate ? ` O próximo dia com horário livre é ${staffDateTime(nextDate)}.` : ''),
  visitNotFit: (start: string, reason: 'outside_hours' | 'busy' | 'resource_taken', alternatives: readonly string[]) =>
    `A visita não cabe a partir de ${staffDateTime(start)}: ${
      reason === 'outside_hours'
        ? 'um dos serviços terminaria fora do horário do profissional'
        : reason === 'busy'
          ? 'um dos serviços cairia sobre outro agendamento, um bloqueio ou uma folga'
          : 'o recurso que um dos serviços usa está ocupado'
    }.${nearest(alternatives)}`,
  holiday: (date: string, name: string, nextDate: string | null) =>
    `${staffDateTime(date)} é ${name}: o estabelecimento está fechado.` +
    (nextDate ? ` O próximo dia com horário livre é ${staffDateTime(nextDate)}.` : ''),
  notice: (start: string, minutes: number, alternatives: readonly string[]) =>
    `${staffDateTime(start)} não respeita a antecedência mínima de ${duration(minutes)}.${nearest(alternatives)}`,
  outsideWorkingHours: (start: string, professional: Named, service: { name: string; durationMinutes: number }) =>
    `${staffDateTime(start)} (${service.name}, ${service.durationMinutes} min) fica fora do horário de trabalho de ${professional.name}. ` +
    'Para agendar mesmo assim, confirme o agendamento fora do horário ("outsideHours": true).',
  notOffered: (start: string, professional: Named, alternatives: readonly string[]) =>
    `${staffDateTime(start)} não é um horário oferecido por ${professional.name}.${nearest(alternatives)}`,
  slotTaken: (start: string, professional: Named, justNow: boolean, alternatives: readonly string[]) =>
    `${staffDateTime(start)} com ${professional.name} ${justNow ? 'acabou de ser ocupado' : 'já está ocupado'} por outro agendamento.${nearest(alternatives)}`,
  timeOff: (start: string, professional: Named, alternatives: readonly string[]) =>
    `${professional.name} está de folga ou com um bloqueio em ${staffDateTime(start)} (ou o horário está reservado por 15 minutos para quem está na lista de espera); "outsideHours" não vale para folgas e bloqueios.${nearest(alternatives)}`,
  appointmentNotFound: () => 'Agendamento não encontrado.',
  appointmentCancelled: (id: number) => `O agendamento ${id} está cancelado.`,
  appointmentStarted: (id: number, start: string) =>
    `O agendamento ${id} (${staffDateTime(start)}) já começou: registre o comparecimento em vez de cancelar ou remarcar.`,
  cancelNotice: (id: number, start: string, minutes: number) =>
    `O agendamento ${id} (${staffDateTime(start)}) começa em menos de ${duration(minutes)}.`,
  notStarted: (id: number, start: string) =>
    `O agendamento ${id} (${staffDateTime(start)}) ainda não começou: o comparecimento só pode ser registrado a partir do início.`,
  blockTimeInvalid: (field: 'from' | 'to', value: string) => `"${field}" (${value}) não é uma data e hora válidas: use AAAA-MM-DDTHH:mm.`,
  blockTimeSkipped: (field: 'from' | 'to', value: string, timezone: string) =>
    `"${field}" (${staffDateTime(value)}) não existe no fuso ${timezone} (o relógio pula esse horário).`,
  blockEndsBeforeStart: (from: string, to: string) =>
    `O fim do bloqueio (${staffDateTime(to)}) precisa ser depois do início (${staffDateTime(from)}).`,
  blockPast: (to: string) => `O bloqueio já terminou (${staffDateTime(to)}).`,
};
