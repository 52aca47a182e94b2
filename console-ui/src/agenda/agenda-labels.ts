import type { Appointment } from '../../../src/contract/index.js';

export const SOURCE_LABELS: Record<Appointment['source'], string> = {
  bot: 'Marcado pelo robô',
  staff: 'Marcado pela equipe',
  reminder: 'Confirmado pelo lembrete',
  waitlist: 'Marcado pela lista de espera',
};

export const SHORT_SOURCE_LABELS: Record<Appointment['source'], string> = {
  bot: 'Robô',
  staff: 'Equipe',
  reminder: 'Lembrete',
  waitlist: 'Lista de espera',
};
