import { useState } from 'preact/hooks';
import type { Professional, Service } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { longDateText } from '../format.js';
import { Modal } from '../modal.js';

/** Books a walk-in or phone booking at a free time the agenda showed. */
export function BookingDialog(props: {
  date: string;
  time: string;
  professional: Professional;
  services: Service[];
  serviceId: number;
  onClose: () => void;
  onBooked: (message: string) => void;
}) {
  const offered = props.services.filter((service) => props.professional.serviceIds.includes(service.id));
  const [serviceId, setServiceId] = useState(props.serviceId);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('POST', '/admin/appointments', {
        professionalId: props.professional.id,
        serviceId,
        start: `${props.date}T${props.time}`,
        customer: { name: name.trim(), phone: phone.trim() },
      });
      props.onBooked(`Agendado: ${name.trim()} às ${props.time} com ${props.professional.name}.`);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Novo agendamento" onClose={props.onClose}>
      <p>
        {longDateText(props.date)}, {props.time}, com {props.professional.name}
      </p>
      <form onSubmit={submit}>
        <label for="booking-service">Serviço</label>
        <select
          id="booking-service"
          value={serviceId}
          onChange={(event) => setServiceId(Number((event.target as HTMLSelectElement).value))}
        >
          {offered.map((service) => (
            <option key={service.id} value={service.id}>
              {serviceLabel(service)}
            </option>
          ))}
        </select>
        <label for="booking-name">Nome do cliente</label>
        <input
          id="booking-name"
          required
          maxLength={80}
          value={name}
          onInput={(event) => setName((event.target as HTMLInputElement).value)}
        />
        <label for="booking-phone">Telefone (WhatsApp)</label>
        <input
          id="booking-phone"
          type="tel"
          required
          inputMode="tel"
          placeholder="(11) 98765-4321"
          value={phone}
          onInput={(event) => setPhone((event.target as HTMLInputElement).value)}
        />
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
