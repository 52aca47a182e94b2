import type { Appointment, CreatedBlock, DayHours, Professional, TimeOffSpan } from '../../../src/contract/index.js';
import { clockOf, minutesOf } from '../format.js';
import { APPOINTMENT_STATUS_LABELS, DEPOSIT_STATUS_LABELS } from '../message-labels.js';
import { SHORT_SOURCE_LABELS, SOURCE_LABELS } from './agenda-labels.js';
import { minutesOfAppointment, ROW_MINUTES } from './day-range.js';

export { ROW_MINUTES };

/** The rows of the day shown: [start, end) in minutes, each row ROW_MINUTES long. */
export interface DayRows {
  start: number;
  end: number;
  /** the column's grid line of a minute (the first row is line 1), clamped to the first row */
  rowOf: (minute: number) => number;
}

/**
 * One professional's column of the day grid: her hours off, the past, her free starts, her
 * appointments, time off and blocks, each placed on the column's own rows. The column is a
 * container of its own (`contain: layout style paint` in the style sheet), so what changes in it
 * is laid out and painted within it.
 */
export function DayColumn(props: {
  date: string;
  professional: Professional;
  /** its position among the columns shown (the arrow keys' "column") */
  index: number;
  rows: DayRows;
  /** minutes of the day already gone, up to this minute */
  pastUntil: number;
  /** the first column carries the "Passado" label for the whole row of columns */
  labelled: boolean;
  free: string[];
  appointments: Appointment[];
  blocks: CreatedBlock[];
  timeOff: TimeOffSpan[];
  hours: DayHours | undefined;
  closed: boolean;
  /** the grid's one tab stop (a `data-grid-key`) */
  stop: string | null;
  onFree: (professional: Professional, time: string) => void;
  onAppointment: (appointment: Appointment) => void;
  onRemoveBlock: (block: CreatedBlock) => void;
}) {
  const { start, end, rowOf } = props.rows;
  const { professional, index } = props;
  const span = (from: number, to: number) => `${rowOf(from)} / ${rowOf(to)}`;
  // Keyed by their time in the column, not by id: another day's 10:00 reuses this day's 10:00 node.
  const used = new Set<string>();
  const keyAt = (key: string, fallback: string) => {
    const chosen = used.has(key) ? fallback : key;
    used.add(chosen);
    return chosen;
  };
  return (
    <div class="day-column" data-professional-id={professional.id} style={{ gridColumn: index + 2 }}>
      {props.closed
        ? null
        : offHoursOf(props.hours, start, end).map((off) => (
            <div key={`o${off.from}`} class={`off-hours ${off.kind}`} style={{ gridRow: span(off.from, off.to) }}>
              <span>{OFF_HOURS_LABELS[off.kind]}</span>
            </div>
          ))}
      {props.pastUntil > start ? (
        <div key="past" class="past" style={{ gridRow: span(start, props.pastUntil) }}>
          {props.labelled ? <span>Passado</span> : null}
        </div>
      ) : null}
      {props.free.map((time) => {
        const key = `free${professional.id}-${time}`;
        return (
          <button
            type="button"
            key={`f${time}`}
            data-grid-key={key}
            data-column={index}
            data-minute={minutesOf(time)}
            tabIndex={props.stop === key ? 0 : -1}
            class="free"
            aria-label={`${time} livre: agendar com ${professional.name}`}
            style={{ gridRow: rowOf(minutesOf(time)) }}
            onClick={() => props.onFree(professional, time)}
          >
            {/* Shown as "+ 10:30 livre" (the "+" from the style sheet); named from the same words (WCAG 2.5.3, label in name). */}
            {time} livre
          </button>
        );
      })}
      {props.appointments.map((appointment) => {
        const { from, to: until } = minutesOfAppointment(appointment);
        const to = Math.max(from + ROW_MINUTES, until);
        const key = `a${appointment.id}`;
        const name = appointment.customer.name ?? 'Cliente sem nome';
        const status = APPOINTMENT_STATUS_LABELS[appointment.status] ?? appointment.status;
        const badges = [
          SHORT_SOURCE_LABELS[appointment.source] ?? appointment.source,
          ...(appointment.status !== 'booked' ? [status] : []),
          ...(appointment.deposit && appointment.deposit.status !== 'pending' && appointment.status !== 'expired'
            ? [DEPOSIT_STATUS_LABELS[appointment.deposit.status]]
            : []),
        ];
        const moved = appointment.rescheduledAt !== null;
        const what = `${name} · ${appointment.service.name}`;
        return (
          <button
            type="button"
            key={keyAt(`a${from}`, key)}
            data-grid-key={key}
            data-column={index}
            data-minute={from}
            tabIndex={props.stop === key ? 0 : -1}
            class={`appointment source-${appointment.source} status-${appointment.status}`}
            data-appointment-id={appointment.id}
            style={{ gridRow: span(from, to) }}
            onClick={() => props.onAppointment(appointment)}
          >
            {/* Few elements per appointment (a salon of 50 draws 400 a day): the time is the head line's own text, in bold. */}
            <span class="appt-line appt-head">
              {clockOf(appointment.start)}
              {badges.map((badge) => (
                <span key={badge} class="badge">
                  {badge}
                </span>
              ))}
              {moved ? <span class="badge moved">Remarcado</span> : null}
            </span>
            <span class="appt-line appt-who">{what}</span>
            {/* Read after the visible text, so the button's name starts with what is seen (WCAG 2.5.3). */}
            <span class="sr-only">{` com ${appointment.professional.name}. ${status}. ${SOURCE_LABELS[appointment.source] ?? ''}${moved ? '. Remarcado' : ''}`}</span>
          </button>
        );
      })}
      {props.timeOff.map((off) => {
        // Often whole days (a holiday, a vacation): clamp it to the rows shown.
        const from = off.from.slice(0, 10) < props.date ? start : minutesOf(clockOf(off.from));
        const to = off.to.slice(0, 10) > props.date ? end : minutesOf(clockOf(off.to));
        if (to <= start || from >= end) return null;
        return (
          <div key={`off${off.from}`} class="block time-off" style={{ gridRow: span(from, to) }}>
            <span>
              Folga {off.from.slice(0, 10) < props.date ? `desde ${off.from.slice(8, 10)}/${off.from.slice(5, 7)}` : clockOf(off.from)}
              {' – '}
              {off.to.slice(0, 10) > props.date ? `até ${off.to.slice(8, 10)}/${off.to.slice(5, 7)}` : clockOf(off.to)} (cadastro)
            </span>
          </div>
        );
      })}
      {props.blocks.map((block) => {
        // A block may start the day before or end the day after: clamp it to the rows shown.
        const from = block.from.slice(0, 10) < props.date ? start : minutesOf(clockOf(block.from));
        const to = block.to.slice(0, 10) > props.date ? end : minutesOf(clockOf(block.to));
        if (to <= start || from >= end) return null;
        const key = `block${block.id}`;
        return (
          <div key={key} class="block" style={{ gridRow: span(from, to) }}>
            <span>
              Bloqueado {spanText(block.from, block.to)}
              {block.reason ? ` · ${block.reason}` : ''}
            </span>
            {/* Inside the grid's one tab stop, as the appointments: the arrows reach it. */}
            <button
              type="button"
              class="link"
              data-grid-key={key}
              data-column={index}
              data-minute={from}
              tabIndex={props.stop === key ? 0 : -1}
              onClick={() => props.onRemoveBlock(block)}
            >
              Remover bloqueio
            </button>
          </div>
        );
      })}
    </div>
  );
}

/** "13:00–18:00" within one day; "24/12 15:00 – 26/12 12:00" over several. */
function spanText(from: string, to: string): string {
  if (from.slice(0, 10) === to.slice(0, 10)) return `${clockOf(from)}–${clockOf(to)}`;
  const day = (local: string) => `${local.slice(8, 10)}/${local.slice(5, 7)}`;
  return `${day(from)} ${clockOf(from)} – ${day(to)} ${clockOf(to)}`;
}

const OFF_HOURS_LABELS = { outside: 'Fora do horário', break: 'Intervalo', day_off: 'Não trabalha neste dia' } as const;

/**
 * The parts of the rows [start, end) a professional does not work: before her first interval and
 * after her last ("Fora do horário"), between two ("Intervalo"), or all of them without hours that
 * weekday ("Não trabalha neste dia").
 */
function offHoursOf(
  day: DayHours | undefined,
  start: number,
  end: number,
): { kind: keyof typeof OFF_HOURS_LABELS; from: number; to: number }[] {
  if (!day || day.intervals.length === 0) return [{ kind: 'day_off', from: start, to: end }];
  const spans: { kind: keyof typeof OFF_HOURS_LABELS; from: number; to: number }[] = [];
  let cursor = start;
  for (const [index, [from, to]] of day.intervals.entries()) {
    const opens = minutesOf(from);
    if (opens > cursor) spans.push({ kind: index === 0 ? 'outside' : 'break', from: cursor, to: Math.min(opens, end) });
    cursor = Math.max(cursor, minutesOf(to));
  }
  if (cursor < end) spans.push({ kind: 'outside', from: cursor, to: end });
  return spans.filter((span) => span.to > span.from);
}
