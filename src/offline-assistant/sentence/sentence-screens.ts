import type { Draft } from '../assistant-state.js';
import { type FreeTime, timesToOffer } from '../free-times.js';
import { dayRows, listReply, MAX_ROWS, professionalRows, serviceRows, timeRows } from '../list-rows.js';
import type { Screen, TurnContext } from '../turn.js';
import type { Wish } from '../wish.js';

/** Only the services that fit an ambiguous word ("cabelo": Corte, Escova or Coloração?). */
export function serviceOptionsScreen(services: { id: number; nome: string; duracao_minutos: number }[], wish: Wish): Screen {
  return {
    next: { step: 'choose_service', wish },
    replies: [
      listReply(`Qual destes serviços: ${services.map((service) => service.nome).join(', ')}?`, 'Ver serviços', serviceRows(services)),
    ],
  };
}

/** "Juliana Alves ou Julia Lima?": only the professionals an ambiguous name fits. */
export function professionalOptionsScreen(serviceId: number, professionals: { id: number; nome: string }[], wish: Wish): Screen {
  const names = professionals.map((professional) => professional.nome);
  const question = `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}?`;
  return {
    next: { step: 'choose_professional', serviceId, wish },
    replies: [listReply(`Com quem: ${question}`, 'Ver profissionais', professionalRows(professionals))],
  };
}

/** Days with free time inside what was said ("semana que vem"), as the day list. */
export function daysScreen(context: TurnContext, draft: Draft, days: { date: string; count: number }[], intro: string, wish: Wish): Screen {
  return {
    next: { step: 'choose_day', draft, wish },
    replies: [listReply(intro, 'Ver dias', dayRows(days, context.today))],
  };
}

/** Some free times of one day (those that fit the words) as the time list. */
export function timesScreen(draft: Draft, date: string, times: FreeTime[], intro: string): Screen {
  const offered = timesToOffer(times, MAX_ROWS);
  const more = times.length > offered.length ? ` Mostro ${offered.length} de ${times.length}; você também pode digitar outro.` : '';
  return {
    next: { step: 'choose_time', draft, date },
    replies: [listReply(`${intro}${more}`, 'Ver horários', timeRows(date, offered, draft.professionalId === null))],
  };
}
