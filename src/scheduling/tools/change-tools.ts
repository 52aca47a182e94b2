import { defineTool, localDateOf, localTimeOf } from '../../shared/index.js';
import { botActor, cancelAppointment, customerPolicy, rescheduleAppointment } from '../appointments/index.js';
import { changeOfResult } from './change-of-result.js';
import { toAgendamentoResumo } from './format-results.js';
import { toVisitaAgendada } from './format-visit.js';
import type { SchedulingToolDeps } from './scheduling-tool-deps.js';
import { APPOINTMENT_ID_FIELD, cancelarInput, remarcarInput } from './scheduling-tool-inputs.js';
import { toolRefusal } from './tool-refusal.js';
import type { CancelarResult, RemarcarResult } from './tool-results.js';

/** The customer's changes to a booking: `cancelar` and `remarcar` (a visit moves whole). */
export function createChangeTools({ scheduling, clock, logger, sourceOfCustomerMove }: SchedulingToolDeps) {
  return {
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
  };
}
