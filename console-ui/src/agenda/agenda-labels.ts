import type { Appointment } from '../../../src/contract/index.js';

export const SOURCE_LABELS: Record<Appointment['source'], string> = {
  bot: 'Marcado pelo robô',
  staff: 'Marcado pela equipe',
  reminder: 'Confirmado pelo lembrete',
};

export const SHORT_SOURCE_LABELS: Record<Appointment['source'], string> = {
  bot: 'Robô',
  staff: 'Equipe',
  reminder: 'Lembrete',
};
