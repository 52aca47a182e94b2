import type { ItemDaVisita } from '../../scheduling/tools/index.js';
import { ToolDomainException } from '../../shared/index.js';
import type { Draft } from '../assistant-state.js';
import { customerRefusal } from '../customer-refusal.js';
import type { FreeTime } from '../free-time.js';
import { professionalTimesOn } from '../professional-times.js';
import type { SchedulingCalls } from '../scheduling-calls.js';

/**
 * The starts of one day where a whole visit fits (`buscar_horarios` with `servicos`): each
 * service right after the one before (its buffer included), with the professional asked for
 * or anyone who does it, resources and holidays included. An empty day gets the first
 * service's reason and next date, as a single service would.
 */
export async function visitTimesOn(
  calls: SchedulingCalls,
  draft: Draft,
  date: string,
): Promise<{ times: FreeTime[]; refusal: string | null; nextDate: string | null }> {
  const items = [draft, ...(draft.more ?? [])].map((item) => ({ serviceId: item.serviceId, professionalId: item.professionalId }));
  let inicios: { inicio: string; itens: ItemDaVisita[] }[];
  try {
    inicios = (await calls.findVisitTimes(date, items)).inicios;
  } catch (error) {
    if (!(error instanceof ToolDomainException)) throw error;
    return { times: [], refusal: customerRefusal(error), nextDate: null };
  }
  const times: FreeTime[] = inicios.flatMap(({ inicio, itens }) => {
    const [head, ...rest] = itens;
    if (!head) return [];
    return [
      {
        time: inicio,
        professionalId: head.profissional.id,
        professionalName: head.profissional.nome,
        visit: rest.map((item) => ({
          serviceId: item.servico.id,
          professionalId: item.profissional.id,
          professionalName: item.profissional.nome,
          time: item.inicio,
        })),
      },
    ];
  });
  if (times.length > 0) return { times, refusal: null, nextDate: null };
  const first = await professionalTimesOn(calls, draft, date);
  return { times, refusal: first.refusal, nextDate: first.nextDate };
}
