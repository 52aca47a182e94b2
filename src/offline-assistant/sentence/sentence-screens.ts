import { truncate } from '../../shared/index.js';
import type { Draft } from '../assistant-state.js';
import { MAX_ROWS } from '../booking-screens.js';
import { type FreeTime, timesToOffer } from '../free-times.js';
import { dayLabel } from '../local-dates.js';
import type { Screen, TurnContext } from '../turn.js';
import type { Wish } from '../wish.js';

/** Only the services that fit an ambiguous word ("cabelo": Corte, Escova or Coloração?). */
export function serviceOptionsScreen(services: { id: number; nome: string; duracao_minutos: number }[], wish: Wish): Screen {
  return {
    next: { step: 'choose_service', wish },
    replies: [
      {
        type: 'list',
        text: `Qual destes serviços: ${services.map((service) => service.nome).join(', ')}?`,
        buttonLabel: 'Ver serviços',
        sections: [
          {
            rows: services.slice(0, MAX_ROWS).map((service) => ({
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

/** "Juliana Alves ou Julia Lima?": only the professionals an ambiguous name fits. */
export function professionalOptionsScreen(serviceId: number, professionals: { id: number; nome: string }[], wish: Wish): Screen {
  const names = professionals.map((professional) => professional.nome);
  const question = `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}?`;
  return {
    next: { step: 'choose_professional', serviceId, wish },
    replies: [
      {
        type: 'list',
        text: `Com quem: ${question}`,
        buttonLabel: 'Ver profissionais',
        sections: [
          {
            rows: professionals
              .slice(0, MAX_ROWS)
              .map((professional) => ({ id: `pro:${professional.id}`, title: truncate(professional.nome, 24) })),
          },
        ],
      },
    ],
  };
}

/** Days with free time inside what was said ("semana que vem"), as the day list. */
export function daysScreen(context: TurnContext, draft: Draft, days: { date: string; count: number }[], intro: string, wish: Wish): Screen {
  return {
    next: { step: 'choose_day', draft, wish },
    replies: [
      {
        type: 'list',
        text: intro,
        buttonLabel: 'Ver dias',
        sections: [
          {
            rows: days.slice(0, MAX_ROWS).map(({ date, count }) => ({
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

/** Some free times of one day (those that fit the words) as the time list. */
export function timesScreen(draft: Draft, date: string, times: FreeTime[], intro: string): Screen {
  const offered = timesToOffer(times, MAX_ROWS);
  const more = times.length > offered.length ? ` Mostro ${offered.length} de ${times.length}; você também pode digitar outro.` : '';
  return {
    next: { step: 'choose_time', draft, date },
    replies: [
      {
        type: 'list',
        text: `${intro}${more}`,
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
