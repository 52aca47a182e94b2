import { useState } from 'preact/hooks';
import type { SettingsProfessional, SettingsService } from '../../../src/contract/index.js';
import { ApiError, api, errorText } from '../api.js';
import { ProfessionalForm } from './professional-form.js';
import { WEEKDAYS } from './weekly-hours.js';

interface AheadAppointment {
  id: number;
  start: string;
  service: { name: string };
  customer: { name: string | null };
}

/** When a professional works, in one line ("Seg 09:00–12:00, 13:00–18:00 · Sáb 09:00–13:00"). */
function hoursText(professional: SettingsProfessional): string {
  const days = WEEKDAYS.filter(({ key }) => (professional.hours[key] ?? []).length > 0).map(
    ({ key, label }) => `${label.slice(0, 3)} ${(professional.hours[key] ?? []).map(([start, end]) => `${start}–${end}`).join(', ')}`,
  );
  return days.length > 0 ? days.join(' · ') : 'sem horário de trabalho';
}

/** The professionals, with adding, editing and retiring (their appointments still ahead are listed first). */
export function ProfessionalsSection(props: {
  professionals: SettingsProfessional[];
  services: SettingsService[];
  onChanged: (notice: string) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ahead, setAhead] = useState<{ name: string; appointments: AheadAppointment[] } | null>(null);
  const saved = (notice: string) => {
    setEditing(null);
    props.onChanged(notice);
  };
  const retire = async (professional: SettingsProfessional) => {
    setError(null);
    setAhead(null);
    try {
      await api('PATCH', `/admin/professionals/${professional.id}`, { retired: true });
      props.onChanged(`${professional.name} foi retirado(a) da agenda.`);
    } catch (caught) {
      setError(errorText(caught));
      if (caught instanceof ApiError && caught.code === 'has_future_appointments') {
        const body = caught.body as { appointments?: AheadAppointment[] } | null;
        setAhead({ name: professional.name, appointments: body?.appointments ?? [] });
      }
    }
  };
  return (
    <section class="settings-section" aria-labelledby="professionals-title">
      <h2 id="professionals-title">Profissionais e horários</h2>
      {error ? (
        <div class="error" role="alert">
          <p>{error}</p>
          {ahead ? (
            <ul aria-label={`Horários marcados com ${ahead.name}`}>
              {ahead.appointments.map((appointment) => (
                <li key={appointment.id}>
                  {appointment.start.replace('T', ' às ')} · {appointment.service.name} · {appointment.customer.name ?? 'cliente sem nome'}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <ul class="settings-list">
        {props.professionals.map((professional) => (
          <li key={professional.key}>
            {editing === professional.key ? (
              <ProfessionalForm professional={professional} services={props.services} onSaved={saved} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <span class="settings-item">
                  <strong>{professional.name}</strong> · {hoursText(professional)}
                </span>
                <button type="button" class="secondary" onClick={() => setEditing(professional.key)}>
                  Editar {professional.name}
                </button>
                <button type="button" class="secondary" onClick={() => retire(professional)}>
                  Retirar {professional.name}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === '' ? (
        <ProfessionalForm professional={null} services={props.services} onSaved={saved} onCancel={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing('')}>
          Novo profissional
        </button>
      )}
    </section>
  );
}
