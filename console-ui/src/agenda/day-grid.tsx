import { useEffect, useRef, useState } from 'preact/hooks';
import type { Appointment, CreatedBlock, DayHours, Professional, TimeOffSpan } from '../../../src/contract/index.js';
import { clockOf, clockText, minutesOf } from '../format.js';
import { APPOINTMENT_STATUS_LABELS, DEPOSIT_STATUS_LABELS } from '../message-labels.js';
import { SHORT_SOURCE_LABELS, SOURCE_LABELS } from './agenda-labels.js';

const ROW_MINUTES = 15;

/** The rows the day needs: 08:00–20:00 at least, widened to every appointment, free time and block start shown, and to now (today). */
function dayRange(
  appointments: Appointment[],
  free: Map<number, string[]>,
  nowMinute: number | null,
  blockStarts: number[] = [],
): [number, number] {
  let start = Math.min(8 * 60, nowMinute ?? 8 * 60);
  let end = Math.max(20 * 60, nowMinute === null ? 0 : nowMinute + ROW_MINUTES);
  for (const appointment of appointments) {
    start = Math.min(start, minutesOf(clockOf(appointment.start)));
    end = Math.max(end, minutesOf(clockOf(appointment.end)));
  }
  for (const minute of blockStarts) {
    start = Math.min(start, minute);
    end = Math.max(end, minute + ROW_MINUTES);
  }
  for (const slots of free.values()) {
    for (const slot of slots) {
      start = Math.min(start, minutesOf(slot));
      end = Math.max(end, minutesOf(slot) + ROW_MINUTES);
    }
  }
  return [Math.floor(start / 60) * 60, Math.ceil(end / 60) * 60];
}

/**
 * The day as a grid: a time column, then one column per professional. Appointments span
 * their rows; free starts (for the chosen service) are buttons that open the booking. Time
 * already gone is shaded ("Passado"); today has a now-line, and the grid opens scrolled to it.
 */
export function DayGrid(props: {
  date: string;
  /** the salon's local date and time now */
  now: { date: string; time: string };
  professionals: Professional[];
  appointments: Appointment[];
  free: Map<number, string[]>;
  blocks: CreatedBlock[];
  /** the tenant file's time off (holidays, vacations): drawn like blocks, changed only in the tenant file */
  timeOff: TimeOffSpan[];
  /** each professional's working hours that weekday: the rest of her column is shaded (breaks, before and after) */
  hours: DayHours[];
  /** the salon's closed day (a holiday): the whole grid is shaded with its name */
  closed: { date: string; name: string } | null;
  onFree: (professional: Professional, time: string) => void;
  onAppointment: (appointment: Appointment) => void;
  onRemoveBlock: (block: CreatedBlock) => void;
}) {
  const shown = props.appointments.filter((appointment) => appointment.status !== 'cancelled');
  // Blocks that start on this day (one that starts the day before shows from the first row).
  const blockStarts = props.blocks.filter((block) => block.from.slice(0, 10) === props.date).map((block) => minutesOf(clockOf(block.from)));
  const [start, end] = dayRange(shown, props.free, props.date === props.now.date ? minutesOf(props.now.time) : null, blockStarts);
  const rows = (end - start) / ROW_MINUTES;
  const rowOf = (minute: number) => Math.max(2, Math.floor((minute - start) / ROW_MINUTES) + 2);
  const columnOf = (index: number) => index + 2;
  const times = Array.from({ length: rows }, (_, index) => start + index * ROW_MINUTES);
  // Minutes of the day already gone: all of a past day, none of a future one.
  const nowMinute = minutesOf(props.now.time);
  const pastUntil = props.date < props.now.date ? end : props.date > props.now.date ? start : Math.min(Math.max(nowMinute, start), end);
  const isToday = props.date === props.now.date && nowMinute >= start && nowMinute < end;
  const nowLine = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLElement>(null);
  // One stop in the tab order for the whole grid (the first appointment, else the first free time); arrows move inside it.
  const [active, setActive] = useState<string | null>(null);
  const firstKey = (() => {
    const first = [...shown].sort((a, b) => a.start.localeCompare(b.start))[0];
    if (first) return `a${first.id}`;
    for (const professional of props.professionals) {
      const slot = props.free.get(professional.id)?.[0];
      if (slot) return `free${professional.id}-${slot}`;
    }
    return null;
  })();
  const keys = new Set([
    ...shown.map((appointment) => `a${appointment.id}`),
    ...props.professionals.flatMap((professional) =>
      (props.free.get(professional.id) ?? []).map((time) => `free${professional.id}-${time}`),
    ),
  ]);
  const stop = active !== null && keys.has(active) ? active : firstKey;
  const onGridKey = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    const move = moves[event.key];
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-grid-key]');
    if (!move || !from || !grid.current) return;
    const items = [...grid.current.querySelectorAll<HTMLElement>('[data-grid-key]')].map((element) => ({
      element,
      column: Number(element.dataset.column),
      minute: Number(element.dataset.minute),
    }));
    const here = { column: Number(from.dataset.column), minute: Number(from.dataset.minute) };
    const [dx, dy] = move;
    const candidates = items.filter((item) =>
      dy !== 0 ? item.column === here.column && (item.minute - here.minute) * dy > 0 : (item.column - here.column) * dx > 0,
    );
    // Up and down: the nearest time in the same column; left and right: the nearest column, then the nearest time.
    const distance = (item: { column: number; minute: number }) =>
      dy !== 0 ? Math.abs(item.minute - here.minute) : Math.abs(item.column - here.column) * 10_000 + Math.abs(item.minute - here.minute);
    const next = candidates.sort((a, b) => distance(a) - distance(b))[0];
    if (!next) return;
    event.preventDefault();
    next.element.focus();
  };
  useEffect(() => {
    nowLine.current?.scrollIntoView?.({ block: 'center' });
  }, [props.date, isToday]);

  return (
    <section
      ref={grid}
      onKeyDown={onGridKey}
      onFocusIn={(event) => {
        const key = (event.target as HTMLElement).closest<HTMLElement>('[data-grid-key]')?.dataset.gridKey;
        if (key) setActive(key);
      }}
      class="day-grid"
      aria-label="Agenda do dia, uma coluna por profissional"
      style={{
        gridTemplateColumns: `4rem repeat(${props.professionals.length}, minmax(9rem, 1fr))`,
        gridTemplateRows: `auto repeat(${rows}, 1.75rem)`,
      }}
    >
      <div class="corner" style={{ gridColumn: 1, gridRow: 1 }} aria-hidden="true" />
      {props.professionals.map((professional, index) => (
        <div
          key={professional.id}
          class="column-head"
          data-professional-id={professional.id}
          style={{ gridColumn: columnOf(index), gridRow: 1 }}
        >
          {professional.name}
        </div>
      ))}
      {times.map((minute) =>
        minute % 60 === 0 || minute % 30 === 0 ? (
          <div key={`t${minute}`} class={`time ${minute % 60 === 0 ? 'hour' : ''}`} style={{ gridColumn: 1, gridRow: rowOf(minute) }}>
            {clockText(minute)}
          </div>
        ) : null,
      )}
      {/* One background per column (its lines drawn by CSS), not a cell per row: a salon of 50 would be 2 400 more elements to lay out. */}
      {props.professionals.map((professional, index) => (
        <div
          key={`bg${professional.id}`}
          class="column-bg"
          aria-hidden="true"
          style={{ gridColumn: columnOf(index), gridRow: `2 / ${rows + 2}` }}
        />
      ))}
      {props.closed ? (
        <div
          class="off-hours closed-day"
          style={{ gridColumn: `2 / ${props.professionals.length + 2}`, gridRow: `${rowOf(start)} / ${rowOf(end)}` }}
        >
          <span>Fechado: {props.closed.name}</span>
        </div>
      ) : (
        props.professionals.flatMap((professional, index) =>
          offHoursOf(
            props.hours.find((day) => day.professionalId === professional.id),
            start,
            end,
          ).map((span) => (
            <div
              key={`off-hours${professional.id}-${span.from}`}
              class={`off-hours ${span.kind}`}
              style={{ gridColumn: columnOf(index), gridRow: `${rowOf(span.from)} / ${rowOf(span.to)}` }}
            >
              <span>{OFF_HOURS_LABELS[span.kind]}</span>
            </div>
          )),
        )
      )}
      {pastUntil > start ? (
        <div class="past" style={{ gridColumn: `2 / ${props.professionals.length + 2}`, gridRow: `${rowOf(start)} / ${rowOf(pastUntil)}` }}>
          <span>Passado</span>
        </div>
      ) : null}
      {isToday ? (
        <div
          ref={nowLine}
          class="now-line"
          role="img"
          aria-label={`Agora, ${props.now.time}`}
          style={{
            gridColumn: `1 / ${props.professionals.length + 2}`,
            gridRow: rowOf(nowMinute),
            marginTop: `${((nowMinute - start) % ROW_MINUTES) * (1.75 / ROW_MINUTES)}rem`,
          }}
        >
          <span>{props.now.time}</span>
        </div>
      ) : null}
      {props.professionals.flatMap((professional, index) =>
        (props.free.get(professional.id) ?? []).map((time) => (
          <button
            type="button"
            key={`free${professional.id}-${time}`}
            data-grid-key={`free${professional.id}-${time}`}
            data-column={index}
            data-minute={minutesOf(time)}
            tabIndex={stop === `free${professional.id}-${time}` ? 0 : -1}
            class="free"
            aria-label={`${time} livre: agendar com ${professional.name}`}
            style={{ gridColumn: columnOf(index), gridRow: rowOf(minutesOf(time)) }}
            onClick={() => props.onFree(professional, time)}
          >
            {/* The accessible name starts with the visible text (WCAG 2.5.3, label in name). */}
            <span aria-hidden="true">+ </span>
            {time} livre
          </button>
        )),
      )}
      {shown.map((appointment) => {
        const index = props.professionals.findIndex((professional) => professional.id === appointment.professional.id);
        if (index < 0) return null;
        const from = minutesOf(clockOf(appointment.start));
        const to = Math.max(from + ROW_MINUTES, minutesOf(clockOf(appointment.end)));
        const name = appointment.customer.name ?? 'Cliente sem nome';
        const status = APPOINTMENT_STATUS_LABELS[appointment.status] ?? appointment.status;
        return (
          <button
            type="button"
            key={`a${appointment.id}`}
            data-grid-key={`a${appointment.id}`}
            data-column={index}
            data-minute={from}
            tabIndex={stop === `a${appointment.id}` ? 0 : -1}
            class={`appointment source-${appointment.source} status-${appointment.status}`}
            data-appointment-id={appointment.id}
            style={{ gridColumn: columnOf(index), gridRow: `${rowOf(from)} / ${rowOf(to)}` }}
            onClick={() => props.onAppointment(appointment)}
          >
            <span class="appt-line">
              <span class="appt-when">{clockOf(appointment.start)}</span>
              <span class="badge">{SHORT_SOURCE_LABELS[appointment.source] ?? appointment.source}</span>
              {appointment.status !== 'booked' ? <span class="badge">{status}</span> : null}
              {appointment.deposit && appointment.deposit.status !== 'pending' && appointment.status !== 'expired' ? (
                <span class="badge">{DEPOSIT_STATUS_LABELS[appointment.deposit.status]}</span>
              ) : null}
              {appointment.rescheduledAt !== null ? <span class="badge moved">Remarcado</span> : null}
            </span>
            <span class="appt-line">
              <span class="appt-who">{name}</span> · {appointment.service.name}
            </span>
            {/* Read after the visible text, so the button's name starts with what is seen (WCAG 2.5.3). */}
            <span class="sr-only">{` com ${appointment.professional.name}. ${status}. ${SOURCE_LABELS[appointment.source] ?? ''}${appointment.rescheduledAt !== null ? '. Remarcado' : ''}`}</span>
          </button>
        );
      })}
      {props.timeOff.map((span) => {
        const index = props.professionals.findIndex((professional) => professional.id === span.professionalId);
        if (index < 0) return null;
        // Often whole days (a holiday, a vacation): clamp it to the rows shown.
        const from = span.from.slice(0, 10) < props.date ? start : minutesOf(clockOf(span.from));
        const to = span.to.slice(0, 10) > props.date ? end : minutesOf(clockOf(span.to));
        if (to <= start || from >= end) return null;
        return (
          <div
            key={`off${span.professionalId}-${span.from}`}
            class="block time-off"
            style={{ gridColumn: columnOf(index), gridRow: `${rowOf(from)} / ${rowOf(to)}` }}
          >
            <span>
              Folga {span.from.slice(0, 10) < props.date ? `desde ${span.from.slice(8, 10)}/${span.from.slice(5, 7)}` : clockOf(span.from)}
              {' – '}
              {span.to.slice(0, 10) > props.date ? `até ${span.to.slice(8, 10)}/${span.to.slice(5, 7)}` : clockOf(span.to)} (cadastro)
            </span>
          </div>
        );
      })}
      {/* After the appointments: the grid's one tab stop comes first, then each block's own button. */}
      {props.blocks.map((block) => {
        const index = props.professionals.findIndex((professional) => professional.id === block.professionalId);
        if (index < 0) return null;
        // A block may start the day before or end the day after: clamp it to the rows shown.
        const from = block.from.slice(0, 10) < props.date ? start : minutesOf(clockOf(block.from));
        const to = block.to.slice(0, 10) > props.date ? end : minutesOf(clockOf(block.to));
        if (to <= start || from >= end) return null;
        return (
          <div key={`block${block.id}`} class="block" style={{ gridColumn: columnOf(index), gridRow: `${rowOf(from)} / ${rowOf(to)}` }}>
            <span>
              Bloqueado {spanText(block.from, block.to)}
              {block.reason ? ` · ${block.reason}` : ''}
            </span>
            <button type="button" class="link" onClick={() => props.onRemoveBlock(block)}>
              Remover bloqueio
            </button>
          </div>
        );
      })}
    </section>
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
