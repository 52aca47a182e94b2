import type { ToolDomainException } from '../shared/index.js';

/**
 * A tool refusal reworded for the customer. The tools' messages are written for the model
 * ("Ofereça um deles ao cliente", "use meus_agendamentos"), so known codes get a
 * customer-facing sentence; an unknown code shows only the message's first sentence (the
 * fact), which never names a tool.
 */
export function customerRefusal(error: ToolDomainException): string {
  switch (error.code) {
    case 'slot_just_taken':
      return 'Esse horário acabou de ser ocupado por outra pessoa. 😕';
    case 'slot_not_free':
    case 'minimum_notice':
    case 'start_past':
      return 'Esse horário não está mais disponível.';
    case 'cancel_notice':
      return 'Esse agendamento está muito próximo e já não pode ser cancelado nem remarcado por aqui. Se precisar, escreva *pessoa* para falar com alguém da equipe.';
    case 'appointment_past':
      return 'Esse agendamento já começou ou já passou.';
    case 'appointment_not_found':
    case 'appointment_cancelled':
      return 'Esse agendamento não está mais ativo.';
    case 'date_past':
      return 'Essa data já passou.';
    case 'visit_not_fit':
      return 'Nesse horário já não cabem todos os serviços seguidos.';
    case 'resource_taken':
      return 'O espaço que um dos serviços usa acabou de ser ocupado nesse horário.';
    case 'beyond_horizon': {
      const last = /até (\d{4})-(\d{2})-(\d{2})/.exec(error.message);
      return last ? `Só é possível agendar até ${last[3]}/${last[2]}.` : 'Essa data está longe demais para agendar.';
    }
    case 'no_working_hours':
      return 'Não há atendimento nesse dia.';
    case 'holiday': {
      // The model's text carries the customer's sentence in quotes: "dia 25/12 é Natal, estaremos fechados".
      const said = /\("(dia [^"]+)"\)/.exec(error.message)?.[1];
      return said ? `${said[0]!.toUpperCase()}${said.slice(1)}.` : 'Nesse dia estaremos fechados.';
    }
    default:
      return firstSentence(error.message);
  }
}

const firstSentence = (message: string) => /^.*?[.!?](\s|$)/.exec(message)?.[0].trim() ?? message;
