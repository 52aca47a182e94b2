import type { Overview } from '../../src/contract/index.js';

const reais = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * The overview's days as CSV the way a spreadsheet in Brazil opens it: `;` between fields,
 * decimal comma, a UTF-8 byte-order mark; one row per day, then the totals.
 */
export function overviewCsv(overview: Overview): string {
  const header = [
    'data',
    'agendamentos_robo',
    'agendamentos_equipe',
    'agendamentos_lembrete',
    'agendamentos_lista_espera',
    'compareceram',
    'faltaram',
    'cancelados',
    'faturamento_agendado_reais',
    'faturamento_realizado_reais',
  ];
  const row = (date: string, day: Omit<Overview['days'][number], 'date'>) =>
    [
      date,
      day.bookings.bot,
      day.bookings.staff,
      day.bookings.reminder,
      day.bookings.waitlist,
      day.attended,
      day.noShows,
      day.cancellations,
      reais(day.bookedRevenueCents),
      reais(day.attendedRevenueCents),
    ].join(';');
  const lines = [header.join(';'), ...overview.days.map((day) => row(day.date, day)), row('total', overview.totals)];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
