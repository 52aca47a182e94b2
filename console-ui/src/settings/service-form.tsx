import { useState } from 'preact/hooks';
import type { SettingsService } from '../../../src/contract/index.js';
import { api } from '../api.js';
import { FormMessage, SettingsField } from './settings-field.js';
import { centsOf, numberOf, reaisOf, useFieldErrors } from './use-field-errors.js';

/** Adds a service (no `service`) or edits one: name, duration, price, "a partir de", the time kept free after it. */
export function ServiceForm(props: { service: SettingsService | null; onSaved: (notice: string) => void; onCancel: () => void }) {
  const { service } = props;
  const errors = useFieldErrors();
  const [name, setName] = useState(service?.name ?? '');
  const [duration, setDuration] = useState(String(service?.durationMinutes ?? 30));
  const [price, setPrice] = useState(reaisOf(service?.priceCents));
  const [priceFrom, setPriceFrom] = useState(service?.priceFrom ?? false);
  const [buffer, setBuffer] = useState(String(service?.bufferAfterMinutes ?? 0));
  const [busy, setBusy] = useState(false);
  const prefix = service ? `service-${service.key}` : 'service-new';

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    errors.reset();
    const body = {
      name,
      durationMinutes: numberOf(duration),
      priceCents: centsOf(price),
      priceFrom: priceFrom ? true : null,
      bufferAfterMinutes: buffer.trim() === '' || buffer === '0' ? null : numberOf(buffer),
    };
    try {
      if (service) await api('PATCH', `/admin/services/${service.id}`, body);
      else await api('POST', '/admin/services', body);
      props.onSaved(service ? `Serviço ${name} salvo.` : `Serviço ${name} criado.`);
    } catch (caught) {
      errors.show(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="settings-form" onSubmit={submit} noValidate aria-label={service ? `Editar ${service.name}` : 'Novo serviço'}>
      <FormMessage errors={errors} />
      <SettingsField id={`${prefix}-name`} label="Nome do serviço" field="name" errors={errors} value={name} onValue={setName} />
      <SettingsField
        id={`${prefix}-duration`}
        label="Duração (minutos)"
        field="durationMinutes"
        type="number"
        inputMode="numeric"
        errors={errors}
        value={duration}
        onValue={setDuration}
      />
      <SettingsField
        id={`${prefix}-price`}
        label="Preço (R$)"
        field="priceCents"
        inputMode="decimal"
        hint="Por exemplo 60,00. Deixe vazio se o preço é informado no salão."
        errors={errors}
        value={price}
        onValue={setPrice}
      />
      <label class="check">
        <input
          type="checkbox"
          checked={priceFrom}
          onChange={(event) => {
            setPriceFrom((event.target as HTMLInputElement).checked);
            errors.clear('priceFrom');
          }}
        />
        O preço é “a partir de”
      </label>
      <SettingsField
        id={`${prefix}-buffer`}
        label="Intervalo depois do serviço (minutos)"
        field="bufferAfterMinutes"
        type="number"
        inputMode="numeric"
        hint="Tempo livre para limpeza ou preparo; não entra no horário do cliente."
        errors={errors}
        value={buffer}
        onValue={setBuffer}
      />
      <div class="form-actions">
        <button type="submit" disabled={busy}>
          {service ? 'Salvar serviço' : 'Criar serviço'}
        </button>
        <button type="button" class="secondary" onClick={props.onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
