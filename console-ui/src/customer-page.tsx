import { useEffect, useState } from 'preact/hooks';
import type { CustomerRecord, Professional, Service, Session } from '../../src/contract/index.js';
import { loadCatalog } from './agenda/agenda-data.js';
import { SOURCE_LABELS } from './agenda/agenda-labels.js';
import { BookingDialog } from './agenda/booking-dialog.js';
import { FieldError, fieldProps } from './agenda/field-error.js';
import { api, errorText, fieldErrors } from './api.js';
import { dateTimeText, nowIn } from './format.js';
import { APPOINTMENT_STATUS_LABELS } from './message-labels.js';
import { PhoneLink } from './phone-link.js';
import { hrefOf, linkProps } from './router.js';

/** "02/12/2026 14:30" of a local "YYYY-MM-DDTHH:mm". */
const localText = (local: string) => `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;

const COLUMNS = ['Quando', 'Serviço', 'Profissional', 'Situação', 'Origem'] as const;

/**
 * One customer's record for the front desk: name and phone (a `tel:` link), staff's notes
 * (editable), the no-show count, every appointment with its status and source (a moved one
 * reads "Remarcado", never "Cancelado"), and the actions: book for this customer, open the
 * conversation.
 */
export function CustomerPage(props: { id: number; session: Session }) {
  const [record, setRecord] = useState<CustomerRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [fields, setFields] = useState<Map<string, string>>(new Map());
  const [saved, setSaved] = useState('');
  const [catalog, setCatalog] = useState<{ services: Service[]; professionals: Professional[] } | null>(null);
  const [booking, setBooking] = useState(false);

  const load = async () => {
    try {
      const loaded = await api<CustomerRecord>('GET', `/admin/customers/${props.id}`);
      setRecord(loaded);
      setName(loaded.name ?? '');
      setNotes(loaded.notes ?? '');
      setError(null);
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  useEffect(() => {
    void load();
  }, [props.id]);

  const save = async (event: Event) => {
    event.preventDefault();
    setSaved('');
    setFields(new Map());
    try {
      const updated = await api<CustomerRecord>('PATCH', `/admin/customers/${props.id}`, { name, notes });
      setRecord(updated);
      setSaved('Ficha salva.');
    } catch (caught) {
      setFields(fieldErrors(caught));
      setError(errorText(caught));
    }
  };

  const openBooking = async () => {
    try {
      setCatalog(catalog ?? (await loadCatalog()));
      setBooking(true);
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  if (!record) {
    return (
      <section class="customer-record">
        <h1 tabIndex={-1}>Cliente</h1>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : (
          <p>Carregando…</p>
        )}
      </section>
    );
  }
  const conversation = record.conversations[0];
  const first = catalog?.professionals[0];
  const timezone = props.session.tenant.timezone;

  return (
    <section class="customer-record">
      <h1 tabIndex={-1}>{record.name ?? 'Cliente sem nome'}</h1>
      <dl>
        <dt>Telefone</dt>
        <dd>{record.phone ? <PhoneLink phone={record.phone} /> : 'sem telefone'}</dd>
        <dt>Faltas</dt>
        <dd>{record.noShows}</dd>
        {conversation ? (
          <>
            <dt>Última mensagem</dt>
            <dd>{conversation.lastInboundAt ? dateTimeText(conversation.lastInboundAt, timezone) : 'nenhuma'}</dd>
          </>
        ) : null}
      </dl>
      <div class="actions">
        <button type="button" onClick={() => void openBooking()}>
          Agendar para este cliente
        </button>
        {conversation ? <a {...linkProps(hrefOf({ page: 'conversation', id: conversation.id }))}>Abrir a conversa</a> : null}
      </div>
      <form onSubmit={save} noValidate>
        <h2>Dados</h2>
        <label for="customer-name">Nome</label>
        <input
          id="customer-name"
          value={name}
          maxLength={120}
          onInput={(event) => {
            setName((event.target as HTMLInputElement).value);
            setFields(new Map());
            setError(null);
          }}
          {...fieldProps('name', fields)}
        />
        <FieldError field="name" fields={fields} />
        <label for="customer-notes">Observações da equipe</label>
        <textarea
          id="customer-notes"
          rows={3}
          maxLength={2000}
          value={notes}
          onInput={(event) => {
            setNotes((event.target as HTMLTextAreaElement).value);
            setSaved('');
          }}
          {...fieldProps('notes', fields)}
        />
        <FieldError field="notes" fields={fields} />
        <p class="error" role="alert">
          {error ?? ''}
        </p>
        <p class="notice" aria-live="polite">
          {saved}
        </p>
        <button type="submit">Salvar</button>
      </form>
      <h2>Agendamentos</h2>
      {record.appointments.length === 0 ? (
        <p class="empty">Nenhum agendamento.</p>
      ) : (
        // On a phone the style sheet stacks each row as a card, each cell under its column's name (data-label).
        <table class="stacked" aria-label="Agendamentos do cliente">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {record.appointments.map((appointment) => (
              <tr key={appointment.id} data-appointment-id={appointment.id}>
                <td data-label={COLUMNS[0]}>{localText(appointment.start)}</td>
                <td data-label={COLUMNS[1]}>{appointment.service.name}</td>
                <td data-label={COLUMNS[2]}>{appointment.professional.name}</td>
                <td data-label={COLUMNS[3]}>
                  {appointment.rescheduledToId !== null
                    ? 'Remarcado'
                    : (APPOINTMENT_STATUS_LABELS[appointment.status] ?? appointment.status)}
                  {appointment.rescheduledAt !== null ? ` · remarcado em ${localText(appointment.rescheduledAt)}` : ''}
                </td>
                <td data-label={COLUMNS[4]}>{SOURCE_LABELS[appointment.source] ?? appointment.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {booking && catalog && first ? (
        <BookingDialog
          date={nowIn(timezone).date}
          time="09:00"
          professional={first}
          professionals={catalog.professionals}
          services={catalog.services}
          serviceId={first.serviceIds[0] ?? 0}
          customer={record}
          onClose={() => setBooking(false)}
          onBooked={(message) => {
            setBooking(false);
            setSaved(message);
            void load();
          }}
        />
      ) : null}
    </section>
  );
}
