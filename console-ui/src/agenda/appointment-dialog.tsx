import { useState } from 'preact/hooks';
import type { Appointment, AppointmentMove, Professional } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { clockOf, hasStarted } from '../format.js';
import { APPOINTMENT_STATUS_LABELS, DEPOSIT_STATUS_LABELS } from '../message-labels.js';
import { Modal } from '../modal.js';
import { PhoneLink } from '../phone-link.js';
import { hrefOf, linkProps } from '../router.js';
import { SOURCE_LABELS } from './agenda-labels.js';
import { CancelForm } from './cancel-form.js';
import { MoveForm } from './move-form.js';

/** One appointment: move it (another time and/or professional), cancel it (confirmed, with a reason), or mark attendance. */
export function AppointmentDialog(props: {
  appointment: Appointment;
  timezone: string;
  professionals: Professional[];
  onClose: () => void;
  onChanged: (message: string) => void;
  /** a confirmed cancellation: the agenda runs it (with a few seconds to undo) */
  onCancel: (appointment: Appointment, cancel: { reason: string; notifyCustomer: boolean }) => void;
}) {
  const { appointment } = props;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = appointment.status === 'booked' || appointment.status === 'confirmed';
  // Attendance is recorded from the start time on, and stays editable afterwards (attended ↔ no-show).
  const started = hasStarted(appointment.start, props.timezone);
  const attendance = started && (open || appointment.status === 'attended' || appointment.status === 'no_show');
  const customer = appointment.customer.name ?? 'Cliente sem nome';

  const run = async <T,>(call: () => Promise<T>, message: string | ((result: T) => string)) => {
    setBusy(true);
    setError(null);
    try {
      const result = await call();
      props.onChanged(typeof message === 'string' ? message : message(result));
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
      {appointment.deposit ? (
        <p>
          {DEPOSIT_STATUS_LABELS[appointment.deposit.status]}: {reais(appointment.deposit.amountCents)}
        </p>
      ) : null}
      {appointment.deposit?.status === 'pending' && appointment.status === 'pending_payment' ? (
        <fieldset>
          <legend>Sinal</legend>
          <div class="actions">
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                run(() => api('POST', `${path}/deposit`, { action: 'paid' }), `${customer}: sinal recebido, horário confirmado.`)
              }
            >
              Sinal recebido
            </button>
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() =>
                run(() => api('POST', `${path}/deposit`, { action: 'waive' }), `${customer}: sinal dispensado, horário confirmado.`)
              }
            >
              Dispensar sinal
            </button>
          </div>
        </fieldset>
      ) : null}
      {appointment.visitId !== null ? (
        <p class="notice">
          Faz parte de uma visita: mover ou cancelar este serviço muda a visita inteira, mantendo a ordem e os intervalos.
        </p>
      ) : null}
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
          <MoveForm
            appointment={appointment}
            professionals={props.professionals}
            busy={busy}
            onMove={(move) =>
              run(
                () =>
                  api<AppointmentMove>('POST', `${path}/reschedule`, {
                    start: move.start,
                    notifyCustomer: move.notifyCustomer,
                    ...(move.professionalId === appointment.professional.id ? {} : { professionalId: move.professionalId }),
                  }),
                (result) =>
                  `${
                    appointment.visitId !== null
                      ? `${customer}: visita movida (${appointment.service.name} às ${clockOf(move.start)}).`
                      : move.professionalId === appointment.professional.id
                        ? `${customer}: movido para ${clockOf(move.start)}.`
                        : `${customer}: movido para ${clockOf(move.start)} com ${move.professionalName}.`
                  }${noticeOf(result.notification, move.notifyCustomer)}`,
              )
            }
          />
          <CancelForm busy={busy} onCancel={(cancel) => props.onCancel(appointment, cancel)} />
        </>
      ) : null}
    </Modal>
  );
}

/** What the agenda says about telling the customer: told, or why not (the API's pt-BR message). */
export function noticeOf(notification: AppointmentMove['notification'], requested: boolean): string {
  if (!requested) return '';
  if (notification.customerNotified) {
    return notification.channel === 'whatsapp_template' ? ' Cliente avisado por mensagem modelo.' : ' Cliente avisado pelo WhatsApp.';
  }
  return ` Cliente NÃO avisado: ${notification.message}`;
}

/** Cents as the customer reads reais: 5400 → "R$ 54,00". */
function reais(cents: number): string {
  return `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`;
}
