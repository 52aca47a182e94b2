import { useState } from 'preact/hooks';
import type { SettingsProfessional, SettingsService, WeekdayKey } from '../../../src/contract/index.js';
import { FieldError } from '../agenda/field-error.js';
import { api } from '../api.js';
import { FormMessage, SettingsField } from './settings-field.js';
import { centsOf, numberOf, reaisOf, useFieldErrors } from './use-field-errors.js';
import { type DayRow, dayRowOf, intervalsOf, WEEKDAYS } from './weekly-hours.js';

const keyOf = (entry: SettingsProfessional['services'][number]) => (typeof entry === 'string' ? entry : entry.key);

/** Adds a professional (no `professional`) or edits one: name, the services they do, weekly hours with a break, time off. */
export function ProfessionalForm(props: {
  professional: SettingsProfessional | null;
  services: SettingsService[];
  onSaved: (notice: string) => void;
  onCancel: () => void;
}) {
  const { professional } = props;
  const errors = useFieldErrors();
  const [name, setName] = useState(professional?.name ?? '');
  const [offered, setOffered] = useState<string[]>((professional?.services ?? []).map(keyOf));
  // This professional's own price and duration per service, as typed (empty: the service's own).
  const [overrides, setOverrides] = useState<Record<string, { price: string; duration: string }>>(() =>
    Object.fromEntries(
      (professional?.services ?? []).map((entry) => [
        keyOf(entry),
        typeof entry === 'string'
          ? { price: '', duration: '' }
          : { price: reaisOf(entry.priceCents), duration: entry.durationMinutes === undefined ? '' : String(entry.durationMinutes) },
      ]),
    ),
  );
  const [days, setDays] = useState<Record<WeekdayKey, DayRow>>(
    () => Object.fromEntries(WEEKDAYS.map(({ key }) => [key, dayRowOf(professional?.hours[key])])) as Record<WeekdayKey, DayRow>,
  );
  const [timeOff, setTimeOff] = useState(professional?.timeOff ?? []);
  const [busy, setBusy] = useState(false);
  const prefix = professional ? `professional-${professional.key}` : 'professional-new';
  const bookable = props.services.flatMap((service) => [service, ...service.variants]);

  const setDay = (day: WeekdayKey, change: Partial<DayRow>) => {
    setDays((current) => ({ ...current, [day]: { ...current[day], ...change } }));
    errors.clear(`hours.${day}`);
  };
  const toggleService = (key: string, on: boolean) => {
    setOffered((current) => (on ? [...current, key] : current.filter((entry) => entry !== key)));
    errors.clear('services');
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    errors.reset();
    const hours = Object.fromEntries(
      WEEKDAYS.map(({ key }) => [key, intervalsOf(days[key])] as const).filter(([, intervals]) => intervals.length > 0),
    );
    const services = offered.map((key) => {
      const { price, duration } = overrides[key] ?? { price: '', duration: '' };
      if (price.trim() === '' && duration.trim() === '') return key;
      return {
        key,
        ...(price.trim() !== '' ? { priceCents: centsOf(price) } : {}),
        ...(duration.trim() !== '' ? { durationMinutes: numberOf(duration) } : {}),
      };
    });
    const body = { name, services, hours, timeOff };
    try {
      if (professional) await api('PATCH', `/admin/professionals/${professional.id}`, body);
      else await api('POST', '/admin/professionals', body);
      props.onSaved(professional ? `${name}: alterações salvas.` : `${name} foi adicionado(a) à equipe da agenda.`);
    } catch (caught) {
      errors.show(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      class="settings-form"
      onSubmit={submit}
      noValidate
      aria-label={professional ? `Editar ${professional.name}` : 'Novo profissional'}
    >
      <FormMessage errors={errors} />
      <SettingsField id={`${prefix}-name`} label="Nome do profissional" field="name" errors={errors} value={name} onValue={setName} />
      <fieldset>
        <legend>Serviços que faz</legend>
        {bookable.map((service) => {
          const position = offered.indexOf(service.key);
          const own = overrides[service.key] ?? { price: '', duration: '' };
          const setOwn = (change: Partial<typeof own>) => setOverrides((current) => ({ ...current, [service.key]: { ...own, ...change } }));
          return (
            <div class="offered-service" key={service.key}>
              <label class="check">
                <input
                  type="checkbox"
                  checked={position >= 0}
                  onChange={(event) => toggleService(service.key, (event.target as HTMLInputElement).checked)}
                />
                {service.name}
              </label>
              {position >= 0 ? (
                <>
                  <SettingsField
                    id={`${prefix}-${service.key}-price`}
                    label={`Preço próprio de ${service.name} (R$, opcional)`}
                    field={`services.${position}.priceCents`}
                    inputMode="decimal"
                    errors={errors}
                    value={own.price}
                    onValue={(price) => setOwn({ price })}
                  />
                  <SettingsField
                    id={`${prefix}-${service.key}-duration`}
                    label={`Duração própria de ${service.name} (min, opcional)`}
                    field={`services.${position}.durationMinutes`}
                    type="number"
                    errors={errors}
                    value={own.duration}
                    onValue={(duration) => setOwn({ duration })}
                  />
                </>
              ) : null}
            </div>
          );
        })}
        {[...errors.fields]
          .filter(([field]) => field === 'services' || /^services\.\d+$/.test(field))
          .map(([field]) => (
            <FieldError key={field} field={field} fields={errors.fields} />
          ))}
      </fieldset>
      <fieldset class="week-hours">
        <legend>Horário de trabalho</legend>
        {WEEKDAYS.map(({ key, label }) => {
          const row = days[key];
          const id = `${prefix}-${key}`;
          const time = (field: keyof DayRow, text: string) => (
            <span class="time-field">
              <label for={`${id}-${field}`}>{text}</label>
              <input
                id={`${id}-${field}`}
                type="time"
                value={row[field] as string}
                disabled={!row.works}
                onInput={(event) => setDay(key, { [field]: (event.target as HTMLInputElement).value })}
              />
            </span>
          );
          return (
            <div class="day-row" key={key}>
              <label class="check">
                <input
                  type="checkbox"
                  checked={row.works}
                  onChange={(event) => setDay(key, { works: (event.target as HTMLInputElement).checked })}
                />
                {label}
              </label>
              {time('start', `Início (${label})`)}
              {time('breakStart', `Pausa de (${label})`)}
              {time('breakEnd', `Pausa até (${label})`)}
              {time('end', `Fim (${label})`)}
              {[...errors.fields]
                .filter(([field]) => field.startsWith(`hours.${key}`))
                .map(([field]) => (
                  <FieldError key={field} field={field} fields={errors.fields} />
                ))}
            </div>
          );
        })}
      </fieldset>
      <fieldset>
        <legend>Folgas e férias</legend>
        {timeOff.map((period, index) => (
          <div class="time-off-row" key={index}>
            <SettingsField
              id={`${prefix}-off-${index}-from`}
              label={`Folga ${index + 1}: de`}
              field={`timeOff.${index}.from`}
              type="datetime-local"
              errors={errors}
              value={period.from}
              onValue={(from) => setTimeOff(timeOff.map((entry, position) => (position === index ? { ...entry, from } : entry)))}
            />
            <SettingsField
              id={`${prefix}-off-${index}-to`}
              label={`Folga ${index + 1}: até`}
              field={`timeOff.${index}.to`}
              type="datetime-local"
              errors={errors}
              value={period.to}
              onValue={(to) => setTimeOff(timeOff.map((entry, position) => (position === index ? { ...entry, to } : entry)))}
            />
            <FieldError field={`timeOff.${index}`} fields={errors.fields} />
            <button type="button" class="secondary" onClick={() => setTimeOff(timeOff.filter((_, position) => position !== index))}>
              Remover folga {index + 1}
            </button>
          </div>
        ))}
        <button type="button" class="secondary" onClick={() => setTimeOff([...timeOff, { from: '', to: '' }])}>
          Adicionar folga
        </button>
      </fieldset>
      <div class="form-actions">
        <button type="submit" disabled={busy}>
          {professional ? 'Salvar profissional' : 'Adicionar profissional'}
        </button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
