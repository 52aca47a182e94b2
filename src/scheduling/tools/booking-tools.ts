import { defineTool } from '../../shared/index.js';
import { bookAppointment, bookVisit, botActor, customerPolicy, findDepositHold, listCustomerAppointments } from '../appointments/index.js';
import { changeOfResult } from './change-of-result.js';
import { findListedHolds } from './find-listed-holds.js';
import { toSinalAguardado, toSinalPendente } from './format-deposit.js';
import { toAgendamentoResumo } from './format-results.js';
import { toVisitaAgendada } from './format-visit.js';
import type { SchedulingToolDeps } from './scheduling-tool-deps.js';
import { agendarInput, meusAgendamentosInput } from './scheduling-tool-inputs.js';
import { toVisitItem } from './to-visit-item.js';
import { toolRefusal } from './tool-refusal.js';
import type { AgendarResult, MeusAgendamentosResult } from './tool-results.js';

/**
 * The customer's bookings: `agendar` (one service or a visit; a deposit's hold when the service
 * asks for one) and `meus_agendamentos`.
 */
export function createBookingTools({ scheduling, clock, logger }: SchedulingToolDeps) {
  const { db } = scheduling;
  return {
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
  };
}
