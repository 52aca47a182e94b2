import {
  type Clock,
  defineTool,
  type Logger,
  localDateOf,
  localTimeOf,
  type ToolDefinition,
  ToolDomainException,
} from '../../shared/index.js';
import {
  type AppointmentSource,
  bookAppointment,
  bookVisit,
  botActor,
  cancelAppointment,
  customerPolicy,
  findDepositHold,
  listCustomerAppointments,
  rescheduleAppointment,
  type SchedulingDeps,
} from '../appointments/index.js';
import { findFreeSlots, findVisitSlots } from '../availability/index.js';
import { listProfessionals, listServices } from '../catalog/index.js';
import { joinWaitlist } from '../waitlist/index.js';
import { changeOfResult } from './change-of-result.js';
import { findListedHolds } from './find-listed-holds.js';
import { toServicoCatalogo } from './format-catalog.js';
import { toSinalAguardado, toSinalPendente } from './format-deposit.js';
import { toAgendamentoResumo, toBuscarHorariosResult, toServicoResumo } from './format-results.js';
import { toBuscarVisitaResult, toVisitaAgendada } from './format-visit.js';
import { modelRefusalTexts } from './model-refusal-texts.js';
import {
  APPOINTMENT_ID_FIELD,
  agendarInput,
  buscarHorariosInput,
  cancelarInput,
  entrarListaEsperaInput,
  listarProfissionaisInput,
  listarServicosInput,
  meusAgendamentosInput,
  remarcarInput,
} from './scheduling-tool-inputs.js';
import { toolRefusal } from './tool-refusal.js';
import type {
  AgendarResult,
  BuscarHorariosResult,
  BuscarHorariosVisitaResult,
  CancelarResult,
  EntrarListaEsperaResult,
  ListarProfissionaisResult,
  ListarServicosResult,
  MeusAgendamentosResult,
  RemarcarResult,
} from './tool-results.js';

/** A `servicos` entry as the domain takes it. */
const toVisitItem = (item: { servico_id: number; profissional_id?: number | undefined }) => ({
  serviceId: item.servico_id,
  professionalId: item.profissional_id ?? null,
});

/**
 * The `source` of a move the customer asks for: `reminder` when it continues one of the
 * appointment's reminders (reminders know; boot/ wires it), else `bot`.
 */
export type CustomerMoveSource = (appointment: {
  tenantId: number;
  customerId: number;
  appointmentId: number;
}) => Promise<AppointmentSource>;

export interface SchedulingToolDeps {
  scheduling: SchedulingDeps;
  clock: Clock;
  logger: Logger;
  sourceOfCustomerMove: CustomerMoveSource;
}

/**
 * The eight scheduling tools of the contract (`listar_servicos`, `listar_profissionais`,
 * `buscar_horarios`, `agendar`, `meus_agendamentos`, `cancelar`, `remarcar`,
 * `entrar_lista_espera`): the bot's
 * adapter over the domain's one booking, move and cancellation path, under the customer's
 * policy. Tenant and customer come only from the call context; write tools are idempotent
 * per `toolUseId`. The domain's refusals are thrown as `ToolDomainException`s with pt-BR
 * text for the model (see toolRefusal).
 */
export function createSchedulingToolSet({ scheduling, clock, logger, sourceOfCustomerMove }: SchedulingToolDeps) {
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
    book: defineTool({
      name: 'agendar',
      effect: 'write',
      claims: 'booked',
      // Waiting for its deposit is not booked: no change backs "agendado" until the deposit is paid.
      changeOf: (output: AgendarResult) => (output.agendamento?.status === 'aguardando_sinal' ? null : changeOfResult(output)),
      description:
        'Agenda para o cliente desta conversa um serviço com um profissional no início indicado (horário local). ' +
        'Use só horários livres vistos em buscar_horarios e confirme com o cliente antes. Repetir a mesma chamada não cria outro agendamento. ' +
        'Para uma visita com vários serviços, use servicos (na ordem) e o início do primeiro: agenda todos ou nenhum. ' +
        'Se o resultado trouxer "sinal", o horário NÃO está agendado: fica reservado até "reservado_ate" esperando o sinal por Pix; ' +
        'diga o valor, o prazo e a política de cancelamento, e que o código Pix chega numa mensagem a seguir.',
      input: agendarInput,
      async handler(input, context): Promise<AgendarResult> {
        const common = {
          tenantId: context.tenantId,
          customer: { id: context.customerId },
          start: input.inicio,
          idempotencyKey: context.toolUseId,
          now: clock.now(),
          policy: customerPolicy(botActor(context.runId)),
        };
        if (input.servicos) {
          const visit = await bookVisit(scheduling, { ...common, items: input.servicos.map(toVisitItem) });
          if (visit.kind === 'refused') throw toolRefusal(visit.refusal);
          const [first] = visit.appointments;
          if (!first) throw new Error(`visit ${visit.visitId} has no appointments`);
          if (!visit.alreadyExisted)
            logger.info({ tenantId: context.tenantId, visitId: visit.visitId, toolUseId: context.toolUseId }, 'visit booked');
          const hold =
            first.status === 'pending_payment' ? await findDepositHold(db, { tenantId: context.tenantId, appointmentId: first.id }) : null;
          return {
            agendamento: toAgendamentoResumo(first),
            ja_existia: visit.alreadyExisted,
            visita: toVisitaAgendada(visit.visitId, visit.appointments),
            ...(hold ? { sinal: toSinalPendente(hold, first.timezone) } : {}),
          };
        }
        const outcome = await bookAppointment(scheduling, {
          ...common,
          professionalId: input.profissional_id ?? 0,
          serviceId: input.servico_id ?? 0,
        });
        if (outcome.kind === 'refused') throw toolRefusal(outcome.refusal);
        if (!outcome.alreadyExisted) {
          logger.info(
            { tenantId: context.tenantId, appointmentId: outcome.appointment.id, toolUseId: context.toolUseId },
            'appointment booked',
          );
        }
        const agendamento = toAgendamentoResumo(outcome.appointment);
        if (outcome.appointment.status !== 'pending_payment') return { agendamento, ja_existia: outcome.alreadyExisted };
        const hold = outcome.deposit ?? (await findDepositHold(db, { tenantId: context.tenantId, appointmentId: outcome.appointment.id }));
        return {
          agendamento,
          ja_existia: outcome.alreadyExisted,
          ...(hold ? { sinal: toSinalPendente(hold, outcome.appointment.timezone) } : {}),
        };
      },
    }),
    myAppointments: defineTool({
      name: 'meus_agendamentos',
      effect: 'read',
      description:
        'Lista os próximos agendamentos do cliente desta conversa (os que ainda não terminaram), com id, data, horário, profissional e serviço. ' +
        'Status "aguardando_sinal": horário só reservado, esperando o sinal por Pix ("sinal": valor e até quando fica reservado); não está agendado.',
      input: meusAgendamentosInput,
      async handler(_input, context): Promise<MeusAgendamentosResult> {
        const appointments = await listCustomerAppointments(db, {
          tenantId: context.tenantId,
          customerId: context.customerId,
          now: clock.now(),
          withPendingPayment: true,
        });
        const holds = await findListedHolds(db, context.tenantId, appointments);
        return {
          agendamentos: appointments.map((appointment) => {
            const hold = holds.get(appointment.id);
            return { ...toAgendamentoResumo(appointment), ...(hold ? { sinal: toSinalAguardado(hold, appointment.timezone) } : {}) };
          }),
        };
      },
    }),
    cancel: defineTool({
      name: 'cancelar',
      effect: 'write',
      claims: 'cancelled',
      promptHint: () =>
        'Notas entre colchetes sobre um lembrete ("[O cliente tocou no botão … do lembrete do agendamento …]", "[O cliente respondeu ao lembrete …]") ' +
        `são do sistema e vêm do banco de dados: dizem de qual agendamento a mensagem trata; use esse ${APPOINTMENT_ID_FIELD}.`,
      changeOf: (output: CancelarResult) => changeOfResult(output),
      description:
        'Cancela um agendamento do cliente desta conversa (id de meus_agendamentos). Confirme com o cliente antes. ' +
        'Cancelar de novo um agendamento já cancelado apenas informa isso.',
      input: cancelarInput,
      async handler(input, context): Promise<CancelarResult> {
        const outcome = await cancelAppointment(scheduling, {
          tenantId: context.tenantId,
          customerId: context.customerId,
          appointmentId: input.agendamento_id,
          now: clock.now(),
          policy: customerPolicy(botActor(context.runId)),
        });
        if (outcome.kind === 'refused') throw toolRefusal(outcome.refusal);
        if (outcome.kind === 'changed') {
          logger.info({ tenantId: context.tenantId, appointmentId: outcome.appointment.id }, 'appointment cancelled');
        }
        return { agendamento: toAgendamentoResumo(outcome.appointment), ja_estava_cancelado: outcome.kind === 'unchanged' };
      },
    }),
    reschedule: defineTool({
      name: 'remarcar',
      effect: 'write',
      // The appointment (same id) now holds the new time and gave up the old one: a claim of either is backed too (see verifyAnswerClaims).
      claims: 'rescheduled',
      changeOf: (output: RemarcarResult) => changeOfResult(output),
      description:
        'Muda um agendamento do cliente desta conversa para outro início (horário local), com o mesmo profissional e serviço. ' +
        'Use um horário livre de buscar_horarios e confirme com o cliente antes. É atômico: se o novo horário não puder ser reservado, nada muda. ' +
        'O agendamento remarcado mantém o mesmo id. Um agendamento de uma visita (visita_id) leva a visita inteira: todos os serviços mudam juntos, ' +
        'na mesma ordem, com os mesmos profissionais e intervalos; inicio é o novo início do agendamento indicado (para a visita, use o id do primeiro ' +
        'serviço e um início de buscar_horarios com servicos).',
      input: remarcarInput,
      async handler(input, context): Promise<RemarcarResult> {
        const scope = { tenantId: context.tenantId, customerId: context.customerId, appointmentId: input.agendamento_id };
        const source = await sourceOfCustomerMove(scope);
        const outcome = await rescheduleAppointment(scheduling, {
          ...scope,
          start: input.inicio,
          idempotencyKey: context.toolUseId,
          now: clock.now(),
          policy: customerPolicy(botActor(context.runId), source),
        });
        if (outcome.kind === 'refused') throw toolRefusal(outcome.refusal);
        if (outcome.kind === 'moved') {
          logger.info(
            { tenantId: context.tenantId, appointmentId: outcome.appointment.id, previousAppointmentId: outcome.previous.id },
            'appointment rescheduled',
          );
        }
        const { previous } = outcome;
        return {
          agendamento: toAgendamentoResumo(outcome.appointment),
          anterior: {
            agendamento_id: previous.id,
            data: localDateOf(previous.startsAt.getTime(), previous.timezone),
            inicio: localTimeOf(previous.startsAt.getTime(), previous.timezone),
          },
          ...(outcome.kind === 'moved' && outcome.visit
            ? { visita: toVisitaAgendada(outcome.visit.visitId, outcome.visit.appointments) }
            : {}),
          ja_existia: outcome.kind === 'unchanged',
        };
      },
    }),
    joinWaitlist: defineTool({
      name: 'entrar_lista_espera',
      // Books nothing and backs no claim: the entry is found again when asked twice, so re-running it after a crash is harmless.
      effect: 'read',
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

/** The scheduling tools by what they do, each typed with its input and output (the offline assistant calls them so). */
export type SchedulingToolSet = ReturnType<typeof createSchedulingToolSet>;

/** The same tools as a list, as the agent's registry takes them. */
export function createSchedulingTools(deps: SchedulingToolDeps): ToolDefinition[] {
  return Object.values(createSchedulingToolSet(deps));
}
