import { truncate } from '../shared/index.js';
import type { Draft } from './assistant-state.js';
import { daysWithFreeTime, freeTimesOn, timesToOffer } from './free-times.js';
import { dateTimeLabel, dayLabel, dayPhrase } from './local-dates.js';
import { mainMenuScreen } from './main-menu.js';
import { type Screen, type TurnContext, text, withPrefix } from './turn.js';

/** List rows WhatsApp allows in one message. */
export const MAX_ROWS = 10;
const DAYS_OFFERED = 7;

/** Services as a list; a single service is chosen at once. */
export async function chooseServiceScreen(context: TurnContext): Promise<Screen> {
  const { servicos } = await context.calls.listServices();
  if (servicos.length === 0) return mainMenuScreen(context.tenantName, 'No momento não há serviços disponíveis para agendar.');
  if (servicos.length === 1 && servicos[0]) return chooseProfessionalScreen(context, servicos[0].id);
  return {
    next: { step: 'choose_service' },
    replies: [
      {
        type: 'list',
        text: 'Qual serviço você quer agendar?',
        buttonLabel: 'Ver serviços',
        sections: [
          {
            rows: servicos.slice(0, MAX_ROWS).map((service) => ({
              id: `svc:${service.id}`,
              title: truncate(service.nome, 24),
              description: `${service.duracao_minutos} min`,
            })),
          },
        ],
      },
    ],
  };
}

/** Professionals of the service plus "Qualquer um"; a single professional is chosen at once unless `allowSkip` is false. */
export async function chooseProfessionalScreen(context: TurnContext, serviceId: number, allowSkip = true): Promise<Screen> {
  const { profissionais } = await context.calls.listProfessionals(serviceId);
  const only = profissionais[0];
  if (profissionais.length === 0 || !only) {
    return withPrefix(await chooseServiceScreen(context), 'Ninguém atende esse serviço no momento. Escolha outro:');
  }
  if (profissionais.length === 1 && allowSkip) {
    return chooseDayScreen(context, { mode: 'book', serviceId, professionalId: only.id });
  }
  return {
    next: { step: 'choose_professional', serviceId },
    replies: [
      {
        type: 'list',
        text: 'Com quem você prefere?',
        buttonLabel: 'Ver profissionais',
        sections: [
          {
            rows: [
              { id: 'pro:any', title: 'Qualquer um', description: 'o primeiro horário livre' },
              ...profissionais
                .slice(0, MAX_ROWS - 1)
                .map((professional) => ({ id: `pro:${professional.id}`, title: truncate(professional.nome, 24) })),
            ],
          },
        ],
      },
    ],
  };
}

/** The next days with free time (today included) as a list. */
export async function chooseDayScreen(context: TurnContext, draft: Draft): Promise<Screen> {
  const days = await daysWithFreeTime(context.calls, draft, context.today, context.horizonDays, DAYS_OFFERED);
  if (days.length === 0) {
    return mainMenuScreen(context.tenantName, 'Não encontrei horários livres nos próximos dias. 😕');
  }
  return {
    next: { step: 'choose_day', draft },
    replies: [
      {
        type: 'list',
        text: 'Qual dia? Escolha na lista ou digite a data (ex.: amanhã, sexta, 15/12).',
        buttonLabel: 'Ver dias',
        sections: [
          {
            rows: days.map(({ date, count }) => ({
              id: `day:${date}`,
              title: dayLabel(date, context.today),
              description: count === 1 ? '1 horário livre' : `${count} horários livres`,
            })),
          },
        ],
      },
    ],
  };
}

/** Free times of a day as a list (at most 10 shown; any free time may also be typed). */
export async function chooseTimeScreen(context: TurnContext, draft: Draft, date: string): Promise<Screen> {
  const { times, refusal, nextDate } = await freeTimesOn(context.calls, draft, date);
  if (times.length === 0) {
    const reason = refusal ?? `Não há horários livres para ${dayPhrase(date, context.today)}.`;
    const hint = nextDate ? ` O próximo dia com horário é ${dayPhrase(nextDate, context.today)}.` : '';
    return withPrefix(await chooseDayScreen(context, draft), `${reason}${hint}`);
  }
  const offered = timesToOffer(times, MAX_ROWS);
  const more =
    times.length > offered.length
      ? ` Mostro ${offered.length} de ${times.length}; você também pode digitar outro (ex.: ${times[1]?.time ?? times[0]?.time}).`
      : '';
  return {
    next: { step: 'choose_time', draft, date },
    replies: [
      {
        type: 'list',
        text: `Horários livres para ${dayPhrase(date, context.today)}.${more}`,
        buttonLabel: 'Ver horários',
        sections: [
          {
            rows: offered.map((free) => ({
              id: `slot:${date}T${free.time}`,
              title: free.time,
              ...(draft.professionalId === null ? { description: `com ${free.professionalName}` } : {}),
            })),
          },
        ],
      },
    ],
  };
}

/** The summary with Confirmar / Outro horário / Menu buttons. */
export async function confirmScreen(context: TurnContext, draft: Draft & { professionalId: number }, start: string): Promise<Screen> {
  const { servicos } = await context.calls.listServices();
  const service = servicos.find((candidate) => candidate.id === draft.serviceId);
  const professional = service?.profissionais.find((candidate) => candidate.id === draft.professionalId);
  const what = service ? `*${service.nome}* (${service.duracao_minutos} min)` : 'o serviço';
  const who = professional ? ` com *${professional.nome}*` : '';
  const question = draft.mode === 'reschedule' ? 'Confirma a nova data do seu agendamento?' : 'Confirma o agendamento?';
  return {
    next: { step: 'confirm_booking', draft, start },
    replies: [
      {
        type: 'buttons',
        text: `${question}\n${what}${who}\n${dateTimeLabel(start, context.today)}`,
        buttons: [
          { id: 'confirm:yes', title: 'Confirmar' },
          { id: 'confirm:no', title: 'Outro horário' },
          { id: 'nav:menu', title: 'Menu' },
        ],
      },
    ],
  };
}

export const bookedText = () => text('Pronto, agendado! ✅\nSe precisar cancelar ou remarcar, é só escrever *menu*.');
