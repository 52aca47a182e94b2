import { defineTool } from '../../shared/index.js';
import { joinWaitlist } from '../waitlist/index.js';
import type { SchedulingToolDeps } from './scheduling-tool-deps.js';
import { entrarListaEsperaInput } from './scheduling-tool-inputs.js';
import { toolRefusal } from './tool-refusal.js';
import type { EntrarListaEsperaResult } from './tool-results.js';

/** `entrar_lista_espera`: the customer's place on a full day's waitlist (it books nothing). */
export function createWaitlistTool({ scheduling, clock, logger }: SchedulingToolDeps) {
  const { db } = scheduling;
  return {
    joinWaitlist: defineTool({
      name: 'entrar_lista_espera',
      // Books nothing: the entry is found again when asked twice, so re-running it after a crash is harmless. It
      // backs one claim, the customer's waitlist place on its day ("coloquei seu nome na lista de espera").
      effect: 'read',
      waitlistPlaceOf: (output: EntrarListaEsperaResult) => ({ date: output.lista_espera.data }),
      promptHint: (name) =>
        `Quando o dia ou horário que o cliente quer estiver cheio, ofereça ${name}: se vagar um horário que sirva, ele recebe uma mensagem ` +
        'com um botão para reservar; entrar na lista não é um agendamento, nunca diga que está agendado.',
      description:
        'Coloca o cliente desta conversa na lista de espera de um serviço em uma data (horário local), opcionalmente em uma parte do dia ' +
        '(periodo) e com um profissional. Se um horário que sirva vagar (cancelamento, remarcação, bloqueio removido), o primeiro da lista ' +
        'recebe uma oferta com um botão; o primeiro toque reserva, se o horário ainda estiver livre. Não agenda nada. Pedir de novo o mesmo não duplica.',
      input: entrarListaEsperaInput,
      async handler(input, context): Promise<EntrarListaEsperaResult> {
        const outcome = await joinWaitlist(db, {
          tenantId: context.tenantId,
          customerId: context.customerId,
          serviceId: input.servico_id,
          professionalId: input.profissional_id ?? null,
          date: input.data,
          period: input.periodo ?? null,
          now: clock.now(),
        });
        if (outcome.kind === 'refused') throw toolRefusal(outcome.refusal);
        const { entry } = outcome;
        if (!outcome.alreadyListed) logger.info({ tenantId: context.tenantId, waitlistEntryId: entry.id }, 'waitlist entry added');
        return {
          lista_espera: {
            id: entry.id,
            servico: { id: entry.service.id, nome: entry.service.name },
            data: entry.date,
            ...(entry.period ? { periodo: entry.period } : {}),
            ...(entry.professional ? { profissional: { id: entry.professional.id, nome: entry.professional.name } } : {}),
            como_funciona:
              'Se vagar um horário que sirva, o cliente recebe uma mensagem com um botão; o primeiro toque reserva. A oferta fica guardada por 15 minutos e a lista vale até o fim do dia pedido.',
          },
          ja_estava_na_lista: outcome.alreadyListed,
        };
      },
    }),
  };
}
