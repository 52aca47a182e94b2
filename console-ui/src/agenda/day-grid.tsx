import { useEffect, useRef, useState } from 'preact/hooks';
import type { Appointment, CreatedBlock, DayHours, Professional, TimeOffSpan } from '../../../src/contract/index.js';
import { clockOf, clockText, minutesOf } from '../format.js';
import { DayColumn, type DayRows } from './day-column.js';
import { dayRange, ROW_MINUTES } from './day-range.js';

/**
 * The day as a grid: a time column, then one column per professional. Appointments span
 * their rows; free starts (for the chosen service) are buttons that open the booking. Time
 * already gone is shaded ("Passado"); today has a now-line, and the grid opens scrolled to it.
 * A new day is drawn in two renders: the columns in view first, every column right after its
 * paint (`useFilling`); all columns stay in the DOM and in the accessibility tree.
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
  const column = new Map(props.professionals.map((professional, index) => [professional.id, index]));
  // Those in a column shown (one professional's day leaves the others out).
  const drawn = shown.filter((appointment) => column.has(appointment.professional.id));
  // Blocks that start on this day (one that starts the day before shows from the first row).
  const blockStarts = props.blocks.filter((block) => block.from.slice(0, 10) === props.date).map((block) => minutesOf(clockOf(block.from)));
  const [start, end] = dayRange(shown, props.free, props.date === props.now.date ? minutesOf(props.now.time) : null, blockStarts);
  const rows = (end - start) / ROW_MINUTES;
  const dayRows: DayRows = { start, end, rowOf: (minute) => Math.max(1, Math.floor((minute - start) / ROW_MINUTES) + 1) };
  const times = Array.from({ length: rows }, (_, index) => start + index * ROW_MINUTES);
  // Minutes of the day already gone: all of a past day, none of a future one.
  const nowMinute = minutesOf(props.now.time);
  const pastUntil = props.date < props.now.date ? end : props.date > props.now.date ? start : Math.min(Math.max(nowMinute, start), end);
  const isToday = props.date === props.now.date && nowMinute >= start && nowMinute < end;
  const nowLine = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLElement>(null);
  const filling = useFilling(props.date, props.appointments);
  // Until the day is filled, the columns in view are drawn in full and the others are empty: from the grid's scroll and the screen's
  // width (wider than the grid's box: a column more at most), every column 9rem wide after the 4rem of the times (the grid's narrowest;
  // wider only when all fit, and then none is scrolled off).
  const inView = (index: number) => {
    if (!filling.partial) return true;
    const column = 9 * filling.rem;
    const left = filling.scrollLeft - 4 * filling.rem;
    return index >= Math.floor(left / column) && index <= Math.floor((left + window.innerWidth) / column);
  };
  // One stop in the tab order for the whole grid (the first appointment, else the first free time, else a block); arrows move inside it.
  const [active, setActive] = useState<string | null>(null);
  const firstKey = (() => {
    // The earliest drawn, and of those the leftmost column's.
    const columnOf = (appointment: Appointment) => column.get(appointment.professional.id) ?? 0;
    const first = [...drawn].sort((a, b) => a.start.localeCompare(b.start) || columnOf(a) - columnOf(b))[0];
    if (first) return `a${first.id}`;
    for (const professional of props.professionals) {
      const slot = props.free.get(professional.id)?.[0];
      if (slot) return `free${professional.id}-${slot}`;
    }
    const block = props.blocks.find((candidate) =>
      props.professionals.some((professional) => professional.id === candidate.professionalId),
    );
    return block ? `block${block.id}` : null;
  })();
  const keys = new Set([
    ...drawn.map((appointment) => `a${appointment.id}`),
    ...props.professionals.flatMap((professional) =>
      (props.free.get(professional.id) ?? []).map((time) => `free${professional.id}-${time}`),
    ),
    ...props.blocks.map((block) => `block${block.id}`),
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

  // Each professional's part of the day, grouped once (not looked up per item).
  const byProfessional = <T,>(items: T[], idOf: (item: T) => number) => {
    const grouped = new Map<number, T[]>();
    for (const item of items) {
      const list = grouped.get(idOf(item));
      if (list) list.push(item);
      else grouped.set(idOf(item), [item]);
    }
    return grouped;
  };
  const appointmentsOf = byProfessional(shown, (appointment) => appointment.professional.id);
  const blocksOf = byProfessional(props.blocks, (block) => block.professionalId);
  const timeOffOf = byProfessional(props.timeOff, (span) => span.professionalId);
  const hoursOf = new Map(props.hours.map((day) => [day.professionalId, day]));

  return (
    <section
      ref={grid}
      onKeyDown={onGridKey}
      onScroll={(event) => {
        filling.scrollLeft = event.currentTarget.scrollLeft;
      }}
      onFocusIn={(event) => {
        const key = (event.target as HTMLElement).closest<HTMLElement>('[data-grid-key]')?.dataset.gridKey;
        if (key) setActive(key);
      }}
      class="day-grid"
      aria-label="Agenda do dia, uma coluna por profissional"
      // Two numbers for the style sheet; every column, head and time label is placed by it, not by a style of its own.
      style={{ '--columns': props.professionals.length, '--rows': rows }}
    >
      <div class="corner" aria-hidden="true" />
      {props.professionals.map((professional) => (
        <div key={professional.id} class="column-head" data-professional-id={professional.id}>
          {professional.name}
        </div>
      ))}
      {/* A label every half hour, one after the other: the style sheet gives each two rows. */}
      <div class="times">
        {times
          .filter((minute) => minute % 30 === 0)
          .map((minute) => (
            <div key={minute} class={minute % 60 === 0 ? 'time hour' : 'time'}>
              {clockText(minute)}
            </div>
          ))}
      </div>
      {props.closed ? (
        <div class="off-hours closed-day">
          <span>Fechado: {props.closed.name}</span>
        </div>
      ) : null}
      {props.professionals.map((professional, index) => (
        <DayColumn
          key={professional.id}
          date={props.date}
          professional={professional}
          index={index}
          rows={dayRows}
          pastUntil={pastUntil}
          labelled={index === 0}
          free={inView(index) ? (props.free.get(professional.id) ?? []) : NONE}
          appointments={inView(index) ? (appointmentsOf.get(professional.id) ?? []) : NONE}
          blocks={inView(index) ? (blocksOf.get(professional.id) ?? []) : NONE}
          timeOff={inView(index) ? (timeOffOf.get(professional.id) ?? []) : NONE}
          hours={hoursOf.get(professional.id)}
          closed={props.closed !== null}
          stop={stop}
          onFree={props.onFree}
          onAppointment={props.onAppointment}
          onRemoveBlock={props.onRemoveBlock}
        />
      ))}
      {isToday ? (
        <div
          ref={nowLine}
          class="now-line"
          role="img"
          aria-label={`Agora, ${props.now.time}`}
          style={{ marginTop: `${(nowMinute - start) * (1.75 / ROW_MINUTES)}rem` }}
        >
          <span>{props.now.time}</span>
        </div>
      ) : null}
    </section>
  );
}

const NONE: never[] = [];

/**
 * Whether the grid is drawing a day it has not shown yet (`partial`): the first render of a new
 * day's answers draws only the columns in view, so it is painted sooner; right after that paint
 * (an effect runs after it) the grid draws every column. A 50-column salon otherwise lays out and
 * paints all 400 appointments before the 8 or 9 columns on screen appear. Answers for the same
 * day again (a change, a live event) are drawn in full at once: nothing the staff is reading or
 * has focused empties. Also what it needs for the columns in view: the grid's horizontal scroll,
 * kept from its scroll events (read then, never in a render, which would force a layout), and
 * the root font size (the columns are 9rem).
 */
function useFilling(date: string, appointments: Appointment[]): { partial: boolean; scrollLeft: number; rem: number } {
  const state = useRef({ partial: false, scrollLeft: 0, rem: 16, appointments: null as Appointment[] | null, date: null as string | null });
  const [, setFilled] = useState(0);
  const current = state.current;
  if (appointments !== current.appointments) {
    // Another day's answers (or the first): answers for the day shown replace it in full.
    if (date !== current.date) current.partial = true;
    current.appointments = appointments;
    current.date = date;
  }
  useEffect(() => {
    current.rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  }, [current]);
  useEffect(() => {
    if (!current.partial) return;
    current.partial = false;
    setFilled((count) => count + 1);
  });
  return current;
}
