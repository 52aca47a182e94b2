import type { ReminderAction, ReminderAnswer, ReminderAppointment, ReminderReference, ReminderVisit } from '../reminders/index.js';

const BUTTON_LABELS: Record<ReminderAction, string> = { confirmar: 'Confirmar', remarcar: 'Remarcar', cancelar: 'Cancelar' };
const ANSWER_LABELS: Record<ReminderAnswer, string> = { confirm: 'Confirmar', reschedule: 'Remarcar', cancel: 'Cancelar' };
const STATUS_LABELS: Record<ReminderAppointment['status'], string> = {
  booked: 'agendado',
  confirmed: 'confirmado',
  cancelled: 'cancelado',
  attended: 'compareceu',
  no_show: 'faltou',
  pending_payment: 'aguardando sinal (não confirmado)',
  expired: 'sinal não pago (horário liberado)',
};

/** "agendamento 42: Corte com Ana, qua 02/12 às 15:30 (2026-12-02T15:30), status agendado, profissional_id 3, servico_id 1" */
function describeAppointment(appointment: ReminderAppointment): string {
  return (
    `agendamento ${appointment.id}: ${appointment.service} com ${appointment.professional}, ${appointment.when} (${appointment.start}), ` +
    `status ${STATUS_LABELS[appointment.status]}, profissional_id ${appointment.professionalId}, servico_id ${appointment.serviceId}`
  );
}

/** "serviços da visita: 10:00 Corte com Bia (agendamento 7), 10:30 Escova com Ana (agendamento 8)" */
function describeVisit(visit: ReminderVisit): string {
  const services = visit.services.map(
    (item) => `${item.start.slice(11)} ${item.service} com ${item.professional} (agendamento ${item.appointmentId})`,
  );
  return `serviços da visita: ${services.join(', ')}`;
}

/**
 * What the model is told about a customer's message that answers a reminder (written by the
 * system from the database rows, not by the customer): which appointment it is about, by id,
 * with its current local time, service and professional, so the model acts on that one
 * without asking which or calling meus_agendamentos. Returned as a bracketed note; for a
 * reply, the customer's own text follows it.
 */
export function describeReminderReference(reference: ReminderReference): string {
  const { appointment } = reference;
  const moved = reference.movedTo
    ? ` Esse agendamento foi remarcado depois do lembrete: o atual é o ${describeAppointment(reference.movedTo)}.`
    : '';
  if (reference.via.kind === 'reply') {
    const visit = appointment.visit
      ? ` Ele é o primeiro serviço da visita ${appointment.visit.id} (${describeVisit(appointment.visit)}): remarcar ou cancelar qualquer um deles muda a visita inteira.`
      : '';
    return `[O cliente respondeu ao lembrete do ${describeAppointment(appointment)}.${visit}${moved} A mensagem a seguir é sobre esse agendamento.]`;
  }
  const button = BUTTON_LABELS[reference.via.action];
  const earlier = reference.via.earlierAnswer;
  const before = earlier && earlier !== 'reschedule' ? ` Antes ele tinha respondido a esse lembrete com "${ANSWER_LABELS[earlier]}".` : '';
  const visit = appointment.visit;
  if (visit) {
    const servicos = JSON.stringify(visit.services.map((item) => ({ servico_id: item.serviceId, profissional_id: item.professionalId })));
    return (
      `[O cliente tocou no botão "${button}" do lembrete da visita ${visit.id}, que começa pelo ${describeAppointment(appointment)}: ` +
      `${describeVisit(visit)}.${before} Ele quer remarcar ESTA visita inteira (os serviços mudam juntos, na mesma ordem e com os mesmos profissionais): ` +
      `pergunte para quando, se ele ainda não disse; consulte buscar_horarios com servicos ${servicos}; depois que ele escolher um início, chame remarcar com ` +
      `agendamento_id ${appointment.id} e esse início. Não é preciso chamar meus_agendamentos nem perguntar qual agendamento.]`
    );
  }
  return (
    `[O cliente tocou no botão "${button}" do lembrete do ${describeAppointment(appointment)}.${before} ` +
    'Ele quer remarcar ESTE agendamento: pergunte para quando, se ele ainda não disse; consulte buscar_horarios com ' +
    `profissional_id ${appointment.professionalId} e servico_id ${appointment.serviceId}; depois que ele escolher, chame remarcar com ` +
    `agendamento_id ${appointment.id}. Não é preciso chamar meus_agendamentos nem perguntar qual agendamento.]`
  );
}
