import { useState } from 'preact/hooks';
import type { Appointment, CreatedBlock, Professional } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { Modal } from '../modal.js';

/** Blocks a time range of one professional (time off); lists the appointments it overlaps, which stay booked. */
export function BlockDialog(props: {
  date: string;
  professionals: Professional[];
  professionalId: number;
  onClose: () => void;
  onBlocked: (block: CreatedBlock, overlapping: Appointment[]) => void;
}) {
  const [professionalId, setProfessionalId] = useState(props.professionalId);
  const [from, setFrom] = useState('13:00');
  const [to, setTo] = useState('18:00');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { from: `${props.date}T${from}`, to: `${props.date}T${to}`, ...(reason.trim() ? { reason: reason.trim() } : {}) };
      const created = await api<{ id: number; overlapping: Appointment[] }>('POST', `/admin/professionals/${professionalId}/blocks`, body);
      props.onBlocked(
        { id: created.id, professionalId, from: body.from, to: body.to, reason: reason.trim() || null },
        created.overlapping ?? [],
      );
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <Modal title="Bloquear horário" onClose={props.onClose}>
      <form onSubmit={submit}>
        <label for="block-professional">Profissional</label>
        <select
          id="block-professional"
          value={professionalId}
          onChange={(event) => setProfessionalId(Number((event.target as HTMLSelectElement).value))}
        >
          {props.professionals.map((professional) => (
            <option key={professional.id} value={professional.id}>
              {professional.name}
            </option>
          ))}
        </select>
        <label for="block-from">Das</label>
        <input id="block-from" type="time" required value={from} onInput={(event) => setFrom((event.target as HTMLInputElement).value)} />
        <label for="block-to">Até</label>
        <input id="block-to" type="time" required value={to} onInput={(event) => setTo((event.target as HTMLInputElement).value)} />
        <label for="block-reason">Motivo (opcional)</label>
        <input id="block-reason" maxLength={200} value={reason} onInput={(event) => setReason((event.target as HTMLInputElement).value)} />
        <p class="error" role="alert">
          {error ?? ''}
        </p>
        <div class="actions">
          <button type="submit">Bloquear</button>
          <button type="button" class="secondary" onClick={props.onClose}>
            Voltar
          </button>
        </div>
      </form>
    </Modal>
  );
}
