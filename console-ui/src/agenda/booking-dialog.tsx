import { useEffect, useState } from 'preact/hooks';
import type { CustomerSummary, Professional, Service } from '../../../src/contract/index.js';
import { ApiError, api, errorText, fieldErrors } from '../api.js';
import { longDateText, phoneText } from '../format.js';
import { Modal } from '../modal.js';
import { CustomerPicker } from './customer-picker.js';
import { FieldError, fieldProps } from './field-error.js';

/**
 * Books a walk-in or a phone booking: from a free time the agenda showed, or from "Novo
 * agendamento" at any time (staff are not bound by the bot's notice, so a walk-in can start
 * now). A known customer is found by name or phone; otherwise name and phone make a new one.
 * A time outside the professional's hours needs an explicit "fora do horário" confirmation.
 */
export function BookingDialog(props: {
  date: string;
  time: string;
  professional: Professional;
  professionals: Professional[];
  services: Service[];
  serviceId: number;
  /** booking for a known customer (from their record): name and phone start filled in */
  customer?: CustomerSummary;
  onClose: () => void;
  onBooked: (message: string) => void;
}) {
  const [date, setDate] = useState(props.date);
  const [time, setTime] = useState(props.time);
  const [professionalId, setProfessionalId] = useState(props.professional.id);
  const professional = props.professionals.find((candidate) => candidate.id === professionalId) ?? props.professional;
  const offered = props.services.filter((service) => professional.serviceIds.includes(service.id));
  const [serviceId, setServiceId] = useState(props.serviceId);
  const service = offered.find((candidate) => candidate.id === serviceId) ?? offered[0];
  const [name, setName] = useState(props.customer?.name ?? '');
  const [phone, setPhone] = useState(props.customer?.phone ? phoneText(props.customer.phone) : '');
  const [free, setFree] = useState<string[]>([]);
  const [outsideHours, setOutsideHours] = useState(false);
  const [askOutsideHours, setAskOutsideHours] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Map<string, string>>(new Map());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!service) return;
    let current = true;
    api<{ slots: string[] }>('GET', `/admin/availability?date=${date}&professionalId=${professional.id}&serviceId=${service.id}`).then(
      (answer) => current && setFree(answer.slots),
      () => current && setFree([]),
    );
    return () => {
      current = false;
    };
  }, [date, professional.id, service?.id]);

  /** A changed input clears its stale error (and the general one). */
  const changed = (field: string, set: (value: string) => void) => (event: Event) => {
    set((event.target as HTMLInputElement).value);
    setError(null);
    if (fields.has(field)) setFields(new Map([...fields].filter(([key]) => key !== field)));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!service) return;
    setBusy(true);
    setError(null);
    setFields(new Map());
    try {
      await api('POST', '/admin/appointments', {
        professionalId: professional.id,
        serviceId: service.id,
        start: `${date}T${time}`,
        customer: { name: name.trim(), phone: phone.trim() },
        outsideHours,
      });
      props.onBooked(`Agendado: ${name.trim()} às ${time} com ${professional.name}.`);
    } catch (caught) {
      const byField = fieldErrors(caught);
      setFields(byField);
      if (caught instanceof ApiError && caught.code === 'outside_working_hours') setAskOutsideHours(true);
      setError(byField.size > 0 ? 'Confira os campos destacados.' : errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Novo agendamento" onClose={props.onClose}>
      <p>
        {longDateText(date)}, {time}, com {professional.name}
      </p>
      <form onSubmit={submit} noValidate>
        <label for="booking-professional">Profissional</label>
        <select
          id="booking-professional"
          value={professional.id}
          onChange={(event) => setProfessionalId(Number((event.target as HTMLSelectElement).value))}
        >
          {props.professionals.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
        <label for="booking-service">Serviço</label>
        <select
          id="booking-service"
          value={service?.id ?? ''}
          onChange={(event) => setServiceId(Number((event.target as HTMLSelectElement).value))}
        >
          {offered.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {serviceLabel(candidate)}
            </option>
          ))}
        </select>
        <label for="booking-date">Data do agendamento</label>
        <input id="booking-date" type="date" required value={date} onInput={changed('start', setDate)} {...fieldProps('start', fields)} />
        <label for="booking-time">Horário</label>
        <input
          id="booking-time"
          type="time"
          step={300}
          required
          value={time}
          onInput={changed('start', setTime)}
          {...fieldProps('start', fields)}
        />
        <FieldError field="start" fields={fields} />
        {free.length > 0 ? (
          <fieldset class="free-times">
            <legend>Horários livres</legend>
            {free.map((slot) => (
              <button key={slot} type="button" class="secondary" aria-pressed={slot === time} onClick={() => setTime(slot)}>
                {slot}
              </button>
            ))}
          </fieldset>
        ) : null}
        <CustomerPicker
          onPick={(customer) => {
            setName(customer.name ?? '');
            setPhone(customer.phone ? phoneText(customer.phone) : '');
            setFields(new Map());
            setError(null);
          }}
        />
        <label for="booking-name">Nome do cliente</label>
        <input
          id="booking-name"
          required
          maxLength={80}
          value={name}
          onInput={changed('customer.name', setName)}
          {...fieldProps('customer.name', fields)}
        />
        <FieldError field="customer.name" fields={fields} />
        <label for="booking-phone">Telefone (WhatsApp)</label>
        <input
          id="booking-phone"
          type="tel"
          required
          inputMode="tel"
          placeholder="(11) 98765-4321"
          value={phone}
          onInput={changed('customer.phone', setPhone)}
          {...fieldProps('customer.phone', fields)}
        />
        <FieldError field="customer.phone" fields={fields} />
        {askOutsideHours ? (
          <label class="inline">
            <input
              type="checkbox"
              checked={outsideHours}
              onChange={(event) => setOutsideHours((event.target as HTMLInputElement).checked)}
            />
            Agendar fora do horário de trabalho
          </label>
        ) : null}
        <p class="error" role="alert">
          {error ?? ''}
        </p>
        <div class="actions">
          <button type="submit" disabled={busy}>
            Agendar
          </button>
          <button type="button" class="secondary" onClick={props.onClose}>
            Cancelar
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** "Escova (40 min · R$ 60,00)"; a variant reads under its service ("— Escova cabelo longo (60 min · R$ 90,00)"). */
function serviceLabel(service: Service): string {
  const details = [`${service.durationMinutes} min`, ...(service.price ? [service.price] : [])].join(' · ');
  return `${service.parentId === null ? '' : '— '}${service.name} (${details})`;
}
