import { useState } from 'preact/hooks';
import type { Appointment } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { clockOf, hasStarted } from '../format.js';
import { APPOINTMENT_STATUS_LABELS } from '../message-labels.js';
import { Modal } from '../modal.js';
import { PhoneLink } from '../phone-link.js';
import { hrefOf, linkProps } from '../router.js';
import { SOURCE_LABELS } from './agenda-labels.js';

/** One appointment: move it, cancel it, or mark attendance. */
export function AppointmentDialog(props: {
  appointment: Appointment;
  timezone: string;
  onClose: () => void;
  onChanged: (message: string) => void;
}) {
  const { appointment } = props;
  const [date, setDate] = useState(appointment.start.slice(0, 10));
  const [time, setTime] = useState(clockOf(appointment.start));
  const [notify, setNotify] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = appointment.status === 'booked' || appointment.status === 'confirmed';
  // Attendance is recorded from the start time on, and stays editable afterwards (attended ↔ no-show).
  const started = hasStarted(appointment.start, props.timezone);
  const attendance = started && (open || appointment.status === 'attended' || appointment.status === 'no_show');
  const customer = appointment.customer.name ?? 'Cliente sem nome';

  const run = async (call: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      props.onChanged(message);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  const path = `/admin/appointments/${appointment.id}`;

  return (
    <Modal title={`${customer} — ${appointment.service.name}`} onClose={props.onClose}>
      <p>
        {clockOf(appointment.start)}–{clockOf(appointment.end)} com {appointment.professional.name}
        <br />
        {APPOINTMENT_STATUS_LABELS[appointment.status] ?? appointment.status} · {SOURCE_LABELS[appointment.source] ?? appointment.source}
        {appointment.customer.phone ? ' · ' : ''}
        <PhoneLink phone={appointment.customer.phone} />
      </p>
      <p class="error" role="alert">
        {error ?? ''}
      </p>
      <p>
        <a {...linkProps(hrefOf({ page: 'customer', id: appointment.customer.id }))}>Ficha do cliente</a>
      </p>
      {attendance ? (
        <fieldset>
          <legend>Presença</legend>
          <div class="actions">
            {appointment.status === 'attended' ? null : (
              <button
                type="button"
                disabled={busy}
                onClick={() => run(() => api('POST', `${path}/attendance`, { status: 'attended' }), `${customer}: compareceu.`)}
              >
                Compareceu
              </button>
            )}
            {appointment.status === 'no_show' ? null : (
              <button
                type="button"
                class="secondary"
                disabled={busy}
                onClick={() => run(() => api('POST', `${path}/attendance`, { status: 'no_show' }), `${customer}: não compareceu.`)}
              >
                Não compareceu
              </button>
            )}
          </div>
        </fieldset>
      ) : null}
      {open ? (
        <>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void run(
                () => api('POST', `${path}/reschedule`, { start: `${date}T${time}`, notifyCustomer: notify }),
                `${customer}: movido para ${time}.`,
              );
            }}
          >
            <fieldset>
              <legend>Mover</legend>
              <label for="move-date">Nova data</label>
              <input
                id="move-date"
                type="date"
                required
                value={date}
                onInput={(event) => setDate((event.target as HTMLInputElement).value)}
              />
              <label for="move-time">Novo horário</label>
              <input
                id="move-time"
                type="time"
                step={300}
                required
                value={time}
                onInput={(event) => setTime((event.target as HTMLInputElement).value)}
              />
              <button type="submit" disabled={busy}>
                Mover
              </button>
            </fieldset>
          </form>
          <fieldset>
            <legend>Cancelar</legend>
            <label class="inline">
              <input type="checkbox" checked={notify} onChange={(event) => setNotify((event.target as HTMLInputElement).checked)} />
              Avisar o cliente no WhatsApp
            </label>
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() => run(() => api('POST', `${path}/cancel`, { notifyCustomer: notify }), `${customer}: cancelado.`)}
            >
              Cancelar agendamento
            </button>
          </fieldset>
        </>
      ) : null}
    </Modal>
  );
}
