import { useState } from 'preact/hooks';
import type { Appointment, CreatedBlock, Professional } from '../../../src/contract/index.js';
import { api, errorText } from '../api.js';
import { addDays } from '../format.js';
import { Modal } from '../modal.js';

/**
 * Blocks a time range of one professional (time off): within the day shown, over several days
 * ("Último dia"), or whole days ("Dias inteiros": from the first day's 00:00 to the end of the last).
 * Lists the appointments it overlaps, which stay booked.
 */
export function BlockDialog(props: {
  date: string;
  professionals: Professional[];
  professionalId: number;
  onClose: () => void;
  onBlocked: (block: CreatedBlock, overlapping: Appointment[]) => void;
}) {
  const [professionalId, setProfessionalId] = useState(props.professionalId);
  const [fromDate, setFromDate] = useState(props.date);
  const [from, setFrom] = useState('13:00');
  const [toDate, setToDate] = useState(props.date);
  const [to, setTo] = useState('18:00');
  const [wholeDays, setWholeDays] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    if (toDate < fromDate) {
      setError('O último dia vem antes do primeiro: escolha um último dia igual ou posterior ao primeiro.');
      return;
    }
    try {
      const range = wholeDays
        ? { from: `${fromDate}T00:00`, to: `${addDays(toDate, 1)}T00:00` }
        : { from: `${fromDate}T${from}`, to: `${toDate}T${to}` };
      const body = { ...range, ...(reason.trim() ? { reason: reason.trim() } : {}) };
      const created = await api<{ id: number; overlapping: Appointment[] }>('POST', `/admin/professionals/${professionalId}/blocks`, body);
      props.onBlocked({ id: created.id, professionalId, ...range, reason: reason.trim() || null }, created.overlapping ?? []);
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  // A stale error goes as soon as the input changes.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setError(null);
      set(value);
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
        <label class="inline">
          <input
            type="checkbox"
            checked={wholeDays}
            onChange={(event) => edited(setWholeDays)((event.target as HTMLInputElement).checked)}
          />{' '}
          Dias inteiros
        </label>
        <label for="block-from-date">Primeiro dia</label>
        <input
          id="block-from-date"
          type="date"
          required
          value={fromDate}
          onInput={(event) => {
            const value = (event.target as HTMLInputElement).value;
            edited(setFromDate)(value);
            // Moving the first day past the last one carries the last one along.
            if (value && value > toDate) setToDate(value);
          }}
        />
        {wholeDays ? null : (
          <>
            <label for="block-from">Das</label>
            <input
              id="block-from"
              type="time"
              required
              value={from}
              onInput={(event) => edited(setFrom)((event.target as HTMLInputElement).value)}
            />
          </>
        )}
        <label for="block-to-date">Último dia</label>
        <input
          id="block-to-date"
          type="date"
          required
          value={toDate}
          onInput={(event) => edited(setToDate)((event.target as HTMLInputElement).value)}
        />
        {wholeDays ? null : (
          <>
            <label for="block-to">Até</label>
            <input
              id="block-to"
              type="time"
              required
              value={to}
              onInput={(event) => edited(setTo)((event.target as HTMLInputElement).value)}
            />
          </>
        )}
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
