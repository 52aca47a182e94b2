import { defineTool, ToolDomainException } from '../../shared/index.js';
import { findFreeSlots, findVisitSlots } from '../availability/index.js';
import { listProfessionals, listServices } from '../catalog/index.js';
import { toServicoCatalogo } from './format-catalog.js';
import { toBuscarHorariosResult, toServicoResumo } from './format-results.js';
import { toBuscarVisitaResult } from './format-visit.js';
import { modelRefusalTexts } from './model-refusal-texts.js';
import type { SchedulingToolDeps } from './scheduling-tool-deps.js';
import { buscarHorariosInput, listarProfissionaisInput, listarServicosInput } from './scheduling-tool-inputs.js';
import { toVisitItem } from './to-visit-item.js';
import { toolRefusal } from './tool-refusal.js';
import type { BuscarHorariosResult, BuscarHorariosVisitaResult, ListarProfissionaisResult, ListarServicosResult } from './tool-results.js';

/**
 * The tools that read the salon's catalogue and free times: `listar_servicos`,
 * `listar_profissionais` and `buscar_horarios` (one service or a visit of several).
 */
export function createCatalogueTools({ scheduling, clock }: SchedulingToolDeps) {
  const { db } = scheduling;
  return {
    listServices: defineTool({
      name: 'listar_servicos',
      effect: 'read',
      promptHint: (name) => `Use ${name} para saber os serviços e seus ids; nunca adivinhe ids.`,
      description:
        'Lista os serviços do estabelecimento com id, nome, duração em minutos, preço ("preco", já escrito como o cliente deve ler; ' +
        'sem "preco" o salão não informou o valor) e os profissionais que fazem cada um (com preço ou duração próprios quando diferem). ' +
        '"variacoes" são opções do serviço (ex.: cabelo longo), cada uma com seu id, duração e preço: agende a variação pelo id dela.',
      input: listarServicosInput,
      async handler(_input, context): Promise<ListarServicosResult> {
        const services = await listServices(db, context.tenantId);
        return { servicos: services.map(toServicoCatalogo) };
      },
    }),
    listProfessionals: defineTool({
      name: 'listar_profissionais',
      effect: 'read',
      promptHint: (name) => `Use ${name} para saber as profissionais e seus ids; nunca adivinhe ids.`,
      description:
        'Lista os profissionais do estabelecimento com id, nome e os serviços que cada um faz. Com servico_id, só os que fazem esse serviço.',
      input: listarProfissionaisInput,
      async handler(input, context): Promise<ListarProfissionaisResult> {
        const professionals = await listProfessionals(db, context.tenantId, input.servico_id);
        if (!professionals) throw new ToolDomainException(modelRefusalTexts.serviceNotFound(input.servico_id ?? 0), 'service_not_found');
        return {
          profissionais: professionals.map((professional) => ({
            id: professional.id,
            nome: professional.name,
            servicos: professional.services.map(toServicoResumo),
          })),
        };
      },
    }),
    findTimes: defineTool({
      name: 'buscar_horarios',
      effect: 'read',
      promptHint: (name) =>
        `Nunca invente um horário livre: sempre consulte ${name} antes de oferecer horários, e ofereça só os que ela devolveu.`,
      description:
        'Mostra os horários livres de um profissional em uma data, no horário local do estabelecimento, para a duração do serviço. ' +
        'Sem servico_id usa o serviço mais curto do profissional (informe servico_id quando o cliente já escolheu). ' +
        'Para vários serviços na mesma visita (ex.: corte e escova), use servicos: devolve os inícios em que a visita inteira cabe, com o horário e o profissional de cada serviço. ' +
        'O dia vem resumido: "faixas" cobre todos os horários livres (qualquer início de "de" até "ate", a cada passo_minutos, está livre) ' +
        'e "horarios" traz alguns inícios para oferecer. Se o dia estiver cheio, traz proximo_dia_com_horario.',
      input: buscarHorariosInput,
      async handler(input, context): Promise<BuscarHorariosResult | BuscarHorariosVisitaResult> {
        if (input.servicos) {
          const visit = await findVisitSlots(db, {
            tenantId: context.tenantId,
            items: input.servicos.map(toVisitItem),
            date: input.data,
            now: clock.now(),
          });
          if (visit.kind === 'refused') throw toolRefusal(visit.refusal);
          if (visit.day.closedDay !== undefined) {
            throw toolRefusal({ kind: 'holiday', date: input.data, name: visit.day.closedDay, nextDate: null });
          }
          return toBuscarVisitaResult(visit.day);
        }
        const found = await findFreeSlots(db, {
          tenantId: context.tenantId,
          professionalId: input.profissional_id ?? 0,
          serviceId: input.servico_id ?? null,
          date: input.data,
          now: clock.now(),
        });
        if (found.kind === 'refused') throw toolRefusal(found.refusal);
        return toBuscarHorariosResult(found.day);
      },
    }),
  };
}
