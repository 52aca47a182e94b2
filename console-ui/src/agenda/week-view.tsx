import type { Appointment, Professional } from '../../../src/contract/index.js';
import { clockOf } from '../format.js';
import { APPOINTMENT_STATUS_LABELS } from '../message-labels.js';
import type { AgendaWeekDay } from './agenda-data.js';
import { SHORT_SOURCE_LABELS } from './agenda-labels.js';

const WEEKDAY = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', weekday: 'short', day: '2-digit', month: '2-digit' });

/** "seg., 07/12" of a "YYYY-MM-DD". */
function dayHeading(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAY.format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * The week, Monday to Sunday, one column per day: the day's appointments in order (each opens
 * its dialog), the salon's closed days, and for one professional her hours, days off, blocks and
 * time off. A day's heading opens that day's grid.
 */
export function WeekView(props: {
  days: AgendaWeekDay[];
  /** the professional shown, or null for the whole salon (each appointment then names its professional) */
  professional: Professional | null;
  /** every professional, to name the one of a block or time off in the salon's week */
  professionals: Professional[];
  today: string;
  onDay: (date: string) => void;
  onAppointment: (appointment: Appointment) => void;
}) {
  const who = props.professional ? `de ${props.professional.name}` : 'do salão';
  return (
    <section class="week-grid" aria-label={`Semana ${who}, um dia por coluna`}>
      {props.days.map((day) => {
        const shown = day.appointments.filter((appointment) => appointment.status !== 'cancelled');
        const hours = props.professional ? day.hours.find((entry) => entry.professionalId === props.professional?.id) : undefined;
        return (
          <section key={day.date} class={`week-day ${day.date === props.today ? 'today' : ''}`} aria-labelledby={`week-${day.date}`}>
            <h3 id={`week-${day.date}`}>
              <button type="button" class="link" onClick={() => props.onDay(day.date)}>
                {dayHeading(day.date)}
              </button>
              {day.date === props.today ? <span class="badge">Hoje</span> : null}
            </h3>
            {day.closed ? <p class="week-note closed-day">Fechado: {day.closed.name}</p> : null}
            {!day.closed && props.professional ? (
              <p class="week-note">
                {hours && hours.intervals.length > 0
                  ? `Horário: ${hours.intervals.map(([from, to]) => `${from}–${to}`).join(', ')}`
                  : 'Não trabalha neste dia'}
              </p>
            ) : null}
            {day.timeOff.map((span) => (
              <p key={`off${span.professionalId}-${span.from}`} class="week-note time-off">
                Folga {nameOf(props, span.professionalId)}(cadastro)
              </p>
            ))}
            {day.blocks.map((block) => (
              <p key={`block${block.id}`} class="week-note block">
                Bloqueado {nameOf(props, block.professionalId)}
                {partOfDay(block.from, block.to, day.date)}
                {block.reason ? ` · ${block.reason}` : ''}
              </p>
            ))}
            {shown.length === 0 ? (
              <p class="week-empty">Nenhum agendamento</p>
            ) : (
              <ul>
                {shown.map((appointment) => (
                  <li key={appointment.id}>
                    <button
                      type="button"
                      class={`week-appointment source-${appointment.source} status-${appointment.status}`}
                      data-appointment-id={appointment.id}
                      onClick={() => props.onAppointment(appointment)}
                    >
                      <span class="appt-when">{clockOf(appointment.start)}</span> {appointment.customer.name ?? 'Cliente sem nome'} ·{' '}
                      {appointment.service.name}
                      {props.professional ? '' : ` com ${appointment.professional.name}`}{' '}
                      <span class="badge">{SHORT_SOURCE_LABELS[appointment.source] ?? appointment.source}</span>
                      {appointment.status !== 'booked' ? (
                        <span class="badge">{APPOINTMENT_STATUS_LABELS[appointment.status] ?? appointment.status}</span>
                      ) : null}
                      {appointment.rescheduledAt !== null ? <span class="badge moved">Remarcado</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </section>
  );
}

/** "de Ana " when the whole salon is shown (a block or time off names its professional), else nothing. */
function nameOf(props: { professional: Professional | null; professionals: Professional[] }, professionalId: number): string {
  if (props.professional) return '';
  const name = props.professionals.find((professional) => professional.id === professionalId)?.name;
  return name ? `de ${name} ` : '';
}

/** The part of `date` a span covers: "13:00–18:00", "a partir das 15:00", "até 12:00" or "o dia todo". */
function partOfDay(from: string, to: string, date: string): string {
  const starts = from.slice(0, 10) === date;
  const ends = to.slice(0, 10) === date;
  if (starts && ends) return `${clockOf(from)}–${clockOf(to)}`;
  if (starts) return `a partir das ${clockOf(from)}`;
  if (ends && clockOf(to) !== '00:00') return `até ${clockOf(to)}`;
  return 'o dia todo';
}
