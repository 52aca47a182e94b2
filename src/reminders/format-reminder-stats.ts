import { textColumns } from '../shared/index.js';
import type { AttendanceFigures, ReminderStats } from './reminder-stats.js';

/**
 * One tenant's reminder figures as plain-text tables for terminals (`npm run report -- reminders`):
 * the counts with their rates, then attendance of confirmed vs unconfirmed appointments, with a
 * footnote defining each rate (the same definitions as ReminderStats).
 */
export function formatReminderStats(stats: ReminderStats, tenant: { slug: string; timezone: string }): string {
  const figures = table(
    ['figure', 'count', 'rate'],
    [
      ['reminded appointments', String(stats.remindedAppointments), ''],
      ['confirmed through a reminder', String(stats.confirmedThroughReminder), percent(stats.confirmationRate)],
      ['cancelled through a reminder', String(stats.cancelledThroughReminder), percent(stats.cancellationRate)],
      ['asked to reschedule (Remarcar)', String(stats.rescheduleAsked), ''],
      ['rescheduled through a reminder', String(stats.rescheduledThroughReminder), ''],
    ],
  );
  const attendanceRow = (label: string, group: AttendanceFigures) => [
    label,
    String(group.started),
    String(group.attended),
    String(group.noShow),
    String(group.unmarked),
    percent(group.noShowRate),
  ];
  const attendance = table(
    ['attendance', 'started', 'attended', 'no-show', 'unmarked', 'no-show rate'],
    [attendanceRow('confirmed', stats.attendance.confirmed), attendanceRow('unconfirmed', stats.attendance.unconfirmed)],
  );
  return [
    `Tenant ${tenant.slug} (${tenant.timezone}): appointments starting from ${stats.from.toISOString()} to ${stats.to.toISOString()} (end excluded)`,
    '',
    ...figures,
    '',
    ...attendance,
    '',
    'Reminded = at least one reminder sent. Rates are over reminded appointments. Attendance counts reminded appointments that',
    'started and were not cancelled; no-show rate = no-shows / (attended + no-shows): unmarked ones (staff did not mark them,',
    'they stay booked) are left out of it. "-" = nothing to divide by.',
    '',
  ].join('\n');
}

function table(header: string[], rows: string[][]): string[] {
  const { line, rule } = textColumns(header, rows);
  return [line(header), rule, ...rows.map(line)];
}

function percent(rate: number | null): string {
  return rate === null ? '-' : `${(Math.round(rate * 1000) / 10).toFixed(1)} %`;
}
