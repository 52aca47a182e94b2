import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Appointment, CreatedBlock, Professional, Service, Session } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { addDays, clockOf, clockText, longDateText, minutesOf, nowIn, todayIn } from '../format.js';
import { useLatestRead } from '../latest-read.js';
import { useLiveEvents } from '../live-events.js';
import { type AgendaDay, type AgendaWeekDay, loadCatalog, loadDay, loadWeek, mondayOf, shortestServiceOf } from './agenda-data.js';
import { AppointmentDialog } from './appointment-dialog.js';
import { BlockDialog } from './block-dialog.js';
import { BookingDialog } from './booking-dialog.js';
import { DayGrid } from './day-grid.js';
import { RemoveBlockDialog } from './remove-block-dialog.js';
import { upcomingAppointments } from './upcoming-appointments.js';
import { UNDO_SECONDS, useUndoable } from './use-undoable.js';
import { WeekView } from './week-view.js';

type Dialog =
  | { kind: 'none' }
  | { kind: 'book'; professional: Professional; time: string }
  | { kind: 'appointment'; appointment: Appointment }
  | { kind: 'block' }
  | { kind: 'remove_block'; block: CreatedBlock };

const NARROW = '(max-width: 700px)';

export function AgendaPage(props: { session: Session }) {
  const today = todayIn(props.session.tenant.timezone);
  const [date, setDate] = useState(today);
  const [catalog, setCatalog] = useState<{ services: Service[]; professionals: Professional[] } | null>(null);
  // null: each professional's free time for the services she does (the default); else one service's.
  const [serviceId, setServiceId] = useState<number | null>(null);
  const [day, setDay] = useState<AgendaDay | null>(null);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [narrow, setNarrow] = useState(() => matchMedia(NARROW).matches);
  const [onlyProfessional, setOnlyProfessional] = useState<number | null>(null);
  // On a wide screen: every professional (null) or one ("Mostrar"); a phone always shows one.
  const [chosen, setChosen] = useState<number | null>(null);
  const [view, setView] = useState<'day' | 'week'>('day');
  const [week, setWeek] = useState<AgendaWeekDay[] | null>(null);

  useEffect(() => {
    const query = matchMedia(NARROW);
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  useEffect(() => {
    loadCatalog().then(
      (loaded) => {
        setCatalog(loaded);
        setOnlyProfessional(loaded.professionals[0]?.id ?? null);
      },
      (caught) => setError(errorText(caught)),
    );
  }, []);
  const shownProfessional = narrow ? onlyProfessional : chosen;
  // Reads of the agenda can finish out of order (the day first shown, then the date picked; a live
  // event's read meanwhile): only the latest one asked for is shown, never an older one landing after it.
  const beginRead = useLatestRead();
  const reload = useCallback(async () => {
    if (!catalog) return;
    const isLatest = beginRead();
    try {
      if (view === 'week') {
        const loaded = await loadWeek(mondayOf(date), shownProfessional);
        if (isLatest()) setWeek(loaded);
      } else {
        // Free times only for the columns shown (a salon of 50 asks for one professional's when one is shown).
        const columns = catalog.professionals.filter((professional) => shownProfessional === null || professional.id === shownProfessional);
        const loaded = await loadDay(date, serviceId, columns, catalog.services);
        if (isLatest()) setDay(loaded);
      }
      if (isLatest()) setError(null);
    } catch (caught) {
      if (isLatest()) setError(errorText(caught));
    }
  }, [catalog, date, serviceId, view, shownProfessional, beginRead]);
  useEffect(() => {
    void reload();
  }, [reload]);
  // Live: whoever changed an appointment (the bot, a reminder, another receptionist), the day is read again.
  useLiveEvents((event) => {
    if (event.type === 'appointments' || event.type === 'reconnected') void reload();
  });

  const done = (message: string) => {
    setDialog({ kind: 'none' });
    setNotice(message);
    void reload();
  };
  const undoable = useUndoable();
  /** A confirmed destructive call, sent after UNDO_SECONDS unless undone. */
  const later = (label: string, call: () => Promise<unknown>, message: string) => {
    setDialog({ kind: 'none' });
    setNotice('');
    undoable.start({
      label,
      run: async () => {
        try {
          await call();
          setNotice(message);
        } catch (caught) {
          setError(errorText(caught));
        }
        await reload();
      },
    });
  };
  // The salon's clock, read again every half minute so the now-line and the shading move.
  const [now, setNow] = useState(() => nowIn(props.session.tenant.timezone));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(nowIn(props.session.tenant.timezone)), 30_000);
    return () => window.clearInterval(timer);
  }, [props.session.tenant.timezone]);
  const professionals = catalog?.professionals ?? [];
  const openNewBooking = () => {
    const first = professionals.find((professional) => professional.id === shownProfessional) ?? professionals[0];
    if (first) setDialog({ kind: 'book', professional: first, time: defaultStart(date, props.session.tenant.timezone) });
  };
  // Shortcuts: N a new booking, H today; never while typing or with a dialog open.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || dialog.kind !== 'none') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], dialog')) return;
      const key = event.key.toLowerCase();
      if (key === 'n' && catalog) {
        event.preventDefault();
        openNewBooking();
      } else if (key === 'h') {
        event.preventDefault();
        setDate(today);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
  const visible =
    shownProfessional === null ? professionals : professionals.filter((professional) => professional.id === shownProfessional);
  const step = view === 'week' ? 7 : 1;
  // A row an older move left behind (moves now keep the id) is not a cancellation: it is listed apart, as moved.
  const cancelled =
    day?.appointments.filter((appointment) => appointment.status === 'cancelled' && appointment.rescheduledToId === null) ?? [];
  const moved = day?.appointments.filter((appointment) => appointment.rescheduledToId !== null) ?? [];

  return (
    <section class="agenda">
      <h1 tabIndex={-1}>Agenda</h1>
      <div class="agenda-bar">
        <fieldset class="day-nav">
          <legend class="sr-only">Escolher o dia</legend>
          <button type="button" class="secondary" onClick={() => setDate(addDays(date, -step))}>
            {view === 'week' ? '◀ Semana anterior' : '◀ Dia anterior'}
          </button>
          <button
            type="button"
            class="secondary"
            onClick={() => setDate(today)}
            disabled={date === today}
            aria-keyshortcuts="H"
            title="Atalho: H"
          >
            Hoje
          </button>
          <button type="button" class="secondary" onClick={() => setDate(addDays(date, step))}>
            {view === 'week' ? 'Próxima semana ▶' : 'Próximo dia ▶'}
          </button>
          <label for="agenda-date" class="sr-only">
            Data
          </label>
          <input
            id="agenda-date"
            type="date"
            value={date}
            onChange={(event) => setDate((event.target as HTMLInputElement).value || today)}
          />
        </fieldset>
        <div class="agenda-options">
          <label for="agenda-view">Visão</label>
          <select id="agenda-view" value={view} onChange={(event) => setView((event.target as HTMLSelectElement).value as 'day' | 'week')}>
            <option value="day">Dia</option>
            <option value="week">Semana</option>
          </select>
          {narrow ? null : (
            <>
              <label for="agenda-show">Mostrar</label>
              <select
                id="agenda-show"
                value={chosen ?? ''}
                onChange={(event) => setChosen(Number((event.target as HTMLSelectElement).value) || null)}
              >
                <option value="">Todos os profissionais</option>
                {professionals.map((professional) => (
                  <option key={professional.id} value={professional.id}>
                    {professional.name}
                  </option>
                ))}
              </select>
            </>
          )}
          <label for="agenda-service">Horários livres para</label>
          <select
            id="agenda-service"
            value={serviceId ?? ''}
            onChange={(event) => setServiceId(Number((event.target as HTMLSelectElement).value) || null)}
          >
            <option value="">Os serviços de cada profissional</option>
            {catalog?.services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name} ({service.durationMinutes} min)
              </option>
            ))}
          </select>
          {narrow ? (
            <>
              <label for="agenda-professional">Profissional</label>
              <select
                id="agenda-professional"
                value={onlyProfessional ?? ''}
                onChange={(event) => setOnlyProfessional(Number((event.target as HTMLSelectElement).value))}
              >
                {professionals.map((professional) => (
                  <option key={professional.id} value={professional.id}>
                    {professional.name}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <button type="button" disabled={!catalog} onClick={openNewBooking} aria-keyshortcuts="N" title="Atalho: N">
            Novo agendamento
          </button>
          <button type="button" onClick={() => setDialog({ kind: 'block' })} disabled={!catalog}>
            Bloquear horário
          </button>
        </div>
      </div>
      <h2 class="day-title">
        {view === 'week' ? `Semana de ${longDateText(mondayOf(date))} a ${longDateText(addDays(mondayOf(date), 6))}` : longDateText(date)}
      </h2>
      <p class="legend">
        Atalhos: <kbd>N</kbd> novo agendamento · <kbd>H</kbd> hoje · setas movem entre os horários da grade ·{' '}
        <span class="badge source-bot">Robô</span> marcado pelo WhatsApp · <span class="badge source-staff">Equipe</span> marcado aqui ·{' '}
        <span class="badge source-reminder">Lembrete</span> confirmado pelo cliente
      </p>
      <p class="notice" aria-live="polite">
        {notice}
      </p>
      {undoable.pending ? (
        <div class="undo-bar" role="status">
          <span>
            {undoable.pending.label} Você tem {UNDO_SECONDS} segundos para desfazer.
          </span>
          <button type="button" class="secondary" onClick={undoable.undo}>
            Desfazer
          </button>
        </div>
      ) : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {narrow && day && view === 'day' ? (
        // On a phone the next appointments come first, before the one-column grid.
        <section class="upcoming" aria-labelledby="upcoming-title">
          <h2 id="upcoming-title">Próximos atendimentos</h2>
          {upcomingAppointments(day.appointments, date, now).length === 0 ? (
            <p>Nenhum atendimento pela frente neste dia.</p>
          ) : (
            <ul>
              {upcomingAppointments(day.appointments, date, now).map((appointment) => (
                <li key={appointment.id}>
                  <button type="button" class="link" onClick={() => setDialog({ kind: 'appointment', appointment })}>
                    {clockOf(appointment.start)} {appointment.customer.name ?? 'Cliente sem nome'} — {appointment.service.name} com{' '}
                    {appointment.professional.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {view === 'week' ? (
        week && catalog ? (
          <WeekView
            days={week}
            professional={professionals.find((professional) => professional.id === shownProfessional) ?? null}
            professionals={professionals}
            today={today}
            onDay={(picked) => {
              setDate(picked);
              setView('day');
            }}
            onAppointment={(appointment) => setDialog({ kind: 'appointment', appointment })}
          />
        ) : (
          <p>Carregando…</p>
        )
      ) : day && catalog ? (
        <DayGrid
          date={date}
          now={now}
          professionals={visible}
          appointments={day.appointments}
          free={day.free}
          blocks={day.blocks}
          timeOff={day.timeOff}
          hours={day.hours}
          closed={day.closed}
          onFree={(professional, time) => setDialog({ kind: 'book', professional, time })}
          onAppointment={(appointment) => setDialog({ kind: 'appointment', appointment })}
          onRemoveBlock={(block) => setDialog({ kind: 'remove_block', block })}
        />
      ) : (
        <p>Carregando…</p>
      )}
      {view === 'day' && cancelled.length > 0 ? (
        <details class="cancelled">
          <summary>Cancelados do dia ({cancelled.length})</summary>
          <ul>
            {cancelled.map((appointment) => (
              <li key={appointment.id}>
                {clockOf(appointment.start)} {appointment.customer.name ?? 'Cliente'} — {appointment.service.name} com{' '}
                {appointment.professional.name}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {view === 'day' && moved.length > 0 ? (
        <details class="cancelled">
          <summary>Remarcados do dia ({moved.length})</summary>
          <ul>
            {moved.map((appointment) => (
              <li key={appointment.id} data-moved-id={appointment.id}>
                {clockOf(appointment.start)} {appointment.customer.name ?? 'Cliente'} — {appointment.service.name} com{' '}
                {appointment.professional.name}: remarcado
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {dialog.kind === 'remove_block' ? (
        <RemoveBlockDialog
          block={dialog.block}
          onClose={() => setDialog({ kind: 'none' })}
          onConfirm={() =>
            later('Bloqueio removido.', () => api('DELETE', `/admin/blocks/${dialog.block.id}`), 'Bloqueio removido de vez.')
          }
        />
      ) : null}
      {dialog.kind === 'book' && catalog ? (
        <BookingDialog
          date={date}
          time={dialog.time}
          professional={dialog.professional}
          professionals={catalog.professionals}
          services={catalog.services}
          serviceId={serviceId ?? shortestServiceOf(dialog.professional, catalog.services)?.id ?? catalog.services[0]?.id ?? 0}
          onClose={() => setDialog({ kind: 'none' })}
          onBooked={done}
        />
      ) : null}
      {dialog.kind === 'appointment' ? (
        <AppointmentDialog
          appointment={dialog.appointment}
          timezone={props.session.tenant.timezone}
          professionals={catalog?.professionals ?? []}
          onClose={() => setDialog({ kind: 'none' })}
          onChanged={done}
          onCancel={(appointment, cancel) => {
            const name = appointment.customer.name ?? 'Cliente sem nome';
            later(
              `Agendamento de ${name} às ${clockOf(appointment.start)} cancelado.`,
              () =>
                api('POST', `/admin/appointments/${appointment.id}/cancel`, {
                  notifyCustomer: cancel.notifyCustomer,
                  ...(cancel.reason ? { reason: cancel.reason } : {}),
                }),
              `${name}: cancelado.`,
            );
          }}
        />
      ) : null}
      {dialog.kind === 'block' && catalog ? (
        <BlockDialog
          date={date}
          professionals={catalog.professionals}
          professionalId={shownProfessional ?? catalog.professionals[0]?.id ?? 0}
          onClose={() => setDialog({ kind: 'none' })}
          onBlocked={(_block, overlapping) => {
            done(
              overlapping.length > 0
                ? `Horário bloqueado. Atenção: ${overlapping.length} agendamento(s) continuam marcados nesse intervalo.`
                : 'Horário bloqueado.',
            );
          }}
        />
      ) : null}
    </section>
  );
}

/** A new booking's first proposal: today, the next five minutes (a walk-in starts now); another day, 09:00. */
function defaultStart(date: string, timezone: string): string {
  const now = nowIn(timezone);
  if (date !== now.date) return '09:00';
  const next = Math.ceil((minutesOf(now.time) + 1) / 5) * 5;
  return next >= 24 * 60 ? '23:55' : clockText(next);
}
