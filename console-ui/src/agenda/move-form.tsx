import { useEffect, useState } from 'preact/hooks';
import type { Appointment, Professional } from '../../../src/contract/index.js';
import { api } from '../api.js';
import { clockOf } from '../format.js';

/**
 * Moves an appointment: a new date and time, and another professional who does the same
 * service if wanted; the chosen professional's free times that day are offered as buttons.
 */
export function MoveForm(props: {
  appointment: Appointment;
  professionals: Professional[];
  busy: boolean;
  onMove: (move: { start: string; professionalId: number; notifyCustomer: boolean; professionalName: string }) => void;
}) {
  const { appointment } = props;
  const [date, setDate] = useState(appointment.start.slice(0, 10));
  const [time, setTime] = useState(clockOf(appointment.start));
  const [professionalId, setProfessionalId] = useState(appointment.professional.id);
  const [notify, setNotify] = useState(true);
  const [free, setFree] = useState<string[]>([]);
  const able = props.professionals.filter(
    (professional) => professional.serviceIds.includes(appointment.service.id) || professional.id === appointment.professional.id,
  );
  const chosen = able.find((professional) => professional.id === professionalId) ?? appointment.professional;

  useEffect(() => {
    let current = true;
    api<{ slots: string[] }>(
      'GET',
      `/admin/availability?date=${date}&professionalId=${professionalId}&serviceId=${appointment.service.id}`,
    ).then(
      (answer) => current && setFree(answer.slots),
      () => current && setFree([]),
    );
    return () => {
      current = false;
    };
  }, [date, professionalId, appointment.service.id]);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        props.onMove({ start: `${date}T${time}`, professionalId, notifyCustomer: notify, professionalName: chosen.name });
      }}
    >
      <fieldset>
        <legend>Mover</legend>
        <label for="move-professional">Mover para o profissional</label>
        <select
          id="move-professional"
          value={professionalId}
          onChange={(event) => setProfessionalId(Number((event.target as HTMLSelectElement).value))}
        >
          {able.map((professional) => (
            <option key={professional.id} value={professional.id}>
              {professional.name}
            </option>
          ))}
        </select>
        <label for="move-date">Nova data</label>
        <input id="move-date" type="date" required value={date} onInput={(event) => setDate((event.target as HTMLInputElement).value)} />
        <label for="move-time">Novo horário</label>
        <input
          id="move-time"
          type="time"
          step={300}
          required
          value={time}
          onInput={(event) => setTime((event.target as HTMLInputElement).value)}
        />
        {free.length > 0 ? (
          <fieldset class="free-times">
            <legend>Horários livres de {chosen.name}</legend>
            {free.map((slot) => (
              <button key={slot} type="button" class="secondary" aria-pressed={slot === time} onClick={() => setTime(slot)}>
                {slot}
              </button>
            ))}
          </fieldset>
        ) : null}
        <label class="inline">
          <input type="checkbox" checked={notify} onChange={(event) => setNotify((event.target as HTMLInputElement).checked)} />
          Avisar o cliente no WhatsApp
        </label>
        <button type="submit" disabled={props.busy}>
          Mover
        </button>
      </fieldset>
    </form>
  );
}
